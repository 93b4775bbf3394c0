"""What the archive's lists read (`services.lists`): games by id with their summaries, the games in
progress, the evenings and their games, and the players and games a name search finds. Every query
reads the derived tables through their indexes and takes a page (`limit`, `offset`), so that a page
costs the same with 50 games or 5,000."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from scorekeeper.store.db import rows

# A game as the lists show it: its inputs (teams, players, end, rules, time), its summary's totals
# and winner.
GAME_COLUMNS = "g.*, s.total_a, s.total_b, s.winner, s.finished, s.deal_count, s.played_at"
SUMMARIES = "game_summaries s join games g on g.id = s.game_id"


def marks(values: list[Any]) -> str:
    """The `?, ?, …` of an `in (…)` over `values`."""
    return ", ".join("?" for _ in values)


def games_by_id(db: sqlite_utils.Database, game_ids: list[str]) -> list[dict[str, Any]]:
    """The summaries of the games named (in no order; those that exist)."""
    if not game_ids:
        return []
    return rows(db, f"select {GAME_COLUMNS} from {SUMMARIES} where s.game_id in ({marks(game_ids)})", game_ids)


def in_progress(db: sqlite_utils.Database, limit: int) -> list[dict[str, Any]]:
    """The games not finished, the most recently played first."""
    return rows(
        db,
        f"select {GAME_COLUMNS} from {SUMMARIES} where s.finished = 0 order by s.last_activity desc limit ?",
        [limit],
    )


def games_of_evenings(db: sqlite_utils.Database, evening_ids: list[int]) -> list[dict[str, Any]]:
    """The games of these evenings, in the order they were played."""
    if not evening_ids:
        return []
    return rows(
        db,
        f"select {GAME_COLUMNS} from {SUMMARIES} where s.evening_id in ({marks(evening_ids)}) "
        "order by s.played_at, s.game_id",
        evening_ids,
    )


def evening_count(db: sqlite_utils.Database) -> int:
    return rows(db, "select count(*) as n from evenings")[0]["n"]


def newest_evenings(db: sqlite_utils.Database, limit: int, offset: int = 0) -> list[dict[str, Any]]:
    """The evenings, newest first."""
    return rows(db, "select * from evenings order by date desc, id desc limit ? offset ?", [limit, offset])


# --- a name search ---------------------------------------------------------------------------


def _containing(key: str) -> str:
    """A LIKE pattern for the names whose key holds `key` (its own % and _ taken as they are)."""
    escaped = key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def players_named(db: sqlite_utils.Database, key: str, limit: int) -> list[dict[str, Any]]:
    """The players whose name key holds `key`, the most seen first, each with its latest spelling."""
    return rows(
        db,
        "select name_key, name, max(played_at) as last_played, count(*) as games from game_players "
        "where name_key like ? escape '\\' group by name_key order by games desc, name_key limit ?",
        [_containing(key), limit],
    )


def games_with_a_player_named(db: sqlite_utils.Database, key: str, limit: int, offset: int) -> tuple[int, list[str]]:
    """How many games have a player whose name key holds `key`, and a page of their ids, the
    newest first."""
    pattern = _containing(key)
    total = rows(
        db, "select count(distinct game_id) as n from game_players where name_key like ? escape '\\'", [pattern]
    )[0]["n"]
    found = rows(
        db,
        "select game_id, max(played_at) as played_at from game_players where name_key like ? escape '\\' "
        "group by game_id order by played_at desc, game_id limit ? offset ?",
        [pattern, limit, offset],
    )
    return total, [row["game_id"] for row in found]
