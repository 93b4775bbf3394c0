"""Never a deal twice (issue 11): a new deal says the number it was entered as, and a game that
already has that deal records nothing, answers 409 and says what is there.

Scores are docs/scoring.md's example 1 (A takes 80 ♥ with 92 points: 170 / 70) and the rules: a redeal
scores nothing.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.pages import form_posting_to, the_form

HAND = {"taker": "A", "taker_player": 2, "contract": 80, "mode": "hearts", "taker_points": 92}
PASS = {"reason": "all_pass"}


@pytest.fixture
def game_id(client):
    return client.post("/api/v1/games", json={"players": ["Ana", "Bruno", "Sophie", "David"]}).get_json()["id"]


def deal_rows(app, game_id: str) -> int:
    from scorekeeper.store.db import connect

    database = connect(app.config["DATABASE"])
    try:
        return database.execute("select count(*) from deals where game_id = ?", [game_id]).fetchone()[0]
    finally:
        database.close()


# --- the API -----------------------------------------------------------------------------


def test_a_number_already_used_records_nothing_and_names_the_deal_there(client, app, game_id):
    first = client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, "number": 1})
    assert first.status_code == 201 and first.get_json()["totals"] == {"A": 170, "B": 70}
    again = client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, "taker_points": 100, "number": 1})
    assert again.status_code == 409
    body = again.get_json()
    assert "donne 1 est déjà enregistrée" in body["error"]
    listed = {key: value for key, value in first.get_json()["hands"][0].items() if key != "why"}
    assert body["existing"] == listed  # the deal as the sheet lists it, without its "why" (docs/api.md)
    assert body["existing"]["input"]["taker_points"] == 92
    assert deal_rows(app, game_id) == 1
    # a redeal entered as deal 1 is refused the same way
    assert client.post(f"/api/v1/games/{game_id}/redeals", json={**PASS, "number": 1}).status_code == 409
    assert deal_rows(app, game_id) == 1


def test_the_next_number_records_and_a_deal_without_a_number_is_recorded_as_before(client, app, game_id):
    assert client.post(f"/api/v1/games/{game_id}/redeals", json={**PASS, "number": 1}).status_code == 201
    answer = client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, "number": 2})
    assert answer.status_code == 201
    assert [deal["number"] for deal in answer.get_json()["hands"]] == [1, 2]
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 201  # no number: no check
    # a phone that saw more deals than there are (one was deleted meanwhile) is not a duplicate
    assert client.post(f"/api/v1/games/{game_id}/redeals", json={**PASS, "number": 9}).status_code == 201
    assert deal_rows(app, game_id) == 4
    # the number is not part of what the table entered
    stored = client.get(f"/api/v1/games/{game_id}").get_json()["hands"][1]["input"]
    assert "number" not in stored


def test_a_retry_of_a_recorded_deal_replays_its_answer_not_a_409(client, app, game_id):
    headers = {"Idempotency-Key": "deal-1-phone-a"}
    first = client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, "number": 1}, headers=headers)
    retry = client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, "number": 1}, headers=headers)
    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry.data == first.data
    assert deal_rows(app, game_id) == 1


@pytest.mark.parametrize("number", [0, -1, "2", 1.5, True, [1]])
def test_a_number_that_is_not_a_deal_number_is_refused_in_french(client, app, game_id, number):
    answer = client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, "number": number})
    assert answer.status_code == 422
    assert "« number »" in answer.get_json()["error"]
    assert deal_rows(app, game_id) == 0


# --- the pages: two phones on deal 1 ---------------------------------------------------------


def test_two_phones_enter_the_same_deal_the_second_gets_the_choice(client, app, game_id):
    form_a = the_form(client.get(f"/parties/{game_id}/donnes/nouvelle").text)
    form_b = the_form(client.get(f"/parties/{game_id}/donnes/nouvelle").text)
    assert form_a.value("number") == form_b.value("number") == "1"
    hand = {"taker_player": "2", "contract": "80", "mode": "hearts", "points": "92", "enregistrer": "1"}
    assert client.post(f"/parties/{game_id}/donnes/nouvelle", data={**form_a.values(), **hand}).status_code == 302
    taken = client.post(f"/parties/{game_id}/donnes/nouvelle", data={**form_b.values(), **hand, "points": "100"})
    assert taken.status_code == 409
    text = " ".join(unescape(re.sub(r"<[^>]+>", "", taken.text)).split())
    # the suit named for screen readers too (issue 16): "♥" shown, "cœur" said
    assert "Un autre téléphone vient d'enregistrer la donne 1 : 80 ♥ cœur, Sophie, fait" in text
    assert "Voir la feuille" in text and "Enregistrer quand même comme donne 2" in text
    assert deal_rows(app, game_id) == 1
    # "Enregistrer quand même": the same hand, sent again as deal 2
    again = form_posting_to(taken.text, "/donnes/nouvelle")
    assert again.value("number") == "2" and again.value("points") == "100"
    assert client.post(again.action, data=again.values()).status_code == 302
    sheet = client.get(f"/api/v1/games/{game_id}").get_json()
    assert [deal["input"]["taker_points"] for deal in sheet["hands"]] == [92, 100]
    # 80 ♥ with 100 points: A 100 + 80 = 180, B 62 → 60; totals 350 / 130
    assert sheet["totals"] == {"A": 350, "B": 130}


def test_two_phones_tap_everyone_passed_for_the_same_deal_it_is_settled(client, app, game_id):
    sheet_page = client.get(f"/parties/{game_id}").text
    redeal = form_posting_to(sheet_page, "/redonne")
    assert redeal.value("number") == "1"
    assert client.post(redeal.action, data={**redeal.values(), "reason": "all_pass"}).status_code == 302
    same = client.post(redeal.action, data={**redeal.values(), "reason": "all_pass", "request_id": "other-phone"})
    assert same.status_code == 302
    assert "Donne 1 déjà enregistrée par l&#39;autre téléphone." in client.get(f"/parties/{game_id}").text
    assert deal_rows(app, game_id) == 1


# --- the same deal from both phones: settled by itself (issue 30) ----------------------------


def test_the_same_deal_under_a_number_taken_is_the_other_phones_and_records_nothing(client, app, game_id):
    melds = {"melds": {"A": ["tierce", "cent"], "B": []}}
    first = client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, **melds, "number": 1})
    assert first.status_code == 201
    # the other phone's deal 1: the same hand, its melds tapped in another order
    tapped = {"melds": {"A": ["cent", "tierce"]}}
    headers = {"Idempotency-Key": "deal-1-phone-b"}
    same = client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, **tapped, "number": 1}, headers=headers)
    assert same.status_code == 200  # nothing created
    body = same.get_json()
    assert body["message"] == "Donne 1 déjà enregistrée par l'autre téléphone."
    assert {key: value for key, value in body.items() if key != "message"} == first.get_json()
    assert deal_rows(app, game_id) == 1
    # its retry (the answer lost on the way) is answered the same
    again = client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, **tapped, "number": 1}, headers=headers)
    assert (again.status_code, again.data) == (200, same.data)
    assert deal_rows(app, game_id) == 1


@pytest.mark.parametrize(
    "change",
    [
        {"taker_points": 100},  # another count
        {"taker_player": 0},  # another taker of the same team
        {"coinche": "coinche"},
        {"melds": {"A": ["tierce"], "B": []}},  # a meld less
    ],
)
def test_a_deal_that_differs_in_anything_still_gets_the_409(client, app, game_id, change):
    melds = {"melds": {"A": ["tierce", "cent"], "B": []}}
    assert client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, **melds, "number": 1}).status_code == 201
    answer = client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, **melds, **change, "number": 1})
    assert answer.status_code == 409 and "existing" in answer.get_json()
    assert deal_rows(app, game_id) == 1


def test_a_redeal_for_a_hand_and_a_hand_for_a_redeal_are_not_the_same_deal(client, app, game_id):
    assert client.post(f"/api/v1/games/{game_id}/redeals", json={**PASS, "number": 1}).status_code == 201
    assert client.post(f"/api/v1/games/{game_id}/hands", json={**HAND, "number": 1}).status_code == 409
    assert client.post(f"/api/v1/games/{game_id}/redeals", json={**PASS, "number": 1}).status_code == 200
    assert deal_rows(app, game_id) == 1


def test_another_redeal_under_a_number_taken_gets_the_409(client):
    players = ["Ana", "Bruno", "Sophie", "David"]
    game_id = client.post("/api/v1/games", json={"players": players, "rules": {"misere": True}}).get_json()["id"]
    misere = {"reason": "misere", "player": 1, "number": 1}
    assert client.post(f"/api/v1/games/{game_id}/redeals", json=misere).status_code == 201
    for other in ({**misere, "player": 2}, {**PASS, "number": 1}):
        answer = client.post(f"/api/v1/games/{game_id}/redeals", json=other)
        assert answer.status_code == 409 and answer.get_json()["existing"]["reason"] == "misere"
    assert client.post(f"/api/v1/games/{game_id}/redeals", json=misere).status_code == 200


def test_the_same_deal_from_both_deal_forms_without_javascript_says_so(client, app, game_id):
    form_a = the_form(client.get(f"/parties/{game_id}/donnes/nouvelle").text)
    form_b = the_form(client.get(f"/parties/{game_id}/donnes/nouvelle").text)
    hand = {"taker_player": "2", "contract": "80", "mode": "hearts", "points": "92", "enregistrer": "1"}
    assert client.post(f"/parties/{game_id}/donnes/nouvelle", data={**form_a.values(), **hand}).status_code == 302
    assert "Donne 1 enregistrée" in client.get(f"/parties/{game_id}").text  # phone A's line, read
    same = client.post(f"/parties/{game_id}/donnes/nouvelle", data={**form_b.values(), **hand})
    assert same.status_code == 302
    page = unescape(client.get(f"/parties/{game_id}").text)
    assert "Donne 1 déjà enregistrée par l'autre téléphone." in page
    assert "Donne 1 enregistrée" not in page
    assert deal_rows(app, game_id) == 1
