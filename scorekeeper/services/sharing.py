"""« Partager » (docs/sharing.md): the read-only links to a game or a concours, and what a shared
image says beside the scores (the evening's date and place, the concours's table).

A link is an unguessable token (`secrets.token_urlsafe`, 128 bits) that opens one game's sheet or
one concours's ranking, read-only, without the table password, until it expires (LINK_DAYS after
it was made) or someone ends it. `now` is always given by the caller: the tests set the clock."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlite_utils

from scorekeeper.belote.errors import NotFound
from scorekeeper.belote.evenings import french_date
from scorekeeper.belote.sheet import Sheet
from scorekeeper.services import concours, games
from scorekeeper.services.concours_view import Concours
from scorekeeper.store import archive_inputs, evenings
from scorekeeper.store import concours as concours_store
from scorekeeper.store import share_links as store
from scorekeeper.store.db import write_transaction

LINK_DAYS = 30
KINDS = ("game", "concours")
TOKEN_BYTES = 16


@dataclass(frozen=True)
class Link:
    token: str
    kind: str  # "game" or "concours"
    target_id: str
    created_at: datetime
    expires_at: datetime
    ended_at: datetime | None


class Closed(Exception):
    """A link that opened something once and no longer does: `ended` early, or expired."""

    def __init__(self, ended: bool) -> None:
        super().__init__("ended" if ended else "expired")
        self.ended = ended


def _link(row: dict) -> Link:
    ended = row["ended_at"]
    return Link(
        row["token"],
        row["kind"],
        row["target_id"],
        datetime.fromisoformat(row["created_at"]),
        datetime.fromisoformat(row["expires_at"]),
        datetime.fromisoformat(ended) if ended else None,
    )


def _stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")  # UTC throughout: the stamps compare as text


def create_link(db: sqlite_utils.Database, kind: str, target_id: str, now: datetime, days: int = LINK_DAYS) -> Link:
    """A new link to this game or concours (which the caller has found), lasting `days`."""
    if kind not in KINDS:
        raise ValueError(kind)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with write_transaction(db):
        store.add(db, token, kind, target_id, _stamp(now), _stamp(now + timedelta(days=days)))
    return Link(token, kind, target_id, now, now + timedelta(days=days), None)


def open_link(db: sqlite_utils.Database, token: str, now: datetime) -> Link:
    """The link, if it still opens: NotFound for a token never made, Closed for one ended or expired."""
    row = store.fetch(db, token)
    if row is None:
        raise NotFound()
    link = _link(row)
    if link.ended_at is not None:
        raise Closed(ended=True)
    if link.expires_at <= now:
        raise Closed(ended=False)
    return link


def get_target(db: sqlite_utils.Database, link: Link) -> Sheet | Concours:
    """What the link opens: the game's sheet or the concours; NotFound if it was deleted since."""
    if link.kind == "game":
        return games.get_sheet(db, link.target_id)
    return concours.get_concours(db, link.target_id)


def live_links(db: sqlite_utils.Database, kind: str, target_id: str, now: datetime) -> list[Link]:
    return [_link(row) for row in store.live(db, kind, target_id, _stamp(now))]


def end_link(db: sqlite_utils.Database, token: str, kind: str, target_id: str, now: datetime) -> bool:
    """End one of this target's links now; False if it was not one, or was already ended."""
    with write_transaction(db):
        return store.end(db, token, kind, target_id, _stamp(now))


# --- what an image says beside the scores ---------------------------------------------------


def evening_words(db: sqlite_utils.Database, evening_id: int | None) -> tuple[str, str]:
    """The evening's date in words (« samedi 17 mai 2025 ») and its place, as typed (its note, which
    may be paragraphs, stays on its page)."""
    row = evenings.fetch(db, evening_id) if evening_id else None
    if row is None:
        return "", ""
    return french_date(row["date"]), row["place"] or ""


def game_evening_words(db: sqlite_utils.Database, game_id: str) -> tuple[str, str]:
    return evening_words(db, archive_inputs.evening_of_game(db, game_id))


def concours_table_line(db: sqlite_utils.Database, game_id: str) -> str:
    """« Concours X · Partie 2 · Table 3 » for a concours's table, else ""."""
    table = concours_store.table_of_game(db, game_id)
    if table is None:
        return ""
    return f"Concours « {table['concours_name']} » · Partie {table['round']} · Table {table['number']}"


def concours_evening_words(db: sqlite_utils.Database, concours_id: str) -> tuple[str, str]:
    """The concours's evening, as `evening_words`; NotFound for a concours that is not there."""
    row = concours_store.fetch_concours(db, concours_id)
    if row is None:
        raise NotFound()
    return evening_words(db, row["evening_id"])
