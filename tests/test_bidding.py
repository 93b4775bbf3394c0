"""Who coinched, and the bidding figures (issue 33, docs/bidding.md), on small archives worked by
hand. Seats: Ana 0 and Chloé 2 are team A, Bruno 1 and David 3 team B.

Game 1, in 30 deals (not over after these 14 hands); "short" is what a failed numeric contract
missed by: the points it needed (the contract, and one more than the defense) minus the takers'.

  #  taker   contract               points      coinche, by              made    Ana's margin / short
  1  Ana     80 ♥                   92                                   made    +12
  2  Ana     100 ♣                  101         coinche Bruno            made    +1
  3  Ana     90 ♠                   80                                   failed  short 10: « de peu »
  4  Ana     80 ♠                   81 (81-81)                           failed  short 1 (needs 82): « de peu »
  5  Ana     120 ♦                  109                                  failed  short 11
  6  Ana     110 ♥, cinquante (A)   95 → 145                             made    +35
  7  Ana     130 ♠, all tricks      (162)                                made    +32
  8  Chloé   capot ♥, all tricks                                         made    (no count: no margin)
  9  Bruno   100 ♠                  70          coinche Ana              failed  Ana's coinche falls it
 10  David   90 ♥                   120         coinche Chloé            made
 11  Bruno   80 ♣                   50          coinche, no name         failed  unknown for Ana and Chloé
 12  Ana     100 ♥                  110         coinche David, sur Ana   made    +10; Ana's surcoinche made
 13  Chloé   120 ♦                  60          sur: by Bruno, no sur    failed  surcoinche unknown for A
 14  Bruno   80 ♥                   100         sur: by Ana, sur David   made    Ana's coinche does not

Ana: margin over 5 made numeric contracts (1, 2, 6, 7, 12): 12 + 1 + 35 + 32 + 10 = 90, mean 18;
2 « chutes de peu » (3, 4; 5 missed by 11); coinches said 2 (9, 14), 1 fell (9); 1 coinche of
Bruno's unknown (11); surcoinches said 1 (12), made 1; 1 surcoinche unknown (13).
Bruno: made numeric 14 only (+20), none failed by 10 or less (9 by 30, 11 by 63); coinches said 2
(2, 13), 1 fell (13); surcoinches said 0, none unknown (14 names David).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.services import bidding, export, import_checks, stats
from scorekeeper.services import games as service
from tests.helpers import import_data

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
GAMES = "/api/v1/games"


def numeric(taker: int, contract: int, mode: str, points: int | None, **more) -> dict:
    body = {"taker": "AB"[taker % 2], "taker_player": taker, "contract": contract, "mode": mode, **more}
    if points is not None:
        body["taker_points"] = points
    return body


GAME_1 = [
    numeric(0, 80, "hearts", 92),
    numeric(0, 100, "clubs", 101, coinche="coinche", coinched_by=1),
    numeric(0, 90, "spades", 80),
    numeric(0, 80, "spades", 81),
    numeric(0, 120, "diamonds", 109),
    numeric(0, 110, "hearts", 95, melds={"A": ["cinquante"]}),
    numeric(0, 130, "spades", None, all_tricks=True),
    {"taker": "A", "taker_player": 2, "contract": "capot", "mode": "hearts", "all_tricks": True},
    numeric(1, 100, "spades", 70, coinche="coinche", coinched_by=0),
    numeric(3, 90, "hearts", 120, coinche="coinche", coinched_by=2),
    numeric(1, 80, "clubs", 50, coinche="coinche"),
    numeric(0, 100, "hearts", 110, coinche="surcoinche", coinched_by=3, surcoinched_by=0),
    numeric(2, 120, "diamonds", 60, coinche="surcoinche", coinched_by=1),
    numeric(1, 80, "hearts", 100, coinche="surcoinche", coinched_by=0, surcoinched_by=3),
]


@pytest.fixture
def game_1(db):
    game_id = service.create_game(db, {"players": PLAYERS, "end": {"deals": 30}}).game.id
    for body in GAME_1:
        service.record_hand(db, game_id, body)
    return game_id


def figures(db, name: str) -> bidding.Bidding:
    subject = stats.player(db, name)
    assert subject is not None and subject.bidding is not None
    return subject.bidding


def test_the_hands_are_scored_as_worked_on_paper(db, game_1):
    made = [deal.result.made for deal in service.get_sheet(db, game_1).deals]
    assert made == [True, True, False, False, False, True, True, True, False, True, False, True, False, True]


def test_anas_bidding_figures_as_worked_on_paper(db, game_1):
    ana = figures(db, "Ana")
    assert (ana.margin_count, ana.margin_sum, ana.margin) == (5, 90, 18.0)
    assert ana.near_misses == 2
    assert (ana.coinches, ana.coinches_fell, ana.coinches_unknown) == (2, 1, 1)
    assert (ana.surcoinches, ana.surcoinches_made, ana.surcoinches_unknown) == (1, 1, 1)
    assert ana.partner is None and ana.opponent is None  # one game together, unfinished


def test_brunos_and_the_others_figures_as_worked_on_paper(db, game_1):
    bruno = figures(db, "Bruno")
    assert (bruno.margin_count, bruno.margin, bruno.near_misses) == (1, 20.0, 0)
    assert (bruno.coinches, bruno.coinches_fell, bruno.coinches_unknown) == (2, 1, 0)
    assert (bruno.surcoinches, bruno.surcoinches_made, bruno.surcoinches_unknown) == (0, 0, 0)
    david = figures(db, "David")  # took 10 (+30 over 90); coinched 12 (made); surcoinched 14 (made)
    assert (david.margin_count, david.margin, david.coinches, david.coinches_fell) == (1, 30.0, 1, 0)
    assert (david.surcoinches, david.surcoinches_made) == (1, 1)
    chloe = figures(db, "Chloé")  # took 8 (a capot: no margin) and 13 (failed by 60); coinched 10 (made)
    assert (chloe.margin_count, chloe.margin, chloe.near_misses) == (0, None, 0)
    assert (chloe.coinches, chloe.coinches_fell, chloe.coinches_unknown, chloe.surcoinches_unknown) == (1, 0, 1, 1)


def test_a_deal_corrected_to_name_nobody_counts_as_unknown(db, game_1):
    """A deal stored without the names (every deal before issue 33) is "unknown": here deal 9's
    coinche, corrected to name no one."""
    service.edit_deal(db, game_1, 9, {**GAME_1[8], "coinched_by": None, "version": 1})
    ana = figures(db, "Ana")
    assert (ana.coinches, ana.coinches_fell, ana.coinches_unknown) == (1, 0, 2)


# --- partners and opponents ---------------------------------------------------------------------

CAPOT = {"contract": "capot", "mode": "hearts", "all_tricks": True}  # 500 to the takers


def play(db, players: list[str], winner: str | None) -> None:
    """A game to 1000 won by `winner` with two capots; None: one capot to B, left unfinished."""
    game_id = service.create_game(db, {"players": players, "target": 1000}).game.id
    for _ in range(2 if winner else 1):
        team = winner or "B"
        service.record_hand(db, game_id, {**CAPOT, "taker": team, "taker_player": "AB".index(team)})


@pytest.fixture
def rivals(db):
    """Ana's games: with Chloé against Bruno and David, 6 won 4; with Élise against Bruno and Gaby,
    5 won 4; with Franck against Hugo and David, 4 won 4; and one unfinished with Chloé.
    Partners: Chloé 4 of 6, Élise 4 of 5, Franck 4 of 4 (under 5 games): the best, Élise.
    Opponents: Bruno 8 of 11 (0.727), David 8 of 10 (0.8), Gaby 4 of 5 (0.8), Hugo (4 games): Bruno."""
    for players, won, lost in (
        (["Ana", "Bruno", "Chloé", "David"], 4, 2),
        (["Ana", "Bruno", "Élise", "Gaby"], 4, 1),
        (["Ana", "Hugo", "Franck", "David"], 4, 0),
    ):
        for winner in "A" * won + "B" * lost:
            play(db, players, winner)
    play(db, ["Ana", "Bruno", "Chloé", "David"], None)


def test_the_partner_ana_wins_most_with_and_the_opponent_she_wins_least_against(db, rivals):
    ana = figures(db, "Ana")
    assert ana.partner is not None and ana.opponent is not None
    assert (ana.partner.name, ana.partner.won, ana.partner.games) == ("Élise", 4, 5)
    assert (ana.opponent.name, ana.opponent.won, ana.opponent.games) == ("Bruno", 8, 11)


def test_under_five_games_together_no_partner_nor_opponent_is_named(db, rivals):
    hugo = figures(db, "Hugo")  # 4 games, all with David against Ana and Franck
    assert hugo.partner is None and hugo.opponent is None
    gaby = figures(db, "Gaby")  # 5 with Bruno, won 1; against Ana and Élise, won 1 of 5 each
    assert (gaby.partner.name, gaby.partner.won, gaby.partner.games) == ("Bruno", 1, 5)
    assert (gaby.opponent.name, gaby.opponent.games) == ("Ana", 5)  # a tie with Élise: the first key


# --- the API: who coinched, refused in French ----------------------------------------------------


@pytest.fixture
def game_id(client):
    return client.post(GAMES, json={"players": PLAYERS}).get_json()["id"]


COINCHED_A = numeric(0, 100, "clubs", 101, coinche="coinche")
SURCOINCHED_A = numeric(0, 100, "clubs", 101, coinche="surcoinche")


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({**COINCHED_A, "coinched_by": 2}, "coinched_by", "de la défense"),  # Chloé took with Ana
        ({**COINCHED_A, "coinched_by": 0}, "coinched_by", "de la défense"),
        ({**SURCOINCHED_A, "surcoinched_by": 1}, "surcoinched_by", "l'équipe qui a pris"),
        ({**COINCHED_A, "coinched_by": 4}, "coinched_by", "de 0 à 3"),
        ({**COINCHED_A, "coinched_by": -1}, "coinched_by", "de 0 à 3"),
        ({**COINCHED_A, "coinched_by": "1"}, "coinched_by", "de 0 à 3"),
        ({**COINCHED_A, "coinched_by": True}, "coinched_by", "de 0 à 3"),
        ({**SURCOINCHED_A, "surcoinched_by": 2.0}, "surcoinched_by", "de 0 à 3"),
        (numeric(0, 100, "clubs", 101, coinched_by=1), "coinched_by", "donne coinchée"),
        ({**COINCHED_A, "surcoinched_by": 2}, "surcoinched_by", "donne surcoinchée"),
        (numeric(0, 100, "clubs", 101, coinche="none", surcoinched_by=0), "surcoinched_by", "surcoinchée"),
    ],
)
def test_who_coinched_is_refused_when_it_cannot_be(client, game_id, body, field, words):
    response = client.post(f"{GAMES}/{game_id}/hands", json=body)
    assert response.status_code == 422, response.get_data(as_text=True)
    message = response.get_json()["error"]
    assert f"« {field} »" in message and words in message, message
    assert client.get(f"{GAMES}/{game_id}").get_json()["hands"] == []  # nothing recorded


def test_who_coinched_is_stored_as_entered_and_optional(client, game_id):
    named = {**SURCOINCHED_A, "coinched_by": 3, "surcoinched_by": 2}
    assert client.post(f"{GAMES}/{game_id}/hands", json=named).status_code == 201
    assert client.post(f"{GAMES}/{game_id}/hands", json=COINCHED_A).status_code == 201
    assert client.post(f"{GAMES}/{game_id}/hands", json={**COINCHED_A, "coinched_by": None}).status_code == 201
    inputs = [hand["input"] for hand in client.get(f"{GAMES}/{game_id}").get_json()["hands"]]
    assert (inputs[0]["coinched_by"], inputs[0]["surcoinched_by"]) == (3, 2)
    assert "coinched_by" not in inputs[1] and "coinched_by" not in inputs[2]


# --- the API: the player's statistics -----------------------------------------------------------


def test_the_api_gives_anas_statistics(client, game_1):
    response = client.get("/api/v1/players/Ana")
    assert response.status_code == 200
    ana = response.get_json()
    assert ana["player"] == "Ana" and ana["games"] == 1 and ana["taken"] == 8 and ana["made"] == 5
    levels = {row["contract"]: (row["taken"], row["made"], row["rate"]) for row in ana["by_level"]}
    # 80: 1 made, 4 failed; 90: 3; 100: 2 and 12 made; 110: 6; 120: 5; 130: 7
    assert levels == {
        "80": (2, 1, 0.5),
        "90": (1, 0, 0.0),
        "100": (2, 2, 1.0),
        "110": (1, 1, 1.0),
        "120": (1, 0, 0.0),
        "130": (1, 1, 1.0),
    }
    assert ana["bidding"] == {
        "margin": 18.0,
        "margin_count": 5,
        "near_misses": 2,
        "coinches": {"said": 2, "fell": 1, "unknown": 1},
        "surcoinches": {"said": 1, "made": 1, "unknown": 1},
        "best_partner": None,
        "toughest_opponent": None,
    }


def test_the_api_names_the_partner_and_the_opponent(client, rivals):
    bidding = client.get("/api/v1/players/ana").get_json()["bidding"]  # names match as the archive's do
    assert bidding["best_partner"] == {"player": "Élise", "games": 5, "won": 4}
    assert bidding["toughest_opponent"] == {"player": "Bruno", "games": 11, "won": 8}


def test_the_api_answers_404_in_french_for_a_player_never_seen(client, game_1):
    response = client.get("/api/v1/players/Zoé")
    assert response.status_code == 404 and response.get_json() == {"error": "Joueur introuvable dans les archives."}


def test_the_players_page_shows_the_bidding_figures(client, game_1):
    page = client.get("/statistiques/joueurs/Ana").get_data(as_text=True)
    assert "Enchères" in page and "+18,0" in page and "Chutes de peu" in page
    assert "Sans nom noté (hors des chiffres ci-dessus) : 1 coinche en défense et 1 surcoinche à la prise." in page


def test_api_md_shows_anas_answer_as_the_api_gives_it(client, game_1):
    """docs/api.md, « A player's statistics »: its example is this game's answer for Ana."""
    text = (Path(__file__).parents[1] / "docs" / "api.md").read_text(encoding="utf-8")
    section = text.split("## A player's statistics", 1)[1]
    example = json.loads(section.split("```json", 1)[1].split("```", 1)[0])
    assert client.get("/api/v1/players/Ana").get_json() == example


# --- the archive's file ---------------------------------------------------------------------------


def test_export_then_import_keeps_who_coinched_and_the_figures(db, other, game_1):
    text = export.export_json(db)
    inputs = json.loads(text)["games"][0]["deals"]
    assert (inputs[11]["input"]["coinched_by"], inputs[11]["input"]["surcoinched_by"]) == (3, 0)
    assert "coinched_by" not in inputs[10]["input"]  # deal 11: no one named
    report = import_data(other, text)
    assert len(report.games_added) == 1
    assert export.export_json(other) == text
    assert figures(other, "Ana") == figures(db, "Ana")
    assert (figures(other, "Ana").coinches, figures(other, "Ana").coinches_unknown) == (2, 1)


def test_a_file_without_the_names_imports_and_counts_them_unknown(db, other, game_1):
    """A file written before issue 33 (no `coinched_by`, no `surcoinched_by`) still imports."""
    data = json.loads(export.export_json(db))
    for deal in data["games"][0]["deals"]:
        deal["input"].pop("coinched_by", None)
        deal["input"].pop("surcoinched_by", None)
    assert len(import_data(other, data).games_added) == 1
    ana = figures(other, "Ana")
    # Every coinche Ana's team defended (9, 10, 11, 14) is unknown now, and both surcoinches of A (12, 13).
    assert (ana.coinches, ana.coinches_unknown, ana.surcoinches, ana.surcoinches_unknown) == (0, 4, 0, 2)


def test_a_file_naming_a_coincher_of_the_wrong_team_is_refused_in_french(db, other, game_1):
    data = json.loads(export.export_json(db))
    data["games"][0]["deals"][1]["input"]["coinched_by"] = 2  # Chloé, Ana's partner: not a defender
    with pytest.raises(import_checks.ImportRefused) as refused:
        import_data(other, data)
    assert "donne 2 : « coinched_by » doit être un joueur de la défense" in refused.value.message
    assert other["games"].count == 0
