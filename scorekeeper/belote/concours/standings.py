"""A concours's ranking (CONCOURS.md, "The ranking", "The bye"), from its parties as they stand.

What is ranked is an *entrant*: a team, or in a mêlée a player ("The mêlée"). A table's side is
the entrants who play it, one team or the mêlée's two partners; each of them gets the side's result
(won, drawn or lost, the side's points scored and conceded), and a partie may rest several
entrants (a mêlée rests up to three players), each credited the bye. Teams are the case of sides
of one.

Data in, result out: the service reads the teams and each partie's tables from the games (their
totals, finished or not, their winner, how many hands they have scored) and hands them here; the
same figures serve the organiser's page, the room's screen, the results and the next draw.

Every game a team played counts, and so does its bye: the spec ranks on the tables as they are,
"provisional while they play", so an unfinished game counts at its current totals (the team ahead
winning, equal totals a draw) and marks its teams' figures `provisional` until it finishes or its
partie is closed (closing ends each game at its totals: "Closing a partie"). A game drawn but
not started counts too, as the 0–0 draw it would be if closed then: it moves no team's points, and
every team waiting for its first hand gets the same ½ win under `wins`. (The bye's means leave
such a game out, closed or not: there its 0–0 would pull the figures of the games played down.)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from scorekeeper.belote.concours.tiebreaks import FIRST_CRITERION, Tiebreaks, ordered, tiebreaks_in_force

RANKINGS = ("points", "wins")


Side = tuple[int, ...]  # the entrants playing one side of a table: (team,) or a mêlée's (player, partner)
Sides = tuple[Side, Side]  # a table's: team A's, team B's


@dataclass(frozen=True)
class Entrant:
    """A team, or a mêlée's player, as the ranking takes it."""

    number: int  # registration order, from 1
    name: str
    drawn_position: int | None  # index in the first partie's drawn order; None: registered after it
    active: bool = True  # False once withdrawn ("abandon"): paired no more, still ranked


@dataclass(frozen=True)
class TableResult:
    a: Side  # the entrants playing as the game's team A (a team: the higher-placed at the draw)
    b: Side
    totals: dict[str, int]  # {"A": .., "B": ..}
    finished: bool
    winner: str | None  # "A", "B", or None (a draw, or not finished)
    hands: int = 0  # scored hands so far (redeals not counted)


@dataclass(frozen=True)
class RoundResult:
    number: int
    tables: list[TableResult]
    rests: Side  # the entrants who rest (exempte): a team at most, up to three players of a mêlée
    closed: bool


@dataclass(frozen=True)
class ByeFixed:
    """`"bye": {"points": X, "conceded": Y}`: the organiser's figures for every bye."""

    points: int
    conceded: int


Bye = str | ByeFixed  # "average" or ByeFixed


class ByeFigures(NamedTuple):
    points: int
    conceded: int


@dataclass(frozen=True)
class Standing:
    rank: int  # 1..n, no ties
    entrant: int  # the team's number, or in a mêlée the player's
    name: str
    played: int  # its byes included
    won: int  # its byes included
    drawn: int
    lost: int
    points: int  # scored
    conceded: int
    difference: int
    best: int  # most points scored in one game (or bye)
    byes: int
    provisional: bool  # an unfinished game or a provisional bye counts in these figures
    active: bool

    @property
    def team(self) -> int:
        """The team's number, in a team concours (the team pages' word for `entrant`)."""
        return self.entrant


def bye_figures(round: RoundResult, bye: Bye) -> ByeFigures | None:
    """What each of the partie's resting entrants is credited ("The bye"): the organiser's fixed figures, or
    with "average" the mean of the partie's winners' points and the mean of its losers' points,
    each rounded to the nearest 10, halves up. A drawn game adds its total to both means. Games
    still going count at their current totals, the team ahead as winner (the figures are
    provisional until the partie closes), but a game with no scored hand is left out, closed or not
    (a table stopped before its first deal: its 0–0 would only drag both means down); a table
    played on paper counts with its slip's totals. None when nobody rests, or when no game gives a
    figure yet."""
    if not round.rests:
        return None
    if isinstance(bye, ByeFixed):
        return ByeFigures(bye.points, bye.conceded)
    if bye != "average":
        raise ValueError(f"unknown bye setting: {bye!r}")
    winners: list[int] = []
    losers: list[int] = []
    for table in round.tables:
        if table.hands == 0:
            continue
        side = _winner(table)
        winners.append(table.totals[side or "A"])
        losers.append(table.totals[_other(side) if side else "B"])
    if not winners:
        return None
    return ByeFigures(_nearest_ten(winners), _nearest_ten(losers))


def standings(
    entrants: list[Entrant], rounds: list[RoundResult], ranking: str, bye: Bye, tiebreaks: Tiebreaks | None = None
) -> list[Standing]:
    """Every entrant's figures and rank. `points`: points scored, then difference, then best game,
    then the first partie's drawn order; `wins`: wins (a draw counts ½), then difference, then
    points scored, then the drawn order; `tiebreaks`, when given, replaces the criteria between
    the first one and the drawn order (tiebreaks.py). A team registered after the first draw comes
    after every drawn team in that last tie-break, in registration order; a withdrawn team keeps
    its place. In a mêlée the same holds for players, and
    `head_to_head` counts the games a player's side won against the other's."""
    if ranking not in RANKINGS:
        raise ValueError(f"unknown ranking: {ranking!r}")
    tallies = {entrant.number: _Tally() for entrant in entrants}
    wins_between: dict[tuple[int, int], int] = {}  # (entrant, other): games entrant won against other
    for round in rounds:
        for table in round.tables:
            _count_table(tallies, table, round.closed)
            side = _winner(table)
            if side is not None:
                won, lost = (table.a, table.b) if side == "A" else (table.b, table.a)
                for pair in ((winner, loser) for winner in won for loser in lost):
                    wins_between[pair] = wins_between.get(pair, 0) + 1
        if round.rests:
            figures = bye_figures(round, bye) or ByeFigures(0, 0)
            provisional = not round.closed and not isinstance(bye, ByeFixed)
            for resting in round.rests:
                tallies[resting].add(figures.points, figures.conceded, "won", provisional, bye=True)

    def figure(number: int, criterion: str) -> float:
        return tallies[number].figure(criterion)

    by_number = {entrant.number: entrant for entrant in entrants}

    def drawn_order(number: int) -> tuple[int, int]:
        position = by_number[number].drawn_position
        return (0, position) if position is not None else (1, number)

    criteria = (FIRST_CRITERION[ranking], *tiebreaks_in_force(ranking, tiebreaks))
    order = ordered(
        [entrant.number for entrant in entrants],
        criteria,
        figure,
        lambda a, b: wins_between.get((a, b), 0),
        drawn_order,
    )
    return [tallies[number].standing(rank, by_number[number]) for rank, number in enumerate(order, start=1)]


def active_order(table: Iterable[Standing]) -> list[int]:
    """The active entrants' numbers best first: the order a `pairing: ranking` draw pairs."""
    return [standing.entrant for standing in table if standing.active]


def opponent_counts(rounds: Iterable[RoundResult]) -> dict[frozenset[int], int]:
    """How many times each pair of entrants met as opponents at a table (a bye meets nobody; a
    mêlée's partners are not opponents); pairs that never met are absent."""
    counts: dict[frozenset[int], int] = {}
    for round in rounds:
        for table in round.tables:
            for pair in (frozenset((a, b)) for a in table.a for b in table.b):
                counts[pair] = counts.get(pair, 0) + 1
    return counts


def met_pairs(rounds: Iterable[RoundResult]) -> set[frozenset[int]]:
    """Every pair of entrants that have met as opponents at a table."""
    return set(opponent_counts(rounds))


def partner_pairs(rounds: Iterable[RoundResult]) -> set[frozenset[int]]:
    """Every pair of a mêlée's players who have played on one side (a team's side is one entrant)."""
    return {
        frozenset(side) for round in rounds for table in round.tables for side in (table.a, table.b) if len(side) == 2
    }


def rest_counts(rounds: Iterable[RoundResult]) -> dict[int, int]:
    """How many times each entrant has rested (those that never rested are absent)."""
    counts: dict[int, int] = {}
    for round in rounds:
        for resting in round.rests:
            counts[resting] = counts.get(resting, 0) + 1
    return counts


class _Tally:
    """One entrant's running figures."""

    def __init__(self) -> None:
        self.played = self.won = self.drawn = self.lost = 0
        self.points = self.conceded = self.best = self.byes = 0
        self.provisional = False

    @property
    def difference(self) -> int:
        return self.points - self.conceded

    def figure(self, criterion: str) -> float:
        """The figure a ranking criterion compares, the better one smaller (tiebreaks.ordered)."""
        better_first = {
            "points": -self.points,
            "wins": -(self.won + self.drawn / 2),  # a draw counts ½
            "difference": -self.difference,
            "conceded": self.conceded,
            "best": -self.best,
        }
        return better_first[criterion]

    def add(self, scored: int, conceded: int, result: str, provisional: bool, bye: bool = False) -> None:
        self.played += 1
        setattr(self, result, getattr(self, result) + 1)
        self.points += scored
        self.conceded += conceded
        self.best = max(self.best, scored)
        self.byes += bye
        self.provisional |= provisional

    def standing(self, rank: int, entrant: Entrant) -> Standing:
        return Standing(
            rank=rank,
            entrant=entrant.number,
            name=entrant.name,
            played=self.played,
            won=self.won,
            drawn=self.drawn,
            lost=self.lost,
            points=self.points,
            conceded=self.conceded,
            difference=self.difference,
            best=self.best,
            byes=self.byes,
            provisional=self.provisional,
            active=entrant.active,
        )


def _count_table(tallies: dict[int, _Tally], table: TableResult, closed: bool) -> None:
    side = _winner(table)
    provisional = not table.finished and not closed
    for entrants, own in ((table.a, "A"), (table.b, "B")):
        result = "drawn" if side is None else "won" if side == own else "lost"
        for entrant in entrants:
            tallies[entrant].add(table.totals[own], table.totals[_other(own)], result, provisional)


def _winner(table: TableResult) -> str | None:
    """ "A", "B" or None (a draw): a finished game's own winner; an unfinished one's team ahead
    (what closing the partie would make of it)."""
    if table.finished:
        return table.winner
    a, b = table.totals["A"], table.totals["B"]
    return None if a == b else "A" if a > b else "B"


def _other(side: str) -> str:
    return "B" if side == "A" else "A"


def _nearest_ten(values: list[int]) -> int:
    """The mean of `values` to the nearest 10, halves up, in integers (1035 → 1040): no float
    rounding to turn an exact half into a miss."""
    total, count = sum(values), len(values)
    return (2 * total + 10 * count) // (20 * count) * 10
