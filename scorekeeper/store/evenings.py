"""Evenings: every game belongs to one (a date, an optional place and note).

An evening is what the table entered, like a deal: it is stored, never derived. A new game joins
today's evening unless it is given another one. "Today" is the evening's day: until 6 in the
morning, a game still belongs to the evening that started the day before.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

import sqlite_utils

from scorekeeper.belote.terms import InvalidInput
from scorekeeper.store import games as store

EVENING_ROLLOVER = timedelta(hours=6)  # a game at 1 a.m. belongs to the evening before
MAX_PLACE_LENGTH = 60
MAX_NOTE_LENGTH = 500

DAYS = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
MONTHS = (
    "janvier", "février", "mars", "avril", "mai", "juin",
    "juillet", "août", "septembre", "octobre", "novembre", "décembre",
)


def evening_date(stamp: str | None = None) -> str:
    """The ISO date of the evening a moment belongs to (a stored UTC stamp, or now), in local time."""
    moment = datetime.fromisoformat(stamp).astimezone() if stamp else datetime.now().astimezone()
    return (moment - EVENING_ROLLOVER).date().isoformat()


def french_date(iso: str) -> str:
    """'2025-05-17' → 'samedi 17 mai 2025'."""
    day = date.fromisoformat(iso)
    number = "1er" if day.day == 1 else str(day.day)
    return f"{DAYS[day.weekday()]} {number} {MONTHS[day.month - 1]} {day.year}"


def short_date(iso: str) -> str:
    """'2025-05-17' → '17 mai 2025'."""
    day = date.fromisoformat(iso)
    return f"{'1er' if day.day == 1 else day.day} {MONTHS[day.month - 1]} {day.year}"


def evening_label(evening: dict[str, Any]) -> str:
    label = french_date(evening["date"])
    return f"{label} · {evening['place']}" if evening.get("place") else label


MAX_ID = 2**63 - 1  # SQLite's largest integer: an address may carry any number


def fetch(db: sqlite_utils.Database, evening_id: int) -> dict[str, Any] | None:
    if not 0 < evening_id <= MAX_ID:
        return None
    rows = list(db.query("select * from evenings where id = ?", [evening_id]))
    return rows[0] if rows else None


def recent(db: sqlite_utils.Database, limit: int) -> list[dict[str, Any]]:
    return list(db.query("select * from evenings order by date desc, id desc limit ?", [limit]))


def insert(db: sqlite_utils.Database, day: str, place: str = "", note: str = "", **extra: Any) -> int:
    table = db["evenings"]
    table.insert({"date": day, "place": place, "note": note, "created_at": store.now(), **extra})
    return table.last_pk


def todays(db: sqlite_utils.Database) -> int:
    """Today's evening (the latest one of today's date), created when there is none yet."""
    day = evening_date()
    rows = list(db.query("select id from evenings where date = ? order by id desc limit 1", [day]))
    return rows[0]["id"] if rows else insert(db, day)


def parse_evening_id(value: Any) -> int | None:
    """The `evening` key of a new game (API.md): an evening's id, or null for today's."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_ID:
        raise InvalidInput("evening", "« evening » doit être le numéro d'une soirée (ou null pour ce soir).")
    return value


def place_game(db: sqlite_utils.Database, game_id: str, evening_id: int | None) -> int:
    """Put a game into an evening (today's when none is given); inside the caller's transaction."""
    if evening_id is None:
        evening_id = todays(db)
    elif fetch(db, evening_id) is None:
        raise InvalidInput("evening", f"« evening » : la soirée {evening_id} n'existe pas.")
    db.execute("update games set evening_id = ? where id = ?", [evening_id, game_id])
    return evening_id


def parse_evening(body: Any) -> dict[str, str]:
    """An evening's date, place and note, as typed (the evening page's form, an imported file)."""
    if not isinstance(body, dict):
        raise InvalidInput("evening", "Une soirée doit être un objet JSON.")
    day = body.get("date")
    try:
        if not isinstance(day, str):
            raise ValueError
        day = date.fromisoformat(day).isoformat()
    except ValueError:
        raise InvalidInput("date", "« date » doit être une date, par exemple 2025-05-17.") from None
    fields = {"date": day}
    for key, limit in (("place", MAX_PLACE_LENGTH), ("note", MAX_NOTE_LENGTH)):
        value = body.get(key) or ""
        if not isinstance(value, str):
            raise InvalidInput(key, f"« {key} » doit être un texte.")
        value = value.strip() if key == "note" else " ".join(value.split())
        if len(value) > limit:
            raise InvalidInput(key, f"« {key} » : {limit} caractères au plus.")
        fields[key] = value
    return fields


def update(db: sqlite_utils.Database, evening_id: int, body: Any) -> dict[str, Any]:
    fields = parse_evening(body)
    if fetch(db, evening_id) is None:
        raise InvalidInput("evening", f"La soirée {evening_id} n'existe pas.")
    db.execute(
        "update evenings set date = ?, place = ?, note = ? where id = ?",
        [fields["date"], fields["place"], fields["note"], evening_id],
    )
    return fetch(db, evening_id)
