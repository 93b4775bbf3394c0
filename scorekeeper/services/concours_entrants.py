"""What a concours draws and ranks, its entrants: teams, or a mêlée's players (docs/concours.md,
"The mêlée"). The checks that keep a team concours's operations off a mêlée and a mêlée's off a
team concours, with their French sentences (409); and withdrawing and reinstating an entrant, one
rule for both formats (services.concours and services.concours_players name them for each).

Each write is one IMMEDIATE transaction, as every concours write (services.concours)."""

from __future__ import annotations

import sqlite_utils

from scorekeeper.belote.errors import Conflict, NotFound
from scorekeeper.services.concours_view import Concours, Player, Team, load
from scorekeeper.store import concours as store
from scorekeeper.store import games as games_store
from scorekeeper.store.db import write_transaction


def require_teams(concours: Concours) -> None:
    """A team concours's operation (a team added, withdrawn, reinstated) refused on a mêlée."""
    if concours.is_melee:
        raise Conflict("Ce concours est une mêlée : il n'a pas d'équipes, ses joueurs s'inscrivent seuls.")


def require_melee(concours: Concours) -> None:
    """A mêlée's operation (a player added, withdrawn, reinstated) refused on a team concours."""
    if not concours.is_melee:
        raise Conflict("Ce concours se joue par équipes : on y inscrit des équipes, pas des joueurs seuls.")


def entrant(concours: Concours, number: int, melee: bool) -> Team | Player:
    """The team of that number, or with `melee` the mêlée's player: refused on the other format
    (409), not found (404) if there is none."""
    if melee:
        require_melee(concours)
    else:
        require_teams(concours)
    if not any(found.number == number for found in concours.entrants):
        missing = f"de joueur {number}" if melee else f"d'équipe {number}"
        raise NotFound(f"Le concours n'a pas {missing}.")
    return concours.entrant(number)


def withdraw(db: sqlite_utils.Database, concours_id: str, number: int, melee: bool) -> Concours:
    """The team (or player) is drawn no more; its results stay, marked « abandon »."""
    with write_transaction(db):
        concours = load(db, concours_id)
        withdrawn = entrant(concours, number, melee)
        if not withdrawn.active:
            raise Conflict(f"{withdrawn.name} a déjà abandonné.")
        _set_withdrawn(db, concours, number, games_store.now())
        return load(db, concours_id)


def reinstate(db: sqlite_utils.Database, concours_id: str, number: int, melee: bool) -> Concours:
    """« Réintégrer »: a withdrawal taken back before the next draw, as if it had not happened."""
    with write_transaction(db):
        concours = load(db, concours_id)
        withdrawn = entrant(concours, number, melee)
        if withdrawn.active:
            raise Conflict(f"{withdrawn.name} joue toujours.")
        if not concours.reinstatable(withdrawn):
            pronoun = "il" if melee else "elle"  # le joueur, l'équipe
            raise Conflict(f"Une partie a été tirée depuis l'abandon de {withdrawn.name} : {pronoun} ne revient plus.")
        _set_withdrawn(db, concours, number, None)
        return load(db, concours_id)


def _set_withdrawn(db: sqlite_utils.Database, concours: Concours, number: int, at: str | None) -> None:
    if concours.is_melee:
        store.withdraw_player(db, concours.id, number, at)
    else:
        store.withdraw_team(db, concours.id, number, at)
