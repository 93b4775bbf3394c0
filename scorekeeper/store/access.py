"""What the table password keeps in SQLite: the wrong passwords sent per address (the login's rate
limit, counted here so that it holds across a restart of the server) and the sessions that left
("Sortir": a copy of their cookie no longer writes). Times are Unix seconds; the writes run inside
the caller's write transaction, and each prunes the rows that no longer count."""

from __future__ import annotations

import sqlite_utils

from scorekeeper.store.db import execute, rows


def is_ended(db: sqlite_utils.Database, session_id: str) -> bool:
    return bool(rows(db, "select 1 from ended_sessions where id = ?", [session_id]))


def end_session(db: sqlite_utils.Database, session_id: str, until: float, now: float) -> None:
    """Record that this session left, until it would have expired (the ones expired by `now` go)."""
    execute(db, "delete from ended_sessions where until < ?", [now])
    execute(db, "insert or replace into ended_sessions (id, until) values (?, ?)", [session_id, until])


def wrong_guess_times(db: sqlite_utils.Database, address: str, since: float) -> list[float]:
    """When this address sent its wrong passwords since `since`, oldest first (a read: works on a
    read-only disk)."""
    found = rows(
        db,
        "select attempted_at from login_attempts where address = ? and attempted_at >= ? order by attempted_at",
        [address, since],
    )
    return [row["attempted_at"] for row in found]


def count_wrong_guess(db: sqlite_utils.Database, address: str, now: float, since: float) -> None:
    """Count a wrong password sent at `now`; the guesses older than `since` no longer count."""
    execute(db, "delete from login_attempts where attempted_at < ?", [since])
    execute(db, "insert into login_attempts (address, attempted_at) values (?, ?)", [address, now])


def forget_attempts(db: sqlite_utils.Database, address: str) -> None:
    execute(db, "delete from login_attempts where address = ?", [address])
