"""The tests' shared set-up: one migrated database copied per test, one app per process, the
markers and the hypothesis profiles.

Migrating a database and building an app (its templates compiled at the first page) took more
than half of a client test's time: the schema is migrated once per session into a template file,
which each test copies (`database`), and the `app` fixture is one app for the whole session,
pointed at the test's copy, its configuration and folders set back as `create_app` left them
before each test. A test that needs its own configuration builds its own app (`make_app`).

No test sees the checkout's instance/ (a table password, a config.py or a database a club left
there): the fixtures' apps have a temporary instance folder of their own, and every other app,
in this process or in a process it starts, gets one through SCOREKEEPER_INSTANCE_PATH. Each
pytest-xdist worker is a process of its own, with its own session fixtures.
"""

from __future__ import annotations

import copy
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from scorekeeper.store.db import connect
from scorekeeper.store.migrate import migrate
from scorekeeper.web import create_app
from scorekeeper.web.access.limits import LoginLimits
from tests.helpers import fixed_draws

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"
# No automatic backups (a thread per database) but in the tests of them, tests/test_backups.py.
TEST_CONFIG = {"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False, "BACKUPS": False}
INSTANCE_PATH = "SCOREKEEPER_INSTANCE_PATH"  # create_app's instance folder when it is given none
INSTANCE = pytest.StashKey[tuple[str, str | None]]()

# `make check` runs `--hypothesis-profile=check`; `make test` the default profile. A test that
# asks for a number of examples asks `examples(n)` (tests/helpers.py), which scales it alike.
settings.register_profile("check", max_examples=20)


def pytest_configure(config):
    """An instance folder for the apps that are given none, set before any test module is imported
    (some build an app as they are collected)."""
    config.stash[INSTANCE] = (tempfile.mkdtemp(prefix="scorekeeper-instance-"), os.environ.get(INSTANCE_PATH))
    os.environ[INSTANCE_PATH] = config.stash[INSTANCE][0]


def pytest_unconfigure(config):
    folder, before = config.stash[INSTANCE]
    shutil.rmtree(folder, ignore_errors=True)
    if before is None:
        os.environ.pop(INSTANCE_PATH, None)
    else:
        os.environ[INSTANCE_PATH] = before


def pytest_collection_modifyitems(config, items):
    """Every test under tests/browser/ is a browser test (a `pytestmark` in a conftest marks nothing)."""
    for item in items:
        if BROWSER_TESTS in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory) -> Path:
    """A database migrated once per session, never opened by a test: `database` copies it."""
    path = tmp_path_factory.mktemp("template") / "migrated.db"
    migrate(str(path))  # its connection closed, the WAL is checkpointed into the file and removed
    return path


@pytest.fixture
def database(migrated_template, tmp_path) -> str:
    """The path of this test's own migrated database, as `make run` leaves it."""
    path = tmp_path / "test.db"
    shutil.copyfile(migrated_template, path)
    return str(path)


@pytest.fixture
def make_app(migrated_template, tmp_path):
    """make_app(**config): a new app of its own on a new copy of the migrated database (or on
    DATABASE=, as given), for the tests whose configuration differs from the `app` fixture's."""
    made = 0

    def make(**config):
        nonlocal made
        if "DATABASE" not in config:
            made += 1
            config["DATABASE"] = str(tmp_path / f"app-{made}.db")
            shutil.copyfile(migrated_template, config["DATABASE"])
        return create_app({**TEST_CONFIG, **config}, instance_path=str(tmp_path / "instance"))

    return make


@pytest.fixture(scope="session")
def session_app(migrated_template, tmp_path_factory):
    instance = tmp_path_factory.mktemp("instance")
    app = create_app({**TEST_CONFIG, "DATABASE": str(migrated_template)}, instance_path=str(instance))
    return app, copy.deepcopy(dict(app.config)), app.static_folder


@pytest.fixture
def app(session_app, database, tmp_path):
    """The session's app on this test's database and instance folder, with the configuration and
    static folder it was built with (a test may change them: the next one starts from these again)."""
    app, config, static_folder = session_app
    app.config.clear()
    app.config.update(copy.deepcopy(config))
    app.config["DATABASE"] = database
    app.instance_path = str(tmp_path / "instance")  # a table password a test sets stays in its test
    app.static_folder = static_folder
    app.debug = False  # also Jinja's auto-reload, which a test in debug mode turned on
    app.extensions["access"].clear()  # the table password read from its file
    app.extensions["login_limits"] = LoginLimits()  # the wrong passwords of earlier tests
    yield app


@pytest.fixture
def db(app):
    """A connection of our own to the test's database, for the service layer and for counting rows."""
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


@pytest.fixture(scope="session")
def node() -> str:
    """Node.js, which runs the pages' modules in the differential tests (.ci/run installs it)."""
    path = shutil.which("node")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("node is missing: .ci/run installs Debian's nodejs")
        pytest.skip("node is not installed (apt-get install -y nodejs)")
    return path


@pytest.fixture
def other(migrated_template, tmp_path):
    """A second, empty instance (an import's destination), open."""
    path = str(tmp_path / "other.db")
    shutil.copyfile(migrated_template, path)
    database = connect(path)
    yield database
    database.close()


@pytest.fixture
def drawn_order(monkeypatch):
    """drawn_order([3, 1, 5, 2, 4]): the next random draw of a concours (its first partie, or one
    with `pairing: random`) puts the teams in this order."""
    return fixed_draws(monkeypatch)
