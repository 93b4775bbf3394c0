"""Writers queue in the kernel (flock) before SQLite's lock, and a worker keeps the WAL open
(issue 6, the load target): the guarantees behind those two speed-ups."""

from __future__ import annotations

import os
import threading
import time

from scorekeeper.store.db import connect, pool, write_transaction
from scorekeeper.store.migrate import migrate
from scorekeeper.web.database import get_db


def test_writers_on_two_connections_take_turns(tmp_path):
    path = str(tmp_path / "queue.db")
    migrate(path)
    first = connect(path)
    inside = threading.Event()
    order: list[str] = []

    def late_writer():
        second = connect(path)  # a connection belongs to its thread
        inside.wait()
        with write_transaction(second):
            order.append("second")
        second.close()

    thread = threading.Thread(target=late_writer)
    thread.start()
    with write_transaction(first):
        inside.set()
        time.sleep(0.2)  # the second writer is queued on the flock meanwhile, not failing
        order.append("first")
    thread.join(timeout=10)
    assert order == ["first", "second"]
    assert os.path.exists(path + "-writelock")
    first.close()


def test_a_write_lock_file_that_cannot_be_made_leaves_it_to_sqlite(tmp_path):
    path = str(tmp_path / "ro.db")
    migrate(path)
    database = connect(path)
    database.write_lock_path = str(tmp_path / "missing-folder" / "lock")
    with write_transaction(database):
        database.execute("insert into app_info (key, value) values ('x', 'y')")
    assert database.execute("select value from app_info where key = 'x'").fetchone() == ("y",)
    database.close()


def test_a_transaction_inside_another_fails_as_sqlite_says_instead_of_waiting_for_itself(tmp_path):
    import sqlite3

    import pytest

    path = str(tmp_path / "nested.db")
    migrate(path)
    database = connect(path)
    with pytest.raises(sqlite3.OperationalError, match="within a transaction"):
        with write_transaction(database):
            with write_transaction(database):
                pass
    database.close()


def test_a_request_ending_leaves_the_wal_alone(app):
    """Its connection goes back to the pool instead of closing: the last close of a connection
    to the file would checkpoint and delete the WAL, with its fsyncs, after every request."""
    path = app.config["DATABASE"]
    with app.app_context():
        get_db().execute("insert into app_info (key, value) values ('w', 'v')")
    assert os.path.exists(path + "-wal")
    pool.clear()
    assert not os.path.exists(path + "-wal")
