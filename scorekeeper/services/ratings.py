"""The cotes: each player's rating across evenings, replayed from the archive (docs/ratings.md).

Every counted game (`store.ratings`) is a match of two teams of two for openskill's Weng–Lin
Plackett–Luce model with its defaults (μ 25, σ 25/3, β 25/6, τ 25/300): the winners rank 0, the
losers 1, a draw both 0. A game counts when its four seats name four different players, matched by
name as the statistics match them (`name_key`). The cote shown is round(1000 + 40 × (μ − 3σ)): a
new player's is 1000, and it climbs as the model grows surer (σ falls) as well as with wins.

Nothing is stored: the whole archive is replayed, the same archive giving the same cotes whichever
way it arrived. The replay of 5,000 games costs a few tenths of a second (docs/performance.md), so
its answer is kept in memory for the archive's revision (`archive_revision`, which every write of
a game's derived rows moves): the pages and the API read it, and the first read after a write
replays again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

import sqlite_utils
from openskill.models import PlackettLuce, PlackettLuceRating

from scorekeeper.belote.names import name_key
from scorekeeper.store import ratings as store
from scorekeeper.store import statistics

MODEL = PlackettLuce()  # the library's defaults, which the spec names: never tuned here
BASE = 1000  # a new player's cote: μ − 3σ = 25 − 3 × 25/3 = 0
SCALE = 40  # cote points per unit of μ − 3σ
PROVISIONAL_BELOW = 10  # rated games: a player with fewer is « provisoire »


def cote(mu: float, sigma: float) -> int:
    """The number shown: a cautious estimate (μ − 3σ) on a scale where a newcomer stands at 1000."""
    return round(BASE + SCALE * (mu - 3 * sigma))


@dataclass(frozen=True)
class Step:
    """A player's cote after one rated game."""

    game_id: str
    played_at: str
    rating: int
    won: bool


@dataclass
class PlayerRating:
    key: str  # the name as the archive matches it
    name: str  # as most recently written
    mu: float
    sigma: float
    games: int = 0
    won: int = 0
    history: list[Step] = field(default_factory=list)

    @property
    def rating(self) -> int:
        return cote(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_BELOW

    def as_json(self) -> dict[str, Any]:
        return {
            "player": self.name,
            "rating": self.rating,
            "mu": self.mu,
            "sigma": self.sigma,
            "games": self.games,
            "won": self.won,
            "provisional": self.provisional,
        }


@dataclass(frozen=True)
class Ratings:
    """Every rated player, best first (the provisional ones after the others, each part by cote)."""

    players: list[PlayerRating]
    by_key: dict[str, PlayerRating]

    def of(self, name: str) -> PlayerRating | None:
        return self.by_key.get(name_key(name))

    def team_rating(self, first: str, second: str) -> int:
        """A team's cote for information: the mean of its two players' (a newcomer's is 1000), a
        half rounded up (Python's round would take 1018.5 to 1018, its even neighbour)."""
        cotes = [player.rating if (player := self.of(name)) else BASE for name in (first, second)]
        return (sum(cotes) + 1) // 2


def replay(seats: list[dict[str, Any]]) -> dict[str, PlayerRating]:
    """Rate the counted games' seats (`store.ratings.counted_seats`, in rating order), game after
    game; each player's name is the one of their latest seat here."""
    current: dict[str, PlackettLuceRating] = {}
    players: dict[str, PlayerRating] = {}
    for game_id, grouped in groupby(seats, key=lambda seat: seat["game_id"]):
        game = list(grouped)
        if len({seat["name_key"] for seat in game}) != 4:  # a name twice: not four players
            continue
        teams = [[seat for seat in game if seat["team"] == team] for team in ("A", "B")]
        first = teams[0][0]
        ranks = [0.0, 0.0] if first["drawn"] else ([0.0, 1.0] if first["won"] else [1.0, 0.0])
        before = [
            [current[seat["name_key"]] if seat["name_key"] in current else MODEL.rating() for seat in team]
            for team in teams
        ]
        rated = MODEL.rate(before, ranks=ranks)
        for team, new in zip(teams, rated, strict=True):
            for seat, rating in zip(team, new, strict=True):
                key = seat["name_key"]
                current[key] = rating
                player = players.setdefault(key, PlayerRating(key, seat["name"], rating.mu, rating.sigma))
                player.name, player.mu, player.sigma = seat["name"], rating.mu, rating.sigma
                player.games += 1
                player.won += bool(seat["won"])
                player.history.append(Step(game_id, seat["played_at"], player.rating, bool(seat["won"])))
    return players


def _order(player: PlayerRating) -> tuple:
    return (player.provisional, -player.rating, -player.mu, player.key)


def compute(db: sqlite_utils.Database) -> Ratings:
    """Replay the whole archive; each player's name as the statistics show it (their latest)."""
    players = replay(store.counted_seats(db))
    names = statistics.latest_names(db, list(players))
    for key, player in players.items():
        player.name = names.get(key, player.name)
    return Ratings(sorted(players.values(), key=_order), players)


class _Kept:
    """The latest replay with the archive revision it was made at, as one pair (one assignment:
    threads that replay at once leave one whole pair or the other)."""

    entry: tuple[str, Ratings] | None = None


def ratings(db: sqlite_utils.Database) -> Ratings:
    """The cotes of the archive as it is now: the replay kept for this revision, or a new one.

    The revision is read before the rows: a write in between leaves a replay newer than its word,
    never an older one under the current word."""
    revision = statistics.archive_revision(db)
    entry = _Kept.entry
    if entry is not None and entry[0] == revision:
        return entry[1]
    found = compute(db)
    _Kept.entry = (revision, found)
    return found
