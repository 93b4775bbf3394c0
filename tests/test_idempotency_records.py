"""What an idempotency key keeps (issue 22): a small record (the request's fingerprint, the status,
for an undo what its message names), never the answer; a retry's answer is built again from the game
as stored; keys older than a day are deleted by the next keyed write; m010 turns the keys stored
with their whole answer into such records, and the rematches kept as keys into a table of their own.

Scores are docs/scoring.md's worked examples: the comment is the published A / B score.
"""

from __future__ import annotations

import json
import secrets
from contextlib import closing
from datetime import UTC, datetime, timedelta

import sqlite_utils

from scorekeeper.services import games as service
from scorekeeper.services import playing_again
from scorekeeper.store import idempotency as keys
from scorekeeper.store.db import connect
from scorekeeper.store.migrate import migrate
from scorekeeper.store.migrations import migrations
from tests.helpers import old_game_row

GAMES = "/api/v1/games"
EX1 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # 170 / 70
EX1_B = {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 92}  # 70 / 170
REDEAL = {"reason": "all_pass"}


def key_bytes(database) -> int:
    """The bytes of every value in the idempotency table, whatever its columns."""
    columns = [row[1] for row in database.execute("pragma table_info(idempotency_keys)")]
    lengths = " + ".join(f"coalesce(length(cast({column} as blob)), 0)" for column in columns)
    return database.execute(f"select coalesce(sum({lengths}), 0) from idempotency_keys").fetchone()[0]


def test_a_40_deal_game_saved_with_keys_leaves_a_few_kb(client, db):
    """Each save as the phones' outbox sends it: a random 32-character key, the deal's number. The
    whole sheet kept with each key was 143 KB for this game; the records are 40 × ~135 bytes."""
    game_id = client.post(GAMES, json={}).get_json()["id"]
    for number in range(1, 41):
        route, body = ("hands", EX1 if number % 6 == 1 else EX1_B) if number % 3 == 1 else ("redeals", REDEAL)
        key = secrets.token_hex(16)
        answer = client.post(
            f"{GAMES}/{game_id}/{route}", json={**body, "number": number}, headers={"Idempotency-Key": key}
        )
        assert answer.status_code == 201, answer.get_json()
    sheet = client.get(f"{GAMES}/{game_id}").get_json()
    # 14 hands, 7 taken by each team: 7 × 170 + 7 × 70 = 1680 each, under the 2000 that ends a game.
    assert len(sheet["hands"]) == 40 and sheet["totals"] == {"A": 1680, "B": 1680}
    assert db.execute("select count(*) from idempotency_keys").fetchone()[0] == 40
    assert key_bytes(db) <= 6 * 1024
    # The last key's retry: the sheet again, built from the deals, byte for byte the first answer.
    again = client.post(f"{GAMES}/{game_id}/{route}", json={**body, "number": 40}, headers={"Idempotency-Key": key})
    assert again.status_code == 201 and again.data == answer.data


def test_a_replay_after_another_deal_answers_the_game_as_it_stands(client, app):
    game_id = client.post(GAMES, json={}).get_json()["id"]
    first = client.post(f"{GAMES}/{game_id}/hands", json={**EX1, "number": 1}, headers={"Idempotency-Key": "a"})
    client.post(f"{GAMES}/{game_id}/hands", json={**EX1_B, "number": 2}, headers={"Idempotency-Key": "b"})
    again = client.post(f"{GAMES}/{game_id}/hands", json={**EX1, "number": 1}, headers={"Idempotency-Key": "a"})
    assert (first.status_code, again.status_code) == (201, 201)
    assert first.get_json()["totals"] == {"A": 170, "B": 70}
    assert again.data == client.get(f"{GAMES}/{game_id}").data  # both deals: 240 / 240
    assert again.get_json()["totals"] == {"A": 240, "B": 240} and len(again.get_json()["hands"]) == 2


def stamp(hours_ago: float) -> str:
    return (datetime.now(UTC) - timedelta(hours=hours_ago)).isoformat(timespec="milliseconds")


def test_keys_older_than_a_day_are_deleted_by_the_next_keyed_write(client, app):
    game_id = client.post(GAMES, json={}).get_json()["id"]
    for key in ("old", "recent"):
        assert (
            client.post(f"{GAMES}/{game_id}/redeals", json=REDEAL, headers={"Idempotency-Key": key}).status_code == 201
        )
    with closing(connect(app.config["DATABASE"])) as database:
        database.execute("update idempotency_keys set created_at = ? where key = 'old'", [stamp(24.1)])
        database.execute("update idempotency_keys set created_at = ? where key = 'recent'", [stamp(23.9)])
        database.conn.commit()
    # A write without a key deletes nothing; the next keyed write deletes the key of over a day.
    assert client.post(f"{GAMES}/{game_id}/redeals", json=REDEAL).status_code == 201
    assert client.post(f"{GAMES}/{game_id}/redeals", json=REDEAL, headers={"Idempotency-Key": "new"}).status_code == 201
    with closing(connect(app.config["DATABASE"])) as database:
        kept = [row[0] for row in database.execute("select key from idempotency_keys order by key")]
    assert kept == ["new", "recent"]
    # The forgotten key is a new request: recorded (a phone's retry sends its deal's number: a 409).
    count = len(client.get(f"{GAMES}/{game_id}").get_json()["hands"])
    assert client.post(f"{GAMES}/{game_id}/redeals", json=REDEAL, headers={"Idempotency-Key": "old"}).status_code == 201
    assert (
        client.post(f"{GAMES}/{game_id}/redeals", json=REDEAL, headers={"Idempotency-Key": "recent"}).status_code == 201
    )
    assert len(client.get(f"{GAMES}/{game_id}").get_json()["hands"]) == count + 1


def test_the_time_index_serves_the_pruning(db):
    plan = db.execute("explain query plan delete from idempotency_keys where created_at < ?", [stamp(24)]).fetchall()
    assert any("idx_idempotency_keys_created_at" in row[-1] for row in plan), plan


def test_m010_keeps_what_the_old_keys_replay_from_and_moves_the_rematches(tmp_path):
    """A database of before m010: a record's key (its answer a sheet), an undo's (a sheet and its
    message), one of before the fingerprints, and a rematch kept as a key. Migrated: no answer is
    kept, each key replays as before, and the rematch is the same game."""
    path = str(tmp_path / "old.db")
    now = stamp(0)
    sheet = {"id": "g", "hands": [], "totals": {"A": 0, "B": 0}}
    with closing(sqlite_utils.Database(path)) as database:
        migrations.apply(database, stop_before="m010_idempotency_outcomes")
        database["games"].insert_all([old_game_row(game_id, "2026-01-01T20:00:00+00:00") for game_id in ("g", "r")])
        database["idempotency_keys"].insert_all(
            [
                {"game_id": "g", "key": "rec", "status": 201, "response": json.dumps(sheet), "fingerprint": "f1"},
                {
                    "game_id": "g",
                    "key": "undo",
                    "status": 200,
                    "response": json.dumps({**sheet, "message": "Modification de la donne 3 annulée."}),
                    "fingerprint": keys.request_fingerprint("POST", "/api/v1/games/g/undo"),
                },
                {"game_id": "g", "key": "ancient", "status": 201, "response": "{}", "fingerprint": None},
                {"game_id": "g", "key": "rematch\n", "status": 201, "response": "r", "fingerprint": None},
            ],
            defaults={"created_at": now},
        )
    assert "m010_idempotency_outcomes" in migrate(path)
    with closing(connect(path)) as database:
        assert "response" not in database["idempotency_keys"].columns_dict
        assert {key: keys.used_key(database, "g", key) for key in ("rec", "undo", "ancient", "rematch\n")} == {
            "rec": keys.UsedKey("f1", keys.Outcome(201)),
            "undo": keys.UsedKey(
                keys.request_fingerprint("POST", "/api/v1/games/g/undo"), keys.Outcome(200, "edit", 3)
            ),
            "ancient": keys.UsedKey(None, keys.Outcome(201)),
            "rematch\n": None,
        }
        assert database.execute("select game_id, rematch_id from rematches").fetchall() == [("g", "r")]
        replayed = service.undo(database, "g", idempotency_key="undo")
        assert replayed.replayed and replayed.status == 200
        assert json.loads(replayed.text)["message"] == "Modification de la donne 3 annulée."
        assert playing_again.rematch(database, "g") == "r"  # the same game, none made
        assert database.execute("select count(*) from games").fetchone()[0] == 2
        assert database.execute("select count(*) from actions").fetchone()[0] == 0
