"""Evenings: every game belongs to one (a date, an optional place and note).

An evening is what the table entered, like a deal: it is stored, never derived. A new game joins
today's evening unless it is given another one. "Today" is the evening's day on the table's clock
(`TABLE_ZONE`: the app's `TIMEZONE` setting, Europe/Paris unless told): until 6 in the morning, a
game still belongs to the evening that started the day before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import tzinfo
from typing import Any

import sqlite_utils

from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.evenings import MAX_ID, evening_date, parse_evening, table_zone
from scorekeeper.store import games as store
from scorekeeper.store.db import execute, rows
from scorekeeper.store.db import insert as insert_row

# The table's time zone for what runs now: the web layer sets it from the app's `TIMEZONE` for
# each request (`web.table_clock`); anything else (a script, a test) gets Paris.
TABLE_ZONE: ContextVar[tzinfo | None] = ContextVar("table_zone", default=None)


def current_zone() -> tzinfo:
    """The table's time zone for what runs now (Paris unless the app's setting names another)."""
    return TABLE_ZONE.get() or table_zone()


@contextmanager
def table_clock(zone: tzinfo) -> Iterator[None]:
    """Date today's evening on `zone`'s clock inside the block."""
    token = TABLE_ZONE.set(zone)
    try:
        yield
    finally:
        TABLE_ZONE.reset(token)


def fetch(db: sqlite_utils.Database, evening_id: int) -> dict[str, Any] | None:
    if not 0 < evening_id <= MAX_ID:
        return None
    found = rows(db, "select * from evenings where id = ?", [evening_id])
    return found[0] if found else None


def insert(db: sqlite_utils.Database, day: str, place: str = "", note: str = "", **extra: Any) -> int:
    return insert_row(db, "evenings", {"date": day, "place": place, "note": note, "created_at": store.now(), **extra})


def todays(db: sqlite_utils.Database) -> int:
    """Today's evening (the latest one of today's date, on the table's clock), created when there
    is none yet. "Now" is `store.now()`, the stamp the new game is created with."""
    day = evening_date(store.now(), current_zone())
    found = rows(db, "select id from evenings where date = ? order by id desc limit 1", [day])
    return found[0]["id"] if found else insert(db, day)


def chosen_or_todays(db: sqlite_utils.Database, evening_id: int | None) -> int:
    """The evening a new game or concours was given, checked, or today's when none was."""
    if evening_id is None:
        return todays(db)
    if fetch(db, evening_id) is None:
        raise InvalidInput("evening", f"« evening » : la soirée {evening_id} n'existe pas.")
    return evening_id


def place_game(db: sqlite_utils.Database, game_id: str, evening_id: int | None) -> int:
    """Put a game into an evening (today's when none is given); inside the caller's transaction."""
    evening_id = chosen_or_todays(db, evening_id)
    execute(db, "update games set evening_id = ? where id = ?", [evening_id, game_id])
    return evening_id


def update(db: sqlite_utils.Database, evening_id: int, body: Any) -> dict[str, Any]:
    fields = parse_evening(body)
    if fetch(db, evening_id) is None:
        raise InvalidInput("evening", f"La soirée {evening_id} n'existe pas.")
    execute(
        db,
        "update evenings set date = ?, place = ?, note = ? where id = ?",
        [fields["date"], fields["place"], fields["note"], evening_id],
    )
    updated = fetch(db, evening_id)
    assert updated is not None  # found above, in the caller's transaction
    return updated
