"""The built wheel works on its own: templates and static files inside the package, served from a
virtualenv that has never seen the repository."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
# What the wheel is built from; copied, so that the build leaves nothing in the repository.
SOURCES = ["pyproject.toml", "README.md", "scorekeeper", "templates", "static"]

SMOKE_SCRIPT = """
import json, sys
import scorekeeper
from scorekeeper.web import create_app
from scorekeeper.store.migrate import migrate

database = sys.argv[1]
migrate(database)
app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "wheel"})
client = app.test_client()
print(json.dumps({
    "home": client.get("/").status_code,
    "css": client.get("/static/style.css").status_code,
    "file": scorekeeper.__file__,
    "templates": app.template_folder,
    "static": app.static_folder,
}))
"""


def run(*args, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, f"{args}\n{result.stdout}\n{result.stderr}"
    return result


def build_wheel(tmp_path: Path) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name, ignore=ignore)
        else:
            shutil.copy2(REPO / name, source / name)
    dist = tmp_path / "dist"
    command = [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "--quiet", "-w", str(dist)]
    if importlib.util.find_spec("hatchling") is not None:
        command.append("--no-build-isolation")  # the build backend is at hand: no network needed
    run(*command)
    (wheel,) = dist.glob("scorekeeper-*.whl")
    return wheel


def test_wheel_carries_its_templates_and_static_files_and_serves_them_installed(tmp_path):
    wheel = build_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"scorekeeper/__init__.py", "scorekeeper/templates/base.html", "scorekeeper/static/style.css"} <= names
    assert {
        f"scorekeeper/web/share/fonts/{name}" for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE.txt")
    } <= names

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", str(venv))
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--quiet", str(wheel))
    # Flask and the rest come from the project's virtualenv: a .pth line puts its site-packages
    # after the throwaway one (its own .pth files, the editable install's among them, are not read).
    site_packages = Path(
        run(str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip()
    )
    (site_packages / "project_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {
        name: value
        for name, value in os.environ.items()
        if name != "PYTHONPATH" and not name.startswith("SCOREKEEPER_")
    }
    output = run(str(python), "-c", SMOKE_SCRIPT, str(tmp_path / "wheel.db"), cwd=elsewhere, env=env).stdout
    smoke = json.loads(output.strip().splitlines()[-1])

    assert smoke["home"] == 200
    assert smoke["css"] == 200
    for key in ("file", "templates", "static"):
        assert Path(smoke[key]).is_relative_to(site_packages), smoke
        assert not Path(smoke[key]).is_relative_to(REPO), smoke
