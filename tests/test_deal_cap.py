"""Issue 24, item 6: a game holds at most 500 deals, redeals included (belote.game_length.MAX_DEALS):
a new deal beyond is refused (409), and an archive's game beyond is not imported, the report says why.
The game's rows are written straight to the store (500 deals posted one by one would be slow)."""

from __future__ import annotations

import copy

import pytest

from scorekeeper.belote.errors import Conflict
from scorekeeper.belote.game_length import MAX_DEALS
from scorekeeper.services import games as service
from scorekeeper.store import derived
from scorekeeper.store import games as store
from scorekeeper.store.db import write_transaction
from tests.helpers import GAMES, api_game, import_data
from tests.test_import_won_game import ARCHIVE, REDEAL

HAND = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}


def game_of(client, db, redeals: int) -> str:
    """A game with `redeals` redeals, written as the service writes each, in one transaction."""
    game_id = api_game(client, players=["Ana", "Bruno", "Chloé", "David"])
    with write_transaction(db):
        for _ in range(redeals):
            deal_id = store.insert_deal(db, game_id, "redeal", {"reason": "all_pass", "player": None})
            store.log_action(db, game_id, deal_id, "record")
        derived.refresh_game(db, game_id)
    return game_id


def test_the_cap_is_500():
    assert MAX_DEALS == 500


def test_the_500th_deal_is_recorded_and_the_501st_refused(client, db):
    game_id = game_of(client, db, MAX_DEALS - 1)
    assert client.post(f"{GAMES}/{game_id}/hands", json=HAND).status_code == 201
    for kind, body in (("hands", HAND), ("redeals", {"reason": "all_pass"})):
        refused = client.post(f"{GAMES}/{game_id}/{kind}", json=body)
        assert refused.status_code == 409
        assert refused.get_json()["error"] == (
            "La partie compte déjà 500 donnes (redonnes comprises), le maximum d'une partie : rien n'a été enregistré."
        )
    with pytest.raises(Conflict):
        service.record_hand(db, game_id, HAND)
    assert len(service.get_sheet(db, game_id).deals) == MAX_DEALS


def test_a_deal_deleted_makes_room_again(client, db):
    game_id = game_of(client, db, MAX_DEALS)
    assert client.delete(f"{GAMES}/{game_id}/hands/1").status_code == 200
    assert client.post(f"{GAMES}/{game_id}/hands", json=HAND).status_code == 201
    assert client.post(f"{GAMES}/{game_id}/hands", json=HAND).status_code == 409


def archive_of(deals: int) -> dict:
    data = copy.deepcopy(ARCHIVE)
    data["games"][0]["deals"] = [copy.deepcopy(REDEAL) for _ in range(deals)]
    return data


def test_an_archived_game_of_500_deals_is_imported(db):
    report = import_data(db, archive_of(MAX_DEALS))
    assert report.games_added == ["gagne234"] and report.deals_added == MAX_DEALS


def test_an_archived_game_of_501_deals_is_refused_with_its_reason(db):
    report = import_data(db, archive_of(MAX_DEALS + 1))
    assert report.games_added == [] and report.deals_added == 0
    assert report.games_refused == [
        [
            "gagne234",
            "Partie 1 (gagne234) : une partie compte au plus 500 donnes (redonnes comprises), celle-ci en a 501. "
            "Partie non importée.",
        ]
    ]
