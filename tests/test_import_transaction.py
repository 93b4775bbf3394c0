"""Issue 30, item 4: an import written in one transaction, taken back whole by SQLite when it stops
half-way (an error, a killed process), the same file imported twice at once refused rather than
doubled, its disk faults the disk's 503; a table that saves while it writes waits, then gets the
busy 503, and saves once it is over (issue 24's write wait).

The archive is bench/import_archive.py's, small (about 60 games), prepared in parts of 10 games."""

from __future__ import annotations

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
import sqlite_utils

from scorekeeper.services import concours_importing, import_checks, importing
from scorekeeper.store import db as db_module
from scorekeeper.store.db import connect, write_lock
from scorekeeper.store.migrate import migrate
from scorekeeper.store.migrations import migrations
from scorekeeper.web.database import close_db
from tests.bench_scripts import bench_module
from tests.helpers import connecting_to_a_faulty_disk, import_data, page_text

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
    """The database's every row and schema line, sorted: iterdump lists indexes and triggers in no
    set order (a fault's rollback may reorder them, as here with the full disk)."""
    with closing(sqlite3.connect(path)) as conn:
        return "\n".join(sorted(line for line in conn.iterdump() if "_sqlite_migrations" not in line))


def count(path: str, table: str) -> int:
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(f"select count(*) from {table}").fetchone()[0]


def post_archive(client, text: str):
    body = {"archive": (io.BytesIO(text.encode()), "archive.json")}
    return client.post("/archives/importer", data=body, content_type="multipart/form-data")


def path_of(db) -> str:
    return db.conn.execute("pragma database_list").fetchone()[2]


def test_an_import_writes_in_one_transaction_and_leaves_no_trace_of_its_parts(db, archive_text):
    transactions = []
    real = importing.write_transaction

    def counted(database):
        transactions.append(1)
        return real(database)

    importing.write_transaction = counted
    try:
        report = import_data(db, archive_text)
    finally:
        importing.write_transaction = real
    games = len(json.loads(archive_text)["games"])
    assert len(report.games_added) == games > 30
    assert db["games"].count == db["game_summaries"].count == games
    assert len(transactions) == 1  # parts of 10 games, all in one transaction
    assert not db["import_writes"].exists()
    assert db.execute("select count(*) from app_info where key like 'import %'").fetchone()[0] == 0


def test_an_error_while_writing_takes_back_what_was_written(db, archive_text, monkeypatch):
    before = dump(path_of(db))
    real, calls = importing._write_games, []

    def third_fails(*args):
        calls.append(1)
        if len(calls) == 3:
            raise sqlite3.OperationalError("disk I/O error")
        real(*args)

    monkeypatch.setattr(importing, "_write_games", third_fails)
    with pytest.raises(sqlite3.OperationalError):
        import_data(db, archive_text)
    assert len(calls) == 3
    assert dump(path_of(db)) == before


STOP_HALF_WAY = """
import json, os, sys
from scorekeeper.services import importing
from scorekeeper.store.db import connect
path, archive = sys.argv[1:]
importing.PART_GAMES = 10
real, parts = importing._write_games, []
def write_games(*args):
    real(*args)
    parts.append(1)
    if len(parts) == 3:
        os._exit(3)  # three parts written, then the plug pulled
importing._write_games = write_games
with open(archive, "rb") as file:
    importing.import_file(connect(path), file)
"""


def test_an_import_stopped_half_way_left_nothing_with_no_recovery(database, archive_text, tmp_path):
    before = dump(database)
    source = tmp_path / "archive.json"
    source.write_text(archive_text, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", STOP_HALF_WAY, database, str(source)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 3, result.stderr
    assert dump(database) == before  # SQLite took back the transaction it never committed
    with closing(connect(database)) as db:  # and the same file imports afterwards
        report = import_data(db, archive_text)
    assert count(database, "games") == len(report.games_added) == len(json.loads(archive_text)["games"])


def test_the_same_file_imported_twice_at_once_is_refused_the_second_time(database, archive_text, monkeypatch):
    """The second import checks the file while the first writes it: when its turn to write comes,
    its games are here, and it refuses rather than meet their ids."""
    real, first = concours_importing.concours_to_add, []

    def first_import_commits_meanwhile(db, concours_list, report):
        if not first:
            first.append(1)
            with closing(connect(database)) as other:
                import_data(other, archive_text)
        return real(db, concours_list, report)

    monkeypatch.setattr(concours_importing, "concours_to_add", first_import_commits_meanwhile)
    with closing(connect(database)) as db:
        with pytest.raises(import_checks.ImportRefused) as refused:
            import_data(db, archive_text)
    first_id = json.loads(archive_text)["games"][0]["id"]
    assert refused.value.message == (
        f"La partie « {first_id} » a été ajoutée ici pendant la vérification du fichier (un autre import ?) : "
        "rien n'a été importé. Importez le fichier à nouveau."
    )
    assert count(database, "games") == len(json.loads(archive_text)["games"])  # once


def test_a_table_saving_while_an_import_writes_gets_the_busy_503_then_saves(app, client, archive_text, monkeypatch):
    monkeypatch.setattr(db_module, "WRITE_WAIT_S", 0.2)
    path = app.config["DATABASE"]
    game = client.post("/api/v1/games", json={}).get_json()["id"]
    writing, finish = threading.Event(), threading.Event()
    real = importing._write_games

    def slow_write(*args):
        real(*args)
        writing.set()
        finish.wait(10)

    monkeypatch.setattr(importing, "_write_games", slow_write)
    importer = threading.Thread(target=lambda: import_data(connect(path), archive_text))
    importer.start()
    try:
        assert writing.wait(30)
        answer = client.post(f"/api/v1/games/{game}/hands", json=HAND)
        sheet = client.get(f"/api/v1/games/{game}")  # reads go on: the import's rows unseen until it commits
    finally:
        finish.set()
        importer.join()
    assert answer.status_code == 503
    assert answer.get_json()["error"] == BUSY
    assert answer.headers["Retry-After"]
    assert sheet.status_code == 200
    assert client.post(f"/api/v1/games/{game}/hands", json=HAND).status_code == 201  # sent again, saved
    assert count(path, "games") == len(json.loads(archive_text)["games"]) + 1


class Disk(dict):
    """disk["fault"] = "readonly" | "full": what the connections opened from then on meet
    (tests/test_disk_faults.py); setting it closes the request's connection and the idle ones."""

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        close_db()
        db_module.pool.clear()


@pytest.fixture
def disk(app, monkeypatch):
    state = Disk(fault=None)
    monkeypatch.setattr(db_module, "connect", connecting_to_a_faulty_disk(state, db_module.connect))
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
    again = post_archive(client, archive_text)  # the disk back: it imports
    assert again.status_code == 200 and "Import terminé" in again.get_data(as_text=True)


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
        (b"\xef\xbb\xbf" + GOOD.encode(), None),  # a byte order mark, as some editors write
        (GOOD.replace('"games": []', '"games": [], "evenings": []').encode(), None),
    ],
)
def test_a_file_that_is_no_archive_is_refused_as_it_streams(raw, refusal):
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


def test_the_games_of_a_file_read_as_it_streams_are_those_of_the_file(archive_text):
    data = json.loads(archive_text)
    evening_list, games, _ = import_checks.check_file(io.BytesIO(archive_text.encode()))
    assert evening_list == data["evenings"]
    assert [(index, game.as_json()) for index, game in games] == list(enumerate(data["games"], start=1))


def test_the_first_pass_counts_the_games_for_the_progress(archive_text):
    top, count = import_checks._outline(io.BytesIO(archive_text.encode()))
    data = json.loads(archive_text)
    assert count == len(data["games"])
    assert top == {**data, "games": []}


def test_an_import_that_fails_while_writing_answers_the_error_page_and_imports_nothing(
    app, client, archive_text, monkeypatch
):
    real, calls = importing._write_games, []

    def third_has_a_bug(*args):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("a bug")
        real(*args)

    monkeypatch.setattr(importing, "_write_games", third_has_a_bug)
    answer = post_archive(client, archive_text)
    assert answer.status_code == 500
    assert "Une erreur interne est survenue : rien n'a été enregistré." in page_text(answer.get_data(as_text=True))
    path = app.config["DATABASE"]
    assert count(path, "games") == count(path, "deals") == count(path, "evenings") == 0


def test_an_import_the_old_code_left_half_written_is_taken_back_by_the_migration(tmp_path, archive_text):
    """A database where an import of the old code (a transaction a part) stopped half-way and no
    server started since: its games listed in `import_writes`, its marker WRITING. The migration
    that drops the list takes them back first, with the evenings no other game uses."""
    path = str(tmp_path / "old.db")
    with sqlite_utils.Database(path) as old:
        migrations.apply(old, stop_before="m015_drop_import_writes")
        # Today's import writes today's derived rows: the columns m021 gives deal_facts (dropping and
        # making the table again, so that what stands in them here goes) are there for it to fill.
        for column in ("taker_total", "defense_total", "coinched_by", "surcoinched_by"):
            old["deal_facts"].add_column(column, int)
    data = json.loads(archive_text)
    kept, stopped = {**data, "games": data["games"][:6]}, {**data, "games": data["games"][6:]}
    with closing(connect(path)) as db:
        import_data(db, kept)
        import_data(db, stopped)  # as far as its parts went
        with db.conn:
            db.conn.executemany(
                "insert into import_writes (import_id, game_id) values ('00112233aabbccdd', ?)",
                [(game["id"],) for game in stopped["games"]],
            )
            db.conn.executemany(
                "insert into import_writes (import_id, evening_id) values ('00112233aabbccdd', ?)",
                [(row[0],) for row in db.conn.execute("select id from evenings")],
            )
            db.conn.execute("insert into app_info (key, value) values ('import 00112233aabbccdd', 'writing')")
    assert count(path, "games") == len(data["games"]) > 30

    assert migrate(path) == [
        "m015_drop_import_writes",
        "m016_archive_revision",
        "m017_creation_keys",
        "m018_concours_tiebreaks",
        "m019_melee",
        "m020_share_links",
        "m021_who_coinched",
        "m022_chances_revision",
    ]

    kept_evenings = {game["evening"] for game in kept["games"]}
    with closing(connect(path)) as db:
        assert [row["id"] for row in db.query("select id from games order by id")] == [g["id"] for g in kept["games"]]
        assert {row["id"] for row in db.query("select id from evenings")} == kept_evenings
        for table in ("deals", "actions", "game_summaries", "game_players", "game_teams", "deal_facts"):
            orphans = f"select count(*) from {table} where game_id not in (select id from games)"
            assert db.execute(orphans).fetchone()[0] == 0, table
        assert db.execute("select count(*) from deals").fetchone()[0] > 0
        assert not db["import_writes"].exists()
        assert db.execute("select count(*) from app_info where key like 'import %'").fetchone()[0] == 0
