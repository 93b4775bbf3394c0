"""The database of a request: a connection from the process's pool, handed back at teardown; and
the `init-db` command."""

from __future__ import annotations

import click
import sqlite_utils
from flask import Flask, current_app, g
from flask.cli import with_appcontext

from scorekeeper.store.db import Connection, pool
from scorekeeper.store.migrate import migrate
from scorekeeper.web import backups


def get_db() -> sqlite_utils.Database:
    if "db" not in g:
        # the path it was opened on goes back with it: a test's app may point elsewhere by then
        g.db_path = current_app.config["DATABASE"]
        g.db = pool.take(g.db_path)
    return g.db


def connection_failed(disk_fault: bool = False) -> None:
    """Called when a request met a database error: the connection is closed at the request's end
    instead of going back to the pool; after a fault of the disk (`disk_fault`), the pool's idle
    connections too, so that the next write opens a fresh one (see `ConnectionPool`)."""
    g.db_failed = True
    if disk_fault:
        g.db_disk_fault = True


def close_db(exception: BaseException | None = None) -> None:
    database = g.pop("db", None)
    failed = g.pop("db_failed", False) or exception is not None
    disk_fault = g.pop("db_disk_fault", False)
    path = g.pop("db_path", None)
    wrote = isinstance(database, Connection) and database.committed
    if database is not None:
        pool.give_back(path, database, failed, disk_fault)
    if wrote:  # this request's write is saved: the automatic backups count it
        backups.wrote(path)


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
