"""Each test gets an app on its own SQLite file under tmp_path, migrated like `make run` does."""

from __future__ import annotations

import pytest

from scorekeeper.store.db import connect
from scorekeeper.store.migrate import migrate
from scorekeeper.web import create_app


@pytest.fixture
def app(tmp_path):
    database = str(tmp_path / "test.db")
    migrate(database)
    app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    yield app


@pytest.fixture
def db(app):
    """A connection of our own to the test's database, for the service layer and for counting rows."""
    database = connect(app.config["DATABASE"])
    yield database
    database.close()
