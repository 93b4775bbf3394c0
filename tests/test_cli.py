"""The archive's commands (issue 5): `flask --app scorekeeper export`, `import`, `backup` and
`rebuild-derived`, through Flask's CLI runner."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import threading
import time

import pytest

from scorekeeper.services import export
from scorekeeper.services import games as service
from scorekeeper.store import evenings
from scorekeeper.store.db import connect, write_transaction
from scorekeeper.web import create_app

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
EX_1 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92, "taker_player": 0}  # 170 / 70
EX_20 = {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 71, "taker_player": 3}  # 240 / 0


@pytest.fixture
def filled(db) -> list[str]:
    with write_transaction(db):
        first = evenings.insert(db, "2025-05-17", place="Chez Ana")
        second = evenings.insert(db, "2025-05-24")
    ids = []
    for evening_id in (first, first, second):
        game_id = service.create_game(db, {"players": PLAYERS, "evening": evening_id}).game.id
        service.record_hand(db, game_id, EX_1)
        service.record_redeal(db, game_id, {"reason": "all_pass"})
        service.record_hand(db, game_id, EX_20)
        ids.append(game_id)
    return ids


@pytest.fixture
def empty_app(make_app):
    """Another instance, with its context pushed: pytest-flask keeps `app`'s pushed in each test,
    and a command runs in the app context it finds."""
    other = make_app(WTF_CSRF_ENABLED=True)
    with other.app_context():
        yield other


def test_export_json_to_a_file(app, db, filled, tmp_path):
    target = tmp_path / "archive.json"
    result = app.test_cli_runner().invoke(args=["export", str(target)])
    assert result.exit_code == 0, result.output
    assert f"Export JSON écrit dans {target}." in result.output
    assert target.read_text(encoding="utf-8") == export.export_json(db)


def test_export_csv_by_extension_or_by_option(app, db, filled, tmp_path):
    runner = app.test_cli_runner()
    assert runner.invoke(args=["export", str(tmp_path / "a.csv")]).exit_code == 0
    assert runner.invoke(args=["export", "--format", "csv", str(tmp_path / "a.txt")]).exit_code == 0
    text = (tmp_path / "a.csv").read_text(encoding="utf-8-sig")  # after its byte order mark
    rows = list(csv.DictReader(io.StringIO(text, newline=""), delimiter=";"))
    assert len(rows) == 9 and rows[0]["score A"] == "170"
    assert (tmp_path / "a.txt").read_bytes() == (tmp_path / "a.csv").read_bytes()
    assert (tmp_path / "a.csv").read_bytes() == export.export_csv(db).encode("utf-8")  # as the pages give it


def test_export_csv_with_commas_is_the_old_format(app, db, filled, tmp_path):
    result = app.test_cli_runner().invoke(args=["export", "--sep", "comma", str(tmp_path / "a.csv")])
    assert result.exit_code == 0, result.output
    raw = (tmp_path / "a.csv").read_bytes()
    assert not raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8"), newline="")))
    assert len(rows) == 9 and rows[0]["soirée"] == "2025-05-17" and rows[0]["score A"] == "170"
    assert raw.decode("utf-8") == export.export_csv(db, separator="comma")
    refused = app.test_cli_runner().invoke(args=["export", "--sep", "tab", str(tmp_path / "b.csv")])
    assert refused.exit_code != 0 and not (tmp_path / "b.csv").exists()


def test_export_csv_neutralises_formulas_on_the_command_line_too(app, db, tmp_path):
    game_id = service.create_game(
        db,
        {"players": ["=1+1", "Bruno", "@SUM(A1)", "David"], "teams": {"A": '=HYPERLINK("http://x","y")', "B": "-1+2"}},
    ).game.id
    service.record_hand(db, game_id, EX_1)
    assert app.test_cli_runner().invoke(args=["export", str(tmp_path / "a.csv")]).exit_code == 0
    text = (tmp_path / "a.csv").read_text(encoding="utf-8-sig")
    (row,) = csv.DictReader(io.StringIO(text, newline=""), delimiter=";")
    assert (row["équipe A"], row["équipe B"], row["donneur"], row["preneur"]) == (
        '\'=HYPERLINK("http://x","y")',
        "'-1+2",
        "'=1+1",
        "'=1+1",
    )


def test_export_an_evening_or_a_game(app, db, filled, tmp_path):
    runner = app.test_cli_runner()
    runner.invoke(args=["export", "--evening", "1", str(tmp_path / "evening.json")])
    runner.invoke(args=["export", "--game", filled[2], str(tmp_path / "game.json")])
    evening = json.loads((tmp_path / "evening.json").read_text(encoding="utf-8"))
    game = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert [item["id"] for item in evening["games"]] == filled[:2]
    assert [item["id"] for item in game["games"]] == filled[2:] and game["evenings"][0]["date"] == "2025-05-24"


def test_export_to_stdout(app, db, filled):
    result = app.test_cli_runner().invoke(args=["export", "--game", filled[0], "-"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["games"][0]["id"] == filled[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--evening", "9"], "La soirée 9 n'existe pas."),
        (["--game", "nope1234"], "La partie « nope1234 » n'existe pas."),
        (["--game", "x", "--evening", "1"], "--evening ou --game, pas les deux."),
    ],
)
def test_export_refuses_what_does_not_exist(app, filled, tmp_path, args, message):
    result = app.test_cli_runner().invoke(args=["export", *args, str(tmp_path / "x.json")])
    assert result.exit_code != 0
    assert message in result.output
    assert not (tmp_path / "x.json").exists()


def test_import_into_an_empty_instance(app, db, filled, empty_app, tmp_path):
    target = tmp_path / "archive.json"
    target.write_text(export.export_json(db), encoding="utf-8")
    result = empty_app.test_cli_runner().invoke(args=["import", str(target)])
    assert result.exit_code == 0, result.output
    assert "Import terminé : 3 partie(s) importée(s), 9 donne(s), 2 soirée(s) ajoutée(s)." in result.output
    again = tmp_path / "again.json"
    empty_app.test_cli_runner().invoke(args=["export", str(again)])
    assert again.read_bytes() == target.read_bytes()


def test_import_refuses_a_bad_file_and_imports_nothing(app, db, filled, empty_app, tmp_path):
    data = json.loads(export.export_json(db))
    data["games"][2]["deals"][0]["input"]["mode"] = "atout"
    target = tmp_path / "bad.json"
    target.write_text(json.dumps(data), encoding="utf-8")
    result = empty_app.test_cli_runner().invoke(args=["import", str(target)])
    assert result.exit_code == 1
    assert f"Partie 3 ({filled[2]}), donne 1 : « mode » doit valoir" in result.output
    assert "Rien n'a été importé." in result.output
    other = connect(empty_app.config["DATABASE"])
    assert (other["games"].count, other["evenings"].count, other["deals"].count) == (0, 0, 0)
    other.close()


TABLES = ("evenings", "games", "deals", "actions", "game_summaries", "game_players", "game_teams", "deal_facts")


def rows(path: str, table: str) -> list[tuple]:
    with sqlite3.connect(path) as connection:
        return connection.execute(f"select * from {table} order by 1, 2").fetchall()


def test_backup_is_a_valid_copy_with_the_same_rows(app, filled, tmp_path):
    target = str(tmp_path / "backup.db")
    result = app.test_cli_runner().invoke(args=["backup", target])
    assert result.exit_code == 0, result.output
    assert f"Sauvegarde écrite dans {target}" in result.output
    with sqlite3.connect(target) as connection:
        assert connection.execute("pragma integrity_check").fetchone() == ("ok",)
        assert connection.execute("pragma journal_mode").fetchone() == ("delete",)
    for table in TABLES:
        assert rows(target, table) == rows(app.config["DATABASE"], table), table
    # The copy is a database the app can serve.
    copy = create_app({"TESTING": True, "DATABASE": target, "SECRET_KEY": "test"})
    assert filled[0] in copy.test_client().get("/soirees").get_data(as_text=True)


def test_backup_while_another_connection_writes(app, filled, tmp_path):
    """A writer records redeals without pause while the backup runs: the copy is one moment of the
    database, so each game's derived summary matches the deals the copy holds."""
    path = app.config["DATABASE"]
    game_id = filled[0]
    stop = threading.Event()
    written = []

    def write() -> None:
        database = connect(path)
        try:
            while not stop.is_set():
                service.record_redeal(database, game_id, {"reason": "all_pass"})
                written.append(1)
        finally:
            database.close()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        while len(written) < 20:
            time.sleep(0.005)
        backups = []
        for number in range(3):
            target = str(tmp_path / f"backup-{number}.db")
            result = app.test_cli_runner().invoke(args=["backup", target])
            assert result.exit_code == 0, result.output
            backups.append(target)
    finally:
        stop.set()
        writer.join()
    seen = set()
    for target in backups:
        with sqlite3.connect(target) as connection:
            assert connection.execute("pragma integrity_check").fetchone() == ("ok",)
            deals = connection.execute(
                "select count(*) from deals where game_id = ? and deleted_at is null", [game_id]
            ).fetchone()[0]
            summary = connection.execute(
                "select deal_count from game_summaries where game_id = ?", [game_id]
            ).fetchone()[0]
            actions = connection.execute("select count(*) from actions where game_id = ?", [game_id]).fetchone()[0]
        assert summary == deals == actions
        seen.add(deals)
        # Every row of the copy is in the database as it is now, unchanged: nothing half written.
        copied = rows(target, "deals")
        assert copied == rows(path, "deals")[: len(copied)]
    assert len(written) > 20 and max(seen) >= 3 + 20


def test_rebuild_derived_recomputes_from_the_inputs(app, db, filled):
    before = rows(app.config["DATABASE"], "game_summaries")
    db.execute("update game_summaries set total_a = 0, winner = 'B'")
    db.execute("delete from deal_facts")
    result = app.test_cli_runner().invoke(args=["rebuild-derived"])
    assert result.exit_code == 0, result.output
    assert "Tables dérivées recalculées : 3 partie(s)" in result.output
    assert rows(app.config["DATABASE"], "game_summaries") == before
    assert db["deal_facts"].count == 9
