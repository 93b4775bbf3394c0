"""The archive's queries over concours: every stored input of a selection of concours at once, as
the export writes them (`services.concours_export`), the concours tables some games are at (an
import's check), and what an evening's page shows of its concours. Nothing derived: the ranking is
the concours's own pages' (services.concours_view)."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import sqlite_utils

from scorekeeper.store.archive_lists import marks
from scorekeeper.store.concours import rests_of
from scorekeeper.store.db import rows

CHUNK = 500  # ids per `in (…)` query


def concours_rows(db: sqlite_utils.Database, evening_id: int | None = None) -> list[dict[str, Any]]:
    """Every concours (or an evening's), in the order they were created."""
    if evening_id is None:
        return rows(db, "select * from concours order by created_at, id")
    return rows(db, "select * from concours where evening_id = ? order by created_at, id", [evening_id])


def concours_by_id(db: sqlite_utils.Database, concours_ids: list[str]) -> list[dict[str, Any]]:
    """The concours of these ids that are here."""
    found = []
    for start in range(0, len(concours_ids), CHUNK):
        chunk = concours_ids[start : start + CHUNK]
        found += rows(db, f"select * from concours where id in ({marks(chunk)}) order by created_at, id", chunk)
    return found


def _by_concours(db: sqlite_utils.Database, table: str, order: str, ids: list[str]) -> dict[str, list[dict]]:
    found: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        for row in rows(db, f"select * from {table} where concours_id in ({marks(chunk)}) order by {order}", chunk):
            found[row["concours_id"]].append(row)
    return found


def parts_of(db: sqlite_utils.Database, concours_ids: list[str]) -> tuple[dict, dict, dict, dict]:
    """The teams and a mêlée's players (by number), the rounds (by number, `drawn_order` parsed,
    `rests` a list whatever the format, as `concours.rounds` gives them) and the tables (by round,
    then table) of the concours named, each by concours id: four queries for them all."""
    teams = _by_concours(db, "concours_teams", "concours_id, number", concours_ids)
    players = _by_concours(db, "concours_players", "concours_id, number", concours_ids)
    rounds = _by_concours(db, "concours_rounds", "concours_id, number", concours_ids)
    for round_rows in rounds.values():
        for row in round_rows:
            row["drawn_order"] = json.loads(row["drawn_order"])
            row["rests"] = rests_of(row)
    tables = _by_concours(db, "concours_tables", "concours_id, round, number", concours_ids)
    return teams, players, rounds, tables


def tables_of_games(db: sqlite_utils.Database, game_ids: list[str]) -> dict[str, dict[str, Any]]:
    """The concours table each of these games is at, if any, with its concours's name: by game."""
    found = {}
    for start in range(0, len(game_ids), CHUNK):
        chunk = game_ids[start : start + CHUNK]
        for row in rows(
            db,
            "select t.game_id, t.concours_id, t.round, t.number, c.name as concours_name"
            f" from concours_tables t join concours c on c.id = t.concours_id where t.game_id in ({marks(chunk)})",
            chunk,
        ):
            found[row["game_id"]] = row
    return found


def evening_concours(db: sqlite_utils.Database, evening_id: int) -> list[dict[str, Any]]:
    """The evening's concours, in the order they were created, each with its format, its count of
    teams (or of a mêlée's players) and of parties drawn (one query)."""
    return rows(
        db,
        "select c.id, c.name, c.parties, c.format,"
        " (select count(*) from concours_teams t where t.concours_id = c.id) as team_count,"
        " (select count(*) from concours_players p where p.concours_id = c.id) as player_count,"
        " (select count(*) from concours_rounds r where r.concours_id = c.id) as rounds_drawn"
        " from concours c where c.evening_id = ? order by c.created_at, c.id",
        [evening_id],
    )


def evening_tables(db: sqlite_utils.Database, evening_id: int) -> dict[str, dict[str, Any]]:
    """The concours table of each of the evening's games that is played at one (one query), by game:
    its concours's name, its partie and its table, and the totals of its paper slip if typed."""
    found = rows(
        db,
        "select t.game_id, t.round, t.number, t.slip_a, t.slip_b, c.id as concours_id, c.name as concours_name"
        " from concours_tables t join concours c on c.id = t.concours_id where c.evening_id = ?",
        [evening_id],
    )
    return {row["game_id"]: row for row in found}
