"""Playing again: a finished game's rematch (the same teams, seats, rules and evening, made once),
and the game whose teams a new game may take again."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from scorekeeper.belote.errors import Conflict
from scorekeeper.belote.game import Game
from scorekeeper.belote.game_input import parse_game
from scorekeeper.services.games import load_game, unused_game_id
from scorekeeper.store import derived, evenings, rematches
from scorekeeper.store import games as store
from scorekeeper.store.db import write_transaction


def last_game(db: sqlite_utils.Database) -> Game | None:
    """The game created last, whose teams a new game may take again."""
    game_id = rematches.last_game_id(db)
    return store.fetch_game(db, game_id) if game_id else None


def rematch_body(game: Game) -> dict[str, Any]:
    """A new game's body (the API's) with `game`'s teams, seats, end and rules; the deal passes to
    the player after the one who dealt first."""
    return {
        "teams": dict(game.teams),
        "players": list(game.players),
        "dealer": (game.first_dealer + 1) % len(game.players),
        "end": game.end.as_json(),
        "rules": game.rules.as_json(),
    }


def rematch(db: sqlite_utils.Database, game_id: str) -> str:
    """The id of `game_id`'s rematch: a new game like `rematch_body`, in the same evening, made once.
    A second request (a double tap, another phone) gets the same game, created by the first."""
    game = load_game(db, game_id)
    fields = parse_game(rematch_body(game))
    fields.pop("evening")
    with write_transaction(db):
        made = rematches.rematch_of(db, game_id)
        if made is not None:
            return made
        if not derived.progress(db, game_id)["finished"]:
            raise Conflict("La partie n'est pas finie : la revanche se joue une fois la partie finie.")
        new_id = unused_game_id(db)
        store.insert_game(db, Game(id=new_id, created_at=store.now(), **fields))
        evenings.place_game(db, new_id, rematches.evening_of(db, game_id))
        derived.refresh_game(db, new_id)
        rematches.remember_rematch(db, game_id, new_id)
    return new_id
