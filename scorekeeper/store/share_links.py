"""The read-only links of « Partager » (migration m021): a token, what it opens (`kind`: "game" or
"concours", and its id), when it was made, when it expires, when it was ended. Times are UTC ISO
stamps, compared as text (they all have the same form); the writes run inside the caller's write
transaction."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from scorekeeper.store.db import execute, insert, rows


def add(db: sqlite_utils.Database, token: str, kind: str, target_id: str, created_at: str, expires_at: str) -> None:
    insert(
        db,
        "share_links",
        {"token": token, "kind": kind, "target_id": target_id, "created_at": created_at, "expires_at": expires_at},
    )


def fetch(db: sqlite_utils.Database, token: str) -> dict[str, Any] | None:
    found = rows(db, "select * from share_links where token = ?", [token])
    return found[0] if found else None


def live(db: sqlite_utils.Database, kind: str, target_id: str, now: str) -> list[dict[str, Any]]:
    """The links to this game or concours that still open it at `now`, the newest first."""
    return rows(
        db,
        "select * from share_links where kind = ? and target_id = ? and ended_at is null and expires_at > ?"
        " order by created_at desc",
        [kind, target_id, now],
    )


def end(db: sqlite_utils.Database, token: str, kind: str, target_id: str, now: str) -> bool:
    """End this link at `now` if it is one of this target's and still open; whether it was."""
    cursor = execute(
        db,
        "update share_links set ended_at = ? where token = ? and kind = ? and target_id = ? and ended_at is null",
        [now, token, kind, target_id],
    )
    return cursor.rowcount == 1
