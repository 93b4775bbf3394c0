"""The games service layer (scorekeeper/services/games.py) below the API: what is stored, that a
write failing half-way leaves nothing behind, idempotent replays, versions and undo's messages.

Expected scores are docs/scoring.md's published figures; totals were added up on paper.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.belote.errors import Conflict, InvalidInput, NotFound
from scorekeeper.belote.game import Game
from scorekeeper.belote.sheet import build_sheet
from scorekeeper.belote.sheet_json import sheet_to_json
from scorekeeper.services import games as service
from scorekeeper.store import games as store
from scorekeeper.store import idempotency as idempotency_store
from tests.helpers import examples

EXAMPLE_1 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # 170 / 70
EXAMPLE_8 = {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101}  # 300 / 60
EXAMPLE_20 = {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 71}  # 240 / 0


def count(db, table: str) -> int:
    return db[table].count


def new_game(db, **body) -> str:
    return service.create_game(db, body).game.id


def test_a_deal_stores_what_the_table_entered_and_no_score(db):
    game_id = new_game(db)
    service.record_hand(db, game_id, {**EXAMPLE_8, "taker_player": 2, "all_tricks": False, "belote": {"A": 0}})
    (row,) = db.query("select * from deals")
    # Defaults are left out; no score is kept anywhere: totals are derived.
    assert json.loads(row["input"]) == {**EXAMPLE_8, "taker_player": 2}
    assert row["kind"] == "hand" and row["version"] == 1 and row["deleted_at"] is None
    assert not any("score" in column or "total" in column for column in db["deals"].columns_dict)
    assert service.get_sheet(db, game_id).totals == {"A": 300, "B": 60}


def test_a_game_keeps_its_rules(db):
    game_id = new_game(db, target=1000, dealer=3, rules={"rounding": "none", "misere": True})
    (row,) = db.query("select * from games")
    assert (row["target"], row["first_dealer"], row["rounding"], row["misere"], row["carre_de_sept"]) == (
        1000,
        3,
        "none",
        1,
        0,
    )
    # Example 24: 80 ♥, P=85, exact points: 165 / 77.
    service.record_hand(db, game_id, {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 85})
    sheet = service.get_sheet(db, game_id)
    assert sheet.totals == {"A": 165, "B": 77}
    assert sheet.deals[0].dealer == 3 and sheet.dealer == 0


@pytest.mark.parametrize(
    ("module", "failing"), [(store, "insert_deal"), (store, "log_action"), (idempotency_store, "remember_key")]
)
def test_a_record_failing_half_way_leaves_nothing(db, monkeypatch, module, failing):
    game_id = new_game(db)
    service.record_hand(db, game_id, EXAMPLE_1)

    def boom(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(module, failing, boom)
    with pytest.raises(RuntimeError):
        service.record_hand(db, game_id, EXAMPLE_20, idempotency_key="k")
    monkeypatch.undo()
    assert (count(db, "deals"), count(db, "actions"), count(db, "idempotency_keys")) == (1, 1, 0)
    assert not db.conn.in_transaction
    # The retry of the failed request is then recorded, once: 170+240 / 70+0.
    first = service.record_hand(db, game_id, EXAMPLE_20, idempotency_key="k")
    again = service.record_hand(db, game_id, EXAMPLE_20, idempotency_key="k")
    assert json.loads(first.text)["totals"] == {"A": 410, "B": 70}
    assert again.replayed and again.text == first.text
    assert json.loads(again.text) == sheet_to_json(service.get_sheet(db, game_id), chances=None)
    assert count(db, "deals") == 2


def test_an_edit_failing_half_way_leaves_the_deal_as_it_was(db, monkeypatch):
    game_id = new_game(db)
    service.record_hand(db, game_id, EXAMPLE_1)

    def boom(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(store, "log_action", boom)
    with pytest.raises(RuntimeError):
        service.edit_deal(db, game_id, 1, {**EXAMPLE_8, "version": 1})
    monkeypatch.undo()
    deal = service.get_sheet(db, game_id).deals[0]
    assert deal.input == EXAMPLE_1 and deal.version == 1
    assert count(db, "actions") == 1


def test_versions(db):
    game_id = new_game(db)
    service.record_hand(db, game_id, EXAMPLE_1)
    with pytest.raises(InvalidInput) as missing:
        service.edit_deal(db, game_id, 1, EXAMPLE_8)
    assert missing.value.field == "version"
    with pytest.raises(InvalidInput) as null:
        service.edit_deal(db, game_id, 1, {**EXAMPLE_8, "version": None})
    assert null.value.field == "version"
    with pytest.raises(Conflict):
        service.edit_deal(db, game_id, 1, {**EXAMPLE_8, "version": 2})
    sheet = service.edit_deal(db, game_id, 1, {**EXAMPLE_8, "version": 1})
    assert sheet.deals[0].version == 2 and sheet.totals == {"A": 300, "B": 60}
    with pytest.raises(Conflict):
        service.edit_deal(db, game_id, 1, {**EXAMPLE_1, "version": 1})
    sheet = service.edit_deal(db, game_id, 1, {**EXAMPLE_1, "version": 2})
    assert sheet.deals[0].version == 3 and sheet.totals == {"A": 170, "B": 70}
    with pytest.raises(Conflict):
        service.delete_deal(db, game_id, 1, version=2)
    assert service.delete_deal(db, game_id, 1, version=3).deals == []


@pytest.mark.parametrize("number", [0, -1, 2])
def test_unknown_deal_numbers(db, number):
    game_id = new_game(db)
    service.record_hand(db, game_id, EXAMPLE_1)
    with pytest.raises(NotFound):
        service.edit_deal(db, game_id, number, {**EXAMPLE_1, "version": 1})
    with pytest.raises(NotFound):
        service.delete_deal(db, game_id, number)


def test_unknown_game(db):
    for call in (
        lambda: service.get_sheet(db, "inconnue"),
        lambda: service.record_hand(db, "inconnue", EXAMPLE_1),
        lambda: service.record_redeal(db, "inconnue", {"reason": "all_pass"}),
        lambda: service.edit_deal(db, "inconnue", 1, {**EXAMPLE_1, "version": 1}),
        lambda: service.delete_deal(db, "inconnue", 1),
        lambda: service.undo(db, "inconnue"),
    ):
        with pytest.raises(NotFound):
            call()
    assert not db.conn.in_transaction


def test_undo_messages_name_the_deal(db):
    game_id = new_game(db)
    service.record_hand(db, game_id, EXAMPLE_1)
    service.record_redeal(db, game_id, {"reason": "all_pass"})
    service.record_hand(db, game_id, EXAMPLE_20)
    service.delete_deal(db, game_id, 2)
    service.edit_deal(db, game_id, 2, {**EXAMPLE_8, "version": 1})
    sheet, message = service.undo(db, game_id)
    assert message == "Modification de la donne 2 annulée."
    assert sheet.deals[1].input == EXAMPLE_20
    sheet, message = service.undo(db, game_id)
    assert message == "Donne 2 rétablie."
    assert [deal.kind for deal in sheet.deals] == ["hand", "redeal", "hand"]
    assert sheet.totals == {"A": 410, "B": 70} and sheet.dealer == 3
    assert service.undo(db, game_id)[1] == "Donne 3 retirée."
    assert service.undo(db, game_id)[1] == "Donne 2 retirée."
    assert service.undo(db, game_id)[1] == "Donne 1 retirée."
    with pytest.raises(Conflict):
        service.undo(db, game_id)
    # Every write and every undo counts in the sheet's revision (what the ETag follows).
    assert service.get_revision(db, game_id) == 10


def test_a_recorded_deal_is_answered_with_the_whole_sheet_after_it(db):
    """Recording answers the sheet's JSON text after the new deal: to the byte, what writing out
    the whole sheet built from the inputs gives, names with quotes and JSON-like text included."""
    teams = {"A": 'Les "as" ,"hands":[', "B": "<b>Eux</b> & cie"}
    game_id = new_game(db, teams=teams, players=["Zoë", "Bo", "Ça", "Dé"])
    texts = []
    for body in (EXAMPLE_1, {"reason": "all_pass"}, EXAMPLE_8, EXAMPLE_20):
        record = service.record_redeal if "reason" in body else service.record_hand
        texts.append(record(db, game_id, body).text)
        whole = service.get_sheet(db, game_id)
        assert texts[-1] == service.sheet_text(db, whole)
        assert texts[-1] == json.dumps(sheet_to_json(whole, chances=None), ensure_ascii=False, separators=(",", ":"))
    last = json.loads(texts[-1])
    # 170/70, redeal, 300/60 (example 8), 240/0 (example 20, B failed): 710/130 after 4 deals;
    # the fifth deal comes back to player 0.
    assert (last["totals"], last["dealer"], len(last["hands"]), last["revision"]) == ({"A": 710, "B": 130}, 0, 4, 4)
    assert last["teams"]["A"] == 'Les "as" ,"hands":['


@settings(max_examples=examples(150), deadline=None)
@given(
    names=st.lists(
        st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="|"), max_size=12),
        min_size=6,
        max_size=6,
    )
)
def test_the_sheet_text_is_the_standard_json_of_the_sheet_whatever_the_names(names):
    """The API's text (written by orjson, for speed) is, byte for byte, the standard library's
    compact JSON of the sheet, for any name a table may type: accents, quotes, control characters."""
    game = Game(id="abcd2345", teams={"A": names[0], "B": names[1]}, players=names[2:], first_dealer=0)
    rows = [
        {"id": 1, "kind": "hand", "version": 1, "input": EXAMPLE_8},
        {"id": 2, "kind": "redeal", "version": 1, "input": {"reason": "all_pass", "player": None}},
    ]
    sheet = build_sheet(game, rows)
    data = sheet_to_json(sheet, chances=None)
    assert service.json_text(data) == json.dumps(data, ensure_ascii=False, separators=(",", ":"))
