"""The draw of a mêlée's partie (CONCOURS.md, "The mêlée"): who rests, who partners whom, and which
teams of two meet at which table. The pure core only: players are numbers, the history is given.

Three steps, each the best it can be given the ones before:

1. Rest: the remainder of the players by four, among those who rested the fewest times the last in
   the order (the order is a new random one each partie, so "last" spreads the rests fairly).
2. Partners: the team pairing's own rule on the players, with "already partners" where it has
   "already met"; `pairing.pair` does exactly that (fewest repeats, then top down), so it is called.
3. Tables: the teams paired with the lowest total cost, the cost of two teams being how many of
   their four player–opponent pairs have already met (0 to 4); among those, the top-down first in
   the order of each team's first player. Costs are no longer 0 or 1, so step 2's cardinality
   search does not apply: the minimum is a minimum-weight perfect matching (networkx, Edmonds'
   blossom algorithm on the complete graph of teams), and the walk top down keeps for each team
   the first opponent whose cost plus the minimum of the teams left still reaches the minimum.
   A greedy pass is not enough: the cheapest table for the first team can force a dear one later.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import networkx as nx

from scorekeeper.belote.names import MAX_NAME_LENGTH
from scorekeeper.belote.terms import TEAMS, players_of

from .pairing import pair

Team = tuple[int, int]


@dataclass(frozen=True)
class MeleeDraw:
    """A mêlée partie's draw: the players who rest (in the draw's order), and the tables in table
    order, each (team A, team B) with team A the team whose first player comes earlier in the
    order, each team (its first player, its partner) in the order."""

    rest: list[int]
    tables: list[tuple[Team, Team]]


def choose_rests(order: list[int], rests: Mapping[int, int]) -> list[int]:
    """The players who rest: as many as `len(order) % 4`, those who rested the fewest times
    (`rests[n]`, missing = 0) and among them the last in `order`; returned in `order`'s order.
    When fewer players than needed share the fewest rests, the next fewest fill in, last first."""
    count = len(order) % 4
    fewest_then_last = sorted(reversed(order), key=lambda player: rests.get(player, 0))
    resting = set(fewest_then_last[:count])
    return [player for player in order if player in resting]


def draw_melee(
    order: list[int],
    rests: Mapping[int, int],
    partners: set[frozenset[int]],
    opponents: Mapping[frozenset[int], int],
) -> MeleeDraw:
    """The whole draw from the active players in this partie's random `order`: `rests` counts each
    player's rests so far, `partners` holds the pairs of players who have been partners, and
    `opponents` how many times each pair of players met as opponents (only > 0 matters)."""
    if len(set(order)) != len(order):
        raise ValueError("a player appears twice in the order")
    resting = choose_rests(order, rests)
    playing = [player for player in order if player not in resting]
    teams = pair(playing, partners)
    return MeleeDraw(rest=resting, tables=pair_tables(teams, opponents))


def side_name(first: str, partner: str) -> str:
    """The name of a partie's team of two, as its game and the pages show it: « Ana et Bruno ».
    A game's team name is a name (MAX_NAME_LENGTH at most): two long names are each shortened
    with « … », so that both partners stay named rather than the second one cut off."""
    name = f"{first} et {partner}"
    if len(name) <= MAX_NAME_LENGTH:
        return name
    room = (MAX_NAME_LENGTH - len(" et ")) // 2
    first, partner = (n if len(n) <= room else n[: room - 1].rstrip() + "…" for n in (first, partner))
    return f"{first} et {partner}"


def named_by_players(teams: Mapping[str, str], players: Sequence[str]) -> bool:
    """Whether both teams of a game are named by their players, as a mêlée's tables are
    (`side_name`): a page that names the teams then says the players once, not twice (« Ana et
    Bruno », not again « Ana & Bruno »)."""
    return all(teams[team.value] == side_name(*(players[seat] for seat in players_of(team))) for team in TEAMS)


def table_cost(first: Team, second: Team, opponents: Mapping[frozenset[int], int]) -> int:
    """How many of the four player–opponent pairs of a table of `first` against `second` have
    already met as opponents: 0 to 4, however many times each has met."""
    return sum(opponents.get(frozenset((a, b)), 0) > 0 for a in first for b in second)


def pair_tables(teams: list[Team], opponents: Mapping[frozenset[int], int]) -> list[tuple[Team, Team]]:
    """The tables of `teams` (an even list, in the order of each team's first player) with the
    lowest total cost, and among those the top-down first: the first team takes the earliest
    opponent that keeps the total at the minimum, then the first team still unseated, and so on."""
    if len(teams) % 2:
        raise ValueError(f"an even number of teams to seat, not {len(teams)}")
    cost = [[table_cost(a, b, opponents) for b in teams] for a in teams]
    left = list(range(len(teams)))
    mate, minimum = _cheapest(cost, left)
    tables: list[tuple[Team, Team]] = []
    while left:
        top, others = left[0], left[1:]
        for other in others:
            rest = [index for index in others if index != other]
            if other == mate[top]:  # the known cheapest matching's own choice needs no check
                break
            if cost[top][other] > minimum:  # the rest costs at least 0
                continue
            swapped = _swapped(cost, mate, top, other)
            if swapped is not None:
                mate = swapped
                break
            witness, rest_cost = _cheapest(cost, rest)
            if cost[top][other] + rest_cost == minimum:
                mate = witness
                break
        else:  # pragma: no cover - mate[top] is always among the others
            raise AssertionError("no opponent keeps the lowest cost")
        tables.append((teams[top], teams[other]))
        minimum -= cost[top][other]
        left = rest
    return tables


def _swapped(cost: list[list[int]], mate: dict[int, int], top: int, other: int) -> dict[int, int] | None:
    """The cheapest matching `mate` with `top` and `other` seated together and their two mates
    together, when that costs no more (a cheap proof that `other` keeps the minimum; None proves
    nothing, and the blossom algorithm then decides)."""
    top_mate, other_mate = mate[top], mate[other]
    before = cost[top][top_mate] + cost[other][other_mate]
    if cost[top][other] + cost[top_mate][other_mate] > before:
        return None
    swapped = dict(mate)
    swapped.update({top: other, other: top, top_mate: other_mate, other_mate: top_mate})
    return swapped


def _cheapest(cost: list[list[int]], within: list[int]) -> tuple[dict[int, int], int]:
    """A perfect matching of the teams `within` with the lowest total cost, as each team's mate,
    and that cost: networkx's minimum-weight matching of maximum cardinality on the complete graph
    (every pair of teams can share a table, so maximum cardinality is perfect)."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(within)
    graph.add_weighted_edges_from((a, b, cost[a][b]) for i, a in enumerate(within) for b in within[i + 1 :])
    mate: dict[int, int] = {}
    for a, b in nx.min_weight_matching(graph):
        mate[a], mate[b] = b, a
    return mate, sum(cost[a][b] for a, b in mate.items() if a < b)
