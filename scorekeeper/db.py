"""The SQLite database: one sqlite-utils Database per app context, and the schema's migrations."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click
import sqlite_utils
from flask import Flask, current_app, g
from flask.cli import with_appcontext

from .migrations import migrations


def connect(path: str) -> sqlite_utils.Database:
    database = sqlite_utils.Database(path)
    database.execute("PRAGMA foreign_keys = ON")
    # Several phones (and workers) write to one file: wait for a lock rather than fail at once.
    database.execute("PRAGMA busy_timeout = 5000")
    return database


def get_db() -> sqlite_utils.Database:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(exception: BaseException | None = None) -> None:
    database = g.pop("db", None)
    if database is not None:
        database.close()


def migrate(path: str) -> list[str]:
    """Bring the schema up to date; returns the names of the migrations applied."""
    with sqlite_utils.Database(path) as database:
        database.enable_wal()  # once, outside a transaction; WAL is kept in the file
        database.execute("PRAGMA foreign_keys = ON")
        pending = [migration.name for migration in migrations.pending(database)]
        migrations.apply(database)
    return pending


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the database or bring its schema up to date."""
    applied = migrate(current_app.config["DATABASE"])
    if applied:
        click.echo("Migrations appliquées : " + ", ".join(applied))
    else:
        click.echo("Base de données à jour.")


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)


@contextmanager
def write_transaction(database: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """BEGIN IMMEDIATE: take the write lock before reading, so that two phones writing to one
    game at once are served one after the other, each seeing what the other wrote."""
    database.conn.execute("BEGIN IMMEDIATE")
    try:
        yield database
        database.conn.execute("COMMIT")  # inside: a commit refused by a full disk rolls back too
    except BaseException:
        # SQLite has already rolled back by itself after some errors (a full disk, an I/O error):
        # a second ROLLBACK would fail and hide the error that says what went wrong.
        if database.conn.in_transaction:
            database.conn.execute("ROLLBACK")
        raise
