"""Games told apart on the home page and an evening's page (issue 30): each line says when the game
began (on the table's clock), how it ends (the new-game form's words) and its house rules' name
when they are not the Salon's; a game with no deal yet (a rematch not played) is « pas commencée »."""

from __future__ import annotations

import pytest

from scorekeeper.store import derived
from scorekeeper.store.db import write_transaction
from tests.helpers import page_text

HAND = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}
CONCOURS_RULES = {
    "coinche_scope": "whole",
    "coinche_all_or_nothing": True,
    "announced_capot": "flat",
    "unannounced_capot": "none",
}
# 19:05 UTC on 12 June: 21 h 05 in Paris (summer time, UTC+2), 15 h 05 in New York (UTC-4).
JUNE_EVENING = "2026-06-12T19:05:00.000+00:00"


def new_game(client, players: list[str], hands: int = 0, **fields) -> str:
    game_id = client.post("/api/v1/games", json={"players": players, **fields}).get_json()["id"]
    for _ in range(hands):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 201
    return game_id


def started_at(db, game_id: str, moment: str) -> None:
    """The game as if created at `moment`, its derived rows computed again."""
    with write_transaction(db):
        db.execute("update games set created_at = ? where id = ?", [moment, game_id])
        derived.refresh_game(db, game_id)


def line_of(html: str, teams: str) -> str:
    """The words of the game line whose teams read `teams`."""
    text = page_text(html)
    start = text.index(teams)
    return text[start : start + 160]


@pytest.fixture
def evening_games(client, db) -> dict[str, str]:
    games = {
        "points": new_game(client, ["Ana", "Bruno", "Chloé", "David"], 2),
        "deals": new_game(
            client, ["Élise", "Fabien", "Gaëlle", "Hugo"], 1, teams={"A": "Les As", "B": "Les Rois"}, end={"deals": 12}
        ),
        "concours": new_game(
            client,
            ["Inès", "Julien", "Karine", "Léo"],
            1,
            teams={"A": "Pique", "B": "Cœur"},
            target=1000,
            rules=CONCOURS_RULES,
        ),
        "unplayed": new_game(client, ["Manon", "Nicolas", "Océane", "Pierre"], teams={"A": "Jeunes", "B": "Anciens"}),
    }
    for game_id in games.values():
        started_at(db, game_id, JUNE_EVENING)
    return games


def test_each_line_says_its_time_its_end_and_its_rules(client, evening_games):
    home = client.get("/").text
    assert line_of(home, "Nous – Eux").startswith(
        "Nous – Eux Ana & Chloé · Bruno & David 340 – 140 en cours · 2 donnes 21 h 05 · en 2000 points "
    )
    assert line_of(home, "Les As – Les Rois").startswith(
        "Les As – Les Rois Élise & Gaëlle · Fabien & Hugo 170 – 70 en cours · 1 donne 21 h 05 · en 12 donnes "
    )
    assert "en cours · 1 donne 21 h 05 · en 1000 points · Coinche — concours " in line_of(home, "Pique – Cœur")
    assert "Belote bridgée (Salon)" not in home  # the default's name is never said


def test_a_game_with_no_deal_is_not_started_and_a_game_with_deals_is_in_progress(client, evening_games):
    home = client.get("/").text
    assert "0 – 0 pas commencée" in line_of(home, "Jeunes – Anciens")
    assert "en cours · 2 donnes" in line_of(home, "Nous – Eux")
    assert "en cours" not in line_of(home, "Jeunes – Anciens")


def test_the_evenings_page_says_the_same(client, db, evening_games):
    evening_id = db.execute("select evening_id from games where id = ?", [evening_games["deals"]]).fetchone()[0]
    page = client.get(f"/soirees/{evening_id}").text
    assert "21 h 05 · en 12 donnes" in line_of(page, "Les As – Les Rois")
    assert "pas commencée" in line_of(page, "Jeunes – Anciens")


def test_the_time_is_the_tables_clock(app, client, evening_games):
    app.config["TIMEZONE"] = "America/New_York"
    assert "15 h 05 · en 2000 points" in line_of(client.get("/").text, "Nous – Eux")


def test_custom_house_rules_are_named_so(client, db):
    game_id = new_game(
        client,
        ["Ana", "Bruno", "Chloé", "David"],
        teams={"A": "Nord", "B": "Sud"},
        rules={"coinche_scope": "whole", "unannounced_capot": "none"},
    )
    started_at(db, game_id, "2026-01-09T20:30:00.000+00:00")  # 21 h 30 in Paris (winter, UTC+1)
    assert "21 h 30 · en 2000 points · Règles personnalisées" in line_of(client.get("/").text, "Nord – Sud")
