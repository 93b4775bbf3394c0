"""Edits, deletes and undos made offline are sent when the network returns, and sent again when an
answer is lost: like a record, a correction carrying an `Idempotency-Key` already used on the game
by the same request is answered again and changes nothing, whatever the game has become since: the
same status, the same bytes while nothing else was written to the game, else the sheet as it stands
now (an undo's message still names what it undid); a refused correction does not use up its key.

Scores are docs/scoring.md's worked examples, as in test_games_api.py: the comment is the published
A / B score. `revision` counts the game's writes, so "changed once" is "revision grew by one".
"""

from __future__ import annotations

import pytest

from tests.helpers import GAMES, api_game

EX1 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # 170 / 70
EX3 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 84}  # 160 / 80
EX8 = {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101}  # 300 / 60
EX20 = {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 71}  # 240 / 0


def sheet(client, game_id: str) -> dict:
    return client.get(f"{GAMES}/{game_id}").get_json()


def keyed(key: str | None) -> dict:
    return {"Idempotency-Key": key} if key is not None else {}


def edit(client, game_id: str, number: int, body: dict, key: str | None = None):
    return client.put(f"{GAMES}/{game_id}/hands/{number}", json=body, headers=keyed(key))


def delete(client, game_id: str, number: int, key: str | None = None, version: int | None = None):
    query = f"?version={version}" if version is not None else ""
    return client.delete(f"{GAMES}/{game_id}/hands/{number}{query}", headers=keyed(key))


def undo(client, game_id: str, key: str | None = None):
    return client.post(f"{GAMES}/{game_id}/undo", json={}, headers=keyed(key))


def assert_same_answer(first, again) -> None:
    assert (again.status_code, again.mimetype) == (first.status_code, first.mimetype) == (200, "application/json")
    assert again.data == first.data  # byte for byte


# --- the same correction sent twice ----------------------------------------------------------------


def test_an_edit_sent_twice_is_made_once_and_answered_the_same(client):
    game_id = api_game(client, EX1, EX20)
    before = sheet(client, game_id)["revision"]
    first = edit(client, game_id, 1, {**EX8, "version": 1}, key="edit-1")
    again = edit(client, game_id, 1, {**EX8, "version": 1}, key="edit-1")
    assert_same_answer(first, again)
    after = sheet(client, game_id)
    assert after["revision"] == before + 1
    assert after["hands"][0]["version"] == 2 and after["totals"] == {"A": 300 + 240, "B": 60}


def test_an_edit_replayed_after_another_edit_does_not_overwrite_it(client):
    game_id = api_game(client, EX1)
    first = edit(client, game_id, 1, {**EX8, "version": 1}, key="phone-a")
    # Another phone then edits the deal again; the first phone's retry comes late.
    later = edit(client, game_id, 1, {**EX3, "version": 2}, key="phone-b")
    assert later.status_code == 200
    revision = sheet(client, game_id)["revision"]
    again = edit(client, game_id, 1, {**EX8, "version": 1}, key="phone-a")
    assert first.status_code == again.status_code == 200  # not a 409: that edit was made
    assert again.get_json() == sheet(client, game_id)  # the game as it stands: the other phone's edit
    assert again.get_json()["totals"] == {"A": 160, "B": 80}
    after = sheet(client, game_id)
    assert after["revision"] == revision
    assert after["hands"][0]["input"] == EX3 and after["hands"][0]["version"] == 3
    assert after["totals"] == {"A": 160, "B": 80}


def test_a_delete_sent_twice_deletes_one_deal(client):
    game_id = api_game(client, EX1, EX20, EX3)
    first = delete(client, game_id, 2, key="delete-2")
    # Without its key, the retry would delete the deal that is number 2 now (EX3).
    again = delete(client, game_id, 2, key="delete-2")
    assert_same_answer(first, again)
    after = sheet(client, game_id)
    assert [hand["input"] for hand in after["hands"]] == [EX1, EX3]
    assert after["totals"] == {"A": 330, "B": 150}


def test_a_delete_of_the_last_deal_sent_twice_is_not_a_404(client):
    game_id = api_game(client, EX1, EX20)
    first = delete(client, game_id, 2, key="delete-last", version=1)
    again = delete(client, game_id, 2, key="delete-last", version=1)
    assert_same_answer(first, again)
    assert [hand["input"] for hand in sheet(client, game_id)["hands"]] == [EX1]
    assert delete(client, game_id, 2).status_code == 404  # without a key, the retry would be refused


def test_an_undo_sent_twice_undoes_one_action(client):
    game_id = api_game(client, EX1, EX20)
    first = undo(client, game_id, key="undo-1")
    again = undo(client, game_id, key="undo-1")
    assert_same_answer(first, again)
    assert again.get_json()["message"] == "Donne 2 retirée."
    after = sheet(client, game_id)
    assert [hand["input"] for hand in after["hands"]] == [EX1] and after["totals"] == {"A": 170, "B": 70}
    # Another key is another undo; the first key still answers with its own message, and the game as
    # it stands (nothing left), even then, and undoes nothing more.
    assert undo(client, game_id, key="undo-2").get_json()["message"] == "Donne 1 retirée."
    revision = sheet(client, game_id)["revision"]
    late = undo(client, game_id, key="undo-1")
    assert late.status_code == 200 and late.get_json() == {**sheet(client, game_id), "message": "Donne 2 retirée."}
    assert sheet(client, game_id)["hands"] == [] and sheet(client, game_id)["revision"] == revision


def test_an_undo_answers_the_same_with_and_without_a_key(client):
    with_key, without_key = api_game(client, EX1, EX20), api_game(client, EX1, EX20)
    keyed_answer, plain_answer = undo(client, with_key, key="u").get_json(), undo(client, without_key).get_json()
    assert {**keyed_answer, "id": None} == {**plain_answer, "id": None}
    assert plain_answer["message"] == "Donne 2 retirée." and len(plain_answer["hands"]) == 1


# --- a refused correction does not use up its key -------------------------------------------------


def test_a_stale_edit_then_the_same_key_with_the_current_version(client):
    game_id = api_game(client, EX1)
    assert edit(client, game_id, 1, {**EX8, "version": 2}, key="k").status_code == 409
    assert edit(client, game_id, 1, {**EX8, "contract": 85, "version": 1}, key="k").status_code == 422
    answer = edit(client, game_id, 1, {**EX8, "version": 1}, key="k")
    assert answer.status_code == 200 and answer.get_json()["totals"] == {"A": 300, "B": 60}


def test_a_refused_delete_then_the_same_key_once_the_cause_is_gone(client):
    game_id = api_game(client, EX1)
    assert delete(client, game_id, 2, key="k").status_code == 404
    assert delete(client, game_id, 1, key="k", version=2).status_code == 409
    client.post(f"{GAMES}/{game_id}/hands", json=EX20)
    answer = delete(client, game_id, 2, key="k")
    assert answer.status_code == 200
    assert [hand["input"] for hand in answer.get_json()["hands"]] == [EX1]


def test_a_refused_undo_then_the_same_key_once_there_is_something_to_undo(client):
    game_id = api_game(client)
    assert undo(client, game_id, key="k").status_code == 409
    client.post(f"{GAMES}/{game_id}/hands", json=EX1)
    answer = undo(client, game_id, key="k")
    assert answer.status_code == 200 and answer.get_json()["message"] == "Donne 1 retirée."
    assert sheet(client, game_id)["hands"] == []


@pytest.mark.parametrize("correction", ["edit", "delete", "undo"])
def test_a_correction_with_an_empty_key_is_refused_and_changes_nothing(client, correction):
    game_id = api_game(client, EX1)
    before = client.get(f"{GAMES}/{game_id}").data
    send = {
        "edit": lambda: edit(client, game_id, 1, {**EX8, "version": 1}, key=""),
        "delete": lambda: delete(client, game_id, 1, key=""),
        "undo": lambda: undo(client, game_id, key=""),
    }[correction]
    response = send()
    assert response.status_code == 422 and "Idempotency-Key" in response.get_json()["error"]
    assert client.get(f"{GAMES}/{game_id}").data == before


# --- the stored status ---------------------------------------------------------------------------------


def test_a_record_replays_201_and_an_edit_replays_200(client, db):
    game_id = api_game(client)
    recorded = client.post(f"{GAMES}/{game_id}/hands", json=EX1, headers=keyed("record"))
    replayed = client.post(f"{GAMES}/{game_id}/hands", json=EX1, headers=keyed("record"))
    assert recorded.status_code == replayed.status_code == 201 and replayed.data == recorded.data
    edited = edit(client, game_id, 1, {**EX3, "version": 1}, key="edit")
    assert_same_answer(edited, edit(client, game_id, 1, {**EX3, "version": 1}, key="edit"))
    stored = db.conn.execute("select key, status from idempotency_keys where game_id = ? order by key", [game_id])
    assert stored.fetchall() == [("edit", 200), ("record", 201)]


def test_a_key_is_one_request_whatever_the_route(client):
    """A key already used on the game by a request on another route is refused (422, in French),
    and changes nothing: it is not that request's retry (tests/test_idempotency_body.py)."""
    game_id = api_game(client)
    recorded = client.post(f"{GAMES}/{game_id}/hands", json=EX1, headers=keyed("same"))
    assert recorded.status_code == 201
    before = client.get(f"{GAMES}/{game_id}").data
    refused = undo(client, game_id, key="same")
    assert refused.status_code == 422
    assert refused.get_json()["error"].startswith("La clé « Idempotency-Key » a déjà servi pour une autre requête")
    assert client.get(f"{GAMES}/{game_id}").data == before
    assert len(sheet(client, game_id)["hands"]) == 1
