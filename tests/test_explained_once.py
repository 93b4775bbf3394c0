"""Each deal is explained once (issue 30): the sentences under a hand ("why") are worked out the first
time a sheet with it is answered and remembered by all they depend on (the hand as stored, the
rules, the teams' names: belote/sheet.py `why_of`), so that the page, the API's read, each phone's
poll and each save's answer of a long sheet do not explain every deal again; a poll of an unchanged
sheet (304) builds nothing."""

from __future__ import annotations

import pytest

from scorekeeper.belote import sheet as sheet_module

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]


def hand(taker_points: int) -> dict:
    return {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": taker_points}


@pytest.fixture
def explained(monkeypatch) -> list[int]:
    """The taker's points of each hand explained, one entry a call of `explain`."""
    calls: list[int] = []
    explain = sheet_module.explain

    def counted(hand, result, names=None):
        calls.append(hand.taker_points)
        return explain(hand, result, names)

    monkeypatch.setattr(sheet_module, "explain", counted)
    sheet_module.why_of.cache_clear()  # what earlier tests explained
    yield calls
    sheet_module.why_of.cache_clear()  # explained by the counting stand-in


def test_each_hand_is_explained_once_for_the_page_the_api_and_the_saves(client, explained):
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    for points in (92, 100, 110):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=hand(points)).status_code == 201
    assert client.post(f"/api/v1/games/{game_id}/redeals", json={"reason": "all_pass"}).status_code == 201
    assert explained == [92, 100, 110]  # each save's answer: the new hand, the others as explained before

    page = client.get(f"/parties/{game_id}").text  # its rows and its JSON (data-sheet)
    read = client.get(f"/api/v1/games/{game_id}")
    assert client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": read.headers["ETag"]}).status_code == 304
    assert explained == [92, 100, 110]
    assert page.count('<ul class="why">') == 3
    assert page.count("Preneurs : Nous, contrat 80 ♥ cœur") == 3 + 3  # the rows, and the JSON for the script
    assert [len(deal.get("why", [])) > 0 for deal in read.get_json()["hands"]] == [True, True, True, False]

    saved = client.post(f"/api/v1/games/{game_id}/hands", json=hand(92), headers={"Idempotency-Key": "k1"})
    assert saved.status_code == 201 and explained == [92, 100, 110]  # the same hand, the same words
    assert saved.get_json()["hands"][4]["why"] == read.get_json()["hands"][0]["why"]
    assert client.post(f"/api/v1/games/{game_id}/hands", json=hand(120)).status_code == 201
    assert explained == [92, 100, 110, 120]


def test_the_why_names_each_games_teams(client, explained):
    one = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    other = client.post("/api/v1/games", json={"players": PLAYERS, "teams": {"A": "Les As", "B": "Eux"}}).get_json()
    first = client.post(f"/api/v1/games/{one}/hands", json=hand(92)).get_json()["hands"][0]["why"]
    second = client.post(f"/api/v1/games/{other['id']}/hands", json=hand(92)).get_json()["hands"][0]["why"]
    assert explained == [92, 92]
    assert first[0] == "Preneurs : Nous, contrat 80 ♥ cœur" and second[0] == "Preneurs : Les As, contrat 80 ♥ cœur"


def test_a_redeal_has_no_why_and_the_page_shows_none_for_it(client, explained):
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    answer = client.post(f"/api/v1/games/{game_id}/redeals", json={"reason": "all_pass"}).get_json()
    assert "why" not in answer["hands"][0] and explained == []
    assert 'class="why"' not in client.get(f"/parties/{game_id}").text
