"""D12: « Annuler la dernière action » is offered when the table has an action to undo, and only
then: a concours table stopped by the organiser before its first deal has none (the server refuses
it: 409), nor a game whose only deal was recorded then undone; a game whose only deal was deleted
has one (the undo brings it back). The sheet's page and its JSON (`undoable`, which the phone's
script draws the button from) say the same.

The deal is docs/scoring.md's example 1 (80 ♥ made with 92: 170 to 70)."""

from __future__ import annotations

import re

from tests.helpers import api_concours, api_draw

HAND_170_70 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}


def undo_offered(client, game_id: str) -> bool:
    """Whether the sheet's page shows the undo button (its form not hidden), checked against its JSON."""
    page = client.get(f"/parties/{game_id}").text
    form = re.search(r'<form [^>]*id="undo-form"[^>]*>', page).group(0)
    shown = " hidden" not in form
    assert client.get(f"/api/v1/games/{game_id}").get_json()["undoable"] is shown
    return shown


def test_a_table_stopped_before_its_first_deal_offers_no_undo(client):
    concours = api_draw(client, api_concours(client, ["Les As", "Les Rois"])["id"])
    game_id = concours["rounds"][0]["tables"][0]["game"]
    assert not undo_offered(client, game_id)
    assert client.post(f"/api/v1/concours/{concours['id']}/rounds/1/close", json={}).status_code == 200
    assert client.get(f"/api/v1/games/{game_id}").get_json()["revision"] == 1  # the stop: a write, no deal
    assert not undo_offered(client, game_id)
    assert client.post(f"/api/v1/games/{game_id}/undo", json={}).status_code == 409  # as the server says


def test_undo_is_offered_while_the_table_has_an_action_to_undo(client):
    game_id = client.post("/api/v1/games", json={"players": ["Ana", "Bruno", "Chloé", "David"]}).get_json()["id"]
    assert not undo_offered(client, game_id)
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND_170_70).status_code == 201
    assert undo_offered(client, game_id)
    assert client.post(f"/api/v1/games/{game_id}/undo", json={}).status_code == 200
    assert not undo_offered(client, game_id)  # recorded then undone: nothing left to undo
    assert client.post(f"/api/v1/games/{game_id}/undo", json={}).status_code == 409
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND_170_70).status_code == 201
    assert client.delete(f"/api/v1/games/{game_id}/hands/1").status_code == 200
    assert client.get(f"/api/v1/games/{game_id}").get_json()["hands"] == []
    assert undo_offered(client, game_id)  # the delete: its undo brings the deal back
    assert client.post(f"/api/v1/games/{game_id}/undo", json={}).status_code == 200
    assert len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"]) == 1
