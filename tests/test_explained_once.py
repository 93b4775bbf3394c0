"""Each deal is explained once per revision (issue 30): the sentences under a hand ("why") are worked
out once for the sheet a request builds, and shared by the page's rows and the JSON it carries, the
API's read and a save's answer; a poll of an unchanged sheet (304) explains nothing."""

from __future__ import annotations

import re

import pytest

from scorekeeper.belote import sheet as sheet_module

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
HAND = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}


@pytest.fixture
def explained(monkeypatch) -> list[int]:
    """The scores of the hands explained, one entry a call of `explain`."""
    calls: list[int] = []
    explain = sheet_module.explain

    def counted(hand, result, names=None):
        calls.append(result.scores)
        return explain(hand, result, names)

    monkeypatch.setattr(sheet_module, "explain", counted)
    return calls


def test_a_page_an_api_read_and_a_save_each_explain_each_hand_once(client, explained):
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    for _ in range(3):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 201
    assert client.post(f"/api/v1/games/{game_id}/redeals", json={"reason": "all_pass"}).status_code == 201
    explained.clear()

    page = client.get(f"/parties/{game_id}").text  # its rows and its JSON (data-sheet), 3 hands
    assert len(explained) == 3
    assert page.count('<ul class="why">') == 3 and page.count("Preneurs : Nous, contrat 80") == 3 + 3

    explained.clear()
    read = client.get(f"/api/v1/games/{game_id}")
    assert len(explained) == 3
    assert [len(deal.get("why", [])) > 0 for deal in read.get_json()["hands"]] == [True, True, True, False]

    explained.clear()
    assert client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": read.headers["ETag"]}).status_code == 304
    assert explained == []

    saved = client.post(f"/api/v1/games/{game_id}/hands", json=HAND, headers={"Idempotency-Key": "k1"})
    assert saved.status_code == 201 and len(saved.get_json()["hands"]) == 5
    assert len(explained) == 4  # the new sheet's hands, the new one too
    assert saved.get_json()["hands"][4]["why"] == read.get_json()["hands"][0]["why"]  # the same hand, the same words


def test_a_redeal_has_no_why_and_the_page_shows_none_for_it(client, explained):
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    answer = client.post(f"/api/v1/games/{game_id}/redeals", json={"reason": "all_pass"}).get_json()
    assert "why" not in answer["hands"][0] and explained == []
    assert not re.search(r'class="why"', client.get(f"/parties/{game_id}").text)
