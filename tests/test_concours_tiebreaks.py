"""Tie-breaks in the organiser's order (CONCOURS.md, "Tie-breaks chosen by the organiser"): each
criterion on standings worked on paper, head-to-head between two teams level (separated; met but
even, the next criterion decides; never met) and among three (never separated), and the list's
refusals. scorekeeper/belote/concours/tiebreaks.py and standings.py.

In each case the first partie's drawn order (the last tie-break) and, where it can, the ranking's
usual order are chosen to give another answer than the criterion under test."""

from __future__ import annotations

import pytest

from scorekeeper.belote.concours.standings import Entrant, RoundResult, TableResult, standings
from scorekeeper.belote.concours.tiebreaks import parse_tiebreaks
from scorekeeper.belote.errors import InvalidInput


def game(a: int, b: int, total_a: int, total_b: int) -> TableResult:
    winner = None if total_a == total_b else "A" if total_a > total_b else "B"
    return TableResult(a=(a,), b=(b,), totals={"A": total_a, "B": total_b}, finished=True, winner=winner, hands=10)


def partie(number: int, *tables: TableResult) -> RoundResult:
    return RoundResult(number=number, tables=list(tables), rests=(), closed=True)


def order(rounds, ranking: str, tiebreaks, drawn=(1, 2, 3, 4)) -> list[int]:
    """The teams' numbers best first; `drawn` is the first partie's drawn order."""
    teams = [Entrant(number, f"Équipe {number}", drawn.index(number), True) for number in (1, 2, 3, 4)]
    return [line.team for line in standings(teams, rounds, ranking, "average", tiebreaks)]


# Ranked on wins. Winners 1 (600 – 500, +100) and 3 (1000 – 950, +50) level on one win; losers
# 2 (500 scored, −100) and 4 (950 scored, −50) on none.
WINS_1 = [partie(1, game(1, 2, 600, 500), game(3, 4, 1000, 950))]


def test_difference():
    # 1 (+100) before 3 (+50), 4 (−50) before 2 (−100); the drawn order alone puts 3 before 1.
    assert order(WINS_1, "wins", ("difference",), drawn=(3, 4, 1, 2)) == [1, 3, 4, 2]
    assert order(WINS_1, "wins", (), drawn=(3, 4, 1, 2)) == [3, 1, 4, 2]  # an empty list: the drawn order


def test_points():
    # 3 (1000 scored) before 1 (600), 4 (950) before 2 (500); the usual order (difference) says 1, 3.
    assert order(WINS_1, "wins", ("points",)) == [3, 1, 4, 2]
    assert order(WINS_1, "wins", None) == [1, 3, 4, 2]


def test_conceded_fewer_first():
    # Winners 1 (1000 – 900: conceded 900, +100) and 3 (600 – 550: conceded 550, +50); losers
    # 2 (conceded 1000) and 4 (600). Fewer conceded first: 3, 1, then 4, 2; usual: 1, 3, 4, 2.
    rounds = [partie(1, game(1, 2, 1000, 900), game(3, 4, 600, 550))]
    assert order(rounds, "wins", ("conceded",)) == [3, 1, 4, 2]
    assert order(rounds, "wins", None) == [1, 3, 4, 2]


def test_best_game():
    # Winners 1 (1000 – 900: best 1000, +100) and 3 (700 – 500: best 700, +200); losers 2 (best
    # 900, −100) and 4 (best 500, −200). Best first: 1, 3, 2, 4; usual (difference): 3, 1, 2, 4.
    rounds = [partie(1, game(1, 2, 1000, 900), game(3, 4, 700, 500))]
    assert order(rounds, "wins", ("best",), drawn=(3, 4, 2, 1)) == [1, 3, 2, 4]
    assert order(rounds, "wins", None, drawn=(3, 4, 2, 1)) == [3, 1, 2, 4]


def test_wins_after_points():
    # Ranked on points. 1: 800 – 700 and 800 – 700, two wins, 1600 scored, +200. 3: 1100 – 500
    # and 500 – 600, one win, 1600 scored, +500. 2: 700 + 600 = 1300; 4: 500 + 700 = 1200.
    # Wins: 1 before 3; the usual order (difference) and the drawn order say 3 before 1.
    rounds = [
        partie(1, game(1, 2, 800, 700), game(3, 4, 1100, 500)),
        partie(2, game(1, 4, 800, 700), game(3, 2, 500, 600)),
    ]
    assert order(rounds, "points", ("wins",), drawn=(3, 4, 1, 2)) == [1, 3, 2, 4]
    assert order(rounds, "points", None, drawn=(3, 4, 1, 2)) == [3, 1, 2, 4]


def test_a_draw_counts_half_a_win():
    # Ranked on points. Partie 1: 1 – 2 1000 – 1000, 3 – 4 600 – 400. Partie 2: 3 – 1 400 – 0,
    # 4 – 2 600 – 0. Scored: 1000 each. Wins: 3 two, 4 one, 1 and 2 ½ each (a draw counted as a
    # whole win would put them level with 4, before it by the drawn order).
    rounds = [
        partie(1, game(1, 2, 1000, 1000), game(3, 4, 600, 400)),
        partie(2, game(3, 1, 400, 0), game(4, 2, 600, 0)),
    ]
    assert order(rounds, "points", ("wins",), drawn=(2, 1, 4, 3)) == [3, 4, 2, 1]


# Head-to-head, ranked on points. Partie 1: 1 – 2 1000 – 800, 3 – 4 700 – 900; partie 2: 1 – 3
# 800 – 1000, 2 – 4 1000 – 600. Scored: 1 1800, 2 1800, 3 1700, 4 1500; conceded: 1 1800 (0),
# 2 1600 (+200). 1 and 2 are level and 1 beat 2.
MET_ONCE = [
    partie(1, game(1, 2, 1000, 800), game(3, 4, 700, 900)),
    partie(2, game(1, 3, 800, 1000), game(2, 4, 1000, 600)),
]


def test_head_to_head_separates_two_teams_level_that_met():
    assert order(MET_ONCE, "points", ("head_to_head",), drawn=(2, 1, 3, 4)) == [1, 2, 3, 4]
    # the usual order (difference: 2 +200, 1 0) and the drawn order put 2 first
    assert order(MET_ONCE, "points", None, drawn=(2, 1, 3, 4)) == [2, 1, 3, 4]
    assert order(MET_ONCE, "points", ("difference", "head_to_head"), drawn=(2, 1, 3, 4)) == [2, 1, 3, 4]


def test_head_to_head_even_goes_on_to_the_next_criterion():
    # 1 and 2 met twice, one win each: partie 1 1 – 2 1000 – 700, partie 2 2 – 1 1100 – 800. Both
    # scored 1800; best 2 1100, 1 1000. 3: 900 + 600 = 1500, 4: 700 + 500 = 1200.
    rounds = [
        partie(1, game(1, 2, 1000, 700), game(3, 4, 900, 700)),
        partie(2, game(2, 1, 1100, 800), game(3, 4, 600, 500)),
    ]
    assert order(rounds, "points", ("head_to_head", "best")) == [2, 1, 3, 4]
    assert order(rounds, "points", ("head_to_head",)) == [1, 2, 3, 4]  # then the drawn order


def test_head_to_head_does_not_separate_two_teams_that_never_met():
    # 1 (1000 – 800) and 3 (1000 – 600) level on 1000 scored, never met: fewer conceded, 3 first.
    rounds = [partie(1, game(1, 2, 1000, 800), game(3, 4, 1000, 600))]
    assert order(rounds, "points", ("head_to_head", "conceded")) == [3, 1, 2, 4]
    assert order(rounds, "points", ("head_to_head",)) == [1, 3, 2, 4]


# Three level, ranked on points. Partie 1: 1 – 2 1000 – 900, 3 – 4 900 – 1000; partie 2: 1 – 3
# 800 – 900, 2 – 4 900 – 700. Scored: 1, 2 and 3 1800, 4 1700. 1 beat 2, 3 beat 1, 2 and 3 never
# met. Conceded: 1 1800 (0), 2 1700 (+100), 3 1800 (0), 4 1800 (−100).
THREE_LEVEL = [
    partie(1, game(1, 2, 1000, 900), game(3, 4, 900, 1000)),
    partie(2, game(1, 3, 800, 900), game(2, 4, 900, 700)),
]


def test_head_to_head_never_separates_three_teams_level():
    assert order(THREE_LEVEL, "points", ("head_to_head",)) == [1, 2, 3, 4]
    assert order(THREE_LEVEL, "points", ("head_to_head",), drawn=(3, 2, 1, 4)) == [3, 2, 1, 4]


def test_head_to_head_separates_the_two_left_level_by_the_criteria_before_it():
    # difference takes 2 (+100) out of the three; 1 and 3 (both 0) are left, and 3 beat 1
    assert order(THREE_LEVEL, "points", ("difference", "head_to_head")) == [2, 3, 1, 4]
    assert order(THREE_LEVEL, "points", ("difference",)) == [2, 1, 3, 4]


def test_an_unfinished_game_counts_for_the_team_ahead():
    # As everywhere in the ranking, a game going on counts at its totals: 2 ahead of 1 there.
    going = TableResult(a=(1,), b=(2,), totals={"A": 300, "B": 500}, finished=False, winner=None, hands=3)
    rounds = [
        partie(1, game(1, 3, 500, 0), game(2, 4, 300, 0)),
        RoundResult(2, [going, game(3, 4, 0, 0)], rests=(), closed=False),
    ]
    # 1 and 2 on 800 scored, 2 ahead in their game
    assert order(rounds, "points", ("head_to_head",)) == [2, 1, 3, 4]


@pytest.mark.parametrize(
    "value, ranking, field, message",
    [
        ("difference", "points", "tiebreaks", "« tiebreaks » doit être une liste de critères"),
        (["difference", "ecart"], "points", "tiebreaks.1", "Le 2e critère de départage (« tiebreaks.1 ») est inconnu"),
        ([3], "points", "tiebreaks.0", "Le 1er critère de départage (« tiebreaks.0 ») est inconnu"),
        (
            ["head_to_head", "best", "head_to_head"],
            "points",
            "tiebreaks.2",
            "Le 3e critère de départage (« tiebreaks.2 ») répète « head_to_head » (confrontation directe),"
            " déjà choisi plus haut.",
        ),
        (
            ["difference", "points"],
            "points",
            "tiebreaks.1",
            "Le 2e critère de départage (« tiebreaks.1 ») répète « points » (points marqués), premier critère",
        ),
        (["wins"], "wins", "tiebreaks.0", "répète « wins » (victoires), premier critère du classement choisi."),
    ],
)
def test_a_list_with_an_unknown_criterion_or_one_twice_is_refused(value, ranking, field, message):
    with pytest.raises(InvalidInput) as refused:
        parse_tiebreaks(value, ranking)
    assert refused.value.field == field
    assert message in refused.value.message


def test_the_list_as_given():
    assert parse_tiebreaks(None, "points") is None
    assert parse_tiebreaks([], "points") == ()
    assert parse_tiebreaks(["points", "head_to_head", "conceded"], "wins") == ("points", "head_to_head", "conceded")
