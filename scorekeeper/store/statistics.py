"""The statistics' sums (`services.stats`): per player over `game_players`, per team (a pair of
partners) over `game_teams`, and the contracts taken and made by mode and level over `deal_facts`.
Each summed column costs on 20,000 rows: a query sums only the figures its page shows.

The archive's revision (`archive_revision`, migration m016) names the derived rows as they are: a
new word at every write of them, moved by triggers in the write's own transaction. The statistics
pages' ETag names it, so that a phone's revisit of an unchanged archive reads one row."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from scorekeeper.store.archive_rows import FIGURES
from scorekeeper.store.db import rows

OVERVIEW_SUMS = ", ".join(f"sum({name}) as {name}" for name in ("finished", "won", "taken", "made"))
SUMS = ", ".join(f"sum({name}) as {name}" for name in ("finished", "won", "drawn", "hands", "points", *FIGURES))
# Whose rows: a player's, by name key, or a team's, by pair key, each with the name shown for it.
SUBJECTS = {
    "player": ("game_players", "name_key", "name"),
    "team": ("game_teams", "pair_key", "players"),
}


def archive_revision(db: sqlite_utils.Database) -> str:
    """A word that changes whenever a derived row is written (a deal, a game, an import, a rebuild)."""
    return rows(db, "select value from app_info where key = 'archive_revision'")[0]["value"]


def overview(db: sqlite_utils.Database, subject: str, limit: int, offset: int) -> tuple[int, list[dict[str, Any]]]:
    """How many players (or teams) there are, and a page of them, the most seen first, each with
    its key, its latest name, its number of games and its main figures.

    The grouping reads every game's rows, in the order of an index that holds the columns it sums
    (m016: never the table); the latest name is then looked up for the page's 30 keys alone (a name
    kept with the latest time of each group cost half the time at 50,000 games)."""
    table, key, name = SUBJECTS[subject]
    total = rows(db, f"select count(distinct {key}) as n from {table}")[0]["n"]
    found = rows(
        db,
        f"select page.*, (select {name} from {table} where {key} = page.key order by played_at desc limit 1) as name "
        f"from (select {key} as key, count(*) as games, {OVERVIEW_SUMS} from {table} "
        "group by key order by games desc, key limit ? offset ?) as page order by games desc, key",
        [limit, offset],
    )
    return total, found


def summary(db: sqlite_utils.Database, subject: str, key: str) -> dict[str, Any]:
    """One player's (or team's) figures summed over its games, with its latest name and its
    numbers of games and evenings (0 games: it never played)."""
    table, key_column, name = SUBJECTS[subject]
    return rows(
        db,
        f"select {name} as name, max(played_at) as last_played, count(*) as games, "
        f"count(distinct evening_id) as evenings, {SUMS} from {table} where {key_column} = ?",
        [key],
    )[0]


def player_contracts(db: sqlite_utils.Database, key: str) -> list[dict[str, Any]]:
    """The contracts a player took and made, by mode and level."""
    return rows(
        db,
        "select mode, contract, count(*) as taken, sum(made) as made from deal_facts "
        "where taker_key = ? group by mode, contract_value",
        [key],
    )


def team_contracts(db: sqlite_utils.Database, key: str) -> list[dict[str, Any]]:
    """The contracts a team took and made, by mode and level."""
    return rows(
        db,
        "select df.mode, df.contract, count(*) as taken, sum(df.made) as made from game_teams t "
        "join deal_facts df on df.game_id = t.game_id and df.taker = t.team "
        "where t.pair_key = ? and df.kind = 'hand' group by df.mode, df.contract_value",
        [key],
    )


def partners(db: sqlite_utils.Database, key: str) -> list[dict[str, Any]]:
    """A player's partners, the most played with first, with the games played and won together."""
    return rows(
        db,
        "select partner_key, count(*) as games, sum(won) as won from game_players where name_key = ? "
        "group by partner_key order by games desc, partner_key",
        [key],
    )


def latest_names(db: sqlite_utils.Database, keys: list[str]) -> dict[str, str]:
    """Each player's name as most recently written, by name key: the latest of each key's rows,
    found in the overview's index (a grouping of every row of these keys read a player's partners'
    200,000 rows at 50,000 games)."""
    if not keys:
        return {}
    found = rows(
        db,
        "select column1 as name_key, (select name from game_players where name_key = column1 "
        f"order by played_at desc limit 1) as name from (values {', '.join('(?)' for _ in keys)})",
        keys,
    )
    return {row["name_key"]: row["name"] for row in found if row["name"] is not None}
