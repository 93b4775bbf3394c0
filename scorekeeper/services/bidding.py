"""A player's bidding figures (docs/bidding.md): how far over the bid the contracts were made, the
contracts failed by a little, the coinches and surcoinches the player said and how they went, the
partner the player wins most with and the opponent the player wins least against. Read from the
derived rows (`store.bidding`), which the deals alone determine; the contracts taken and made by
level are the player's statistics' own (`stats.player`'s `by_level`)."""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from scorekeeper.store import bidding, statistics

NEAR_MISS = 10  # a « chute de peu »: a contract failed by this many points or fewer
LEAST_GAMES_TOGETHER = 5  # a partner or an opponent is named over at least this many finished games


@dataclass
class Rival:
    """A partner or an opponent, with the finished games played together (or against each other)
    and how many of them the player won."""

    key: str
    name: str
    games: int
    won: int


@dataclass
class Bidding:
    margin_count: int = 0  # numeric contracts the player took and made
    margin_sum: int = 0  # the sum of (the takers' points − the contract) over those
    near_misses: int = 0  # numeric contracts the player took and failed by NEAR_MISS or fewer
    coinches: int = 0  # coinches the player said (as a defender)
    coinches_fell: int = 0  # of those, the contract failed: the coinche succeeded
    coinches_unknown: int = 0  # coinched contracts the player's team defended, no one named
    surcoinches: int = 0  # surcoinches the player said (as a taker)
    surcoinches_made: int = 0  # of those, the contract made: the surcoinche succeeded
    surcoinches_unknown: int = 0  # surcoinched contracts of the player's team, no one named
    partner: Rival | None = None
    opponent: Rival | None = None

    @property
    def near_miss_points(self) -> int:
        return NEAR_MISS

    @property
    def margin(self) -> float | None:
        """The mean margin over the bid of the numeric contracts made; None without one."""
        return self.margin_sum / self.margin_count if self.margin_count else None


def of_player(db: sqlite_utils.Database, key: str) -> Bidding:
    """`key`: the player's name key (`names.name_key`)."""
    sums = {name: value or 0 for name, value in bidding.sums(db, key, NEAR_MISS).items()}
    figures = Bidding(
        margin_count=sums["margin_count"],
        margin_sum=sums["margin_sum"],
        near_misses=sums["near_misses"],
        coinches=sums["coinches"],
        coinches_fell=sums["coinches_fell"],
        coinches_unknown=sums["coinches_unknown"],
        surcoinches=sums["surcoinches"],
        surcoinches_made=sums["surcoinches_made"],
        surcoinches_unknown=sums["surcoinches_unknown"],
    )
    partner = bidding.best_partner(db, key, LEAST_GAMES_TOGETHER)
    opponent = bidding.toughest_opponent(db, key, LEAST_GAMES_TOGETHER)
    found = [row for row in (partner, opponent) if row is not None]
    names = statistics.latest_names(db, [row["key"] for row in found])
    rivals = [
        Rival(row["key"], names.get(row["key"], row["key"]), row["games"], row["won"]) if row else None
        for row in (partner, opponent)
    ]
    figures.partner, figures.opponent = rivals
    return figures
