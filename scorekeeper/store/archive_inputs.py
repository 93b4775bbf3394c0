"""The stored inputs of a selection of games, as the export writes them (`services.export`): the
games (the whole archive, an evening's or one), their live deals in the order they were dealt, and
the evenings. Nothing derived: the export holds what the table entered.

The export reads them a batch at a time (`game_batches`, `evening_batches`, then each batch's
deals) inside one read transaction (`snapshot`), so that its memory is a batch's whatever the
archive's size, and what it writes is the archive of one moment even while tables write."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
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


BATCH = 20  # games (or evenings) read at a time: with 40 deals each, parsed, about 2 MB


@contextmanager
def snapshot(db: sqlite_utils.Database) -> Iterator[None]:
    """One read transaction: every read inside sees the database as it was at the first one (WAL
    lets the writers go on meanwhile). Ended by a rollback: nothing is written inside."""
    db.conn.execute("BEGIN")
    try:
        yield
    finally:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")


def _batches(db: sqlite_utils.Database, sql: str, params: list[Any]) -> Iterator[list[dict[str, Any]]]:
    """A SELECT's rows as dicts, BATCH at a time, from one cursor."""
    cursor = db.conn.execute(sql, params)
    columns = [column[0] for column in cursor.description]
    while batch := cursor.fetchmany(BATCH):
        yield [dict(zip(columns, row, strict=True)) for row in batch]


def game_batches(db: sqlite_utils.Database, evening_id: int | None, game_id: str | None) -> Iterator[list[dict]]:
    """The games selected (None and None: all of them), in the order they were created, a batch at
    a time (read them inside `snapshot`)."""
    where, params = _selection(evening_id, game_id)
    return _batches(db, f"select g.* from games g where {where} order by g.created_at, g.id", params)


def evening_of_game(db: sqlite_utils.Database, game_id: str) -> int | None:
    found = rows(db, "select evening_id from games where id = ?", [game_id])
    return found[0]["evening_id"] if found else None


def live_deals_of(db: sqlite_utils.Database, game_ids: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The live deals of these games (a batch's), by game, in the order they were dealt."""
    return deals_where(db, f"g.id in ({marks(game_ids)})", game_ids)


def deals_where(db: sqlite_utils.Database, where: str, params: list[Any]) -> dict[str, list[dict[str, Any]]]:
    """The live deals of the games for which `where`, a condition on `games g`, holds: by game, in
    the order they were dealt, each with its input parsed and its recorded time (`created_at`,
    which a correction leaves as it was)."""
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows(
        db,
        "select d.game_id, d.id, d.kind, d.input, d.version, d.created_at"
        " from deals d join games g on g.id = d.game_id "
        f"where d.deleted_at is null and {where} order by d.game_id, d.id",
        params,
    ):
        by_game[row["game_id"]].append({**row, "input": json.loads(row["input"])})
    return by_game


def evenings(db: sqlite_utils.Database, evening_ids: list[int]) -> list[dict[str, Any]]:
    """The evenings named, by date."""
    return rows(db, f"select * from evenings where id in ({marks(evening_ids)}) order by date, id", evening_ids)


def evening_batches(db: sqlite_utils.Database) -> Iterator[list[dict[str, Any]]]:
    """Every evening, by date, a batch at a time (read them inside `snapshot`)."""
    return _batches(db, "select * from evenings order by date, id", [])
