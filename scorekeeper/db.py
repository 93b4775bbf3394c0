"""The SQLite database: one sqlite-utils Database per app context, and the schema's migrations."""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click
import sqlite_utils
from flask import Flask, current_app, g
from flask.cli import with_appcontext

from .migrations import migrations


def rows(database: sqlite_utils.Database, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    """A SELECT's rows as dicts, straight from the connection.

    For the paths every phone takes (record a deal, load the sheet): sqlite-utils' `query()` wraps
    each statement in a SAVEPOINT and `table.insert()` reads sqlite_master three times to find the
    table, which made those statements most of the SQL run per request."""
    cursor = database.conn.execute(sql, params)
    columns = [column[0] for column in cursor.description]
    return [dict(zip(columns, row, strict=True)) for row in cursor]


def insert(database: sqlite_utils.Database, table: str, row: dict[str, Any]) -> int:
    """Insert one row into a table the code names (never a user's input); returns its rowid."""
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    return database.conn.execute(f"insert into {table} ({columns}) values ({marks})", list(row.values())).lastrowid


def connect(path: str) -> sqlite_utils.Database:
    database = sqlite_utils.Database(path)
    if path and path != ":memory:" and not path.startswith("file:"):
        database.write_lock_path = f"{path}-writelock"  # see queue_for_writing
    database.execute("PRAGMA foreign_keys = ON")
    # Several phones (and workers) write to one file: wait for a lock rather than fail at once.
    database.execute("PRAGMA busy_timeout = 5000")
    return database


_anchor: dict[str, sqlite3.Connection] = {}
_anchor_lock = threading.Lock()


def keep_wal_open(path: str) -> None:
    """Keep one idle connection to the file open in this process.

    SQLite checkpoints the WAL into the database file, with its fsyncs, whenever the last
    connection to it closes: with a connection per request, that was after nearly every request
    (half the cost of a bare insert). With this one open, a request's close is cheap and the WAL
    is checkpointed as it grows instead (every 1000 pages). It reads once, so that it holds the
    WAL open, then sits outside any transaction: it never blocks a writer or a checkpoint.
    One file per process (the last one asked for), so that tests on many files keep few open."""
    if path in _anchor or path == ":memory:" or path.startswith("file:"):
        return
    with _anchor_lock:
        if path in _anchor:
            return
        for old in _anchor.values():
            old.close()
        _anchor.clear()
        try:
            anchor = sqlite3.connect(path, check_same_thread=False)
            anchor.execute("select count(*) from sqlite_master").fetchone()
        except sqlite3.Error:
            return  # the request's own connection will meet (and report) the same fault
        _anchor[path] = anchor


def get_db() -> sqlite_utils.Database:
    if "db" not in g:
        path = current_app.config["DATABASE"]
        keep_wal_open(path)
        g.db = connect(path)
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


_queue = threading.local()


@contextmanager
def queue_for_writing(database: sqlite_utils.Database) -> Iterator[None]:
    """Wait for the file's write lock in the kernel's queue (flock) rather than in SQLite's.

    SQLite's busy handler polls, sleeping 1, 2, 5, 10 … up to 100 ms between tries: under a
    club's load a writer that has backed off sleeps past many free moments and newcomers take the
    lock first, so a few writes waited over a second. flock wakes a waiter as soon as the lock is
    free. Writers that do not queue here (the CLI's commands) still meet SQLite's own lock and
    busy_timeout, so this only orders the app's writers; when the lock file cannot be opened (a
    read-only disk), SQLite alone decides, and reports the fault."""
    path = getattr(database, "write_lock_path", None)
    if path is None or getattr(_queue, "held", False):
        yield
        return
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        _queue.held = True
        yield
    finally:
        _queue.held = False
        os.close(fd)  # releases the flock


@contextmanager
def write_transaction(database: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """BEGIN IMMEDIATE: take the write lock before reading, so that two phones writing to one
    game at once are served one after the other, each seeing what the other wrote."""
    with queue_for_writing(database):
        with _immediate(database):
            yield database


@contextmanager
def _immediate(database: sqlite_utils.Database) -> Iterator[None]:
    database.conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        database.conn.execute("COMMIT")  # inside: a commit refused by a full disk rolls back too
    except BaseException:
        # SQLite has already rolled back by itself after some errors (a full disk, an I/O error):
        # a second ROLLBACK would fail and hide the error that says what went wrong.
        if database.conn.in_transaction:
            database.conn.execute("ROLLBACK")
        raise
