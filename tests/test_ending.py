"""A game's end (issue 25, CONCOURS.md "The concours"): in points or in M scored hands, redeals not
counted, equal totals a draw; a game stopped by an organiser ends at its totals. Pure rules: the end
read from a new game's body, the outcome, the sheet, and the length of a game (`game_length`).

The hands, worked on paper (docs/scoring.md's example 1 and its mirror): A takes 80 ♥ and makes 92
card points, rounded to 90: A 90 + 80 = 170, B 162 − 92 = 70; B doing the same gives B 170, A 70.
Played in turn, A then B, the totals are equal after every second hand: 240 – 240 after two, and
12 hands end 6 × 170 + 6 × 70 = 1440 to 1440, a draw.
"""

from __future__ import annotations

import pytest

from scorekeeper.belote.ending import OFFERED_ENDS, End, Outcome, deals_line, outcome_of, parse_end, result_words
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.game import Game, rules_line
from scorekeeper.belote.game_length import early_win, import_refusal
from scorekeeper.belote.sheet import build_sheet

A80 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # A 170, B 70
B80 = {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 92}  # A 70, B 170
REDEAL = {"reason": "all_pass", "player": None}
TEAMS = {"A": "Nous", "B": "Eux"}
TWELVE = End(deals=12)


def sheet_of(deals: list[dict], end: End = TWELVE, stopped_at: str | None = None):
    players = ["Ana", "Bruno", "Chloé", "David"]
    game = Game(id="g", teams=TEAMS, players=players, first_dealer=0, end=end, stopped_at=stopped_at)
    rows = [
        {"id": number, "kind": "redeal" if "reason" in deal else "hand", "version": 1, "input": deal}
        for number, deal in enumerate(deals, start=1)
    ]
    return build_sheet(game, rows)


def in_turn(hands: int) -> list[dict]:
    return [A80 if index % 2 == 0 else B80 for index in range(hands)]


@pytest.mark.parametrize(
    ("body", "end"),
    [
        ({}, End(points=2000)),
        ({"target": 1000}, End(points=1000)),
        ({"target": 2000}, End(points=2000)),
        ({"end": {"points": 500}}, End(points=500)),
        ({"end": {"points": 1500}}, End(points=1500)),
        ({"end": {"points": 5000}}, End(points=5000)),
        ({"end": {"deals": 4}}, End(deals=4)),
        ({"end": {"deals": 12}}, End(deals=12)),
        ({"end": {"deals": 30}}, End(deals=30)),
    ],
)
def test_the_end_a_new_game_takes(body, end):
    assert parse_end(body) == end


ENDS_REFUSED = (
    '« end » doit valoir {"points": T} (T de 500 à 5000, un multiple de 10) ou {"deals": M} (M de 4 à 30 donnes).'
)


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"end": {"points": 490}}, "end", ENDS_REFUSED),
        ({"end": {"points": 5010}}, "end", ENDS_REFUSED),
        ({"end": {"points": 1505}}, "end", ENDS_REFUSED),
        ({"end": {"points": 1500.0}}, "end", ENDS_REFUSED),
        ({"end": {"deals": 3}}, "end", ENDS_REFUSED),
        ({"end": {"deals": 31}}, "end", ENDS_REFUSED),
        ({"end": {"deals": True}}, "end", ENDS_REFUSED),
        ({"end": {"points": 2000, "deals": 12}}, "end", ENDS_REFUSED),
        ({"end": {}}, "end", ENDS_REFUSED),
        ({"end": 2000}, "end", ENDS_REFUSED),
        ({"end": {"rounds": 12}}, "end", ENDS_REFUSED),
        ({"target": 1500}, "target", "« target » doit valoir 2000 ou 1000."),
        (
            {"target": 2000, "end": {"points": 2000}},
            "end",
            "« end » et « target » disent la même chose : donnez « end » seul.",
        ),
    ],
)
def test_an_end_refused_in_french(body, field, message):
    with pytest.raises(InvalidInput) as refused:
        parse_end(body)
    assert (refused.value.field, refused.value.message) == (field, message)


def test_an_end_is_in_points_or_in_deals_and_says_so():
    assert End().as_json() == {"points": 2000}
    assert End(deals=12).as_json() == {"deals": 12} and End(deals=12).points is None
    assert [end.phrase() for end in OFFERED_ENDS] == [
        "Partie en 2000 points",
        "Partie en 1000 points",
        "Partie en 12 donnes",
    ]
    assert [End.from_key(end.key) for end in OFFERED_ENDS] == list(OFFERED_ENDS)
    with pytest.raises(ValueError):
        End(points=1000, deals=12)
    with pytest.raises(ValueError):
        End(points=None)


@pytest.mark.parametrize(
    ("totals", "hands", "end", "stopped", "outcome"),
    [
        ({"A": 1990, "B": 1500}, 20, End(), False, Outcome(False, None)),
        ({"A": 2000, "B": 1500}, 20, End(), False, Outcome(True, "A")),
        ({"A": 2100, "B": 2100}, 20, End(), False, Outcome(False, None)),  # equal totals play on
        ({"A": 900, "B": 1400}, 11, End(deals=12), False, Outcome(False, None)),
        ({"A": 900, "B": 1400}, 12, End(deals=12), False, Outcome(True, "B")),
        ({"A": 1440, "B": 1440}, 12, End(deals=12), False, Outcome(True, None)),  # a draw
        ({"A": 410, "B": 310}, 3, End(deals=12), True, Outcome(True, "A")),
        ({"A": 240, "B": 240}, 2, End(), True, Outcome(True, None)),  # stopped in points, equal: a draw
        ({"A": 0, "B": 0}, 0, End(deals=12), True, Outcome(True, None)),
    ],
)
def test_the_outcome(totals, hands, end, stopped, outcome):
    assert outcome_of(totals, hands, end, stopped) == outcome
    assert outcome.draw is (outcome.finished and outcome.winner is None)


def test_twelve_hands_in_turn_end_in_a_draw_and_redeals_do_not_count():
    deals = in_turn(2) + [REDEAL] + in_turn(9) + [REDEAL]  # 11 hands, 2 redeals
    sheet = sheet_of(deals)
    assert (sheet.hands_played, len(sheet.deals), sheet.finished) == (11, 13, False)
    assert sheet.totals == {"A": 170 * 6 + 70 * 5, "B": 70 * 6 + 170 * 5} == {"A": 1370, "B": 1270}
    assert deals_line(sheet.game.end, sheet.hands_played, sheet.finished) == "Donne 12 sur 12"
    sheet = sheet_of(deals + [B80])
    assert (sheet.hands_played, sheet.finished, sheet.winner, sheet.draw) == (12, True, None, True)
    assert sheet.totals == {"A": 1440, "B": 1440}
    assert deals_line(sheet.game.end, sheet.hands_played, True) == "Donnes jouées : 12 sur 12"
    assert result_words(sheet.outcome, sheet.stopped, TEAMS) == "Partie nulle"


def test_twelve_hands_won_by_the_team_ahead():
    sheet = sheet_of(in_turn(11) + [A80])  # A took 7 hands, B 5
    assert sheet.totals == {"A": 7 * 170 + 5 * 70, "B": 7 * 70 + 5 * 170} == {"A": 1540, "B": 1340}
    assert (sheet.finished, sheet.winner, sheet.draw) == (True, "A", False)


def test_a_stopped_game_ends_at_its_totals():
    sheet = sheet_of(in_turn(3), stopped_at="2026-01-09T22:30:00.000+00:00")
    assert (sheet.totals, sheet.finished, sheet.winner, sheet.stopped) == ({"A": 410, "B": 310}, True, "A", True)
    assert result_words(sheet.outcome, True, TEAMS) == "Partie arrêtée par l'organisateur : gagnée par Nous"
    sheet = sheet_of(in_turn(2), End(points=1000), stopped_at="2026-01-09T22:30:00.000+00:00")
    assert (sheet.totals, sheet.finished, sheet.draw) == ({"A": 240, "B": 240}, True, True)
    assert result_words(sheet.outcome, True, TEAMS) == "Partie arrêtée par l'organisateur : égalité"
    assert early_win(sheet) is None  # a stop ends the game after its last deal, never before
    sheet = sheet_of(in_turn(11) + [A80], stopped_at="2026-01-09T22:30:00.000+00:00")  # over, then stopped
    assert (sheet.stopped, sheet.cut_short, sheet.winner) == (True, False, "A")
    assert result_words(sheet.outcome, sheet.cut_short, TEAMS) == "Partie gagnée par Nous"


def test_a_game_in_deals_holds_no_deal_after_its_last_hand():
    deals = in_turn(2) + [REDEAL] + in_turn(10)  # the 12th hand is deal 13
    assert early_win(sheet_of(deals)) is None
    assert early_win(sheet_of(deals + [REDEAL])).number == 13  # a redeal after the end, too
    sheet = sheet_of(deals + [A80])
    won = early_win(sheet)
    assert (won.winner, won.number, won.totals, won.later) == (None, 13, {"A": 1440, "B": 1440}, [14])
    assert won.sentence(sheet) == (
        "Avec cette correction, la partie se termine sur une égalité à la donne 13, 1440 à 1440 : "
        "la donne 14 n'aurait pas été jouée."
    )
    assert import_refusal(sheet) == (
        "la partie se termine sur une égalité à la donne 13 (1440 à 1440), mais le fichier contient encore "
        "1 donne(s) après : une partie finie ne prend plus de donne. Partie non importée."
    )
    sheet = sheet_of(in_turn(11) + [A80, B80, B80], End(deals=12))
    won = early_win(sheet)
    assert (won.winner, won.number, won.later) == ("A", 12, [13, 14])
    assert won.sentence(sheet).startswith("Avec cette correction, Nous gagne à la donne 12, 1540 à 1340 : ")


def test_the_rules_line_names_the_end():
    assert rules_line(sheet_of([], End(deals=12)).game) == "Partie en 12 donnes · arrondi à la dizaine la plus proche"
    assert rules_line(sheet_of([], End(points=1500)).game, brief=True) == "Partie en 1500"
    assert sheet_of([], End(deals=12)).game.target is None and sheet_of([], End()).game.target == 2000
