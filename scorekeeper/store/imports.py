"""An import's SQL: the games and evenings already here, the write of a part of an archive, and
emptying the WAL after it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import sqlite_utils

from scorekeeper.belote.game import Game
from scorekeeper.store import games as store
from scorekeeper.store.db import execute, execute_many, rows

CHUNK = 500  # ids per `in (…)` query


def chunks(ids: list[str]) -> Iterator[tuple[str, list[str]]]:
    """`ids` a chunk at a time, each with its condition on `games g`."""
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        yield f"g.id in ({', '.join('?' for _ in chunk)})", chunk


def game_rows(db: sqlite_utils.Database, where: str, params: list[str]) -> list[dict[str, Any]]:
    """The games rows a condition of `chunks` names."""
    return rows(db, f"select g.* from games g where {where}", params)


def evenings_here(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """Every evening, the highest id first."""
    return rows(db, "select id, date, place, note, created_at from evenings order by id desc")


def add_evening(db: sqlite_utils.Database, content: tuple, evening_id: int | None = None) -> int:
    """An evening of (date, place, note, created_at), with `evening_id` or the next free one."""
    sql = "insert into evenings (id, date, place, note, created_at) values (?, ?, ?, ?, ?)"
    added = execute(db, sql, [evening_id, *content]).lastrowid
    assert added is not None  # an insert's row id
    return added


def write_games(
    db: sqlite_utils.Database,
    games: list[tuple[Game, int]],
    deals: Iterable[tuple[str, str, str, str | None]],
    stamp: str,
    derived_rows: Sequence[tuple[str, list[str], Iterable[tuple]]],
) -> None:
    """The games (each with its evening here), their deals as (game id, kind, input as stored, the
    time it was recorded or None: a file written before deals had one), an action per deal (as if
    entered here: undo takes it back), stamped `stamp` as the deals without a time, and the derived
    rows as (table, columns, rows), in that order: a few statements over every game."""
    for game, _ in games:
        store.insert_game(db, game)
    execute_many(db, "update games set evening_id = ? where id = ?", [(evening, game.id) for game, evening in games])
    before = rows(db, "select coalesce(max(id), 0) as last from deals")[0]["last"]
    execute_many(
        db,
        "insert into deals (game_id, kind, input, version, deleted_at, created_at, updated_at) "
        "values (?, ?, ?, 1, null, ?, ?)",
        ((game_id, kind, text, at or stamp, at or stamp) for game_id, kind, text, at in deals),
    )
    execute(
        db,
        "insert into actions (game_id, deal_id, action, previous_input, undone_at, created_at) "
        "select game_id, id, 'record', null, null, ? from deals where id > ? order by id",
        [stamp, before],
    )
    for table, columns, table_rows in derived_rows:
        marks = ", ".join("?" for _ in columns)
        execute_many(db, f"insert or replace into {table} ({', '.join(columns)}) values ({marks})", table_rows)


def checkpoint(db: sqlite_utils.Database) -> None:
    """Copy the WAL into the database and empty it (waits for readers: busy_timeout)."""
    execute(db, "PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
