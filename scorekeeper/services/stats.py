"""Statistics per player (across partners and evenings) and per team (a pair of partners); the
lists of deals and games behind each figure are in `figure_lists`.

Figures are sums of the derived tables' per-game rows (`game_players`, `game_teams`), and the
breakdowns by mode and contract count `deal_facts`; a figure's deals are found by the same
conditions that counted them, so that a list always holds as many deals as its figure says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sqlite_utils

from scorekeeper.belote.names import name_key, pair_key
from scorekeeper.belote.terms import CONTRACT_TITLES, MODE_LABELS, Mode
from scorekeeper.services.bidding import Bidding, of_player
from scorekeeper.services.lists import Page, offset
from scorekeeper.store import statistics

PLAYERS_PER_PAGE = 30


@dataclass
class Figures:
    """A player's or a team's figures, summed over their games."""

    games: int = 0
    evenings: int = 0
    finished: int = 0
    won: int = 0
    drawn: int = 0  # finished on equal totals: neither won nor lost
    hands: int = 0
    points: int = 0
    taken: int = 0
    made: int = 0
    coinche_def: int = 0
    coinche_def_won: int = 0
    coinche_took: int = 0
    coinche_took_made: int = 0
    capot_taken: int = 0
    capot_made: int = 0
    capot_unannounced: int = 0
    generale_taken: int = 0
    generale_made: int = 0

    @property
    def lost(self) -> int:
        return self.finished - self.won - self.drawn

    @property
    def points_per_deal(self) -> float | None:
        return self.points / self.hands if self.hands else None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Figures:
        return cls(**{key: row.get(key) or 0 for key in cls.__dataclass_fields__})


@dataclass
class Breakdown:
    """Contracts taken and made, for one mode or one contract level."""

    code: str
    label: str
    taken: int
    made: int


@dataclass
class Partner:
    key: str
    name: str
    games: int
    won: int


@dataclass
class Subject:
    """Whose statistics: a player (`joueur`, by name key) or a team (`equipe`, by pair key)."""

    kind: str  # "joueur" or "equipe"
    key: str
    name: str
    figures: Figures = field(default_factory=Figures)
    by_mode: list[Breakdown] = field(default_factory=list)
    by_level: list[Breakdown] = field(default_factory=list)
    partners: list[Partner] = field(default_factory=list)
    bidding: Bidding | None = None  # a player's bidding figures (services.bidding); None for a team

    @property
    def params(self) -> dict[str, str]:
        """The query string's key naming this subject on the lists of deals and games."""
        return {self.kind: self.key}


def archive_revision(db: sqlite_utils.Database) -> str:
    """What the statistics pages show changes with this word alone (their ETag names it)."""
    return statistics.archive_revision(db)


# --- overviews -----------------------------------------------------------------------------


@dataclass
class Row:
    key: str
    name: str
    figures: Figures


def _overview(db: sqlite_utils.Database, subject: str, number: int, per_page: int) -> Page:
    total, rows = statistics.overview(db, subject, per_page, offset(number, per_page))
    return Page([Row(row["key"], row["name"], Figures.from_row(row)) for row in rows], number, per_page, total)


def players_page(db: sqlite_utils.Database, number: int, per_page: int = PLAYERS_PER_PAGE) -> Page:
    """Every player, the most seen first, with their main figures."""
    return _overview(db, "player", number, per_page)


def teams_page(db: sqlite_utils.Database, number: int, per_page: int = PLAYERS_PER_PAGE) -> Page:
    """Every pair of partners, the most seen first."""
    return _overview(db, "team", number, per_page)


# --- one player, one team ------------------------------------------------------------------


def _breakdowns(rows) -> tuple[list[Breakdown], list[Breakdown]]:
    modes: dict[str, list[int]] = {}
    levels: dict[str, list[int]] = {}
    for row in rows:
        for table, code in ((modes, row["mode"]), (levels, row["contract"])):
            counts = table.setdefault(code, [0, 0])
            counts[0] += row["taken"]
            counts[1] += row["made"]
    by_mode = [Breakdown(mode.value, MODE_LABELS[mode], *modes[mode.value]) for mode in Mode if mode.value in modes]
    by_level = [Breakdown(code, title, *levels[code]) for code, title in CONTRACT_TITLES.items() if code in levels]
    return by_mode, by_level


def _summary(db: sqlite_utils.Database, kind: str, subject: str, key: str) -> Subject | None:
    """A player's or a team's figures summed over its games; None if it never played."""
    row = statistics.summary(db, subject, key)
    if not row["games"]:
        return None
    return Subject(kind, key, row["name"], Figures.from_row(row))


def player(db: sqlite_utils.Database, key: str) -> Subject | None:
    key = name_key(key)
    subject = _summary(db, "joueur", "player", key)
    if subject is None:
        return None
    subject.by_mode, subject.by_level = _breakdowns(statistics.player_contracts(db, key))
    partners = statistics.partners(db, key)
    names = display_names(db, [row["partner_key"] for row in partners])
    subject.partners = [
        Partner(row["partner_key"], names.get(row["partner_key"], row["partner_key"]), row["games"], row["won"])
        for row in partners
    ]
    subject.bidding = of_player(db, key)
    return subject


def display_names(db: sqlite_utils.Database, keys: list[str]) -> dict[str, str]:
    """Each player's name as most recently written, by name key."""
    return statistics.latest_names(db, keys)


def team(db: sqlite_utils.Database, first: str, second: str) -> Subject | None:
    key = pair_key(first, second)
    subject = _summary(db, "equipe", "team", key)
    if subject is None:
        return None
    subject.by_mode, subject.by_level = _breakdowns(statistics.team_contracts(db, key))
    return subject
