"""The games API (docs/api.md, "Games") end to end: creating games, playing them to 1000 and to 2000,
redeals, edits, deletes, undo, idempotent retries, stale versions, ETags, and every refusal.

Every expected score is a published figure of docs/scoring.md's worked examples (quoted beside the
hand's body) and every running total, dealer and winner was worked on paper from them: the
figures are written out, never computed by the code under test.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing

import pytest
from werkzeug.serving import make_server

GAMES = "/api/v1/games"

# docs/scoring.md's worked examples, by number: the hand as the API takes it. Team A takes unless the
# body says otherwise; the comment is the published A / B score.
EX = {
    1: {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92},  # 170 / 70
    3: {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 84},  # 160 / 80
    4: {"taker": "A", "contract": 90, "mode": "spades", "taker_points": 81},  # 0 / 250
    5: {"taker": "A", "contract": 80, "mode": "spades", "taker_points": 81},  # 0 / 240
    7: {"taker": "A", "contract": 80, "mode": "spades", "taker_points": 72, "belote": {"A": 1, "B": 0}},  # 170 / 90
    8: {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101},  # 300 / 60
    9: {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 90},  # 0 / 360
    10: {
        "taker": "A",
        "contract": 120,
        "mode": "diamonds",
        "coinche": "surcoinche",
        "taker_points": 60,
        "belote": {"A": 0, "B": 1},
    },  # 0 / 660
    11: {
        "taker": "A",
        "contract": 100,
        "mode": "hearts",
        "taker_points": 70,
        "melds": {"A": ["tierce"], "B": []},
    },  # 0 / 280
    12: {
        "taker": "A",
        "contract": 110,
        "mode": "hearts",
        "taker_points": 95,
        "melds": {"A": ["cinquante"], "B": ["tierce"]},
    },  # 260 / 70
    13: {
        "taker": "A",
        "contract": 100,
        "mode": "no_trump",
        "taker_points": 90,
        "melds": {"A": ["carre_A"], "B": []},
    },  # 390 / 70
    14: {
        "taker": "A",
        "contract": 100,
        "mode": "all_trump",
        "taker_points": 110,
        "belote": {"A": 2, "B": 1},
    },  # 250 / 70
    15: {"taker": "A", "contract": 130, "mode": "spades", "all_tricks": True},  # 380 / 0
    16: {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True},  # 500 / 0
    17: {
        "taker": "A",
        "contract": "capot",
        "mode": "hearts",
        "coinche": "coinche",
        "belote": {"A": 1, "B": 0},
    },  # 20 / 660
    18: {
        "taker": "A",
        "contract": "generale",
        "mode": "spades",
        "all_tricks": True,
        "belote": {"A": 1, "B": 0},
    },  # 820 / 0
    20: {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 71},  # 240 / 0
    21: {
        "taker": "B",
        "contract": 100,
        "mode": "spades",
        "taker_points": 100,
        "melds": {"A": ["cent"], "B": ["carre_K"]},
    },  # 60 / 300
    22: {
        "taker": "A",
        "contract": 90,
        "mode": "clubs",
        "taker_points": 95,
        "melds": {"A": ["tierce"], "B": ["tierce", "tierce"]},
        "best_meld": "B",
    },  # 0 / 290
    23: {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 85},  # complement: 170 / 70
    24: {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 85},  # none: 165 / 77
}


def ex(number: int, taker_player: int | None = None) -> dict:
    body = dict(EX[number])
    if taker_player is not None:
        body["taker_player"] = taker_player
    return body


ALL_PASS = {"reason": "all_pass"}


# --- helpers ---------------------------------------------------------------------------------


def create(client, **body) -> dict:
    response = client.post(GAMES, json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def sheet_of(client, game_id: str) -> dict:
    response = client.get(f"{GAMES}/{game_id}")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def post_hand(client, game_id: str, body, key: str | None = None):
    headers = {"Idempotency-Key": key} if key is not None else {}
    return client.post(f"{GAMES}/{game_id}/hands", json=body, headers=headers)


def post_redeal(client, game_id: str, body, key: str | None = None):
    headers = {"Idempotency-Key": key} if key is not None else {}
    return client.post(f"{GAMES}/{game_id}/redeals", json=body, headers=headers)


def recorded(response) -> dict:
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def assert_error(response, status: int, *fragments: str) -> str:
    """A JSON `{"error": "<French sentence>"}` with `status`, containing each fragment."""
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True))
    assert response.is_json, response.get_data(as_text=True)
    message = response.get_json()["error"]
    assert isinstance(message, str) and message.strip()
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    return message


def rows(app, table: str, game_id: str | None = None) -> int:
    with closing(sqlite3.connect(app.config["DATABASE"])) as connection:
        if game_id is None:
            return connection.execute(f"select count(*) from {table}").fetchone()[0]
        return connection.execute(f"select count(*) from {table} where game_id = ?", [game_id]).fetchone()[0]


def deal_rows(app, game_id: str) -> int:
    """Deals stored for the game, deleted ones included: a refused write adds none."""
    return rows(app, "deals", game_id)


def deal_summary(sheet: dict) -> list[tuple]:
    return [
        (
            hand["number"],
            hand["kind"],
            hand["dealer"],
            hand["scores"]["A"],
            hand["scores"]["B"],
            hand["totals"]["A"],
            hand["totals"]["B"],
        )
        for hand in sheet["hands"]
    ]


# --- creating a game -------------------------------------------------------------------------


def test_create_with_all_defaults(client, app):
    response = client.post(GAMES, json={})
    assert response.status_code == 201
    sheet = response.get_json()
    game_id = sheet["id"]
    assert response.headers["Location"].endswith(f"/api/v1/games/{game_id}")
    assert sheet["teams"] == {"A": "Nous", "B": "Eux"}
    assert sheet["players"] == ["Joueur 1", "Joueur 2", "Joueur 3", "Joueur 4"]
    assert sheet["dealer"] == 0
    assert sheet["target"] == 2000
    assert sheet["rules"] == {"rounding": "nearest", "misere": False, "carre_de_sept": False}
    assert sheet["finished"] is False
    assert sheet["winner"] is None
    assert sheet["totals"] == {"A": 0, "B": 0}
    assert sheet["hands"] == []
    assert client.get(response.headers["Location"]).get_json() == sheet
    assert rows(app, "games") == 1


def test_create_with_every_field(client):
    body = {
        "teams": {"A": "Les Bleus", "B": "Les Rouges"},
        "players": ["Ana", "Bruno", "Chloé", "David"],
        "dealer": 2,
        "target": 1000,
        "rules": {"rounding": "complement", "misere": True, "carre_de_sept": True},
    }
    response = client.post(GAMES, json=body)
    assert response.status_code == 201
    sheet = response.get_json()
    assert sheet["teams"] == body["teams"]
    assert sheet["players"] == body["players"]
    assert sheet["dealer"] == 2
    assert sheet["target"] == 1000
    assert sheet["rules"] == body["rules"]
    assert sheet["finished"] is False and sheet["winner"] is None
    assert sheet["totals"] == {"A": 0, "B": 0} and sheet["hands"] == []
    assert sheet_of(client, sheet["id"]) == sheet


def test_create_names_are_tidied_and_blank_ones_get_the_default(client):
    sheet = create(client, teams={"A": "  Les   Bleus ", "B": "   "}, players=["Ana", None, "", "x" * 40])
    assert sheet["teams"] == {"A": "Les Bleus", "B": "Eux"}
    assert sheet["players"] == ["Ana", "Joueur 2", "Joueur 3", "x" * 40]


def test_game_ids_are_short_random_strings(client):
    ids = [create(client)["id"] for _ in range(5)]
    assert len(set(ids)) == 5
    for game_id in ids:
        assert re.fullmatch(r"[a-z0-9]{6,12}", game_id), game_id
        assert not game_id.isdigit()


INVALID_GAMES = [
    ("unknown-key", {"joueurs": ["a", "b", "c", "d"]}, "joueurs"),
    ("target-1500", {"target": 1500}, "target"),
    ("target-string", {"target": "1000"}, "target"),
    ("target-float", {"target": 1000.0}, "target"),
    ("target-true", {"target": True}, "target"),
    ("target-null", {"target": None}, "target"),
    ("dealer-4", {"dealer": 4}, "dealer"),
    ("dealer-minus-1", {"dealer": -1}, "dealer"),
    ("dealer-string", {"dealer": "0"}, "dealer"),
    ("dealer-true", {"dealer": True}, "dealer"),
    ("dealer-float", {"dealer": 1.0}, "dealer"),
    ("players-3", {"players": ["Ana", "Bruno", "Chloé"]}, "players"),
    ("players-5", {"players": ["Ana", "Bruno", "Chloé", "David", "Eve"]}, "players"),
    ("players-string", {"players": "Ana, Bruno, Chloé, David"}, "players"),
    ("player-41-chars", {"players": ["Ana", "x" * 41, "Chloé", "David"]}, "players.1"),
    ("player-number", {"players": ["Ana", 2, "Chloé", "David"]}, "players.1"),
    ("team-41-chars", {"teams": {"A": "x" * 41}}, "teams.A"),
    ("team-number", {"teams": {"B": 7}}, "teams.B"),
    ("team-C", {"teams": {"C": "Eux"}}, "teams"),
    ("teams-list", {"teams": ["Nous", "Eux"]}, "teams"),
    ("rounding-up", {"rules": {"rounding": "up"}}, "rules.rounding"),
    ("rounding-list", {"rules": {"rounding": ["nearest"]}}, "rules.rounding"),
    ("rounding-object", {"rules": {"rounding": {}}}, "rules.rounding"),
    ("misere-yes", {"rules": {"misere": "yes"}}, "rules.misere"),
    ("carre-de-sept-1", {"rules": {"carre_de_sept": 1}}, "rules.carre_de_sept"),
    ("rules-unknown-key", {"rules": {"target": 1000}}, "rules"),
    ("rules-string", {"rules": "nearest"}, "rules"),
    ("body-list", [], "objet JSON"),
    ("body-null", None, "objet JSON"),
    ("body-string", "partie", "objet JSON"),
]


@pytest.mark.parametrize(
    ("body", "fragment"), [row[1:] for row in INVALID_GAMES], ids=[row[0] for row in INVALID_GAMES]
)
def test_create_refuses_bad_bodies(client, app, body, fragment):
    response = client.post(GAMES, data=json.dumps(body), content_type="application/json")
    assert_error(response, 422, fragment)
    assert rows(app, "games") == 0


@pytest.mark.parametrize(
    ("data", "content_type"),
    [("{}", "text/plain"), ("target=1000", "application/x-www-form-urlencoded"), ("{}", None)],
    ids=["text-plain", "form", "no-content-type"],
)
def test_create_refuses_a_body_that_is_not_json(client, app, data, content_type):
    response = client.post(GAMES, data=data, content_type=content_type)
    assert_error(response, 415, "JSON")
    assert rows(app, "games") == 0


@pytest.mark.parametrize(
    "data", ['{"target": 1000', "", "{'target': 1000}", "[" * 100_000], ids=["unclosed", "empty", "quotes", "deep"]
)
def test_create_refuses_malformed_json(client, app, data):
    response = client.post(GAMES, data=data, content_type="application/json")
    assert_error(response, 422, "JSON")
    assert rows(app, "games") == 0


def test_create_refuses_a_huge_body(client, app):
    response = client.post(GAMES, data=json.dumps({"teams": {"A": "x" * 300_000}}), content_type="application/json")
    assert_error(response, 413)
    assert rows(app, "games") == 0


# --- a game to 1000 ----------------------------------------------------------------------------

# Played hand by hand; dealer 0 deals first and every deal, a redeal too, passes the deal on.
# (path, body, dealer of the deal, scores A/B of the deal, totals A/B after it, next dealer)
GAME_TO_1000 = [
    ("hands", ex(8, 0), 0, (300, 60), (300, 60), 1),  # example 8: 100 ♣ coinche, P=101
    ("redeals", ALL_PASS, 1, (0, 0), (300, 60), 2),  # all four pass
    ("hands", ex(20, 3), 2, (240, 0), (540, 60), 3),  # example 20: B takes 80 ♥, falls
    ("hands", ex(21, 1), 3, (60, 300), (600, 360), 0),  # example 21: B's carré de rois beats A's cent
    ("hands", ex(13, 2), 0, (390, 70), (990, 430), 1),  # example 13: carré d'As in SA; 990 < 1000
    ("hands", ex(4), 1, (0, 250), (990, 680), 2),  # example 4, no taker_player given
    ("hands", ex(1, 0), 2, (170, 70), (1160, 750), 3),  # example 1: A reaches 1000 first, and wins
]


def play(client, game_id: str, steps) -> dict:
    """Record each step, checking the deal's dealer and scores, the totals and the next dealer."""
    sheet = None
    start = len(sheet_of(client, game_id)["hands"])
    for offset, (path, body, dealer, scores, totals, next_dealer) in enumerate(steps, start=1):
        sheet = recorded(client.post(f"{GAMES}/{game_id}/{path}", json=body))
        deal = sheet["hands"][-1]
        assert len(sheet["hands"]) == start + offset
        assert deal["number"] == start + offset
        assert deal["kind"] == ("hand" if path == "hands" else "redeal")
        assert deal["dealer"] == dealer, (offset, deal)
        assert deal["version"] == 1
        assert deal["scores"] == {"A": scores[0], "B": scores[1]}, (offset, body)
        assert deal["totals"] == {"A": totals[0], "B": totals[1]}, (offset, body)
        assert sheet["totals"] == {"A": totals[0], "B": totals[1]}
        assert sheet["dealer"] == next_dealer
        if offset < len(steps):
            assert sheet["finished"] is False and sheet["winner"] is None, offset
    return sheet


def game_to_1000(client) -> tuple[str, dict]:
    game_id = create(client, target=1000, teams={"A": "Nous", "B": "Eux"})["id"]
    return game_id, play(client, game_id, GAME_TO_1000)


def test_game_to_1000_totals_dealers_and_winner(client):
    game_id, sheet = game_to_1000(client)
    assert sheet["finished"] is True
    assert sheet["winner"] == "A"
    assert sheet["totals"] == {"A": 1160, "B": 750}
    assert sheet["dealer"] == 3
    assert [hand["dealer"] for hand in sheet["hands"]] == [0, 1, 2, 3, 0, 1, 2]
    assert [hand.get("made") for hand in sheet["hands"]] == [True, None, False, True, True, False, True]
    # The stored input is what the table entered (defaults left out), taker_player included.
    assert sheet["hands"][0]["input"] == ex(8, 0)
    assert sheet["hands"][5]["input"] == ex(4)
    assert sheet["hands"][1]["reason"] == "all_pass" and sheet["hands"][1]["player"] is None
    assert sheet_of(client, game_id) == sheet


def test_finished_game_refuses_deals_until_reopened_by_delete(client, app):
    game_id, finished = game_to_1000(client)
    assert_error(post_hand(client, game_id, ex(1, 2)), 409, "finie", "Nous")
    assert_error(post_redeal(client, game_id, ALL_PASS), 409, "finie")
    assert_error(post_hand(client, game_id, ex(1, 2), key="apres-la-fin"), 409, "finie")
    assert deal_rows(app, game_id) == 7
    assert sheet_of(client, game_id) == finished

    response = client.delete(f"{GAMES}/{game_id}/hands/7")
    assert response.status_code == 200
    sheet = response.get_json()
    assert sheet["finished"] is False and sheet["winner"] is None
    assert sheet["totals"] == {"A": 990, "B": 680}
    assert sheet["dealer"] == 2  # six deals from dealer 0
    # Recording works again, and the retried key was not burnt by the refusal: 990+170 / 680+70.
    sheet = recorded(post_hand(client, game_id, ex(1, 2), key="apres-la-fin"))
    assert sheet["hands"][-1]["dealer"] == 2
    assert sheet["totals"] == {"A": 1160, "B": 750}
    assert sheet["finished"] is True and sheet["winner"] == "A"


def test_finished_game_reopened_by_an_edit_then_won_by_the_other_team(client):
    game_id, _ = game_to_1000(client)
    # Deal 7 was example 1 (170/70); entered again as example 5 (0/240): 990 / 680+240 = 920.
    response = client.put(f"{GAMES}/{game_id}/hands/7", json={**ex(5), "version": 1})
    assert response.status_code == 200, response.get_json()
    sheet = response.get_json()
    assert sheet["hands"][6]["version"] == 2
    assert sheet["hands"][6]["scores"] == {"A": 0, "B": 240}
    assert sheet["totals"] == {"A": 990, "B": 920}
    assert sheet["finished"] is False and sheet["winner"] is None
    assert sheet["dealer"] == 3
    # Deal 8, dealer 3: example 12 (260/70) gives 1250 / 990, A wins.
    sheet = recorded(post_hand(client, game_id, ex(12, 2)))
    assert sheet["hands"][7]["dealer"] == 3
    assert sheet["totals"] == {"A": 1250, "B": 990}
    assert sheet["finished"] is True and sheet["winner"] == "A"
    assert sheet["dealer"] == 0
    # Delete it: back to 990 / 920 and open; then example 9 (0/360) gives 990 / 1280, B wins.
    sheet = client.delete(f"{GAMES}/{game_id}/hands/8").get_json()
    assert sheet["totals"] == {"A": 990, "B": 920} and sheet["finished"] is False
    sheet = recorded(post_hand(client, game_id, ex(9, 0)))
    assert sheet["totals"] == {"A": 990, "B": 1280}
    assert sheet["finished"] is True and sheet["winner"] == "B"
    assert sheet["teams"]["B"] == "Eux"
    assert_error(post_redeal(client, game_id, ALL_PASS), 409, "Eux")


def test_equal_totals_past_the_target_play_on(client):
    game_id = create(client, target=1000, dealer=1)["id"]
    # A générale needs the player who played it.
    assert_error(post_hand(client, game_id, ex(18)), 422, "taker_player")
    sheet = play(
        client,
        game_id,
        [
            ("hands", ex(18, 2), 1, (820, 0), (820, 0), 2),  # example 18: générale made, belote A
            ("hands", ex(1, 0), 2, (170, 70), (990, 70), 3),  # example 1
            ("hands", ex(11, 0), 3, (0, 280), (990, 350), 0),  # example 11: A's tierce goes to B
            ("hands", ex(17, 2), 0, (20, 660), (1010, 1010), 1),  # example 17: both past 1000, equal
        ],
    )
    assert sheet["totals"] == {"A": 1010, "B": 1010}
    assert sheet["finished"] is False and sheet["winner"] is None
    assert sheet["hands"][0]["input"]["taker_player"] == 2
    # Another hand is played: example 20 (240/0) gives 1250 / 1010, A wins.
    sheet = play(client, game_id, [("hands", ex(20, 1), 1, (240, 0), (1250, 1010), 2)])
    assert sheet["finished"] is True and sheet["winner"] == "A"


# --- a game to 2000 ----------------------------------------------------------------------------

GAME_TO_2000 = [
    ("hands", ex(16, 0), 3, (500, 0), (500, 0), 0),  # example 16: capot announced and made
    ("hands", ex(14, 2), 0, (250, 70), (750, 70), 1),  # example 14: tout atout, belotes A×2, B×1
    ("hands", ex(10, 0), 1, (0, 660), (750, 730), 2),  # example 10: surcoinche falls
    ("redeals", {"reason": "misere", "player": 1}, 2, (0, 0), (750, 730), 3),
    ("hands", ex(15, 2), 3, (380, 0), (1130, 730), 0),  # example 15: all tricks, capot not announced
    ("hands", ex(22, 0), 0, (0, 290), (1130, 1020), 1),  # example 22: the table says B's tierce is best
    ("redeals", {"reason": "carre_de_sept", "player": 2}, 1, (0, 0), (1130, 1020), 2),
    ("hands", ex(18, 0), 2, (820, 0), (1950, 1020), 3),  # example 18: générale; 1950 < 2000 plays on
    ("hands", ex(7, 2), 3, (170, 90), (2120, 1110), 0),  # example 7: A passes 2000
]


def test_game_to_2000_with_redeals_of_both_salon_options(client):
    game_id = create(
        client,
        teams={"A": "Ana et Chloé", "B": "Bruno et David"},
        players=["Ana", "Bruno", "Chloé", "David"],
        dealer=3,
        rules={"misere": True, "carre_de_sept": True},
    )["id"]
    sheet = play(client, game_id, GAME_TO_2000)
    assert sheet["target"] == 2000
    assert sheet["finished"] is True
    assert sheet["winner"] == "A"
    assert sheet["totals"] == {"A": 2120, "B": 1110}
    assert sheet["totals"]["A"] - sheet["totals"]["B"] == 1010  # the margin, 2120 - 1110
    assert [hand["dealer"] for hand in sheet["hands"]] == [3, 0, 1, 2, 3, 0, 1, 2, 3]
    misere, carre = sheet["hands"][3], sheet["hands"][6]
    assert (misere["kind"], misere["reason"], misere["player"]) == ("redeal", "misere", 1)
    assert (carre["kind"], carre["reason"], carre["player"]) == ("redeal", "carre_de_sept", 2)
    assert_error(post_hand(client, game_id, ex(1, 0)), 409, "Ana et Chloé")
    assert sheet_of(client, game_id) == sheet


@pytest.mark.parametrize(
    ("rounding", "body", "scores"),
    [("complement", EX[23], (170, 70)), ("none", EX[24], (165, 77)), ("nearest", EX[23], (170, 80))],
    ids=["example-23-complement", "example-24-none", "example-2-nearest"],
)
def test_the_games_rounding_applies(client, rounding, body, scores):
    game_id = create(client, rules={"rounding": rounding})["id"]
    sheet = recorded(post_hand(client, game_id, body))
    assert sheet["hands"][0]["scores"] == {"A": scores[0], "B": scores[1]}
    assert sheet["totals"] == {"A": scores[0], "B": scores[1]}


def test_a_hand_cannot_bring_its_own_rules(client, app):
    game_id = create(client, rules={"rounding": "none"})["id"]
    assert_error(post_hand(client, game_id, {**EX[24], "rules": {"rounding": "nearest"}}), 422, "rules")
    assert deal_rows(app, game_id) == 0


# --- redeals -----------------------------------------------------------------------------------


@pytest.mark.parametrize("body", [ALL_PASS, {"reason": "all_pass", "player": None}], ids=["absent", "null"])
def test_all_pass_redeal_scores_nothing_and_passes_the_deal(client, body):
    game_id = create(client, dealer=3)["id"]
    sheet = recorded(post_redeal(client, game_id, body))
    assert sheet["hands"] == [
        {
            "number": 1,
            "kind": "redeal",
            "dealer": 3,
            "version": 1,
            "reason": "all_pass",
            "player": None,
            "scores": {"A": 0, "B": 0},
            "totals": {"A": 0, "B": 0},
        }
    ]
    assert sheet["dealer"] == 0
    assert sheet["finished"] is False


@pytest.mark.parametrize("reason", ["misere", "carre_de_sept"])
@pytest.mark.parametrize("player", [0, 1, 2, 3])
def test_salon_redeal_records_who_asked(client, reason, player):
    game_id = create(client, rules={reason: True})["id"]
    recorded(post_hand(client, game_id, ex(1, 0)))  # 170 / 70, dealer 0
    sheet = recorded(post_redeal(client, game_id, {"reason": reason, "player": player}))
    deal = sheet["hands"][1]
    assert (deal["reason"], deal["player"], deal["dealer"]) == (reason, player, 1)
    assert deal["scores"] == {"A": 0, "B": 0}
    assert deal["totals"] == {"A": 170, "B": 70}
    assert sheet["dealer"] == 2


INVALID_REDEALS = [
    # (id, rules of the game, body, fragment)
    ("misere-off", {}, {"reason": "misere", "player": 1}, "Misère"),
    ("carre-off", {"misere": True}, {"reason": "carre_de_sept", "player": 1}, "Carré de 7"),
    ("misere-no-player", {"misere": True}, {"reason": "misere"}, "player"),
    ("misere-null-player", {"misere": True}, {"reason": "misere", "player": None}, "player"),
    ("carre-no-player", {"carre_de_sept": True}, {"reason": "carre_de_sept"}, "player"),
    ("player-4", {"misere": True}, {"reason": "misere", "player": 4}, "player"),
    ("player-minus-1", {"misere": True}, {"reason": "misere", "player": -1}, "player"),
    ("player-string", {"misere": True}, {"reason": "misere", "player": "1"}, "player"),
    ("player-true", {"misere": True}, {"reason": "misere", "player": True}, "player"),
    ("player-list", {"misere": True}, {"reason": "misere", "player": [1]}, "player"),
    ("all-pass-with-player", {}, {"reason": "all_pass", "player": 1}, "player"),
    ("no-reason", {}, {}, "reason"),
    ("reason-unknown", {}, {"reason": "pass"}, "reason"),
    ("reason-list", {}, {"reason": ["all_pass"]}, "reason"),
    ("reason-object", {}, {"reason": {}}, "reason"),
    ("unknown-key", {}, {"reason": "all_pass", "joueur": 1}, "joueur"),
    ("version-key", {}, {"reason": "all_pass", "version": 1}, "version"),
    ("body-list", {}, ["all_pass"], "objet JSON"),
    ("body-null", {}, None, "objet JSON"),
]


@pytest.mark.parametrize(
    ("rules", "body", "fragment"), [row[1:] for row in INVALID_REDEALS], ids=[row[0] for row in INVALID_REDEALS]
)
def test_redeal_refusals(client, app, rules, body, fragment):
    game_id = create(client, rules=rules)["id"]
    response = client.post(f"{GAMES}/{game_id}/redeals", data=json.dumps(body), content_type="application/json")
    assert_error(response, 422, fragment)
    assert deal_rows(app, game_id) == 0


# --- taker_player ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "taker_player"),
    [(ex(1), None), (ex(1, 0), 0), (ex(1, 2), 2), (ex(20, 1), 1), (ex(20, 3), 3), (ex(16), None)],
    ids=["A-none", "A-0", "A-2", "B-1", "B-3", "capot-none"],
)
def test_taker_player_is_optional_for_other_contracts(client, body, taker_player):
    game_id = create(client)["id"]
    deal = recorded(post_hand(client, game_id, body))["hands"][0]
    assert deal["input"].get("taker_player") == taker_player


INVALID_TAKER_PLAYERS = [
    ("A-player-1", ex(1, 1)),
    ("A-player-3", ex(1, 3)),
    ("B-player-0", ex(20, 0)),
    ("B-player-2", ex(20, 2)),
    ("player-4", ex(1, 4)),
    ("player-minus-2", ex(1, -2)),
    ("player-string", {**ex(1), "taker_player": "0"}),
    ("player-true", {**ex(1), "taker_player": True}),
    ("player-float", {**ex(1), "taker_player": 0.0}),
    ("generale-missing", ex(18)),
    ("generale-null", {**ex(18), "taker_player": None}),
    ("generale-wrong-team", ex(18, 1)),
]


@pytest.mark.parametrize(
    "body", [row[1] for row in INVALID_TAKER_PLAYERS], ids=[row[0] for row in INVALID_TAKER_PLAYERS]
)
def test_taker_player_refusals(client, app, body):
    game_id = create(client)["id"]
    assert_error(post_hand(client, game_id, body), 422, "taker_player")
    assert deal_rows(app, game_id) == 0


# --- invalid hands -----------------------------------------------------------------------------

INVALID_HANDS = [
    ("contract-85", {**EX[1], "contract": 85}, "contract"),
    ("contract-string", {**EX[1], "contract": "80"}, "contract"),
    ("contract-list", {**EX[1], "contract": [80]}, "contract"),
    ("taker-C", {**EX[1], "taker": "C"}, "taker"),
    ("taker-list", {**EX[1], "taker": ["A"]}, "taker"),
    ("mode-object", {**EX[1], "mode": {}}, "mode"),
    ("missing-mode", {"taker": "A", "contract": 80, "taker_points": 92}, "mode"),
    ("points-163", {**EX[1], "taker_points": 163}, "taker_points"),
    ("points-float", {**EX[1], "taker_points": 92.5}, "taker_points"),
    ("meld-tie-without-best-meld", {**EX[1], "melds": {"A": ["tierce"], "B": ["tierce"]}}, "best_meld"),
    ("belote-in-no-trump", {**EX[13], "belote": {"A": 1}}, "belote"),
    ("two-belotes-in-a-suit", {**EX[1], "belote": {"A": 1, "B": 1}}, "belote"),
    ("meld-unknown", {**EX[1], "melds": {"A": ["carre_8"]}}, "melds"),
    ("rules-key", {**EX[1], "rules": {"rounding": "none"}}, "rules"),
    ("version-key", {**EX[1], "version": 1}, "version"),
    ("unknown-key", {**EX[1], "joueur": 0}, "joueur"),
    ("body-list", [EX[1]], "objet JSON"),
    ("body-null", None, "objet JSON"),
    ("body-number", 170, "objet JSON"),
]


@pytest.mark.parametrize("body,fragment", [row[1:] for row in INVALID_HANDS], ids=[row[0] for row in INVALID_HANDS])
def test_invalid_hands_are_refused_and_nothing_is_stored(client, app, body, fragment):
    game_id = create(client)["id"]
    before = client.get(f"{GAMES}/{game_id}")
    response = client.post(f"{GAMES}/{game_id}/hands", data=json.dumps(body), content_type="application/json")
    assert_error(response, 422, fragment)
    assert deal_rows(app, game_id) == 0
    assert rows(app, "actions", game_id) == 0
    after = client.get(f"{GAMES}/{game_id}")
    assert after.get_json() == before.get_json() and after.headers["ETag"] == before.headers["ETag"]


# --- idempotency -------------------------------------------------------------------------------


def test_a_retried_hand_is_recorded_once_and_answered_the_same(client, app):
    game_id = create(client)["id"]
    first = post_hand(client, game_id, ex(1, 0), key="tap-1")
    second = post_hand(client, game_id, ex(1, 0), key="tap-1")
    assert first.status_code == second.status_code == 201
    assert second.get_json() == first.get_json()
    assert deal_rows(app, game_id) == 1
    assert sheet_of(client, game_id)["totals"] == {"A": 170, "B": 70}
    # Another key is another hand: 170+170 / 70+70.
    third = recorded(post_hand(client, game_id, ex(1, 0), key="tap-2"))
    assert len(third["hands"]) == 2 and third["totals"] == {"A": 340, "B": 140}
    # The first key still records nothing, even now; its answer is the game as it stands (both
    # hands), not the sheet of the first answer, which is no longer the game's.
    again = post_hand(client, game_id, ex(1, 0), key="tap-1")
    assert again.status_code == 201 and again.get_json() == third == sheet_of(client, game_id)
    assert deal_rows(app, game_id) == 2


def test_a_retried_redeal_is_recorded_once(client, app):
    game_id = create(client, rules={"misere": True})["id"]
    body = {"reason": "misere", "player": 3}
    first = recorded(post_redeal(client, game_id, body, key="redonne-1"))
    assert recorded(post_redeal(client, game_id, body, key="redonne-1")) == first
    assert deal_rows(app, game_id) == 1
    assert sheet_of(client, game_id)["dealer"] == 1
    recorded(post_redeal(client, game_id, body, key="redonne-2"))
    assert deal_rows(app, game_id) == 2
    assert sheet_of(client, game_id)["dealer"] == 2


def test_no_key_means_no_deduplication(client, app):
    game_id = create(client)["id"]
    recorded(post_hand(client, game_id, ex(1, 0)))
    recorded(post_hand(client, game_id, ex(1, 0)))
    assert deal_rows(app, game_id) == 2


def test_idempotency_keys_are_per_game(client, app):
    first_game = create(client)["id"]
    second_game = create(client)["id"]
    one = recorded(post_hand(client, first_game, ex(1, 0), key="same-key"))
    two = recorded(post_hand(client, second_game, ex(20, 1), key="same-key"))
    assert one["id"] == first_game and two["id"] == second_game
    assert two["totals"] == {"A": 240, "B": 0}
    assert deal_rows(app, first_game) == deal_rows(app, second_game) == 1


def test_a_refused_request_does_not_use_up_its_key(client, app):
    game_id = create(client)["id"]
    assert_error(post_hand(client, game_id, {**EX[1], "contract": 85}, key="form-1"), 422, "contract")
    sheet = recorded(post_hand(client, game_id, ex(1, 0), key="form-1"))
    assert sheet["totals"] == {"A": 170, "B": 70}
    assert deal_rows(app, game_id) == 1


@pytest.mark.parametrize(
    ("key", "status"), [("", 422), ("k" * 201, 422), ("k" * 200, 201)], ids=["empty", "201-chars", "200-chars"]
)
def test_idempotency_key_length(client, app, key, status):
    game_id = create(client)["id"]
    response = post_hand(client, game_id, ex(1, 0), key=key)
    assert response.status_code == status
    if status == 422:
        assert_error(response, 422, "Idempotency-Key")
    assert deal_rows(app, game_id) == (1 if status == 201 else 0)


# --- against a real threaded server: simultaneous requests -------------------------------------


@pytest.fixture
def live_url(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def send(url: str, method: str, body=None, headers: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json", **(headers or {})}
    )
    try:
        with _opener.open(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read())


def all_at_once(count: int, call) -> list:
    """Run `call(index)` in `count` threads released together; returns the results in order."""
    barrier = threading.Barrier(count)

    def run(index: int):
        barrier.wait(timeout=10)
        return call(index)

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(run, range(count)))


def test_simultaneous_retries_with_one_key_record_one_deal(app, live_url):
    status, sheet = send(f"{live_url}{GAMES}", "POST", {})
    assert status == 201
    url = f"{live_url}{GAMES}/{sheet['id']}/hands"
    results = all_at_once(8, lambda _: send(url, "POST", ex(8, 0), {"Idempotency-Key": "double-tap"}))
    assert [status for status, _ in results] == [201] * 8
    assert all(body == results[0][1] for _, body in results)
    assert results[0][1]["totals"] == {"A": 300, "B": 60}
    assert deal_rows(app, sheet["id"]) == 1
    assert send(f"{live_url}{GAMES}/{sheet['id']}", "GET")[1]["hands"] == results[0][1]["hands"]


def test_simultaneous_hands_with_distinct_keys_are_all_kept(app, live_url):
    status, sheet = send(f"{live_url}{GAMES}", "POST", {})
    url = f"{live_url}{GAMES}/{sheet['id']}/hands"
    results = all_at_once(8, lambda index: send(url, "POST", ex(1, 0), {"Idempotency-Key": f"phone-{index}"}))
    assert [status for status, _ in results] == [201] * 8
    status, sheet = send(f"{live_url}{GAMES}/{sheet['id']}", "GET")
    # Eight times example 1 (170/70): 1360 / 560, dealt by 0,1,2,3,0,1,2,3; next dealer 0.
    assert sheet["totals"] == {"A": 1360, "B": 560}
    assert [hand["number"] for hand in sheet["hands"]] == list(range(1, 9))
    assert [hand["dealer"] for hand in sheet["hands"]] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert sheet["dealer"] == 0


def test_two_phones_editing_one_deal_the_later_save_is_refused(app, live_url):
    status, sheet = send(f"{live_url}{GAMES}", "POST", {})
    game_url = f"{live_url}{GAMES}/{sheet['id']}"
    assert send(f"{game_url}/hands", "POST", ex(1, 0))[0] == 201
    # Six phones saw version 1 and each saves a different hand over it at the same moment.
    bodies = [ex(3, 0), ex(4, 0), ex(5, 2), ex(8, 0), ex(13, 2), ex(20, 1)]
    results = all_at_once(6, lambda index: send(f"{game_url}/hands/1", "PUT", {**bodies[index], "version": 1}))
    statuses = sorted(status for status, _ in results)
    assert statuses == [200, 409, 409, 409, 409, 409]
    winner = next(index for index, (status, _) in enumerate(results) if status == 200)
    for status, body in results:
        if status == 409:
            assert "autre téléphone" in body["error"]
    status, sheet = send(game_url, "GET")
    assert sheet["hands"][0]["version"] == 2
    assert sheet["hands"][0]["input"] == bodies[winner]
    assert sheet == results[winner][1]


# --- edits ------------------------------------------------------------------------------------


def two_hand_game(client) -> str:
    game_id = create(client)["id"]
    recorded(post_hand(client, game_id, ex(1, 0)))  # 170 / 70
    recorded(post_hand(client, game_id, ex(20, 1)))  # 240 / 0 → 410 / 70
    return game_id


def test_edit_with_the_current_version(client):
    game_id = two_hand_game(client)
    response = client.put(f"{GAMES}/{game_id}/hands/1", json={**ex(8, 2), "version": 1})
    assert response.status_code == 200, response.get_json()
    sheet = response.get_json()
    first = sheet["hands"][0]
    assert first["version"] == 2
    assert first["input"] == ex(8, 2)
    assert first["scores"] == {"A": 300, "B": 60}
    # Every total after it recomputed: 300/60, then +240/0 = 540/60.
    assert deal_summary(sheet) == [(1, "hand", 0, 300, 60, 300, 60), (2, "hand", 1, 240, 0, 540, 60)]
    assert sheet["hands"][1]["version"] == 1
    assert sheet_of(client, game_id) == sheet
    # Edited again from version 2.
    sheet = client.put(f"{GAMES}/{game_id}/hands/1", json={**ex(3), "version": 2}).get_json()
    assert sheet["hands"][0]["version"] == 3
    assert sheet["totals"] == {"A": 400, "B": 80}  # 160/80 then 240/0


def test_edit_with_a_stale_version_changes_nothing(client, app):
    game_id = two_hand_game(client)
    assert client.put(f"{GAMES}/{game_id}/hands/1", json={**ex(8, 0), "version": 1}).status_code == 200
    before = client.get(f"{GAMES}/{game_id}")
    response = client.put(f"{GAMES}/{game_id}/hands/1", json={**ex(4, 0), "version": 1})
    assert_error(response, 409, "modifiée sur un autre téléphone", "rien n'a été écrasé")
    after = client.get(f"{GAMES}/{game_id}")
    assert after.get_json() == before.get_json()
    assert after.headers["ETag"] == before.headers["ETag"]
    # A version from the future is stale too.
    assert_error(client.put(f"{GAMES}/{game_id}/hands/1", json={**ex(4, 0), "version": 9}), 409)
    assert client.get(f"{GAMES}/{game_id}").get_json() == before.get_json()


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        ({}, "version"),
        ({"version": None}, "version"),
        ({"version": "1"}, "version"),
        ({"version": True}, "version"),
        ({"version": 1.0}, "version"),
    ],
    ids=["missing", "null", "string", "true", "float"],
)
def test_edit_needs_a_version(client, extra, fragment):
    game_id = two_hand_game(client)
    before = sheet_of(client, game_id)
    assert_error(client.put(f"{GAMES}/{game_id}/hands/1", json={**ex(4, 0), **extra}), 422, fragment)
    assert sheet_of(client, game_id) == before


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({**EX[1], "contract": 85}, "contract"),
        ({**EX[1], "rules": {"rounding": "none"}}, "rules"),
        (ex(1, 1), "taker_player"),
        (ex(18), "taker_player"),
        (ALL_PASS, "Clé inconnue"),
        ({"taker": "A"}, "contract"),
    ],
    ids=["contract", "rules", "taker-player-team", "generale-alone", "redeal-body", "incomplete"],
)
def test_edit_with_an_invalid_hand_changes_nothing(client, body, fragment):
    game_id = two_hand_game(client)
    before = sheet_of(client, game_id)
    assert_error(client.put(f"{GAMES}/{game_id}/hands/1", json={**body, "version": 1}), 422, fragment)
    assert sheet_of(client, game_id) == before


@pytest.mark.parametrize("body", [[], None, "x"], ids=["list", "null", "string"])
def test_edit_with_a_body_that_is_not_an_object(client, body):
    game_id = two_hand_game(client)
    before = sheet_of(client, game_id)
    response = client.put(f"{GAMES}/{game_id}/hands/1", data=json.dumps(body), content_type="application/json")
    assert_error(response, 422, "objet JSON")
    assert sheet_of(client, game_id) == before


def test_edit_a_redeal(client):
    game_id = create(client, rules={"misere": True})["id"]
    recorded(post_hand(client, game_id, ex(1, 0)))
    recorded(post_redeal(client, game_id, ALL_PASS))
    sheet = client.put(f"{GAMES}/{game_id}/hands/2", json={"reason": "misere", "player": 3, "version": 1}).get_json()
    deal = sheet["hands"][1]
    assert (deal["kind"], deal["reason"], deal["player"], deal["version"]) == ("redeal", "misere", 3, 2)
    assert sheet["totals"] == {"A": 170, "B": 70}
    # A redeal stays a redeal: a hand's body is refused, and so is a Salon option that is off.
    assert_error(client.put(f"{GAMES}/{game_id}/hands/2", json={**ex(1), "version": 2}), 422, "Clé inconnue")
    body = {"reason": "carre_de_sept", "player": 3, "version": 2}
    assert_error(client.put(f"{GAMES}/{game_id}/hands/2", json=body), 422, "Carré de 7")
    assert sheet_of(client, game_id) == sheet


@pytest.mark.parametrize("number", [0, 3, 99, 10**20])
def test_edit_or_delete_an_unknown_deal(client, number):
    game_id = two_hand_game(client)
    before = sheet_of(client, game_id)
    assert_error(client.put(f"{GAMES}/{game_id}/hands/{number}", json={**ex(1), "version": 1}), 404, "introuvable")
    assert_error(client.delete(f"{GAMES}/{game_id}/hands/{number}"), 404, "introuvable")
    assert sheet_of(client, game_id) == before


@pytest.mark.parametrize("number", ["-1", "abc", "1.0"])
def test_a_deal_number_that_is_not_a_number(client, number):
    game_id = two_hand_game(client)
    assert_error(client.put(f"{GAMES}/{game_id}/hands/{number}", json={**ex(1), "version": 1}), 404)
    assert_error(client.delete(f"{GAMES}/{game_id}/hands/{number}"), 404)


@pytest.mark.parametrize("game_id", ["nexistepas", "1", "%00", "é", "x" * 5000])
def test_unknown_games_get_a_french_404(client, app, game_id):
    url = f"{GAMES}/{game_id}"
    assert_error(client.get(url), 404, "introuvable")
    assert_error(client.post(f"{url}/hands", json=ex(1)), 404, "introuvable")
    assert_error(client.post(f"{url}/hands", json=ex(1), headers={"Idempotency-Key": "k"}), 404, "introuvable")
    assert_error(client.post(f"{url}/redeals", json=ALL_PASS), 404, "introuvable")
    assert_error(client.put(f"{url}/hands/1", json={**ex(1), "version": 1}), 404, "introuvable")
    assert_error(client.delete(f"{url}/hands/1"), 404, "introuvable")
    assert_error(client.post(f"{url}/undo", json={}), 404, "introuvable")
    assert rows(app, "deals") == 0


# --- deletes -----------------------------------------------------------------------------------


def test_delete_renumbers_and_recomputes(client):
    game_id = create(client)["id"]
    recorded(post_hand(client, game_id, ex(1, 0)))  # 1, dealer 0: 170/70 → 170/70
    recorded(post_redeal(client, game_id, ALL_PASS))  # 2, dealer 1 → 170/70
    recorded(post_hand(client, game_id, ex(20, 3)))  # 3, dealer 2: 240/0 → 410/70
    sheet = recorded(post_hand(client, game_id, ex(8, 2)))  # 4, dealer 3: 300/60 → 710/130
    assert deal_summary(sheet) == [
        (1, "hand", 0, 170, 70, 170, 70),
        (2, "redeal", 1, 0, 0, 170, 70),
        (3, "hand", 2, 240, 0, 410, 70),
        (4, "hand", 3, 300, 60, 710, 130),
    ]
    assert sheet["dealer"] == 0

    sheet = client.delete(f"{GAMES}/{game_id}/hands/2").get_json()
    assert deal_summary(sheet) == [
        (1, "hand", 0, 170, 70, 170, 70),
        (2, "hand", 1, 240, 0, 410, 70),
        (3, "hand", 2, 300, 60, 710, 130),
    ]
    assert sheet["dealer"] == 3

    sheet = client.delete(f"{GAMES}/{game_id}/hands/1").get_json()
    assert deal_summary(sheet) == [(1, "hand", 0, 240, 0, 240, 0), (2, "hand", 1, 300, 60, 540, 60)]
    assert sheet["totals"] == {"A": 540, "B": 60}
    assert sheet["dealer"] == 2
    assert sheet["hands"][1]["input"] == ex(8, 2)
    assert sheet_of(client, game_id) == sheet


def test_delete_with_a_version(client):
    game_id = two_hand_game(client)
    client.put(f"{GAMES}/{game_id}/hands/1", json={**ex(3, 0), "version": 1})  # deal 1 now version 2
    before = sheet_of(client, game_id)
    assert_error(client.delete(f"{GAMES}/{game_id}/hands/1?version=1"), 409, "autre téléphone")
    assert sheet_of(client, game_id) == before
    sheet = client.delete(f"{GAMES}/{game_id}/hands/1?version=2").get_json()
    assert deal_summary(sheet) == [(1, "hand", 0, 240, 0, 240, 0)]


def test_delete_every_deal(client):
    game_id = two_hand_game(client)
    client.delete(f"{GAMES}/{game_id}/hands/2")
    sheet = client.delete(f"{GAMES}/{game_id}/hands/1").get_json()
    assert sheet["hands"] == [] and sheet["totals"] == {"A": 0, "B": 0} and sheet["dealer"] == 0


# --- undo ------------------------------------------------------------------------------------


def undo(client, game_id: str):
    return client.post(f"{GAMES}/{game_id}/undo", json={})


def test_undo_walks_back_records_edits_and_deletes(client):
    game_id = create(client)["id"]
    recorded(post_hand(client, game_id, ex(1, 0)))  # X: 170/70
    recorded(post_hand(client, game_id, ex(20, 1)))  # Y: 240/0
    recorded(post_hand(client, game_id, ex(8, 2)))  # Z: 300/60
    client.delete(f"{GAMES}/{game_id}/hands/1")  # X deleted: Y, Z
    client.put(f"{GAMES}/{game_id}/hands/1", json={**ex(21, 3), "version": 1})  # Y becomes example 21
    sheet = recorded(post_hand(client, game_id, ex(13, 0)))  # W: Y', Z, W
    assert deal_summary(sheet) == [
        (1, "hand", 0, 60, 300, 60, 300),
        (2, "hand", 1, 300, 60, 360, 360),
        (3, "hand", 2, 390, 70, 750, 430),
    ]

    # The last record goes.
    response = undo(client, game_id)
    assert response.status_code == 200
    sheet = response.get_json()
    assert sheet["message"] == "Donne 3 retirée."
    assert deal_summary(sheet) == [(1, "hand", 0, 60, 300, 60, 300), (2, "hand", 1, 300, 60, 360, 360)]
    assert sheet["dealer"] == 2

    # Then the edit: Y's old input is back.
    sheet = undo(client, game_id).get_json()
    assert sheet["message"] == "Modification de la donne 1 annulée."
    assert sheet["hands"][0]["input"] == ex(20, 1)
    assert sheet["hands"][0]["version"] == 3  # an undone edit is a change too: a phone on version 2 is stale
    assert deal_summary(sheet) == [(1, "hand", 0, 240, 0, 240, 0), (2, "hand", 1, 300, 60, 540, 60)]

    # Then the delete: X back at its place, first.
    sheet = undo(client, game_id).get_json()
    assert sheet["message"] == "Donne 1 rétablie."
    assert deal_summary(sheet) == [
        (1, "hand", 0, 170, 70, 170, 70),
        (2, "hand", 1, 240, 0, 410, 70),
        (3, "hand", 2, 300, 60, 710, 130),
    ]
    assert sheet["hands"][0]["input"] == ex(1, 0)
    assert sheet["dealer"] == 3

    # Then the three records, last first.
    assert undo(client, game_id).get_json()["message"] == "Donne 3 retirée."
    assert undo(client, game_id).get_json()["message"] == "Donne 2 retirée."
    sheet = undo(client, game_id).get_json()
    assert sheet["message"] == "Donne 1 retirée."
    assert sheet["hands"] == [] and sheet["totals"] == {"A": 0, "B": 0} and sheet["dealer"] == 0

    assert_error(undo(client, game_id), 409, "Rien à annuler")


def test_undo_with_nothing_to_undo(client):
    game_id = create(client)["id"]
    assert_error(undo(client, game_id), 409, "Rien à annuler")
    assert sheet_of(client, game_id)["hands"] == []


def test_undo_reopens_a_finished_game(client):
    game_id, _ = game_to_1000(client)
    sheet = undo(client, game_id).get_json()
    assert sheet["message"] == "Donne 7 retirée."
    assert sheet["totals"] == {"A": 990, "B": 680}
    assert sheet["finished"] is False
    recorded(post_redeal(client, game_id, ALL_PASS))


def test_an_undone_record_is_not_brought_back_by_its_retry(client, app):
    game_id = create(client)["id"]
    recorded(post_hand(client, game_id, ex(1, 0), key="tap"))
    undo(client, game_id)
    # The retry of the undone request is still the same request: it records nothing.
    assert post_hand(client, game_id, ex(1, 0), key="tap").status_code == 201
    assert sheet_of(client, game_id)["hands"] == []
    assert deal_rows(app, game_id) == 1  # the undone deal, kept hidden


@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        ("", "text/plain"),
        ("", "application/x-www-form-urlencoded"),
        ("", "multipart/form-data; boundary=x"),
        ("", None),
    ],
    ids=["text-plain", "form", "multipart", "none"],
)
def test_undo_refuses_what_a_cross_site_form_can_send(client, data, content_type):
    game_id = two_hand_game(client)
    response = client.post(f"{GAMES}/{game_id}/undo", data=data, content_type=content_type)
    assert_error(response, 415, "JSON")
    assert len(sheet_of(client, game_id)["hands"]) == 2


# --- ETag --------------------------------------------------------------------------------------


def test_etag_and_conditional_get(client):
    game_id = create(client)["id"]
    url = f"{GAMES}/{game_id}"
    first = client.get(url)
    etag = first.headers["ETag"]
    assert etag
    assert "no-cache" in first.headers["Cache-Control"]
    unchanged = client.get(url, headers={"If-None-Match": etag})
    assert unchanged.status_code == 304
    assert unchanged.get_data() == b""
    assert unchanged.headers["ETag"] == etag

    seen = {etag}
    for write in (
        lambda: post_hand(client, game_id, ex(1, 0)),
        lambda: post_redeal(client, game_id, ALL_PASS),
        lambda: client.put(f"{url}/hands/1", json={**ex(3, 0), "version": 1}),
        lambda: client.delete(f"{url}/hands/2"),
        lambda: undo(client, game_id),  # the sheet is as it was two writes ago, yet it is a new state
    ):
        assert write().status_code in (200, 201)
        response = client.get(url, headers={"If-None-Match": etag})
        assert response.status_code == 200
        assert response.get_json() == sheet_of(client, game_id)
        etag = response.headers["ETag"]
        assert etag not in seen
        seen.add(etag)
        assert client.get(url, headers={"If-None-Match": etag}).status_code == 304


def test_a_refused_write_or_a_replay_keeps_the_etag(client):
    game_id = create(client)["id"]
    url = f"{GAMES}/{game_id}"
    post_hand(client, game_id, ex(1, 0), key="k")
    etag = client.get(url).headers["ETag"]
    post_hand(client, game_id, ex(1, 0), key="k")
    post_hand(client, game_id, {**EX[1], "contract": 85})
    client.put(f"{url}/hands/1", json={**ex(3), "version": 7})
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304


# --- never a 500 -------------------------------------------------------------------------------

WRONG_METHODS = [
    ("GET", ""),
    ("PUT", ""),
    ("DELETE", ""),
    ("PUT", "/{id}"),
    ("DELETE", "/{id}"),
    ("POST", "/{id}"),
    ("PATCH", "/{id}"),
    ("GET", "/{id}/hands"),
    ("PUT", "/{id}/hands"),
    ("GET", "/{id}/redeals"),
    ("DELETE", "/{id}/redeals"),
    ("GET", "/{id}/hands/1"),
    ("POST", "/{id}/hands/1"),
    ("PATCH", "/{id}/hands/1"),
    ("GET", "/{id}/undo"),
    ("DELETE", "/{id}/undo"),
]


@pytest.mark.parametrize(("method", "path"), WRONG_METHODS, ids=[f"{m}{p}" for m, p in WRONG_METHODS])
def test_wrong_methods_get_a_french_405(client, app, method, path):
    game_id = two_hand_game(client)
    before = sheet_of(client, game_id)
    response = client.open(f"{GAMES}{path.format(id=game_id)}", method=method, json={})
    assert_error(response, 405, "Méthode non permise")
    assert sheet_of(client, game_id) == before
    assert rows(app, "games") == 1


@pytest.mark.parametrize("path", ["/{id}/nothing", "/{id}/hands/1/more", "/{id}/hands/x"])
def test_unknown_addresses_get_a_french_404(client, path):
    game_id = two_hand_game(client)
    assert_error(client.get(f"{GAMES}{path.format(id=game_id)}"), 404)
    assert_error(client.post(f"{GAMES}{path.format(id=game_id)}", json={}), 404)


WRITES = [
    ("POST", "/{id}/hands", ex(1, 0)),
    ("POST", "/{id}/redeals", ALL_PASS),
    ("PUT", "/{id}/hands/1", {**ex(3, 0), "version": 1}),
]


@pytest.mark.parametrize(("method", "path", "body"), WRITES, ids=["record-hand", "record-redeal", "edit"])
def test_every_write_refuses_what_is_not_json(client, app, method, path, body):
    game_id = two_hand_game(client)
    before = sheet_of(client, game_id)
    url = f"{GAMES}{path.format(id=game_id)}"
    for content_type in ("text/plain", "application/x-www-form-urlencoded", None):
        assert_error(client.open(url, method=method, data=json.dumps(body), content_type=content_type), 415, "JSON")
    for data in ("{", "", "[" * 100_000, '{"taker": "A",}', "NaN-and-more"):
        assert_error(client.open(url, method=method, data=data, content_type="application/json"), 422, "JSON")
    assert_error(client.open(url, method=method, json={"x": "y" * 300_000}), 413)
    assert sheet_of(client, game_id) == before
    assert deal_rows(app, game_id) == 2


ODD_VALUES = [None, True, False, 0, -1, 1.5, 10**30, "", "x", "é" * 50, [], [1], {}, {"A": 1}, float("inf")]


def _odd_bodies(base: dict, keys) -> list[dict]:
    return [{**base, key: value} for key in keys for value in ODD_VALUES]


def test_odd_values_in_every_key_never_give_a_500(client, app):
    """Every key of every write, each given values of every JSON type: a 2xx or a French 4xx."""
    game_id = create(client, rules={"misere": True, "carre_de_sept": True})["id"]
    url = f"{GAMES}/{game_id}"
    recorded(post_hand(client, game_id, ex(1, 0)))  # deal 1, which the edits below aim at
    hand_keys = [
        "taker",
        "contract",
        "mode",
        "coinche",
        "taker_points",
        "all_tricks",
        "melds",
        "best_meld",
        "belote",
        "taker_player",
        "rules",
        "version",
        "other",
    ]
    hand_bodies = _odd_bodies(ex(1, 0), hand_keys)
    hand_bodies += [{**ex(1, 0), "melds": {"A": [value]}} for value in ODD_VALUES]
    hand_bodies += [{**ex(1, 0), "melds": {"B": value}} for value in ODD_VALUES]
    hand_bodies += [{**ex(1, 0), "belote": {"B": value}} for value in ODD_VALUES]
    redeal_bodies = _odd_bodies({"reason": "misere", "player": 1}, ["reason", "player", "version", "other"])
    game_bodies = _odd_bodies({}, ["teams", "players", "dealer", "target", "rules", "other"])
    game_bodies += [{"rules": {key: value}} for key in ("rounding", "misere", "carre_de_sept") for value in ODD_VALUES]
    game_bodies += [{"teams": {"A": value}} for value in ODD_VALUES]
    game_bodies += [{"players": [value] * 4} for value in ODD_VALUES]

    def check(response, ok: int) -> bool:
        assert response.status_code in (ok, 409, 422), (response.status_code, response.get_data(as_text=True))
        if response.status_code != ok:
            assert response.get_json()["error"]
        return response.status_code == ok

    def drop_last_deal() -> None:
        assert client.delete(f"{url}/hands/{len(sheet_of(client, game_id)['hands'])}").status_code == 200

    for body in game_bodies:
        check(client.post(GAMES, json=body), 201)
    for body in hand_bodies:
        if check(post_hand(client, game_id, body), 201):
            drop_last_deal()
        version = sheet_of(client, game_id)["hands"][0]["version"]
        check(client.put(f"{url}/hands/1", json={**body, "version": version}), 200)
    for body in redeal_bodies:
        if check(post_redeal(client, game_id, body), 201):
            drop_last_deal()
    for value in ODD_VALUES:
        check(client.put(f"{url}/hands/1", json={**ex(1, 0), "version": value}), 200)
        response = client.delete(f"{url}/hands/99", query_string={"version": str(value)})
        assert_error(response, 404 if str(value).isdigit() else 422)
    sheet = sheet_of(client, game_id)
    assert len(sheet["hands"]) == 1 and sheet["finished"] is False
