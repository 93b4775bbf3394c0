"""A write at most once per idempotency key (docs/api.md): a retry of a write already made is answered
as the first time and changes nothing; the same key sent with another request is refused.

What a key keeps is small (`store.idempotency`): the request's fingerprint and what the write did.
A retry's answer is built again from the game as it is stored now, in the first answer's status:
the same bytes while nothing else was written to the game; after another write, the sheet as that
write left it (what the phone needs to show), never a copy of a sheet that is no longer the game's.
A write that creates something (`create_once`: a game, a concours, a team, a partie's draw) is
answered again the same way, from what it made as it stands now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import sqlite_utils

from scorekeeper.belote.errors import InvalidInput
from scorekeeper.store import idempotency as keys
from scorekeeper.store.db import write_transaction
from scorekeeper.store.idempotency import Outcome

Made = TypeVar("Made")


@dataclass
class Answer:
    """A write's answer as the API sends it: its JSON text and status (201 for a record, 200 for a
    correction), or, when the request was a retry (its idempotency key already used on the game),
    the answer built again, in the first answer's status (`replayed`)."""

    text: str
    status: int
    replayed: bool = False


class KeyReused(InvalidInput):
    """An idempotency key already used (on the game, or by a creating write) by another request
    (another route, another deal, another body): nothing is done (422), as payment APIs answer,
    rather than the first request's answer, which would tell the client that this one was made."""

    def __init__(self) -> None:
        super().__init__(
            "Idempotency-Key",
            "La clé « Idempotency-Key » a déjà servi pour une autre requête : celle-ci n'a rien changé. "
            "Envoyez-la avec une nouvelle clé pour la faire.",
        )


@dataclass(frozen=True)
class Request:
    """What a write asks for, as its idempotency key's fingerprint is made of: the API's method and
    path for it, and its body as the service received it (the pages build the same body as the API
    takes, so a page sent again and an API request sent again are recognised alike)."""

    method: str
    path: str
    body: Any = None

    def fingerprint(self) -> str:
        try:
            return keys.request_fingerprint(self.method, self.path, self.body)
        except RecursionError:
            raise InvalidInput("body", "Le corps de la requête est trop imbriqué.") from None


def game_path(game_id: str, rest: str = "") -> str:
    """A game's address in the API, as a request's fingerprint names it."""
    return f"/api/v1/games/{game_id}{rest}"


def answer_once(
    db: sqlite_utils.Database,
    game_id: str,
    key: str | None,
    request: Request,
    write: Callable[[], tuple[str, Outcome]],
    replay: Callable[[Outcome], str],
) -> Answer:
    """`write` (checks, writes, returns the answer's text and what the key keeps of the write) in
    one write transaction, at most once per idempotency key. A key already used on the game by the
    same request (the same fingerprint) gets `replay`'s text (the answer built again from what the
    key kept and the game as stored) in the first status, before anything is checked, and nothing is
    written; used by another request, `KeyReused` (422), and nothing is written either. A key stored
    before fingerprints were (m007) has none: it is replayed whatever the request. A refused write
    (an exception) keeps nothing."""
    fingerprint = request.fingerprint() if key else None
    with write_transaction(db):
        used = keys.used_key(db, game_id, key) if key else None
        if used is not None:
            if used.fingerprint is not None and used.fingerprint != fingerprint:
                raise KeyReused()
            return Answer(replay(used.outcome), used.outcome.status, replayed=True)
        text, outcome = write()
        if key and fingerprint:  # a key sent: its request's fingerprint made above
            keys.remember_key(db, game_id, key, fingerprint, outcome)
    return Answer(text, outcome.status)


def create_once(
    db: sqlite_utils.Database,
    key: str | None,
    request: Request,
    create: Callable[[], tuple[Made, str]],
    again: Callable[[str], Made],
) -> Made:
    """`create` (checks, writes, returns what it made and that thing's id or number, which the key
    keeps) in one write transaction, at most once per idempotency key: the first creating write
    that kept a key has a table of its own (`creation_keys`), since no game holds it yet. A key
    already used by the same request gets `again` of what that write made, as it stands now, and
    nothing is written (a retry of a concours's creation gets the concours, not a second one); by
    another request, `KeyReused`; a refused write keeps nothing."""
    fingerprint = request.fingerprint() if key else None
    with write_transaction(db):
        used = keys.used_creation_key(db, key) if key else None
        if used is not None:
            if used.fingerprint != fingerprint:
                raise KeyReused()
            return again(used.made)
        made, name = create()
        if key and fingerprint:
            keys.remember_creation_key(db, key, fingerprint, name)
    return made
