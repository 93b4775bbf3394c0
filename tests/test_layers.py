"""The house in layers (issue 10): the rules of the game at the bottom, storage above them, the
operations a person can do above that, the web above them, the server (waitress, issue 22) on top,
and every import pointing down.

Read from the source (every `import` and `from … import`, those inside functions and under `if`
included), not from what Python has loaded, so that an import placed inside a function to dodge a
circle is seen too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"
LAYERS = {"belote": 0, "store": 1, "services": 2, "web": 3, "server": 4}  # the package's own __init__ sits on top
WEB_LIBRARIES = {"flask", "flask_wtf", "werkzeug", "wtforms", "jinja2", "click"}
DATABASE_LIBRARIES = {"sqlite3", "sqlite_utils"}
SERVER_LIBRARIES = {"waitress"}  # the HTTP server is the server layer's alone
FORBIDDEN = {
    "belote": WEB_LIBRARIES | DATABASE_LIBRARIES | SERVER_LIBRARIES,  # pure Python: data in, result out
    "store": WEB_LIBRARIES | SERVER_LIBRARIES,
    "services": WEB_LIBRARIES | SERVER_LIBRARIES,
    "web": SERVER_LIBRARIES,
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(module: str) -> set[str]:
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), package, MODULES)


def imports_in(source: str, package: str, modules) -> set[str]:
    """Every module a source imports, as absolute names: `from scorekeeper.store import games`
    names the module scorekeeper.store.games; a name that is no module names its package."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in modules else base)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def layer_of(module: str) -> tuple[str, int]:
    parts = module.split(".")
    if len(parts) == 1:
        return "scorekeeper", len(LAYERS)
    return parts[1], LAYERS[parts[1]]


def test_every_module_of_the_package_is_in_a_layer():
    assert all(module == "scorekeeper" or module.split(".")[1] in LAYERS for module in MODULES)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down(module):
    name, layer = layer_of(module)
    upward = sorted(target for target in GRAPH[module] if target in MODULES and layer_of(target)[1] > layer)
    assert not upward, f"{module} ({name}) imports a higher layer: {upward}"
    libraries = sorted(target for target in GRAPH[module] if target.split(".")[0] in FORBIDDEN.get(name, ()))
    assert not libraries, f"{module} ({name}) imports {libraries}"


def test_the_rules_import_nothing_of_the_project_but_the_rules():
    for module in MODULES:
        if layer_of(module)[0] == "belote":
            outside = {target for target in GRAPH[module] if target.startswith("scorekeeper")} - {
                other for other in MODULES if layer_of(other)[0] == "belote"
            }
            assert not outside, f"{module} imports {sorted(outside)}"


def test_migrations_are_frozen_they_import_nothing_of_the_app():
    """The migrations, one append-only list in one module, import nothing of the app."""
    assert not {t for t in GRAPH["scorekeeper.store.migrations"] if t.startswith("scorekeeper")}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each a circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph[node]:
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_imports_run_in_circles():
    assert cycles(GRAPH) == []


def test_the_checks_see_imports_inside_functions_relative_ones_and_circles():
    """The checks above can fail: what a dodge would hide is read."""
    source = (
        "import json\n"
        "def late():\n    from scorekeeper.web import database\n"
        "if True:\n    from ..belote.terms import Mode\n"
        "from . import games\n"
    )
    assert imports_in(source, "scorekeeper.store", MODULES) == {
        "json",
        "scorekeeper.web.database",
        "scorekeeper.belote.terms",
        "scorekeeper.store.games",
    }
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_server_layer_sits_above_the_web_and_only_it_speaks_to_waitress():
    assert layer_of("scorekeeper.server.limits")[1] > layer_of("scorekeeper.web.errors")[1]
    assert "waitress.channel" in GRAPH["scorekeeper.server.limits"]
    speaking = {module for module, targets in GRAPH.items() if any(t.split(".")[0] == "waitress" for t in targets)}
    assert speaking and all(layer_of(module)[0] == "server" for module in speaking), sorted(speaking)


# --- one way to run SQL (issue 22): the store's ----------------------------------------------

# What runs SQL on a connection, sqlite3's or sqlite-utils': above the store, none of it is called.
SQL_CALLS = {"query", "execute", "executemany", "executescript", "count_where", "rows_where", "insert_all", "upsert"}
SQL_CALLS |= {"Database"}  # sqlite-utils' own connection; sqlite3's, below


def sql_run_in(source: str) -> list[str]:
    """The calls in a source that run SQL themselves rather than through the store's modules."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in SQL_CALLS or ast.unparse(node.func) == "sqlite3.connect":
                found.append(f"line {node.lineno}: .{node.func.attr}()")
        elif isinstance(node, ast.Attribute) and node.attr == "conn":  # a connection's own
            found.append(f"line {node.lineno}: .conn")
    return sorted(found)


@pytest.mark.parametrize(
    "module",
    sorted(m for m in MODULES if layer_of(m)[0] in ("services", "web")),
)
def test_sql_runs_only_in_the_store(module):
    assert sql_run_in(MODULES[module].read_text(encoding="utf-8")) == []


def test_the_sql_check_sees_every_way_to_run_it():
    source = (
        "rows = db.query('select 1')\n"
        "db.execute('update games set target = 1000')\n"
        "db.conn.execute('select 1')\n"
        "db['games'].count_where('id = ?', ['x'])\n"
        "found = store.fetch_game(db, 'x')\n"
        "other = sqlite3.connect(path)\n"
        "probe.connect(('10.254.254.254', 1))\n"
        "def read(db: sqlite_utils.Database) -> None: ...\n"
    )
    assert sql_run_in(source) == [
        "line 1: .query()",
        "line 2: .execute()",
        "line 3: .conn",
        "line 3: .execute()",
        "line 4: .count_where()",
        "line 6: .connect()",
    ]
