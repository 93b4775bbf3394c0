"""The draw of a mêlée's partie (CONCOURS.md, "The mêlée"): scorekeeper/belote/concours/melee.py.

CONCOURS.md's 8-player example and small cases worked by hand; then histories of whole mêlées
drawn partie after partie (8 to 40 players, absent ones coming and going, rests), where every
player plays or rests once, the rest goes as specified, and, up to 12 players, partners and tables
are each the best of an exhaustive search of the test's own: every perfect pairing enumerated top
down (first item's partner in order, then the first unpaired item's...), so the first of the
lowest cost met in that enumeration is the top-down first of the cheapest.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.belote.concours.melee import MeleeDraw, choose_rests, draw_melee, pair_tables
from tests.helpers import examples


def pairs(*pairs: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(pair) for pair in pairs}


def test_concours_example_partie_1_no_history_top_down():
    assert draw_melee([5, 2, 8, 1, 7, 3, 6, 4], {}, set(), Counter()) == MeleeDraw(
        rest=[], tables=[((5, 2), (8, 1)), ((7, 3), (6, 4))]
    )


def test_concours_example_partie_2_every_way_costs_two():
    # After partie 1: partners 5–2, 8–1, 7–3, 6–4; tables 5–2 v 8–1 and 7–3 v 6–4.
    partners = pairs((5, 2), (8, 1), (7, 3), (6, 4))
    opponents = Counter({p: 1 for p in pairs((5, 8), (5, 1), (2, 8), (2, 1), (7, 6), (7, 4), (3, 6), (3, 4))})
    assert draw_melee([1, 2, 3, 4, 5, 6, 7, 8], {}, partners, opponents) == MeleeDraw(
        rest=[], tables=[((1, 2), (3, 4)), ((5, 6), (7, 8))]
    )


def test_partners_avoid_repeats_before_top_down():
    # 1–2 were partners: 1 takes 3, then 2 takes 4 (not 1–2, 3–4, which repeats).
    draw = draw_melee([1, 2, 3, 4], {}, pairs((1, 2)), Counter())
    assert draw.tables == [((1, 3), (2, 4))]


def test_tables_look_ahead_not_greedy():
    # Teams A=1–2, B=3–4, C=5–6, D=7–8. A–B costs 0 but leaves C–D at 4 (total 4); A–C costs 1
    # (1 met 5) with B–D at 0 (total 1); A–D costs 2 (1 and 2 met 7) with B–C at 0 (total 2).
    opponents = Counter({p: 1 for p in pairs((5, 7), (5, 8), (6, 7), (6, 8), (1, 5), (1, 7), (2, 7))})
    opponents[frozenset((5, 7))] = 3  # met three times: still one pair that has met
    teams = [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert pair_tables(teams, opponents) == [((1, 2), (5, 6)), ((3, 4), (7, 8))]


@pytest.mark.parametrize(
    ("order", "rests", "expected"),
    [
        ([1, 2, 3, 4, 5, 6, 7, 8], {}, []),
        ([3, 1, 5, 2, 4], {}, [4]),  # one rests: the last of the order
        ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], {9: 1, 11: 1}, [7, 8, 10]),  # fewest rests, last
        ([1, 2, 3, 4, 5, 6, 7], {1: 1, 3: 1, 4: 1, 6: 1, 7: 1}, [2, 5, 7]),  # next fewest fill in
        ([6, 1, 2, 3, 4, 5], {6: 0, 1: 2, 2: 1, 3: 1, 4: 2, 5: 2}, [6, 3]),
    ],
)
def test_who_rests(order, rests, expected):
    assert choose_rests(order, rests) == expected


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="twice"):
        draw_melee([1, 2, 3, 1], {}, set(), Counter())
    with pytest.raises(ValueError, match="even"):
        pair_tables([(1, 2), (3, 4), (5, 6)], Counter())


# The test's own exhaustive search.


def every_pairing(items: list) -> Iterator[list[tuple]]:
    """Every perfect pairing of `items`, top down: the first item with each later one in turn,
    then the rest likewise; this order is the lexicographic order of the top-down partners."""
    if not items:
        yield []
        return
    first = items[0]
    for index in range(1, len(items)):
        rest = items[1:index] + items[index + 1 :]
        for tail in every_pairing(rest):
            yield [(first, items[index]), *tail]


def best_partners(playing: list[int], partners: set[frozenset[int]]) -> list[tuple[int, int]]:
    return min(every_pairing(playing), key=lambda way: sum(frozenset(t) in partners for t in way))


def best_tables(teams: list[tuple[int, int]], opponents: Counter) -> list[tuple]:
    def cost(way):
        return sum(opponents[frozenset((a, b))] > 0 for x, y in way for a in x for b in y)

    return min(every_pairing(teams), key=cost)


def play_melee(rng: random.Random, players: int, parties: int, exhaustive: bool) -> None:
    """Draws `parties` parties of a mêlée of `players`, some absent each partie (late or
    withdrawn), checking each draw against the rule; `exhaustive` checks steps 2 and 3 too."""
    everyone = list(range(1, players + 1))
    rests: Counter[int] = Counter()
    partners: set[frozenset[int]] = set()
    opponents: Counter[frozenset[int]] = Counter()
    for _ in range(parties):
        absent = set(rng.sample(everyone, rng.randint(0, min(3, players - 8))))
        order = [p for p in rng.sample(everyone, players) if p not in absent]
        draw = draw_melee(order, dict(rests), set(partners), Counter(opponents))
        seated = [p for table in draw.tables for team in table for p in team]
        assert sorted(seated + draw.rest) == sorted(order)
        assert len(draw.rest) == len(order) % 4
        position = {p: i for i, p in enumerate(order)}
        playing = [p for p in order if p not in draw.rest]
        for resting in draw.rest:
            for player in playing:
                assert (rests[resting], -position[resting]) < (rests[player], -position[player])
        teams = [team for table in draw.tables for team in table]
        firsts = [table[0][0] for table in draw.tables]
        assert firsts == sorted(firsts, key=position.__getitem__)
        for team_a, team_b in draw.tables:
            assert position[team_a[0]] < position[team_a[1]]
            assert position[team_a[0]] < position[team_b[0]] < position[team_b[1]]
        if exhaustive:
            expected_teams = best_partners(playing, partners)
            assert sorted(teams, key=lambda t: position[t[0]]) == expected_teams
            assert draw.tables == best_tables(expected_teams, opponents)
        rests.update(draw.rest)
        partners.update(frozenset(team) for team in teams)
        for team_a, team_b in draw.tables:
            opponents.update(frozenset((a, b)) for a in team_a for b in team_b)


@settings(max_examples=examples(60), deadline=None)
@given(players=st.integers(8, 40), parties=st.integers(1, 8), seed=st.integers(0, 2**32))
def test_random_melees_everyone_once_and_rests_as_specified(players, parties, seed):
    play_melee(random.Random(seed), players, parties, exhaustive=False)


@settings(max_examples=examples(40), deadline=None)
@given(players=st.integers(8, 12), parties=st.integers(1, 8), seed=st.integers(0, 2**32))
def test_random_small_melees_each_step_is_the_best(players, parties, seed):
    play_melee(random.Random(seed), players, parties, exhaustive=True)
