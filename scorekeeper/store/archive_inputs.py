"""The stored inputs of a selection of games, as the export writes them (`services.export`): the
games (the whole archive, an evening's or one), their live deals in the order they were dealt, and
the evenings. Nothing derived: the export holds what the table entered."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import sqlite_utils

from scorekeeper.store.archive_lists import marks
from scorekeeper.store.db import rows


def _selection(evening_id: int | None, game_id: str | None) -> tuple[str, list[Any]]:
    """The games selected, as a condition on `games g`."""
    if game_id is not None:
        return "g.id = ?", [game_id]
    if evening_id is not None:
        return "g.evening_id = ?", [evening_id]
    return "1 = 1", []


def games(db: sqlite_utils.Database, evening_id: int | None, game_id: str | None) -> list[dict[str, Any]]:
    """The games selected (None and None: all of them), in the order they were created."""
    where, params = _selection(evening_id, game_id)
    return rows(db, f"select g.* from games g where {where} order by g.created_at, g.id", params)


def live_deals(db: sqlite_utils.Database, evening_id: int | None, game_id: str | None) -> dict[str, list[dict]]:
    """The live deals of the games selected, by game, in the order they were dealt."""
    return deals_where(db, *_selection(evening_id, game_id))


def deals_where(db: sqlite_utils.Database, where: str, params: list[Any]) -> dict[str, list[dict[str, Any]]]:
    """The live deals of the games for which `where`, a condition on `games g`, holds: by game, in
    the order they were dealt, each with its input parsed."""
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows(
        db,
        "select d.game_id, d.id, d.kind, d.input, d.version from deals d join games g on g.id = d.game_id "
        f"where d.deleted_at is null and {where} order by d.game_id, d.id",
        params,
    ):
        by_game[row["game_id"]].append({**row, "input": json.loads(row["input"])})
    return by_game


def evenings(db: sqlite_utils.Database, evening_ids: list[int] | None = None) -> list[dict[str, Any]]:
    """The evenings named (None: every one), by date."""
    if evening_ids is None:
        return rows(db, "select * from evenings order by date, id")
    return rows(db, f"select * from evenings where id in ({marks(evening_ids)}) order by date, id", evening_ids)
