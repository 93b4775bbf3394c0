"""Playing again: each finished game's rematch, made once, and the game a new one may copy."""

from __future__ import annotations

import sqlite_utils

from scorekeeper.store.db import insert, rows


def rematch_of(db: sqlite_utils.Database, game_id: str) -> str | None:
    """The id of the game's rematch, if it has one (games are never deleted: it is still there)."""
    found = rows(db, "select rematch_id from rematches where game_id = ?", [game_id])
    return found[0]["rematch_id"] if found else None


def remember_rematch(db: sqlite_utils.Database, game_id: str, rematch_id: str) -> None:
    insert(db, "rematches", {"game_id": game_id, "rematch_id": rematch_id})


def last_game_id(db: sqlite_utils.Database) -> str | None:
    """The game created last."""
    found = rows(db, "select id from games order by created_at desc, rowid desc limit 1")
    return found[0]["id"] if found else None


def evening_of(db: sqlite_utils.Database, game_id: str) -> int:
    return rows(db, "select evening_id from games where id = ?", [game_id])[0]["evening_id"]
