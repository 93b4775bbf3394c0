"""Evenings as the table names them: the day a moment belongs to (on the table's clock, until 6
in the morning the evening before), its French label, and its date, place and note as typed.
Stored in `store.evenings`."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.names import lone_surrogate, tidy_name

EVENING_ROLLOVER = timedelta(hours=6)  # a game at 1 a.m. belongs to the evening before
# The table's clock, not the server's: a server kept in UTC (most hosts) would otherwise start a
# new evening at 1 or 2 in the morning in France. The `TIMEZONE` setting names another zone.
DEFAULT_TIMEZONE = "Europe/Paris"
MAX_PLACE_LENGTH = 60
MAX_NOTE_LENGTH = 500

DAYS = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
MONTHS = (
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
)


MAX_ID = 2**63 - 1  # SQLite's largest integer: an address may carry any number


def table_zone(name: str = DEFAULT_TIMEZONE) -> ZoneInfo:
    """A time zone by its IANA name ("Europe/Paris"); ValueError, in French, for an unknown one."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise ValueError(
            f"TIMEZONE : « {name} » n'est pas un fuseau horaire connu (par exemple « Europe/Paris »)."
        ) from None


def evening_date(stamp: str | None = None, zone: tzinfo | None = None) -> str:
    """The ISO date of the evening a moment belongs to (a stored UTC stamp, or now), on the
    table's clock (`zone`, Paris unless told): 21:00 to 5:59 the next morning is one evening."""
    moment = datetime.fromisoformat(stamp) if stamp else datetime.now(UTC)
    if moment.tzinfo is None:  # the stamps are stored in UTC
        moment = moment.replace(tzinfo=UTC)
    local = moment.astimezone(zone or table_zone())
    return (local - EVENING_ROLLOVER).date().isoformat()


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


def parse_evening_id(value: Any) -> int | None:
    """The `evening` key of a new game (docs/api.md): an evening's id, or null for today's."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_ID:
        raise InvalidInput("evening", "« evening » doit être le numéro d'une soirée (ou null pour ce soir).")
    return value


def tidy_note(text: str) -> str:
    """A note as it is kept: its lines, each tidied as a name is (no control or format character),
    composed (NFC); blank lines at either end dropped."""
    return "\n".join(tidy_name(line) for line in text.splitlines()).strip("\n")


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
        if lone_surrogate(value):
            raise InvalidInput(key, f"« {key} » contient un caractère invalide (une moitié de paire UTF-16 seule).")
        value = tidy_note(value) if key == "note" else tidy_name(value)  # as names: nothing invisible
        if len(value) > limit:
            raise InvalidInput(key, f"« {key} » : {limit} caractères au plus.")
        fields[key] = value
    return fields
