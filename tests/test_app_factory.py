"""The application factory: where configuration comes from, the session key, the database
connection and its migrations, and the home page in French."""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat

import pytest
from flask import Flask
from werkzeug.security import generate_password_hash

from scorekeeper.store.migrate import migrate
from scorekeeper.web import create_app
from scorekeeper.web.access.password import PASSWORD_FILE
from scorekeeper.web.database import connection_failed, get_db


@pytest.fixture
def instance(tmp_path, monkeypatch):
    """A throwaway instance folder for create_app(), named by SCOREKEEPER_INSTANCE_PATH, and no other
    SCOREKEEPER_ variable in the environment."""
    folder = tmp_path / "instance"
    for name in list(os.environ):
        if name.startswith("SCOREKEEPER_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(folder))
    return folder


def write_config(folder, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.py").write_text(text, encoding="utf-8")


# --- configuration, in order: defaults, instance/config.py, SCOREKEEPER_ variables ---------------


def test_defaults_put_the_database_in_the_instance_folder(instance):
    app = create_app()
    assert app.instance_path == str(instance)
    assert app.config["DATABASE"] == str(instance / "scorekeeper.db")
    assert instance.is_dir()


def test_an_instance_path_given_passes_before_the_environment(instance, tmp_path):
    app = create_app({"TESTING": True}, instance_path=str(tmp_path / "given"))
    assert app.instance_path == str(tmp_path / "given")
    assert app.config["DATABASE"] == str(tmp_path / "given" / "scorekeeper.db")
    assert not instance.exists()


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """A checkout's instance/ as a club leaves it, where Flask looks when no instance path is given
    (beside the package): a table password, a config.py, a database holding a game."""
    folder = tmp_path / "checkout-instance"
    folder.mkdir()
    (folder / PASSWORD_FILE).write_text(generate_password_hash("motdepasse-du-club") + "\n", encoding="ascii")
    (folder / "config.py").write_text('READ_REQUIRES_PASSWORD = True\nTIMEZONE = "Asia/Tokyo"\n', encoding="utf-8")
    migrate(str(folder / "scorekeeper.db"))
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(folder))
    return folder


def test_the_checkout_instance_is_what_the_app_reads_without_the_tests_folder(checkout, monkeypatch):
    """The fake checkout below is the one Flask would find: an app given no instance folder reads it."""
    monkeypatch.delenv("SCOREKEEPER_INSTANCE_PATH")
    app = create_app()
    assert app.config["TIMEZONE"] == "Asia/Tokyo"
    assert app.test_client().post("/api/v1/games", json={}).status_code == 401


def test_no_test_app_sees_the_checkout_instance(checkout, app, client, make_app):
    before = {path.name: path.read_bytes() for path in checkout.iterdir()}
    apps = [app, make_app(), create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": app.config["DATABASE"]})]
    for each in apps:
        assert not each.instance_path.startswith(str(checkout))
        assert not each.config["DATABASE"].startswith(str(checkout))
        assert each.config["TIMEZONE"] == "Europe/Paris"  # not the checkout's config.py
        assert not each.config["READ_REQUIRES_PASSWORD"]
        assert each.test_client().post("/api/v1/games", json={}).status_code == 201  # no table password
    assert client.get("/").status_code == 200
    app.test_cli_runner().invoke(args=["set-password"], input="un-autre-mot\nun-autre-mot\n")
    assert {path.name: path.read_bytes() for path in checkout.iterdir()} == before  # nothing written there


def test_config_py_in_the_instance_folder_is_read(instance):
    write_config(instance, 'DATABASE = "/srv/belote/from-config.db"\nSCOREKEEPER_NOTE = "bonjour"\n')
    app = create_app()
    assert app.config["DATABASE"] == "/srv/belote/from-config.db"
    assert app.config["SCOREKEEPER_NOTE"] == "bonjour"


def test_environment_overrides_the_default(instance, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_DATABASE", "/srv/belote/from-env.db")
    assert create_app().config["DATABASE"] == "/srv/belote/from-env.db"


def test_environment_overrides_config_py(instance, monkeypatch):
    write_config(instance, 'DATABASE = "/srv/belote/from-config.db"\nSECRET_KEY = "from-config"\n')
    monkeypatch.setenv("SCOREKEEPER_DATABASE", "/srv/belote/from-env.db")
    app = create_app()
    assert app.config["DATABASE"] == "/srv/belote/from-env.db"
    assert app.config["SECRET_KEY"] == "from-config"  # what the environment does not set stays


def test_test_config_overrides_the_default_and_the_environment(instance, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_DATABASE", "/srv/belote/from-env.db")
    app = create_app({"TESTING": True, "DATABASE": "/tmp/from-test-config.db"})
    assert app.config["DATABASE"] == "/tmp/from-test-config.db"
    assert app.testing


# --- SECRET_KEY ------------------------------------------------------------------------------------


def test_without_a_configured_key_one_is_generated_and_kept_for_the_owner_only(instance):
    app = create_app()
    key = app.config["SECRET_KEY"]
    key_file = instance / "secret_key"
    assert key_file.read_text(encoding="ascii").strip() == key
    assert len(key) >= 32
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


def test_a_second_app_reads_the_same_generated_key(instance):
    first = create_app().config["SECRET_KEY"]
    second = create_app().config["SECRET_KEY"]
    assert first and second == first


def test_a_key_already_in_the_instance_folder_is_used(instance):
    instance.mkdir()
    (instance / "secret_key").write_text("0123456789abcdef" * 4 + "\n", encoding="ascii")
    app = create_app()
    assert app.config["SECRET_KEY"] == "0123456789abcdef" * 4


def test_an_empty_key_file_left_by_a_crash_is_replaced_once(instance):
    instance.mkdir()
    (instance / "secret_key").write_text("", encoding="ascii")
    first = create_app().config["SECRET_KEY"]
    assert len(first) >= 32
    assert (instance / "secret_key").read_text(encoding="ascii").strip() == first
    assert create_app().config["SECRET_KEY"] == first
    assert sorted(path.name for path in instance.iterdir()) == ["secret_key"]


@pytest.mark.parametrize("how", ["test_config", "config.py", "environment"])
def test_a_configured_key_is_used_as_is_and_nothing_is_written(instance, monkeypatch, how):
    if how == "test_config":
        app = create_app({"SECRET_KEY": "configured-key"})
    elif how == "config.py":
        write_config(instance, 'SECRET_KEY = "configured-key"\n')
        app = create_app()
    else:
        monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "configured-key")
        app = create_app()
    assert app.config["SECRET_KEY"] == "configured-key"
    assert not (instance / "secret_key").exists()


# --- the database ----------------------------------------------------------------------------------


def pragma(path, name: str):
    with sqlite3.connect(path) as connection:
        return connection.execute(f"PRAGMA {name}").fetchone()[0]


def test_connection_enforces_foreign_keys(app):
    with app.app_context():
        assert get_db().execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_connection_is_one_per_app_context_and_goes_back_to_the_pool_at_teardown(app):
    with app.app_context():
        database = get_db()
        assert get_db() is database
        assert database.execute("SELECT 1").fetchone()[0] == 1
    with app.app_context():
        assert get_db() is database  # the idle connection, reused
        database.conn.execute("BEGIN")  # left open by mistake: rolled back, not handed on open
    assert not database.conn.in_transaction
    with app.app_context():
        assert get_db() is database
        connection_failed()  # what the error handlers say after a database error
    with pytest.raises(sqlite3.ProgrammingError):
        database.execute("SELECT 1")  # closed, not pooled
    with app.app_context():
        assert get_db() is not database


def test_migrate_turns_write_ahead_logging_on(tmp_path):
    path = tmp_path / "fresh.db"
    sqlite3.connect(path).close()
    assert pragma(path, "journal_mode") == "delete"
    migrate(str(path))
    assert pragma(path, "journal_mode") == "wal"


def test_migrated_database_is_in_wal_mode_through_get_db(app):
    with app.app_context():
        assert get_db().execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_init_db_applies_the_migrations_then_says_the_database_is_up_to_date(tmp_path):
    path = tmp_path / "cli.db"
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test"})
    runner = app.test_cli_runner()

    # The `flask` command pushes an app context before running a command; app.cli, which the
    # test runner drives, does not (init-db is a plain click command), so the test pushes one.
    with app.app_context():
        first = runner.invoke(args=["init-db"])
    assert first.exit_code == 0, first.output
    assert "Migrations appliquées" in first.output
    assert "m001_app_info" in first.output
    assert pragma(path, "journal_mode") == "wal"
    with sqlite3.connect(path) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "app_info" in tables

    with app.app_context():
        second = runner.invoke(args=["init-db"])
    assert second.exit_code == 0, second.output
    assert second.output.strip() == "Base de données à jour."


# --- the home page -----------------------------------------------------------------------------------


def test_home_page_is_french(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response.content_type == "text/html; charset=utf-8"
    assert '<html lang="fr">' in response.get_data(as_text=True)


def test_a_connection_goes_back_to_the_pool_under_the_file_it_was_opened_on(app, migrated_template, tmp_path):
    """A request still running when the app is pointed at another file (a test's app after the
    next test began) hands its connection back for its own file: the next request on the new
    file must not read the old one (the game it asks for answered 404 in a browser test)."""
    other = tmp_path / "other.db"
    shutil.copyfile(migrated_template, other)
    with app.app_context():
        old = get_db()
        old.execute("CREATE TABLE only_in_the_old_file (x)")
        app.config["DATABASE"] = str(other)
    with app.app_context():
        assert "only_in_the_old_file" not in get_db().table_names()
