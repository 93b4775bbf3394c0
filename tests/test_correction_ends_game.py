"""Issue 24, item 2: no correction leaves a game won before its last deal (belote.game_length).

The hand of the issue, worked from SCORING.md (game to 1000, rounding to the nearest ten):

- deal 1, as first entered: Ana (Nous) takes 80 ♥ with 92 card points: made (92 ≥ 80 and
  92 > 70); Nous round(92) + 80 = 90 + 80 = 170, Eux round(70) = 70. Totals 170 / 70.
- deal 2: Bruno (Eux) announces a capot ♥ and takes every trick: Eux 250 + 250 = 500, Nous 0.
  Totals 170 / 570.
- deal 3: Bruno announces a générale ♠, coinchée, and takes every trick alone: Eux 800 × 2 = 1600.
  Totals 170 / 2170: Eux wins at its last deal, as it should.
- deal 1 edited: David (Eux) announces a générale tout atout, coinchée, and fails: the defense,
  Nous, scores 800 × 2 = 1600, Eux 0 (SCORING.md's example 19, the other way round). Totals after
  deal 1: 1600 / 0, Nous has reached 1000: won at deal 1. Deals 2 and 3 would stay, and the sheet
  would end 1600 / 2100 naming Eux. Refused: « Avec cette correction, Nous gagne à la donne 1,
  1600 à 0 : les donnes 2 et 3 n'auraient pas été jouées. »
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.belote.errors import Conflict, InvalidInput
from scorekeeper.services import games as service
from scorekeeper.services.game_end import WouldEndEarly
from scorekeeper.store import games as store
from tests import pages
from tests.helpers import GAMES, api_game, page_text
from tests.pages import form_posting_to, post_deal

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
DEAL_1 = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}
CAPOT_B = {"taker": "B", "taker_player": 1, "contract": "capot", "mode": "hearts", "all_tricks": True}
GENERALE_B = {
    "taker": "B",
    "taker_player": 1,
    "contract": "generale",
    "mode": "spades",
    "coinche": "coinche",
    "all_tricks": True,
}
FAILED_GENERALE = {
    "taker": "B",
    "taker_player": 3,
    "contract": "generale",
    "mode": "all_trump",
    "coinche": "coinche",
    "all_tricks": False,
}
SENTENCE = "Avec cette correction, Nous gagne à la donne 1, 1600 à 0 : les donnes 2 et 3 n'auraient pas été jouées."


def issue_game(client) -> str:
    return api_game(client, DEAL_1, CAPOT_B, GENERALE_B, players=PLAYERS, target=1000)


def sheet(client, game_id: str) -> dict:
    return client.get(f"{GAMES}/{game_id}").get_json()


def edit_body(**extra) -> dict:
    return {**FAILED_GENERALE, "version": 1, **extra}


def totals(data: dict) -> list[tuple[int, int]]:
    return [(deal["totals"]["A"], deal["totals"]["B"]) for deal in data["hands"]]


def test_the_issues_game_is_valid_before_the_edit(client):
    data = sheet(client, issue_game(client))
    assert totals(data) == [(170, 70), (170, 570), (170, 2170)]
    assert data["winner"] == "B"


def test_the_service_refuses_the_edit_and_changes_nothing(client, db):
    game_id = issue_game(client)
    before = sheet(client, game_id)
    with pytest.raises(WouldEndEarly) as refused:
        service.edit_deal(db, game_id, 1, edit_body())
    assert refused.value.message == SENTENCE
    assert refused.value.won.later == [2, 3]
    assert sheet(client, game_id) == before


def test_the_api_refuses_with_the_sentence_then_applies_and_removes_and_one_undo_restores(client):
    game_id = issue_game(client)
    before = sheet(client, game_id)
    refused = client.put(f"{GAMES}/{game_id}/hands/1", json=edit_body(), headers={"Idempotency-Key": "k1"})
    assert refused.status_code == 409
    assert refused.get_json() == {
        "error": SENTENCE,
        "won_at": {"number": 1, "winner": "A", "totals": {"A": 1600, "B": 0}},
        "remove_later": [2, 3],
        "offer": "Appliquer et retirer les donnes 2 et 3",
    }
    assert sheet(client, game_id) == before

    applied = client.put(
        f"{GAMES}/{game_id}/hands/1", json=edit_body(remove_later=[2, 3]), headers={"Idempotency-Key": "k2"}
    )
    assert applied.status_code == 200, applied.get_json()
    after = applied.get_json()
    assert totals(after) == [(1600, 0)] and after["winner"] == "A" and after["finished"] is True
    again = client.put(
        f"{GAMES}/{game_id}/hands/1", json=edit_body(remove_later=[2, 3]), headers={"Idempotency-Key": "k2"}
    )
    assert (again.status_code, again.get_json()) == (200, after)  # a retry: made once

    undone = client.post(f"{GAMES}/{game_id}/undo", json={})
    assert undone.status_code == 200
    restored = undone.get_json()
    assert restored.pop("message") == (
        "Modification de la donne 1 annulée, et les donnes retirées avec elle rétablies."
    )
    assert [deal["input"] for deal in restored["hands"]] == [deal["input"] for deal in before["hands"]]
    assert totals(restored) == totals(before) and restored["winner"] == "B"
    # The deal edited back has a new version; the two removed came back as they were.
    assert [deal["version"] for deal in restored["hands"]] == [3, 1, 1]


def test_a_remove_later_that_is_not_the_deals_after_the_win_is_refused(client):
    game_id = issue_game(client)
    before = sheet(client, game_id)
    for wrong in ([2], [3], [2, 3, 4]):
        answer = client.put(f"{GAMES}/{game_id}/hands/1", json=edit_body(remove_later=wrong))
        assert answer.status_code == 409 and answer.get_json()["remove_later"] == [2, 3]
    for bad in ([], "2,3", [0], [True], 2):
        answer = client.put(f"{GAMES}/{game_id}/hands/1", json=edit_body(remove_later=bad))
        assert answer.status_code == 422 and "remove_later" in answer.get_json()["error"]
    assert sheet(client, game_id) == before


def test_a_remove_later_with_a_correction_that_wins_nothing_early_is_refused(client):
    game_id = issue_game(client)
    before = sheet(client, game_id)
    modest = {**DEAL_1, "taker_points": 102, "version": 1, "remove_later": [2, 3]}
    answer = client.put(f"{GAMES}/{game_id}/hands/1", json=modest)
    assert answer.status_code == 409
    assert answer.get_json()["error"].startswith("Avec cette correction, la partie ne se termine plus")
    assert sheet(client, game_id) == before


def won_then_played_on(client, db) -> str:
    """The issue's game as the code before this change left it: deal 1 edited to the failed
    générale, deals 2 and 3 kept (Nous won at deal 1, 1600 / 0). Written as that code wrote it."""
    game_id = issue_game(client)
    first = store.live_deals(db, game_id)[0]
    previous = json.loads(first["input_json"])
    with db.conn:
        store.update_deal(db, first["id"], input=FAILED_GENERALE, version=2)
        store.log_action(db, game_id, first["id"], "edit", previous_input=previous)
    return game_id


def test_a_delete_that_leaves_the_game_won_early_is_refused_then_applied_with_the_removal(client, db):
    """The game won at deal 1 with two deals after it (above): deleting deal 2 leaves deal 3, now
    numbered 2, after the win: « la donne 2 n'aurait pas été jouée » (the numbers of the sheet as
    the correction would leave it). Applied with `remove_later=2`: deals 2 and 3 go in one action."""
    game_id = won_then_played_on(client, db)
    before = sheet(client, game_id)
    refused = client.delete(f"{GAMES}/{game_id}/hands/2?version=1")
    assert refused.status_code == 409
    assert refused.get_json()["error"] == (
        "Avec cette suppression, Nous gagne à la donne 1, 1600 à 0 : la donne 2 n'aurait pas été jouée."
    )
    assert refused.get_json()["remove_later"] == [2]
    assert refused.get_json()["offer"] == "Appliquer et retirer la donne 2"
    assert sheet(client, game_id) == before
    bad = client.delete(f"{GAMES}/{game_id}/hands/2?version=1&remove_later=2,x")
    assert bad.status_code == 422
    applied = client.delete(f"{GAMES}/{game_id}/hands/2?version=1&remove_later=2", headers={"Idempotency-Key": "d"})
    assert applied.status_code == 200
    assert totals(applied.get_json()) == [(1600, 0)]
    replay = client.delete(f"{GAMES}/{game_id}/hands/2?version=1&remove_later=2", headers={"Idempotency-Key": "d"})
    assert replay.status_code == 200 and totals(replay.get_json()) == [(1600, 0)]
    # One undo would take back both (the delete and the removal), which brings back the game as the
    # old code left it, won at deal 1 before two more: refused too, as every correction that would.
    undone = client.post(f"{GAMES}/{game_id}/undo", json={})
    assert undone.status_code == 409
    assert undone.get_json()["error"] == (
        "Avec cette annulation, Nous gagne à la donne 1, 1600 à 0 : les donnes 2 et 3 n'auraient pas été "
        "jouées. Rien n'a été annulé."
    )
    assert totals(sheet(client, game_id)) == [(1600, 0)]


def test_an_undo_that_would_leave_the_game_won_early_is_refused(client, db):
    """Undo brings back a state the game had: it can end early only in a game the code before this
    change corrected. There, after a delete of deal 2 (the old code took it), undoing the delete
    brings deal 2 back behind the win: refused, nothing undone."""
    game_id = won_then_played_on(client, db)
    second = store.live_deals(db, game_id)[1]
    with db.conn:
        store.update_deal(db, second["id"], deleted_at=store.now())
        store.log_action(db, game_id, second["id"], "delete")
    before = sheet(client, game_id)
    refused = client.post(f"{GAMES}/{game_id}/undo", json={}, headers={"Idempotency-Key": "u"})
    assert refused.status_code == 409
    assert refused.get_json() == {
        "error": "Avec cette annulation, Nous gagne à la donne 1, 1600 à 0 : les donnes 2 et 3 n'auraient "
        "pas été jouées. Rien n'a été annulé.",
        "won_at": {"number": 1, "winner": "A", "totals": {"A": 1600, "B": 0}},
    }
    assert sheet(client, game_id) == before


def test_the_service_refuses_every_correction_that_ends_early_and_says_why(db, client):
    game_id = issue_game(client)
    with pytest.raises(InvalidInput):
        service.edit_deal(db, game_id, 1, edit_body(remove_later="tout"))
    with pytest.raises(Conflict):
        service.edit_deal(db, game_id, 1, edit_body(remove_later=[3]))
    service.edit_deal(db, game_id, 1, edit_body(remove_later=[2, 3]))
    assert [d.number for d in service.get_sheet(db, game_id).deals] == [1]
    assert len(store.last_action(db, game_id)) == 3  # the edit and the two deals it removed


# --- the pages, without JavaScript -------------------------------------------------------------


def test_the_edit_page_shows_the_sentence_and_applies_it_with_the_removal_in_one_action(client):
    game_id = issue_game(client)
    before = sheet(client, game_id)
    failed_generale = {"taker_player": "3", "contract": "generale", "mode": "all_trump", "coinche": "coinche"}
    refused = post_deal(client, game_id, {**failed_generale, "points": ""}, number=1)
    assert refused.status_code == 409
    assert SENTENCE in page_text(refused.text)
    assert sheet(client, game_id) == before
    offer = form_posting_to(refused.text, f"/parties/{game_id}/donnes/1/modifier")
    assert offer.value("remove_later") == "2,3"
    assert [b.get("id") for b in offer.buttons] == ["apply-and-remove"]
    assert "Appliquer et retirer les donnes 2 et 3" in refused.text

    applied = client.post(offer.action, data=offer.values())
    assert applied.status_code == 302
    page = pages.sheet(client, game_id)
    assert page.totals == (1600, 0) and [row.number for row in page.rows] == [1]
    assert "Partie gagnée par Nous" in page.html

    assert pages.undo(client, game_id) == [
        "Modification de la donne 1 annulée, et les donnes retirées avec elle rétablies."
    ]
    assert sheet(client, game_id)["hands"] == [
        {**deal, "version": 3 if deal["number"] == 1 else 1} for deal in before["hands"]
    ]


def test_the_delete_button_shows_the_sentence_and_its_offer(client, db):
    game_id = won_then_played_on(client, db)
    refused = pages.press(client, game_id, "/donnes/2/supprimer")
    assert refused.status_code == 409
    assert (
        "Avec cette suppression, Nous gagne à la donne 1, 1600 à 0 : la donne 2 n'aurait pas été jouée."
        in page_text(refused.text)
    )
    offer = form_posting_to(refused.text, f"/parties/{game_id}/donnes/2/supprimer")
    assert (offer.value("version"), offer.value("remove_later")) == ("1", "2")
    assert "Appliquer et retirer la donne 2" in refused.text
    assert client.post(offer.action, data=offer.values()).status_code == 302
    assert pages.sheet(client, game_id).totals == (1600, 0)


def test_the_undo_button_shows_the_sentence_and_undoes_nothing(client, db):
    game_id = won_then_played_on(client, db)
    second = store.live_deals(db, game_id)[1]
    with db.conn:
        store.update_deal(db, second["id"], deleted_at=store.now())
        store.log_action(db, game_id, second["id"], "delete")
    assert pages.undo(client, game_id) == [
        "Avec cette annulation, Nous gagne à la donne 1, 1600 à 0 : les donnes 2 et 3 n'auraient pas été jouées. "
        "Rien n'a été annulé."
    ]
    assert pages.sheet(client, game_id).totals == (1600, 1600)  # deals 1 and 3 still, deal 2 not back


def test_a_delete_that_breaks_a_tie_past_the_target_is_refused_then_applied_and_undone_as_one(client):
    """Equal totals past the target play on (SCORING.md, "A game"); a delete before them can break
    the tie, and the game is then won there. Game to 1000, worked from SCORING.md:

    1. Nous take 80 ♥ and make 0 card points, Eux declare a cent: failed, Eux 160 + 80 + 100 = 340.
       0 / 340.
    2. Ana's générale ♥, made: Nous 800. 800 / 340.
    3. Eux take 160 ♥ with 65 card points and a cent: 65 + 100 = 165 ≥ 160 and > 97, made: Eux
       round(65) + 160 + 100 = 70 + 260 = 330, Nous round(97) = 100. 900 / 670.
    4. The same again: 1000 / 1000, equal past the target: played on.
    5. Ana's 80 ♥ with 92: 170 / 70. 1170 / 1070: Nous win at the last deal.

    Deleting deal 1 takes 0 / 340 off every total after it: 800 / 0, 900 / 330, 1000 / 660 (now
    deal 3: Nous have won), then 1170 / 730: the last deal would follow the win."""
    failed = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 0, "melds": {"A": [], "B": ["cent"]}}
    generale = {"taker": "A", "taker_player": 0, "contract": "generale", "mode": "hearts", "all_tricks": True}
    eux = {"taker": "B", "contract": 160, "mode": "hearts", "taker_points": 65, "melds": {"A": [], "B": ["cent"]}}
    game_id = api_game(client, failed, generale, eux, eux, DEAL_1, players=PLAYERS, target=1000)
    before = sheet(client, game_id)
    assert totals(before) == [(0, 340), (800, 340), (900, 670), (1000, 1000), (1170, 1070)]

    refused = client.delete(f"{GAMES}/{game_id}/hands/1?version=1")
    assert refused.status_code == 409
    assert refused.get_json() == {
        "error": "Avec cette suppression, Nous gagne à la donne 3, 1000 à 660 : la donne 4 n'aurait pas été jouée.",
        "won_at": {"number": 3, "winner": "A", "totals": {"A": 1000, "B": 660}},
        "remove_later": [4],
        "offer": "Appliquer et retirer la donne 4",
    }
    assert sheet(client, game_id) == before

    applied = client.delete(f"{GAMES}/{game_id}/hands/1?version=1&remove_later=4", headers={"Idempotency-Key": "x"})
    assert applied.status_code == 200
    assert totals(applied.get_json()) == [(800, 0), (900, 330), (1000, 660)]
    assert applied.get_json()["winner"] == "A"

    undone = client.post(f"{GAMES}/{game_id}/undo", json={}, headers={"Idempotency-Key": "y"})
    assert undone.status_code == 200
    restored = undone.get_json()
    assert restored.pop("message") == "Donne 1 rétablie, et les donnes retirées avec elle aussi."
    assert restored == {**before, "revision": restored["revision"]}
    again = client.post(f"{GAMES}/{game_id}/undo", json={}, headers={"Idempotency-Key": "y"})
    assert again.get_json()["message"] == "Donne 1 rétablie, et les donnes retirées avec elle aussi."  # replayed
    assert totals(sheet(client, game_id)) == totals(before)
