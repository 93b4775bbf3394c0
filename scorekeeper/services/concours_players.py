"""A mêlée's players (docs/concours.md, "The mêlée"): registered alone, in order, until the last
partie is drawn; withdrawn and reinstated as teams are (services.concours_entrants).

Each write is one IMMEDIATE transaction, as every concours write (services.concours)."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from scorekeeper.belote.concours.entry import parse_player
from scorekeeper.belote.errors import Conflict, InvalidInput
from scorekeeper.belote.names import name_key
from scorekeeper.services.concours_entrants import reinstate, require_melee, withdraw
from scorekeeper.services.concours_view import Concours, load
from scorekeeper.services.idempotency import Request, create_once
from scorekeeper.store import concours as store
from scorekeeper.store import games as games_store
from scorekeeper.store.db import write_transaction


def register_players(db: sqlite_utils.Database, concours: Concours, names: list[str], field: str) -> list[int]:
    """Register players in order, refusing a name already taken (two « Ana » could not tell which
    table is theirs, and a form sent twice adds nothing)."""
    require_melee(concours)
    if concours.all_drawn:
        raise Conflict("Toutes les parties sont tirées : le concours ne prend plus de joueur.")
    taken = {name_key(player.name): player.name for player in concours.players}
    numbers = []
    for index, name in enumerate(names):
        if name_key(name) in taken:
            where = field if len(names) == 1 else f"{field}.{index}"
            raise InvalidInput(where, f"Un joueur s'appelle déjà « {taken[name_key(name)]} » dans ce concours.")
        taken[name_key(name)] = name
        numbers.append(store.insert_player(db, concours.id, name, games_store.now()))
    return numbers


def add_players(db: sqlite_utils.Database, concours_id: str, names: list[str]) -> list[int]:
    """Register players (the organiser's list, `entry.parse_player_lines`); returns their numbers."""
    with write_transaction(db):
        return register_players(db, load(db, concours_id), names, "players" if len(names) > 1 else "name")


def add_player(db: sqlite_utils.Database, concours_id: str, body: Any, idempotency_key: str | None = None) -> int:
    """One player (the API's `{"name"}`); a retry with the same idempotency key gets the same
    player's number, and no second player."""
    name = parse_player(body, "player")

    def create() -> tuple[int, str]:
        number = register_players(db, load(db, concours_id), [name], "name")[0]
        return number, str(number)

    request = Request("POST", f"/api/v1/concours/{concours_id}/players", body)
    return create_once(db, idempotency_key, request, create, int)


def withdraw_player(db: sqlite_utils.Database, concours_id: str, number: int) -> Concours:
    """The player is drawn no more; their results stay, marked « abandon »."""
    return withdraw(db, concours_id, number, melee=True)


def reinstate_player(db: sqlite_utils.Database, concours_id: str, number: int) -> Concours:
    """« Réintégrer »: a withdrawal taken back before the next draw, as if it had not happened."""
    return reinstate(db, concours_id, number, melee=True)
