"""Issue 24, item 2, as a property: after any sequence of records, edits, deletes and undos that the
services accept (the corrections sometimes applied with the removal they offer), no deal before the
last is a winning one (belote.game_length.early_win), in a game to 1000 or in 4 deals, and the
stored derived rows agree."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.belote.ending import winner_of
from scorekeeper.belote.errors import Refusal
from scorekeeper.belote.game_length import early_win
from scorekeeper.services import games as service
from scorekeeper.services.game_end import WouldEndEarly
from scorekeeper.store import derived
from tests.helpers import examples

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
# Hands of every size, to reach the target (1000) soon and from either side: 80 ♥ made (170 / 70
# or 70 / 170), a capot announced (500), a générale made (800), coinchée and failed (1600 to the
# defense), hands that can tie past the target, and a redeal.
HANDS = [
    {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92},
    {"taker": "B", "taker_player": 1, "contract": 80, "mode": "hearts", "taker_points": 92},
    {"taker": "A", "taker_player": 2, "contract": "capot", "mode": "spades", "all_tricks": True},
    {"taker": "B", "taker_player": 3, "contract": "capot", "mode": "spades", "all_tricks": True},
    {"taker": "A", "taker_player": 0, "contract": "generale", "mode": "clubs", "all_tricks": True},
    {"taker": "B", "taker_player": 1, "contract": "generale", "mode": "all_trump", "coinche": "coinche"},
    # the hands of the tie at 1000 / 1000 in tests/test_correction_ends_game.py: 0 / 340 and 100 / 330
    {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 0, "melds": {"A": [], "B": ["cent"]}},
    {"taker": "B", "contract": 160, "mode": "hearts", "taker_points": 65, "melds": {"A": [], "B": ["cent"]}},
]
REDEAL = {"reason": "all_pass"}

operations = st.lists(
    st.one_of(
        st.tuples(st.just("record"), st.integers(0, len(HANDS))),  # len(HANDS): a redeal
        st.tuples(st.just("edit"), st.integers(1, 4), st.integers(0, len(HANDS) - 1), st.booleans()),
        st.tuples(st.just("delete"), st.integers(1, 4), st.booleans()),
        st.tuples(st.just("undo")),
    ),
    max_size=25,
)


def apply(db, game_id: str, operation: tuple) -> None:
    kind = operation[0]
    if kind == "record":
        if operation[1] == len(HANDS):
            service.record_redeal(db, game_id, REDEAL)
        else:
            service.record_hand(db, game_id, HANDS[operation[1]])
        return
    if kind == "undo":
        service.undo(db, game_id)
        return
    number, remove = operation[1], operation[-1]
    deal = service.get_sheet(db, game_id).deal(number)
    if deal is None or not deal.is_hand and kind == "edit":
        return
    try:
        if kind == "edit":
            service.edit_deal(db, game_id, number, {**HANDS[operation[2]], "version": deal.version})
        else:
            service.delete_deal(db, game_id, number, deal.version)
    except WouldEndEarly as refused:
        if not remove:
            raise
        if kind == "edit":
            body = {**HANDS[operation[2]], "version": deal.version, "remove_later": refused.won.later}
            service.edit_deal(db, game_id, number, body)
        else:
            service.delete_deal(db, game_id, number, deal.version, remove_later=refused.won.later)


@settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(operations, st.sampled_from([{"target": 1000}, {"end": {"deals": 4}}]))
def test_no_accepted_correction_leaves_a_game_won_before_its_last_deal(db, sequence, end):
    """In points (to 1000) or in 4 deals (issue 25: over, won or drawn, at its 4th hand)."""
    game_id = service.create_game(db, {"players": PLAYERS, **end}).game.id
    for operation in sequence:
        before = service.get_sheet(db, game_id)
        try:
            apply(db, game_id, operation)
        except Refusal:
            after = service.get_sheet(db, game_id)
            assert (after.revision, after.deals) == (before.revision, before.deals)  # refused: nothing changed
        sheet = service.get_sheet(db, game_id)
        assert early_win(sheet) is None, operation
        if "target" in end:
            assert all(winner_of(deal.totals, 1000) is None for deal in sheet.deals[:-1]), operation
        else:
            assert sum(deal.is_hand for deal in sheet.deals[:-1]) < 4, operation
        assert derived.progress(db, game_id) == {
            "deal_count": len(sheet.deals),
            "finished": sheet.finished,
            "winner": sheet.winner,
            "stopped": False,
            "on_paper": False,
        }
