"""Issue 24, item 4 and part of 6: an import written a part at a time, never two at once, taken back
whole when it stops half-way, its disk faults the disk's 503; a writer that waits too long for the
write lock gets a busy 503 instead of holding its worker.

The archive is bench/import_archive.py's, small (about 60 games), written in parts of 10 games."""

from __future__ import annotations

import errno
import io
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest

from scorekeeper.services import import_checks, import_jobs, import_lock, import_recovery, importing
from scorekeeper.store import db as db_module
from scorekeeper.store import imports
from scorekeeper.store.db import connect, write_lock
from tests.bench_scripts import bench_module
from tests.helpers import connecting_to_a_faulty_disk

ROOT = Path(__file__).resolve().parents[1]
import_bench = bench_module("import_archive")
BUSY = "Trop d'écritures à la fois : rien n'a été enregistré. Réessayez dans un instant."
HAND = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}


@pytest.fixture(scope="module")
def archive_text() -> str:
    from scorekeeper.services.export import to_json

    return to_json(import_bench.archive_of(0.2))


@pytest.fixture(autouse=True)
def small_parts(monkeypatch):
    monkeypatch.setattr(importing, "PART_GAMES", 10)


def dump(path: str) -> str:
    with closing(sqlite3.connect(path)) as conn:
        # The archive's revision is moved by the undo too (m015): a new word, which no page names.
        left_out = ("_sqlite_migrations", "'archive_revision'")
        return "\n".join(line for line in conn.iterdump() if not any(word in line for word in left_out))


def count(path: str, table: str) -> int:
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(f"select count(*) from {table}").fetchone()[0]


def post_archive(client, text: str):
    body = {"archive": (io.BytesIO(text.encode()), "archive.json")}
    return client.post("/archives/importer", data=body, content_type="multipart/form-data")


def test_an_import_writes_a_part_per_transaction_and_leaves_no_trace_of_its_parts(db, archive_text):
    transactions = []
    real = importing.write_transaction

    def counted(database):
        transactions.append(1)
        return real(database)

    importing.write_transaction = counted
    try:
        report = importing.import_archive(db, json.loads(archive_text))
    finally:
        importing.write_transaction = real
    games = len(json.loads(archive_text)["games"])
    assert len(report.games_added) == games > 30
    assert db["games"].count == db["game_summaries"].count == games
    assert len(transactions) == 1 + -(-games // 10) + 1  # the evenings, a part per 10 games, the commit
    assert db["import_writes"].count == 0
    assert db.execute("select count(*) from app_info where key like 'import %'").fetchone()[0] == 0


def test_an_error_while_writing_takes_back_what_was_written(db, archive_text, monkeypatch):
    before = dump(db.conn.execute("pragma database_list").fetchone()[2])
    real, calls = importing._write_games, []

    def third_fails(*args):
        calls.append(1)
        if len(calls) == 3:
            raise sqlite3.OperationalError("disk I/O error")
        real(*args)

    monkeypatch.setattr(importing, "_write_games", third_fails)
    with pytest.raises(sqlite3.OperationalError):
        importing.import_archive(db, json.loads(archive_text), marker="0123456789abcdef")
    assert len(calls) == 3
    assert dump(db.conn.execute("pragma database_list").fetchone()[2]) == before


STOP_HALF_WAY = """
import json, os, sys
from scorekeeper.services import import_jobs, importing
from scorekeeper.store import imports
from scorekeeper.store.db import connect, write_transaction
path, archive, import_id = sys.argv[1:]
importing.PART_GAMES = 10
real, parts = imports.note_writes, []
def note_writes(db, marker, game_ids=(), evening_ids=()):
    real(db, marker, game_ids, evening_ids)
    if game_ids:
        parts.append(1)
    if len(parts) == 3:
        db.conn.execute("COMMIT")  # the third part committed, then the plug pulled
        os._exit(3)
imports.note_writes = note_writes
lock = import_jobs.ImportLock(import_jobs.imports_folder(path))
status = import_jobs.ImportStatus(import_jobs.imports_folder(path), import_id)
status.write(state="running", step="Écriture dans la base", done=20, total=60)
importing.import_archive(connect(path), json.load(open(archive)), marker=import_id)
"""


def test_an_import_stopped_half_way_is_taken_back_whole_at_the_next_start(database, archive_text, tmp_path):
    before = dump(database)
    source = tmp_path / "archive.json"
    source.write_text(archive_text, encoding="utf-8")
    import_id = "00112233aabbccdd"
    result = subprocess.run(
        [sys.executable, "-c", STOP_HALF_WAY, database, str(source), import_id],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 3, result.stderr
    assert count(database, "games") == 30  # three parts of 10 written, then it stopped
    with closing(connect(database)) as db:
        assert imports.unfinished(db) == [import_id]
        assert not import_recovery.committed(db, import_id)

    import_jobs.recover(database)  # as the server does as it starts

    assert dump(database) == before
    status = import_jobs.import_status(database, import_id)
    assert status["state"] == "failed"
    assert "ce qu'il avait déjà écrit a été retiré, rien n'a été importé" in status["message"]


def test_a_second_import_is_refused_while_one_runs_on_the_page_and_the_command_line(app, client, archive_text):
    path = app.config["DATABASE"]
    before = dump(path)
    running = import_lock.ImportLock(import_jobs.imports_folder(path))  # the import that runs
    try:
        answer = post_archive(client, archive_text)
        assert answer.status_code == 409
        assert import_lock.BUSY in answer.get_data(as_text=True).replace("&#39;", "'")
        source = Path(path).parent / "archive.json"
        source.write_text(archive_text, encoding="utf-8")
        result = app.test_cli_runner().invoke(args=["import", str(source)])
        assert result.exit_code == 1
        assert import_lock.BUSY in result.output
        assert dump(path) == before
        assert [name for name in os.listdir(import_jobs.imports_folder(path)) if name != "lock"] == []
    finally:
        running.release()
    answer = post_archive(client, archive_text)  # once it is over, the same file imports
    assert answer.status_code == 302
    assert count(path, "games") == len(json.loads(archive_text)["games"])


@pytest.fixture
def disk(monkeypatch):
    """disk["fault"] = "readonly" | "full": what the import's connections meet (tests/test_disk_faults.py)."""
    state = {"fault": None}
    monkeypatch.setattr(import_jobs, "connect", connecting_to_a_faulty_disk(state, db_module.connect))
    return state


@pytest.mark.parametrize(
    ("fault", "words"),
    [("readonly", "La base de données est en lecture seule"), ("full", "Le disque est plein")],
)
def test_an_import_on_a_faulty_disk_answers_the_disk_503_and_imports_nothing(
    app, client, disk, archive_text, fault, words
):
    path = app.config["DATABASE"]
    before = dump(path)
    disk["fault"] = fault
    answer = post_archive(client, archive_text)
    assert answer.status_code == 503
    assert answer.headers["Retry-After"]
    assert words in answer.get_data(as_text=True)
    disk["fault"] = None
    assert dump(path) == before
    assert post_archive(client, archive_text).status_code == 302  # the disk back: it imports


def test_an_import_whose_file_cannot_be_kept_answers_the_disk_503(app, client, archive_text, monkeypatch):
    def full(source, target, length):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(import_jobs.shutil, "copyfileobj", full)
    answer = post_archive(client, archive_text)
    assert answer.status_code == 503
    assert "Le disque est plein" in answer.get_data(as_text=True)
    assert count(app.config["DATABASE"], "games") == 0


def test_a_writer_that_waits_too_long_for_the_lock_gets_a_busy_503(app, client, monkeypatch):
    monkeypatch.setattr(db_module, "WRITE_WAIT_S", 0.2)
    game = client.post("/api/v1/games", json={}).get_json()["id"]
    lock = write_lock(app.config["DATABASE"])
    taken, release = threading.Event(), threading.Event()

    def holder():  # another thread's long write, as a single-transaction import was
        with lock:
            taken.set()
            release.wait(10)

    thread = threading.Thread(target=holder)
    thread.start()
    taken.wait(5)
    try:
        started = time.perf_counter()
        answer = client.post(f"/api/v1/games/{game}/hands", json=HAND)
        waited = time.perf_counter() - started
    finally:
        release.set()
        thread.join()
    assert answer.status_code == 503
    assert (
        answer.get_json()["error"] == "Trop d'écritures à la fois : rien n'a été enregistré. Réessayez dans un instant."
    )
    assert answer.headers["Retry-After"]
    assert waited < 2  # it gave up after its wait, not after the other write
    assert client.post(f"/api/v1/games/{game}/hands", json=HAND).status_code == 201


def test_the_busy_timeout_of_sqlite_is_the_write_wait(database):
    with closing(connect(database)) as db:
        assert db.execute("PRAGMA busy_timeout").fetchone()[0] == db_module.WRITE_WAIT_S * 1000


def test_read_json_still_refuses_what_it_refused(archive_text):
    with pytest.raises(import_checks.ImportRefused):
        import_checks.read_json(b"{ not json")


GOOD = '{"evenings": [], "format": "belote-bridgee-archive", "games": [], "version": 1}'


@pytest.mark.parametrize(
    ("raw", "refusal"),
    [
        (b'{"format": "\xc3\x28"}', import_checks.NOT_UTF8),
        (b"{ not json", import_checks.NOT_JSON),
        (b"", import_checks.NOT_JSON),
        (b"[1, 2]", import_checks.NOT_AN_OBJECT),
        (b'{"format": 1} {"b": 2}', import_checks.NOT_JSON),
        (b'{"format": NaN}', import_checks.NOT_JSON),
        (b'{"format": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", import_checks.NOT_JSON),  # not GBs of memory
        (b'{"format": "Ana\\ud800"}', import_checks.LONE_SURROGATE),
        (b'{"format": "\\udfff"}', import_checks.LONE_SURROGATE),
        (b'{"format": "\\\\\\ud83d"}', import_checks.LONE_SURROGATE),  # an escaped backslash, then half a pair
        (GOOD[:-1].encode() + b', "games.x": 1}', "clé inconnue « games.x »"),
        (
            GOOD.replace('"games": []', '"games": {"a": 1}').encode(),
            "« evenings » et « games » doivent être des listes.",
        ),
        (GOOD.encode(), None),
        (b"\xef\xbb\xbf" + GOOD.encode(), None),  # a byte order mark, as json.loads takes it
        (GOOD.replace('"games": []', '"games": [], "evenings": []').encode(), None),
    ],
)
def test_a_file_read_as_it_streams_is_refused_as_a_file_parsed_whole(raw, refusal):
    with pytest.raises(import_checks.ImportRefused) if refusal else closing(io.BytesIO()) as refused:
        evenings, games, concours = import_checks.check_file(io.BytesIO(raw))
        assert evenings == [] and list(games) == [] and concours == []
    if refusal:
        assert refusal in refused.value.message


@pytest.mark.parametrize("text", ["\\ud83d\\ude00", "\\\\ud800", "\\\\\\\\ud800", "é\\u00e9"])
def test_escapes_that_are_no_lone_half_pass(text):
    raw = GOOD.replace('"evenings": []', f'"evenings": [], "x": "{text}"').encode()
    with pytest.raises(import_checks.ImportRefused) as refused:  # refused later, for its key only
        import_checks.check_file(io.BytesIO(raw))
    assert "clé inconnue « x »" in refused.value.message
    assert json.loads(raw)["x"].encode("utf-8")


def test_the_games_of_a_file_read_as_it_streams_are_those_parsed_whole(archive_text):
    data = json.loads(archive_text)
    streamed_evenings, streamed, _ = import_checks.check_file(io.BytesIO(archive_text.encode()))
    whole_evenings, whole, _ = import_checks.check_archive(data)
    assert streamed_evenings == whole_evenings
    assert [(index, game.as_json()) for index, game in streamed] == [(i, g.as_json()) for i, g in whole]


def test_the_first_pass_counts_the_games_for_the_progress(archive_text):
    top, count = import_checks._outline(io.BytesIO(archive_text.encode()))
    data = json.loads(archive_text)
    assert count == len(data["games"])
    assert top == {**data, "games": []}


def test_an_import_that_fails_leaves_neither_games_nor_marker_and_says_so(app, client, archive_text, monkeypatch):
    def broken(*args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(importing, "_prepare", broken)
    answer = post_archive(client, archive_text)
    assert answer.status_code == 302
    page = client.get(answer.headers["Location"]).get_data(as_text=True).replace("&#39;", "'")
    assert "Une erreur interne a arrêté l'import : rien n'a été importé." in page
    path = app.config["DATABASE"]
    assert count(path, "games") == 0
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("select count(*) from app_info where key like 'import %'").fetchone()[0] == 0
