"""The draw of a concours's partie (CONCOURS.md, "A partie"): scorekeeper/belote/concours/pairing.py.

The rule is checked against searches of the test's own: for up to 10 teams every perfect matching
is enumerated and the best by (rematches, partners' ranks read team by team in rank order) taken;
for more, the fewest rematches is |S|/2 − ν(G_S) with ν the maximum matching of the pairs not met,
computed by networkx (Edmonds' blossom algorithm), and each table's opponent is checked to be the
first in rank order that keeps that minimum. Histories are whole concours simulated through
standings.py: random results (finished or stopped by the organiser), byes, late teams, withdrawals.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.belote.concours.pairing import choose_rest, draw, pair
from scorekeeper.belote.concours.standings import (
    ByeFixed,
    Entrant,
    RoundResult,
    TableResult,
    active_order,
    met_pairs,
    rest_counts,
    standings,
)
from tests.helpers import examples


def met_set(*pairs: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(pair) for pair in pairs}


@pytest.mark.parametrize(
    ("order", "met", "expected"),
    [
        ([1, 2, 3, 4], set(), [(1, 2), (3, 4)]),  # no one has met: 1–2, 3–4
        ([1, 2, 3, 4], met_set((1, 2)), [(1, 3), (2, 4)]),  # the spec's 1–3, 2–4
        ([1, 2, 3, 4, 5, 6], met_set((1, 2), (2, 4)), [(1, 3), (2, 5), (4, 6)]),  # its 1–3, 2–5, 4–6
        ([1, 2, 3, 4, 5, 6], met_set((5, 6)), [(1, 2), (3, 5), (4, 6)]),  # greedy would leave 5–6
        ([3, 4, 2, 5], met_set((3, 1), (5, 2)), [(3, 2), (4, 5)]),  # example 2's partie 2
        ([7, 3, 9, 1], met_set((7, 3), (7, 9), (7, 1), (3, 9), (3, 1), (9, 1)), [(7, 3), (9, 1)]),  # example 3
    ],
)
def test_worked_pairings(order, met, expected):
    assert pair(order, met) == expected


def test_the_rest():
    assert choose_rest([1, 2, 3, 4], {}) is None
    assert choose_rest([3, 1, 5, 2, 4], {}) == 4  # the first partie: the last of the drawn order
    assert choose_rest([3, 4, 2, 5, 1], {4: 1}) == 1  # example 2's partie 2
    assert choose_rest([3, 4, 2, 5, 1], {1: 1, 5: 2, 2: 1}) == 4  # the lowest of those resting 0 times
    assert draw([3, 4, 2, 5, 1], met_set((3, 1), (5, 2)), {4: 1}).rest == 1


def test_refusals():
    with pytest.raises(ValueError):
        pair([1, 2, 3], set())
    with pytest.raises(ValueError):
        pair([1, 2, 2, 3], set())


def brute_force(order: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """The best of every perfect matching: fewest rematches, then the smallest partners' ranks."""
    rank = {team: index for index, team in enumerate(order)}

    def matchings(left: list[int]):
        if not left:
            yield []
            return
        for index in range(1, len(left)):
            for rest in matchings(left[1:index] + left[index + 1 :]):
                yield [(left[0], left[index]), *rest]

    def key(matching):
        partners = [0] * len(order)
        for a, b in matching:
            partners[rank[a]], partners[rank[b]] = rank[b], rank[a]
        return (sum(frozenset(pair) in met for pair in matching), partners)

    best = min(matchings(list(order)), key=key)
    return sorted(best, key=lambda pair: rank[pair[0]])


def fewest_rematches(teams: list[int], met: set[frozenset[int]]) -> int:
    graph = nx.Graph()
    graph.add_nodes_from(teams)
    graph.add_edges_from((a, b) for i, a in enumerate(teams) for b in teams[i + 1 :] if frozenset((a, b)) not in met)
    return len(teams) // 2 - len(nx.max_weight_matching(graph, maxcardinality=True))


def assert_best_pairing(order: list[int], met: set[frozenset[int]], pairs: list[tuple[int, int]]) -> None:
    rank = {team: index for index, team in enumerate(order)}
    assert sorted(team for pair in pairs for team in pair) == sorted(order)
    assert all(rank[a] < rank[b] for a, b in pairs)
    assert [rank[a] for a, _ in pairs] == sorted(rank[a] for a, _ in pairs)
    if len(order) <= 10:
        assert pairs == brute_force(order, met)
        return
    minimum = fewest_rematches(order, met)
    assert sum(frozenset(pair) in met for pair in pairs) == minimum
    # Top down: each table's opponent is the first, in rank order, that keeps the minimum.
    unpaired, owed = list(order), minimum
    for top, partner in pairs:
        assert unpaired[0] == top
        for earlier in unpaired[1 : unpaired.index(partner)]:
            rematch = frozenset((top, earlier)) in met
            if rematch and owed == 0:
                continue  # a rematch where none is owed is worse, no search needed
            rest = [team for team in unpaired if team not in (top, earlier)]
            assert rematch + fewest_rematches(rest, met) > owed, (top, earlier)
        owed -= frozenset((top, partner)) in met
        unpaired = [team for team in unpaired if team not in (top, partner)]


def random_game(rng: random.Random, a: int, b: int) -> TableResult:
    """A game finished, or stopped by the organiser at its totals (its partie then closed)."""
    totals = {"A": rng.randrange(0, 2000, 10), "B": rng.randrange(0, 2000, 10)}
    if rng.random() < 0.1:
        totals["B"] = totals["A"]
    finished = rng.random() < 0.8
    winner = None if not finished or totals["A"] == totals["B"] else "A" if totals["A"] > totals["B"] else "B"
    return TableResult(a=(a,), b=(b,), totals=totals, finished=finished, winner=winner, hands=rng.randint(0, 12))


@settings(max_examples=examples(100), deadline=None)
@given(
    teams=st.integers(4, 24),
    parties=st.integers(1, 8),
    seed=st.integers(0, 2**32),
    pairing=st.sampled_from(["ranking", "random"]),
    ranking=st.sampled_from(["points", "wins"]),
    bye=st.sampled_from(["average", ByeFixed(700, 500)]),
    late=st.floats(0, 0.5),
    withdrawals=st.floats(0, 0.3),
)
def test_random_concours(teams, parties, seed, pairing, ranking, bye, late, withdrawals):
    """Whole concours: every draw pairs every active team once or rests it, the rest goes to the
    lowest-ranked of those that rested the fewest times, the pairing is the rule's, and the
    standings count every game and bye."""
    rng = random.Random(seed)
    entries = [Entrant(number, f"Équipe {number}", None, True) for number in range(1, teams + 1)]
    rounds: list[RoundResult] = []
    for number in range(1, parties + 1):
        if number == 1:
            first = rng.sample([entry.number for entry in entries], len(entries))
            entries = [Entrant(e.number, e.name, first.index(e.number), True) for e in entries]
            order = first
        else:
            if rng.random() < late:
                entries.append(Entrant(len(entries) + 1, "Tard", None, True))
            active = [entry for entry in entries if entry.active]
            if len(active) > 2 and rng.random() < withdrawals:
                gone = rng.choice(active).number
                entries = [Entrant(e.number, e.name, e.drawn_position, e.active and e.number != gone) for e in entries]
            order = active_order(standings(entries, rounds, ranking, bye))
            if pairing == "random":
                order = rng.sample(order, len(order))
        assert order and set(order) == {entry.number for entry in entries if entry.active}
        met, rests = met_pairs(rounds), rest_counts(rounds)
        result = draw(order, met, rests)
        if len(order) % 2:
            fewest = min(rests.get(team, 0) for team in order)
            lowest = [team for team in order if rests.get(team, 0) == fewest][-1]
            assert result.rest == lowest
        else:
            assert result.rest is None
        players = [team for team in order if team != result.rest]
        assert_best_pairing(players, met, result.pairs)
        assert result.rematches == sum(frozenset(pair) in met for pair in result.pairs)
        rounds.append(
            RoundResult(
                number,
                [random_game(rng, a, b) for a, b in result.pairs],
                (result.rest,) if result.rest is not None else (),
                True,
            )
        )

    table = standings(entries, rounds, ranking, bye)
    assert [line.rank for line in table] == list(range(1, len(entries) + 1))
    assert sorted(line.team for line in table) == [entry.number for entry in entries]
    for line in table:
        appearances = [r for r in rounds if line.team in r.rests or any(line.team in t.a + t.b for t in r.tables)]
        assert line.played == len(appearances) == line.won + line.drawn + line.lost
        assert line.byes == rest_counts(rounds).get(line.team, 0) <= line.won
        assert line.difference == line.points - line.conceded and not line.provisional


def clique_history(size: int, clique: list[int]) -> set[frozenset[int]]:
    """Every pair of `clique` met (a round robin), and a few random meetings among the others."""
    rng = random.Random(size)
    met = {frozenset((a, b)) for i, a in enumerate(clique) for b in clique[i + 1 :]}
    others = [team for team in range(1, size + 1) if team not in clique]
    for _ in range(5):
        shuffled = rng.sample(others, len(others))
        met |= {frozenset(shuffled[i : i + 2]) for i in range(0, len(shuffled) - 1, 2)}
    return met


@pytest.mark.parametrize("where", ["top", "bottom"])
def test_a_large_concours_whose_top_or_bottom_teams_have_all_met(where):
    """128 teams, 12 of which (the best or the worst) have all met each other: no rematch is
    forced, and the walk must keep opponents for the bottom ones."""
    order = list(range(1, 129))
    clique = order[:12] if where == "top" else order[-12:]
    met = clique_history(128, clique)
    assert_best_pairing(order, met, pair(order, met))


@settings(max_examples=examples(50), deadline=None)
@given(size=st.sampled_from([12, 14, 16, 20, 24]), density=st.floats(0.2, 0.9), seed=st.integers(0, 2**32))
def test_dense_histories_where_rematches_are_forced(size, density, seed):
    """Far more meetings than a concours allows (up to 90 % of all pairs): rematches forced, and
    the top-down choice among the pairings with the fewest of them."""
    rng = random.Random(seed)
    order = rng.sample(range(1, 100), size)
    met = {frozenset((a, b)) for i, a in enumerate(order) for b in order[i + 1 :] if rng.random() < density}
    assert_best_pairing(order, met, pair(order, met))
