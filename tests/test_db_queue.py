"""Writers queue on the process's write lock before SQLite's lock, and the process keeps the WAL
open (issue 6, the load target): the guarantees behind those two speed-ups. The lock needs no
fcntl (issue 22: Windows), and the app runs with none."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

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
        time.sleep(0.2)  # the second writer is queued on the lock meanwhile, not failing
        order.append("first")
    thread.join(timeout=10)
    assert order == ["first", "second"]
    first.close()


def test_the_threads_of_one_process_write_one_at_a_time_each_on_its_connection(tmp_path):
    """The server runs requests in several threads: their writes never overlap, none fails, and
    each waits for the lock, not for SQLite's busy handler."""
    path = str(tmp_path / "threads.db")
    migrate(path)
    inside, most, lock = [0], [0], threading.Lock()
    failures: list[BaseException] = []

    def writer(number: int) -> None:
        database = connect(path)
        try:
            for turn in range(20):
                with write_transaction(database):
                    with lock:
                        inside[0] += 1
                        most[0] = max(most[0], inside[0])
                    database.execute("insert into app_info (key, value) values (?, 'v')", [f"{number}-{turn}"])
                    time.sleep(0.001)  # a window for another writer, were the lock not held
                    with lock:
                        inside[0] -= 1
        except BaseException as error:  # noqa: BLE001  (reported by the assertion below)
            failures.append(error)
        finally:
            database.close()

    threads = [threading.Thread(target=writer, args=(number,)) for number in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert failures == [] and most[0] == 1
    check = connect(path)
    assert check.execute("select count(*) from app_info where value = 'v'").fetchone() == (6 * 20,)
    check.close()


NO_FCNTL = """
import sys
sys.modules["fcntl"] = None  # as on Windows: `import fcntl` fails
import json
from scorekeeper.store.migrate import migrate
import scorekeeper.server.__main__  # the server layer, waitress included, imports without fcntl too
from scorekeeper.web import create_app
path = sys.argv[1]
migrate(path)
client = create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "x"}).test_client()
game = client.post("/api/v1/games", json={}).get_json()["id"]
deal = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}
answer = client.post(f"/api/v1/games/{game}/hands", json=deal)
print(answer.status_code, json.dumps(answer.get_json()["totals"]))
"""


def test_the_app_records_a_deal_where_there_is_no_fcntl(tmp_path):
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run(
        [sys.executable, "-c", NO_FCNTL, str(tmp_path / "windows.db")],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == '201 {"A": 170, "B": 70}\n'  # docs/scoring.md ex 1, recorded and scored


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
