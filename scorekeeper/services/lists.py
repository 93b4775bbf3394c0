"""What the archive's pages read: evenings and their games, games in progress, a player search.

Everything here reads the derived tables (store/derived.py writes them) through the queries of
store/archive_lists.py, which page every list: a page costs the same with 50 games or 5,000.
Nothing here scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlite_utils

from scorekeeper.belote.ending import End
from scorekeeper.belote.evenings import evening_label
from scorekeeper.belote.house_rules import CUSTOM_LABEL, PRESETS, HouseRules, preset_of
from scorekeeper.belote.names import name_key
from scorekeeper.belote.terms import team_players
from scorekeeper.store import archive_lists, evenings
from scorekeeper.store import games as games_store

EVENINGS_PER_PAGE = 10
GAMES_PER_PAGE = 30
MAX_PAGE = 10_000


@dataclass
class Page:
    """One page of a list: its items, its number (from 1) and how many items the list holds."""

    items: list[Any]
    number: int
    per_page: int
    total: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def has_next(self) -> bool:
        return self.number < self.pages


def page_number(value: Any) -> int:
    """`?page=` as a page number: anything that is not one is page 1."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return 1
    return min(max(number, 1), MAX_PAGE)


def offset(number: int, per_page: int) -> int:
    return (number - 1) * per_page


@dataclass
class GameLine:
    """A game as the archive lists it: its teams and players, its end and rules, when it began, its
    final (or current) totals and winner."""

    id: str
    teams: dict[str, str]
    players: list[str]
    end: End
    rules_name: str  # its house rules' name, '' for the Salon's (the default)
    totals: dict[str, int]
    winner: str | None
    finished: bool
    deal_count: int
    played_at: str  # when it was created (UTC)
    evening_id: int | None

    @property
    def team_players(self) -> dict[str, str]:
        return team_players(self.players)

    @property
    def start_time(self) -> str:
        """When it began, on the table's clock: « 21 h 05 »."""
        moment = datetime.fromisoformat(self.played_at).astimezone(evenings.current_zone())
        return f"{moment.hour}\u00a0h\u00a0{moment.minute:02d}"


def rules_name(house: HouseRules) -> str:
    """The name of a game's house rules as a list shows it: its preset's, or « Règles
    personnalisées »; nothing for the Salon's, every game's unless told."""
    preset = preset_of(house)
    if preset is None:
        return CUSTOM_LABEL
    return "" if preset is PRESETS[0] else preset.label


def _game_line(row: dict[str, Any]) -> GameLine:
    game = games_store.game_from_row(row)
    return GameLine(
        id=game.id,
        teams=game.teams,
        players=game.players,
        end=game.end,
        rules_name=rules_name(game.rules.house),
        totals={"A": row["total_a"], "B": row["total_b"]},
        winner=row["winner"],
        finished=bool(row["finished"]),
        deal_count=row["deal_count"],
        played_at=row["played_at"],
        evening_id=row["evening_id"],
    )


def game_lines(db: sqlite_utils.Database, game_ids: list[str]) -> list[GameLine]:
    """The games named, in the order given."""
    by_id = {row["id"]: _game_line(row) for row in archive_lists.games_by_id(db, game_ids)}
    return [by_id[game_id] for game_id in game_ids if game_id in by_id]


def game_line(db: sqlite_utils.Database, game_id: str) -> GameLine | None:
    lines = game_lines(db, [game_id])
    return lines[0] if lines else None


def in_progress(db: sqlite_utils.Database, limit: int) -> list[GameLine]:
    """The games not finished, the most recently played first."""
    return [_game_line(row) for row in archive_lists.in_progress(db, limit)]


@dataclass
class Evening:
    id: int
    date: str
    place: str
    note: str
    games: list[GameLine]

    @property
    def label(self) -> str:
        return evening_label({"date": self.date, "place": self.place})


def _evenings(db: sqlite_utils.Database, rows: list[dict[str, Any]]) -> list[Evening]:
    by_id = {row["id"]: Evening(row["id"], row["date"], row["place"], row["note"], []) for row in rows}
    for row in archive_lists.games_of_evenings(db, list(by_id)):
        by_id[row["evening_id"]].games.append(_game_line(row))
    return list(by_id.values())


def evenings_page(db: sqlite_utils.Database, number: int, per_page: int = EVENINGS_PER_PAGE) -> Page:
    """The evenings, newest first, each with its games."""
    rows = archive_lists.newest_evenings(db, per_page, offset(number, per_page))
    return Page(_evenings(db, rows), number, per_page, archive_lists.evening_count(db))


def evening(db: sqlite_utils.Database, evening_id: int) -> Evening | None:
    row = evenings.fetch(db, evening_id)
    return _evenings(db, [row])[0] if row else None


def evening_choices(db: sqlite_utils.Database, limit: int) -> list[tuple[int, str]]:
    return [(row["id"], evening_label(row)) for row in archive_lists.newest_evenings(db, limit)]


# --- search --------------------------------------------------------------------------------


@dataclass
class PlayerMatch:
    key: str
    name: str
    games: int


def search_players(db: sqlite_utils.Database, query: str, limit: int = 20) -> list[PlayerMatch]:
    """The players whose name holds `query` (accents and case aside), the most seen first."""
    rows = archive_lists.players_named(db, name_key(query), limit)
    return [PlayerMatch(row["name_key"], row["name"], row["games"]) for row in rows]


def search_games(db: sqlite_utils.Database, query: str, number: int, per_page: int = GAMES_PER_PAGE) -> Page:
    """The games where a player's name holds `query`, the newest first."""
    total, game_ids = archive_lists.games_with_a_player_named(db, name_key(query), per_page, offset(number, per_page))
    return Page(game_lines(db, game_ids), number, per_page, total)
