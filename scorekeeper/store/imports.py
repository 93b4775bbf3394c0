"""An import's SQL: the games and evenings already here, the batched write of a part of an archive,
the marker that says whether an import is writing or committed, the list of what an unfinished
import wrote (`import_writes`) and taking it back, and emptying the WAL after it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import sqlite_utils

from scorekeeper.belote.game import Game
from scorekeeper.store import games as store
from scorekeeper.store.db import execute, execute_many, rows

CHUNK = 500  # ids per `in (…)` query
# In app_info, under the prefix and the import's id: WRITING from the import's first write until
# its last transaction, which sets the time it committed; a report page that finds an import's
# worker gone reads here whether it had committed, and an import found WRITING while none runs
# stopped half-way: `undo_writes` takes back what it wrote.
MARKER_PREFIX = "import "
WRITING = "writing"
UNDO_GAMES = 200  # games taken back per transaction: as short as an import's own


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
    return execute(db, sql, [evening_id, *content]).lastrowid


def write_games(
    db: sqlite_utils.Database,
    games: list[tuple[Game, int]],
    deals: Iterable[tuple[str, str, str]],
    stamp: str,
    derived_rows: list[tuple[str, list[str], Iterable[tuple]]],
) -> None:
    """The games (each with its evening here), their deals as (game id, kind, input as stored), an
    action per deal (as if entered here: undo takes it back), all stamped `stamp`, and the derived
    rows as (table, columns, rows), in that order: a few statements over every game."""
    for game, _ in games:
        store.insert_game(db, game)
    execute_many(db, "update games set evening_id = ? where id = ?", [(evening, game.id) for game, evening in games])
    before = rows(db, "select coalesce(max(id), 0) as last from deals")[0]["last"]
    execute_many(
        db,
        "insert into deals (game_id, kind, input, version, deleted_at, created_at, updated_at) "
        "values (?, ?, ?, 1, null, ?, ?)",
        ((game_id, kind, text, stamp, stamp) for game_id, kind, text in deals),
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


def write_marker(db: sqlite_utils.Database, marker: str, value: str = WRITING) -> None:
    execute(db, "insert or replace into app_info (key, value) values (?, ?)", [MARKER_PREFIX + marker, value])


def has_marker(db: sqlite_utils.Database, marker: str) -> bool:
    """Whether the import of `marker` committed (its marker there, no longer WRITING)."""
    found = rows(db, "select value from app_info where key = ?", [MARKER_PREFIX + marker])
    return bool(found) and found[0]["value"] != WRITING


def unfinished(db: sqlite_utils.Database) -> list[str]:
    """The ids of the imports that began writing and never committed."""
    found = rows(db, "select key from app_info where key like ? and value = ?", [MARKER_PREFIX + "%", WRITING])
    return [row["key"][len(MARKER_PREFIX) :] for row in found]


def note_writes(db: sqlite_utils.Database, marker: str, game_ids: Iterable[str] = (), evening_ids=()) -> None:
    """What the import of `marker` writes in this transaction, to take it back if it never commits."""
    execute_many(db, "insert into import_writes (import_id, game_id) values (?, ?)", ((marker, g) for g in game_ids))
    execute_many(
        db, "insert into import_writes (import_id, evening_id) values (?, ?)", ((marker, e) for e in evening_ids)
    )


def commit_marker(db: sqlite_utils.Database, marker: str, stamp: str) -> None:
    """The import's last transaction: what it wrote is kept for good."""
    execute(db, "delete from import_writes where import_id = ?", [marker])
    write_marker(db, marker, stamp)


def undo_writes(db: sqlite_utils.Database, marker: str) -> int:
    """Take back up to UNDO_GAMES games the unfinished import of `marker` wrote, with every row that
    hangs off them (a table may have played on one meanwhile), inside the caller's transaction;
    once none is left, the evenings it added that no game uses any more, its list and its marker.
    Returns the number of games taken back: call again until it is 0."""
    found = rows(
        db,
        "select game_id from import_writes where import_id = ? and game_id is not null limit ?",
        [marker, UNDO_GAMES],
    )
    game_ids = [row["game_id"] for row in found]
    if game_ids:
        store.delete_games(db, game_ids)
        marks = ", ".join("?" for _ in game_ids)
        execute(db, f"delete from import_writes where import_id = ? and game_id in ({marks})", [marker, *game_ids])
        return len(game_ids)
    execute(
        db,
        "delete from evenings where id in (select evening_id from import_writes where import_id = ?)"
        " and not exists (select 1 from games where games.evening_id = evenings.id)",
        [marker],
    )
    execute(db, "delete from import_writes where import_id = ?", [marker])
    remove_marker(db, marker)
    return 0


def remove_marker(db: sqlite_utils.Database, marker: str) -> None:
    execute(db, "delete from app_info where key = ?", [MARKER_PREFIX + marker])


def checkpoint(db: sqlite_utils.Database) -> None:
    """Copy the WAL into the database and empty it (waits for readers: busy_timeout)."""
    execute(db, "PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
