"""The draw of a concours's partie (CONCOURS.md, "A partie"): which team rests, and who meets whom.

The rule: of all the ways to pair the teams, keep those with the fewest pairs that have already
met; among those, the top-down first (the highest-ranked team gets the highest-ranked opponent it
can have, then the highest-ranked team still unpaired likewise, and so on). A greedy pass breaks
it (when 5 and 6 have met, 1–2, 3–4 leaves them a rematch that 1–2, 3–5, 4–6 avoids), so this is
a search:

- The fewest rematches of an even set S is |S|/2 − ν(G_S), where G_S joins the teams of S that have
  NOT met and ν is the size of its maximum matching: any matching of G_S completes to a pairing of
  S with met pairs, and a pairing with k rematches holds a matching of |S|/2 − k pairs not met.
- Walk the teams top down; for the top unpaired team try each opponent in rank order and keep the
  first that leaves a remainder whose own minimum keeps the total at the overall minimum: an
  unmet pair needs ν(rest) = ν(S) − 1, a rematch ν(rest) = ν(S).

ν of a general graph is Edmonds' blossom algorithm: networkx's `max_weight_matching` (its weights
all 1, `maxcardinality`), called only when a cheap witness does not already settle the question. A
maximum matching of the current set is kept: the opponent it gives the top team needs no check,
and another opponent is first tried by repairing that matching with augmenting paths found by a
plain alternating search (any path it finds is a real one; only its failures are inconclusive).

Teams are handled by their rank (0 = best) as bits of Python integers: the teams a team has not
met, and the teams still unpaired, are each one integer, so a neighbourhood is an `&`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import networkx as nx


@dataclass(frozen=True)
class Draw:
    """A partie's draw: its tables' pairs in table order (higher-ranked team first), the team that
    rests (None for an even number of teams), and how many of the pairs have met before."""

    pairs: list[tuple[int, int]]
    rest: int | None
    rematches: int


def choose_rest(order: list[int], rests: dict[int, int]) -> int | None:
    """The team that rests when `order` (the active teams' numbers, best first) is odd: among those
    that rested the fewest times (`rests[n]`, missing = 0), the lowest-ranked ("A partie", step 2;
    for the first partie, with no rest yet, the last of the drawn order). None for an even count."""
    if len(order) % 2 == 0:
        return None
    fewest = min(rests.get(team, 0) for team in order)
    return next(team for team in reversed(order) if rests.get(team, 0) == fewest)


def draw(order: list[int], met: set[frozenset[int]], rests: dict[int, int]) -> Draw:
    """The whole draw of a partie from the teams in ranking order (or, for the first partie and for
    `pairing: random`, in a random order): the rest taken out, then the others paired."""
    rest = choose_rest(order, rests)
    pairs = pair([team for team in order if team != rest], met)
    return Draw(pairs=pairs, rest=rest, rematches=sum(frozenset(p) in met for p in pairs))


def pair(order: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """The pairing of `order` (an even list of team numbers, best first) with the fewest pairs in
    `met`, and among those the top-down first: the lexicographically smallest vector of partners'
    ranks read team by team in rank order. Each pair (higher-ranked, lower-ranked), in table order."""
    if len(order) % 2:
        raise ValueError(f"an even number of teams to pair, not {len(order)}")
    if len(set(order)) != len(order):
        raise ValueError("a team appears twice in the order")
    free = _not_met(order, met)
    unpaired = (1 << len(order)) - 1
    mate = _greedy_witness(free, unpaired)
    if len(mate) < len(order):
        mate = _maximum_matching(free, unpaired)
    size = len(mate) // 2
    pairs: list[tuple[int, int]] = []
    while unpaired:
        top = _lowest(unpaired)
        for partner in _bits(unpaired & ~(1 << top)):
            need = size - (free[top] >> partner & 1)
            rest = unpaired & ~(1 << top | 1 << partner)
            witness = _witness(free, rest, mate, (top, partner), need)
            if witness is not None:
                break
        else:  # pragma: no cover - every remainder of an even set has some pairing
            raise AssertionError("no opponent keeps the fewest rematches")
        pairs.append((order[top], order[partner]))
        unpaired, mate, size = rest, witness, need
    return pairs


def _not_met(order: list[int], met: set[frozenset[int]]) -> list[int]:
    """For each rank, the bits of the ranks it has not met (itself excluded)."""
    rank = {team: index for index, team in enumerate(order)}
    everyone = (1 << len(order)) - 1
    free = [everyone & ~(1 << index) for index in range(len(order))]
    for meeting in met:
        ranks = [rank[team] for team in meeting if team in rank]
        if len(ranks) == 2:
            first, second = ranks
            free[first] &= ~(1 << second)
            free[second] &= ~(1 << first)
    return free


def _witness(free: list[int], rest: int, mate: dict[int, int], taken: tuple[int, int], need: int):
    """A matching of the teams `rest` of at least `need` unmet pairs, or None when there is none:
    first `mate` (a maximum matching before `taken` were paired) cut down and repaired, then, if
    the repair falls short, the blossom algorithm, which alone can prove that there is none."""
    if 2 * need > rest.bit_count():
        return None
    cut = {team: other for team, other in mate.items() if team not in taken and other not in taken}
    size = len(cut) // 2
    for start in list(_bits(rest)):
        if size >= need:
            return cut
        if start not in cut and _augment(free, rest, cut, start):
            size += 1
    if size >= need:
        return cut
    full = _maximum_matching(free, rest)
    return full if len(full) // 2 >= need else None


def _augment(free: list[int], within: int, mate: dict[int, int], start: int) -> bool:
    """Looks for an augmenting path from the unmatched `start` inside `within` by an alternating
    depth-first search that ignores blossoms, and applies it. True when it found one (a real
    augmenting path: every vertex on it is distinct); False proves nothing."""
    matched = sum(1 << team for team in mate)
    visited = 1 << start

    def search(team: int) -> bool:
        nonlocal visited
        around = free[team] & within & ~visited
        unmatched = around & ~matched
        if unmatched:
            other = _lowest(unmatched)
            mate[team], mate[other] = other, team
            return True
        for other in _bits(around):
            beyond = mate[other]
            if (visited >> other | visited >> beyond) & 1:
                continue
            visited |= 1 << other | 1 << beyond
            if search(beyond):
                mate[team], mate[other] = other, team
                return True
        return False

    return search(start)


def _greedy_witness(free: list[int], within: int) -> dict[int, int]:
    """The top-down greedy matching (each team its first unmet unpaired opponent), then repaired
    by augmenting paths: when it is perfect no blossom algorithm is needed to know that no rematch
    is forced, and its pairs are the walk's first tries."""
    mate: dict[int, int] = {}
    left = within
    while left:
        top = _lowest(left)
        left &= ~(1 << top)
        options = free[top] & left
        if options:
            other = _lowest(options)
            left &= ~(1 << other)
            mate[top], mate[other] = other, top
    for start in _bits(within):
        if start not in mate:
            _augment(free, within, mate, start)
    return mate


def _maximum_matching(free: list[int], within: int) -> dict[int, int]:
    """A maximum matching of the unmet pairs among the ranks `within`, as each rank's mate."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(_bits(within))
    for team in _bits(within):
        above = within & ~((2 << team) - 1)  # each pair once, from its higher-ranked team
        graph.add_edges_from((team, other) for other in _bits(free[team] & above))
    mate: dict[int, int] = {}
    for team, other in nx.max_weight_matching(graph, maxcardinality=True):
        mate[team], mate[other] = other, team
    return mate


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _bits(mask: int) -> Iterator[int]:
    """The set bits of `mask`, lowest first: the ranks it holds, best first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
