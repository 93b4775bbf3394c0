"""Idempotency keys (docs/api.md): what a write sent with an `Idempotency-Key` keeps, so that a retry of
it is answered as the first time without being done again.

Not the answer itself (the sheet's JSON was 150 KB for a 40-deal game's keys): the request's
fingerprint, the answer's status and, for an undo, what its message names. The answer is built
again from the game as stored. A retry comes within seconds, or once a phone is back on the Wi-Fi:
a key is kept a day, and the keys older than that are deleted by the next keyed write.

A write that creates something (a game, a concours, a team, a partie's draw) has no game to file
its key under: its key goes into `creation_keys`, with what the write made, by which a retry's
answer is built again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlite_utils

from scorekeeper.store.db import execute, insert, rows

KEPT_FOR = timedelta(hours=24)


@dataclass(frozen=True)
class Outcome:
    """What a keyed write did, as its key keeps it: the answer's status (201 for a record, 200 for a
    correction) and, for an undo, the action it took back (record, edit or delete) and the number
    of that deal, which its message names; for a record that found the same deal already there
    (the other phone's), 200 and that deal's number, which its message names."""

    status: int
    undone: str | None = None
    number: int | None = None


@dataclass(frozen=True)
class UsedKey:
    """A key already used on a game: the fingerprint of its request (None for a key stored before
    fingerprints were, m007) and what the write did."""

    fingerprint: str | None
    outcome: Outcome


def request_fingerprint(method: str, path: str, body: Any = None) -> str:
    """What a request asked for, as stored with its idempotency key: the sha256 of its method, its
    path (the API's, whichever of the API or the pages sent it) and its body as canonical JSON (keys
    sorted, no spaces), so that the same request sent again, by the same client or page, has the
    same fingerprint, and any other request another one."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=repr)
    return hashlib.sha256(f"{method} {path}\n{canonical}".encode("utf-8", "surrogatepass")).hexdigest()


def used_key(db: sqlite_utils.Database, game_id: str, key: str) -> UsedKey | None:
    found = rows(
        db,
        "select fingerprint, status, undone, number from idempotency_keys where game_id = ? and key = ?",
        [game_id, key],
    )
    if not found:
        return None
    row = found[0]
    return UsedKey(row["fingerprint"], Outcome(row["status"], row["undone"], row["number"]))


def remember_key(db: sqlite_utils.Database, game_id: str, key: str, fingerprint: str, outcome: Outcome) -> None:
    """Keep `key` for the write just made, in its transaction, and forget the keys older than a day
    (an indexed range: nothing to read when there is nothing to delete)."""
    moment = datetime.now(UTC)
    insert(
        db,
        "idempotency_keys",
        {
            "game_id": game_id,
            "key": key,
            "fingerprint": fingerprint,
            "status": outcome.status,
            "undone": outcome.undone,
            "number": outcome.number,
            "created_at": moment.isoformat(timespec="milliseconds"),
        },
    )
    cutoff = (moment - KEPT_FOR).isoformat(timespec="milliseconds")
    execute(db, "delete from idempotency_keys where created_at < ?", [cutoff])


@dataclass(frozen=True)
class UsedCreationKey:
    """A key already used by a creating write: its request's fingerprint, and what the write made
    (a game's or a concours's id, a team's or a partie's number, as text)."""

    fingerprint: str
    made: str


def used_creation_key(db: sqlite_utils.Database, key: str) -> UsedCreationKey | None:
    found = rows(db, "select fingerprint, made from creation_keys where key = ?", [key])
    return UsedCreationKey(found[0]["fingerprint"], found[0]["made"]) if found else None


def remember_creation_key(db: sqlite_utils.Database, key: str, fingerprint: str, made: str) -> None:
    """Keep `key` for the creating write just made, in its transaction, and forget the creating
    writes' keys older than a day."""
    moment = datetime.now(UTC)
    created_at = moment.isoformat(timespec="milliseconds")
    insert(db, "creation_keys", {"key": key, "fingerprint": fingerprint, "made": made, "created_at": created_at})
    cutoff = (moment - KEPT_FOR).isoformat(timespec="milliseconds")
    execute(db, "delete from creation_keys where created_at < ?", [cutoff])
