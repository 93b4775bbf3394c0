"""Evenings (issue 5): every game belongs to one; a new game joins today's evening unless told
otherwise; the games of an older database are put into evenings by their creation date; and the
derived tables always say what the inputs say."""

from __future__ import annotations

import time

import pytest
import sqlite_utils

from scorekeeper.belote import evenings as calendar
from scorekeeper.belote import names
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.services import games as service
from scorekeeper.store import derived, evenings
from scorekeeper.store.db import connect, write_transaction
from scorekeeper.store.migrate import migrate
from scorekeeper.store.migrations import migrations

EXAMPLE_1 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # 170 / 70
EXAMPLE_20 = {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 71}  # 240 / 0


@pytest.fixture
def paris(monkeypatch):
    """Local time is the table's: evenings are dated in France (stamps are stored in UTC)."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def derived_rows(db) -> dict[str, list[dict]]:
    order = {
        "game_summaries": "game_id",
        "game_players": "game_id, seat",
        "game_teams": "game_id, team",
        "deal_facts": "game_id, number",
    }
    return {table: list(db.query(f"select * from {table} order by {keys}")) for table, keys in order.items()}


@pytest.mark.parametrize(
    ("stamp", "day"),
    [
        ("2025-05-17T19:30:00.000+00:00", "2025-05-17"),  # 21:30 in Paris
        ("2025-05-17T23:59:00.000+00:00", "2025-05-17"),
        ("2025-05-18T01:30:00.000+00:00", "2025-05-17"),  # 3:30 in Paris: still that evening
        ("2025-05-18T03:59:00.000+00:00", "2025-05-17"),
        ("2025-05-18T04:00:00.000+00:00", "2025-05-18"),  # 6:00 in Paris: a new day
    ],
)
def test_the_evening_of_a_moment_lasts_until_six_in_the_morning(stamp, day):
    assert calendar.evening_date(stamp) == day  # on the table's clock, Paris unless told


@pytest.mark.parametrize(
    ("iso", "words"),
    [
        ("2025-05-17", "samedi 17 mai 2025"),
        ("2025-08-01", "vendredi 1er août 2025"),
        ("2024-12-31", "mardi 31 décembre 2024"),
    ],
)
def test_dates_read_in_french(iso, words):
    assert calendar.french_date(iso) == words


def test_a_new_game_joins_todays_evening(db):
    first = service.create_game(db, {}).game.id
    second = service.create_game(db, {}).game.id
    rows = list(db.query("select id, evening_id from games"))
    assert len({row["evening_id"] for row in rows}) == 1
    (evening,) = db.query("select * from evenings")
    created = next(db.query("select created_at from games where id = ?", [first]))["created_at"]
    assert evening["date"] == calendar.evening_date(created)
    assert {row["id"] for row in rows} == {first, second}


def test_a_new_game_joins_the_evening_it_is_given(client, db):
    with write_transaction(db):
        past = evenings.insert(db, "2025-05-17", place="Chez Ana")
    response = client.post("/api/v1/games", json={"evening": past, "players": ["Ana", "Bruno", "Chloé", "David"]})
    assert response.status_code == 201
    game_id = response.get_json()["id"]
    assert next(db.query("select evening_id from games where id = ?", [game_id]))["evening_id"] == past
    assert next(db.query("select evening_id from game_summaries"))["evening_id"] == past


@pytest.mark.parametrize(
    ("evening", "message"),
    [
        ("ce soir", "« evening » doit être le numéro d'une soirée (ou null pour ce soir)."),
        (True, "« evening » doit être le numéro d'une soirée (ou null pour ce soir)."),
        (0, "« evening » doit être le numéro d'une soirée (ou null pour ce soir)."),
        (99, "« evening » : la soirée 99 n'existe pas."),
    ],
)
def test_a_bad_evening_is_refused_and_nothing_is_created(client, db, evening, message):
    response = client.post("/api/v1/games", json={"evening": evening})
    assert response.status_code == 422
    assert response.get_json() == {"error": message}
    assert db["games"].count == 0 and db["evenings"].count == 0 and db["game_summaries"].count == 0


def test_the_new_game_form_offers_the_evenings(client, db):
    with write_transaction(db):
        past = evenings.insert(db, "2025-05-17", place="Chez Ana")
    page = client.get("/parties/nouvelle").get_data(as_text=True)
    assert "Ce soir" in page and "samedi 17 mai 2025 · Chez Ana" in page
    response = client.post(
        "/parties/nouvelle",
        data={
            "team_a": "Nous",
            "team_b": "Eux",
            "dealer": "0",
            "target": "2000",
            "rounding": "nearest",
            "evening": str(past),
        },
    )
    assert response.status_code == 302
    assert next(db.query("select evening_id from games"))["evening_id"] == past
    client.post(
        "/parties/nouvelle",
        data={"team_a": "Nous", "team_b": "Eux", "dealer": "0", "target": "2000", "rounding": "nearest", "evening": ""},
    )
    assert db["evenings"].count == 2  # today's, created for the second game


def test_an_older_database_puts_its_games_into_evenings_by_date(tmp_path, paris):
    path = str(tmp_path / "old.db")
    with sqlite_utils.Database(path) as database:
        migrations.apply(database, stop_before="m003_evenings_and_archive")
        for game_id, stamp in [
            ("aaaa", "2025-05-17T19:00:00.000+00:00"),
            ("bbbb", "2025-05-18T00:40:00.000+00:00"),  # the same evening, after midnight
            ("cccc", "2025-05-24T20:00:00.000+00:00"),
        ]:
            database["games"].insert(
                {
                    "id": game_id,
                    "team_a": "Nous",
                    "team_b": "Eux",
                    "player_0": "Ana",
                    "player_1": "Bruno",
                    "player_2": "Chloé",
                    "player_3": "David",
                    "first_dealer": 0,
                    "target": 2000,
                    "rounding": "nearest",
                    "misere": 0,
                    "carre_de_sept": 0,
                    "created_at": stamp,
                }
            )
        database["deals"].insert(
            {
                "game_id": "aaaa",
                "kind": "hand",
                "input": '{"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}',
                "version": 1,
                "deleted_at": None,
                "created_at": "x",
                "updated_at": "x",
            }
        )
    assert migrate(path)[0] == "m003_evenings_and_archive"  # later migrations may follow
    database = connect(path)
    assert [(row["id"], row["date"]) for row in database.query("select id, date from evenings order by id")] == [
        (1, "2025-05-17"),
        (2, "2025-05-24"),
    ]
    assert {row["id"]: row["evening_id"] for row in database.query("select id, evening_id from games")} == {
        "aaaa": 1,
        "bbbb": 1,
        "cccc": 2,
    }
    summary = next(database.query("select * from game_summaries where game_id = 'aaaa'"))
    assert (summary["total_a"], summary["total_b"], summary["hand_count"]) == (170, 70, 1)
    database.close()


def test_every_write_keeps_the_derived_tables_equal_to_a_rebuild(db):
    game_id = service.create_game(db, {"players": ["Ana", "Bruno", "Chloé", "David"], "target": 1000}).game.id
    writes = [
        lambda: service.record_hand(db, game_id, {**EXAMPLE_1, "taker_player": 2}),
        lambda: service.record_redeal(db, game_id, {"reason": "all_pass"}),
        lambda: service.record_hand(db, game_id, {**EXAMPLE_20, "taker_player": 1, "coinche": "coinche"}),
        lambda: service.edit_deal(db, game_id, 1, {**EXAMPLE_1, "taker_points": 85, "taker_player": 2, "version": 1}),
        lambda: service.delete_deal(db, game_id, 2),
        lambda: service.undo(db, game_id),
    ]
    for write in writes:
        write()
        incremental = derived_rows(db)
        with write_transaction(db):
            derived.rebuild_all(db)
        assert derived_rows(db) == incremental
    summary = next(db.query("select * from game_summaries"))
    # 80 ♥ P=85 → 170/80; redeal; 80 ♥ coinché by B, P=71 → chuté: A 160+80×2 = 320
    assert (summary["total_a"], summary["total_b"], summary["deal_count"]) == (490, 80, 3)
    assert (summary["winner"], summary["finished"]) == (None, 0)
    seats = {row["name"]: row for row in db.query("select * from game_players")}
    assert (seats["Chloé"]["taken"], seats["Chloé"]["made"], seats["Chloé"]["name_key"]) == (1, 1, "chloe")
    assert (seats["Bruno"]["taken"], seats["Bruno"]["coinche_took"], seats["Bruno"]["coinche_took_made"]) == (1, 1, 0)
    assert (seats["Ana"]["taken"], seats["Ana"]["coinche_def"], seats["Ana"]["coinche_def_won"]) == (0, 1, 1)


def test_names_match_without_accents_or_case():
    assert names.name_key("  Chloé   Dupont ") == "chloe dupont"
    assert names.name_key("CHLOÉ") == names.name_key("chloe")
    assert names.pair_key("Chloé", "ana") == names.pair_key("Ana", "chloe") == "ana|chloe"


def test_an_evening_is_edited_through_its_parser(db):
    with write_transaction(db):
        evening_id = evenings.insert(db, "2025-05-17")
        evenings.update(db, evening_id, {"date": "2025-05-16", "place": "  Chez   Ana ", "note": "Anniversaire"})
    assert evenings.fetch(db, evening_id)["place"] == "Chez Ana"
    with pytest.raises(InvalidInput, match="« date » doit être une date"):
        evenings.update(db, evening_id, {"date": "16/05/2025"})
