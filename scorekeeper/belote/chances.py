"""The chances of each team from where a game stands, if the next deals are like the club's
(docs/chances.md): computed exactly from a deal distribution, never guessed. Pure: the
distribution and the end in, a table out, which answers any state of that end.

A game in points: P(a, b) = Σ f(x, y) · P(a + x, b + y), P = 1 once team A has won, 0 once B has,
the end as `ending.outcome_of` decides it; computed from the top down over the totals in tens
(every hand adds points, so each step goes up). A game in M deals, after k hands at difference
d = a − b: the distribution of x − y convolved M − k times, the chance that d plus it is above 0,
and that it is exactly 0 (a draw).

The grid is in tens (`ending.POINTS_STEP`): under the rounding of the rules text every score is a
multiple of ten. Under the roundings that keep the units (`none`, `raw`) a hand's points are taken
to their nearest ten (`scoring.round_to_ten`) and a state's totals down to their ten, so that an
unfinished game stays unfinished: an approximation of at most 5 points a hand, said in
docs/chances.md.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from scorekeeper.belote.ending import POINTS_STEP, End, outcome_of
from scorekeeper.belote.scoring import round_to_ten

MIN_HANDS = 200  # below this many scored hands the club has no distribution yet: no chances
UNIT = POINTS_STEP  # the grid's step, 10 points: every target is a multiple of it
EXTENT = 50  # in tens: how far past the target a table's grid reaches, by steps of 500 points


@dataclass(frozen=True)
class Chances:
    """Each side's chance to win from a state, and of a draw; `hands`, how many of the club's
    scored hands the distribution holds (what « Pourquoi ? » says)."""

    a: float
    b: float
    draw: float
    hands: int

    def of(self, team: str) -> float:
        """Team "A"'s or "B"'s chance."""
        return self.a if team == "A" else self.b

    def as_json(self) -> dict[str, float | int]:
        return {"A": round(self.a, 4), "B": round(self.b, 4), "draw": round(self.draw, 4), "hands": self.hands}


@dataclass(frozen=True)
class Distribution:
    """The club's deal distribution in tens: each distinct (x, y) with its frequency, each hand
    counted once as (x, y) and once as (y, x), so that neither side is favoured."""

    xs: np.ndarray  # team A's points of a hand, in tens
    ys: np.ndarray
    weights: np.ndarray  # frequencies, summing to 1
    hands: int  # the scored hands it was made of (each once)


def distribution(hands: Iterable[tuple[int, int, int]]) -> Distribution | None:
    """The distribution of (x, y, how many hands scored so); None below `MIN_HANDS` hands."""
    counts: Counter[tuple[int, int]] = Counter()
    total = 0
    for x, y, count in hands:
        if x < 0 or y < 0:
            raise ValueError(f"a hand takes no points away: ({x}, {y})")
        total += count
        pair = (round_to_ten(x) // UNIT, round_to_ten(y) // UNIT)
        counts[pair] += count
        counts[pair[::-1]] += count
    if total < MIN_HANDS:
        return None
    pairs = sorted(counts)
    weights = np.array([counts[pair] for pair in pairs], dtype=float)
    xs, ys = (np.array(side, dtype=np.int64) for side in zip(*pairs, strict=True))
    return Distribution(xs, ys, weights / weights.sum(), total)


def _terminal(a: int, b: int, end: End, hands_played: int = 0) -> float | None:
    """1 if team A has won at these totals (in tens), 0 if B has, ½ for a draw; None while the
    game goes on: the game's own end decides (`outcome_of`)."""
    outcome = outcome_of({"A": a * UNIT, "B": b * UNIT}, hands_played, end)
    if not outcome.finished:
        return None
    return 1.0 if outcome.winner == "A" else 0.0 if outcome.winner == "B" else 0.5


def _beyond(a: int, b: int, end: End) -> float:
    """The chance at totals (a, b) in tens, one of them past the target: the end decides."""
    value = _terminal(a, b, end)
    if value is not None:
        return value
    # Not over past the target: only equal totals play on (ending.winner_of). From equal totals
    # the game is the same for both sides (the distribution is symmetric): ½.
    if a != b:
        raise ValueError(f"a game past its target at unequal totals goes on: ({a}, {b})")
    return 0.5


@functools.lru_cache(maxsize=8)
def _ends(end: End, width: int, height: int) -> np.ndarray:
    """The grid of totals (in tens) a game to `end.points` can reach in one hand from below its
    target, the cells past the target on a side filled by `_beyond`. It depends on the end and on
    the largest hand alone, not on the distribution: kept (a pure function's answers), so that a
    new table, at each new hand of the archive, asks `outcome_of` nothing."""
    assert end.points is not None
    n = end.points // UNIT
    # Below the target on both sides a game in points goes on (`winner_of`): held here where it
    # would first fail, the cells just under the target, rather than at every cell.
    if any(_terminal(n - 1, b, end) is not None or _terminal(b, n - 1, end) is not None for b in range(n)):
        raise ValueError(f"the end {end} finishes a game below its target")
    values = np.full((width, height), np.nan)
    for a in range(width):
        for b in range(n if a < n else 0, height):
            values[a, b] = _beyond(a, b, end)
    values.flags.writeable = False
    return values


class PointsTable:
    """P(a, b) for every unfinished state of a game to `end.points`, below the target."""

    def __init__(self, dist: Distribution, end: End) -> None:
        assert end.points is not None
        self.end, self.hands = end, dist.hands
        n = end.points // UNIT  # states below the target on both sides: a, b in [0, n)
        # The grid reaches past the target by the largest hand, rounded up to EXTENT so that a new
        # largest hand in the archive seldom means a new grid of `_ends`.
        reach = -(-int(max(dist.xs.max(), dist.ys.max())) // EXTENT) * EXTENT
        height = n + reach
        values = _ends(end, height, height).copy()
        # From the top down, a diagonal a + b = s at a time: its cells need only higher sums.
        flat = values.reshape(-1)
        # A hand that adds no points at all (none the rules know of; 4 to 0 taken to tens) leaves
        # the totals as they were, as a redeal does: left out, the others' frequencies scaled up,
        # which is exact in points (not in deals, where it is one of the M hands).
        climbs = dist.xs + dist.ys > 0
        if not climbs.any():
            raise ValueError("no hand of the distribution adds points")
        steps = dist.xs[climbs] * height + dist.ys[climbs]
        weights = dist.weights[climbs] / dist.weights[climbs].sum()
        for s in range(2 * n - 2, -1, -1):
            rows = np.arange(max(0, s - n + 1), min(s, n - 1) + 1)
            cells = rows * height + (s - rows)
            flat[cells] = flat[cells[:, None] + steps[None, :]] @ weights
        self.values = values[:n, :n].copy()

    def chances(self, a: int, b: int) -> Chances:
        """The chances at totals (a, b), in points; a finished state is certain."""
        outcome = outcome_of({"A": a, "B": b}, 0, self.end)
        if outcome.finished:
            return _certain(outcome.winner, self.hands)
        ta, tb = a // UNIT, b // UNIT  # each total down to its ten: the game stays unfinished
        n = self.values.shape[0]
        p = float(self.values[ta, tb]) if ta < n and tb < n else _beyond(ta, tb, self.end)
        return Chances(p, 1.0 - p, 0.0, self.hands)


class DealsTable:
    """For a game in M deals: the distribution of the sum of r hands' differences x − y, r = 0..M,
    each kept as its tail sums, so that a state's chances are two look-ups."""

    def __init__(self, dist: Distribution, end: End) -> None:
        assert end.deals is not None
        self.end, self.hands = end, dist.hands
        low = int((dist.xs - dist.ys).min())
        one = np.bincount(dist.xs - dist.ys - low, weights=dist.weights)
        self.low = low  # the smallest difference of one hand, in tens
        sums = [np.ones(1)]
        for _ in range(end.deals):
            sums.append(np.convolve(sums[-1], one))
        # above[r][i]: the chance that r hands' differences add up to low·r + i or more (the chance
        # of exactly low·r + i is above[r][i] − above[r][i + 1])
        self.above = [np.append(np.cumsum(row[::-1])[::-1], 0.0) for row in sums]

    def chances(self, hands_played: int, difference: int) -> Chances:
        """The chances after `hands_played` scored hands at `difference` = a − b, in points."""
        totals = {"A": max(difference, 0), "B": max(-difference, 0)}
        outcome = outcome_of(totals, hands_played, self.end)
        if outcome.finished:
            return _certain(outcome.winner, self.hands)
        d = difference // UNIT if difference >= 0 else -(-difference // UNIT)  # towards 0: each total down
        r = self.end.deals - hands_played  # type: ignore[operator]
        row = self.above[r]

        def at_least(i: int) -> float:  # the chance that the r hands add up to low·r + i or more
            return 1.0 if i <= 0 else float(row[min(i, len(row) - 1)])

        # A wins when the r hands add up to more than −d, i.e. to −d + 1 or more; a draw, to −d.
        here = -d - self.low * r
        win = at_least(here + 1)
        draw = max(0.0, at_least(here) - win)
        return Chances(win, max(0.0, 1.0 - win - draw), draw, self.hands)


def _certain(winner: str | None, hands: int) -> Chances:
    if winner is None:
        return Chances(0.0, 0.0, 1.0, hands)
    return Chances(float(winner == "A"), float(winner == "B"), 0.0, hands)


def table(dist: Distribution, end: End) -> PointsTable | DealsTable:
    """The table of an end under a distribution: computed once, it answers every state."""
    return PointsTable(dist, end) if end.points is not None else DealsTable(dist, end)


# --- the words: the sheet's line (static/sheet_chances.js says the same from the JSON) ---------


def percent(chance: float) -> str:
    """A chance to the percent, half up: « 73 % »; « < 1 % » and « > 99 % » for what can still
    happen, or still fail, but rounds to 0 or 100."""
    whole = math.floor(chance * 100 + 0.5)
    if whole == 0 and chance > 0:
        return "< 1\u202f%"
    if whole == 100 and chance < 1:
        return "> 99\u202f%"
    return f"{whole}\u202f%"


def chances_line(chances: Chances, teams: dict[str, str], in_deals: bool) -> str:
    """« Chances : Nous 73 % · Eux 27 % », and « · nulle 4 % » for a game in deals; on a narrow
    screen a line breaks before a « · », each team's name held to its figure."""
    parts = [f"{teams['A']}\u00a0{percent(chances.a)}", f"{teams['B']}\u00a0{percent(chances.b)}"]
    if in_deals:
        parts.append(f"nulle\u00a0{percent(chances.draw)}")
    return "Chances : " + " ·\u00a0".join(parts)


def why_words(hands: int) -> str:
    """« Pourquoi ? », in one sentence: what the figure is built on."""
    return (
        f"Calculé sur les {hands} donnes des parties finies du club : "
        "la part des parties que chaque équipe gagnerait d'ici si les donnes à venir leur ressemblaient."
    )
