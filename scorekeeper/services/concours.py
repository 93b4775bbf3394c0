"""What the organiser can do to a concours, shared by its pages and the JSON API: create it,
register and withdraw teams (a mêlée's players: services.concours_players), draw a partie (its
tables' games created with it; a mêlée's three steps), take a draw back, close a partie and reopen
it (docs/concours.md).

Each write is one IMMEDIATE transaction that reads the concours as it stands, checks, writes, and
commits, or changes nothing; refusals are `InvalidInput` (422), `NotFound` (404) or `Conflict`
(409), each with its French sentence, as for games.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import sqlite_utils

from scorekeeper.belote.concours.entry import TeamInput, parse_concours, parse_team
from scorekeeper.belote.concours.melee import draw_melee
from scorekeeper.belote.concours.pairing import draw
from scorekeeper.belote.concours.slips import check_slip
from scorekeeper.belote.concours.standings import (
    RoundResult,
    Sides,
    active_order,
    met_pairs,
    opponent_counts,
    partner_pairs,
    rest_counts,
)
from scorekeeper.belote.errors import Conflict, InvalidInput, NotFound
from scorekeeper.belote.game_input import parse_rules
from scorekeeper.belote.names import name_key
from scorekeeper.services.concours_entrants import reinstate, require_teams, withdraw
from scorekeeper.services.concours_players import register_players
from scorekeeper.services.concours_view import Concours, Round, Side, load
from scorekeeper.services.games import add_game
from scorekeeper.services.idempotency import Request, create_once
from scorekeeper.store import concours as store
from scorekeeper.store import derived, evenings
from scorekeeper.store import games as games_store
from scorekeeper.store.db import write_transaction

_shuffle = random.SystemRandom().shuffle  # the draw of the first partie, and of each with pairing "random"


def unused_concours_id(db: sqlite_utils.Database) -> str:
    while True:
        concours_id = games_store.new_game_id()
        if store.fetch_concours(db, concours_id) is None:
            return concours_id


def _path(concours_id: str, rest: str = "") -> str:
    """A concours's address in the API, as an idempotency key's fingerprint names it."""
    return f"/api/v1/concours/{concours_id}{rest}"


def create_concours(db: sqlite_utils.Database, body: Any, idempotency_key: str | None = None) -> Concours:
    """A new concours; a retry carrying an idempotency key already used gets that concours as it
    stands, and no second one (issue 31, F5)."""
    entry = parse_concours(body)

    def create() -> tuple[Concours, str]:
        concours_id = unused_concours_id(db)
        evening_id = evenings.chosen_or_todays(db, entry.evening)
        store.insert_concours(db, concours_id, entry, evening_id, games_store.now())
        if entry.format == "melee":
            register_players(db, load(db, concours_id), list(entry.players), "players")
        else:
            _register(db, load(db, concours_id), list(entry.teams), "teams")
        return load(db, concours_id), concours_id

    request = Request("POST", "/api/v1/concours", body)
    return create_once(db, idempotency_key, request, create, lambda concours_id: load(db, concours_id))


def get_concours(db: sqlite_utils.Database, concours_id: str) -> Concours:
    return load(db, concours_id)


def get_revision(db: sqlite_utils.Database, concours_id: str) -> str:
    """A short tag that changes whenever a read of the concours would show something else (its
    API's ETag: the room's screen asks every 2 s, and is mostly answered 304 without a load)."""
    return hashlib.sha256(store.revision(db, concours_id).encode()).hexdigest()[:16]


def _register(db: sqlite_utils.Database, concours: Concours, teams: list[TeamInput], field: str) -> list[int]:
    """Register teams in order, refusing a name already taken (a form sent twice adds nothing)."""
    require_teams(concours)
    if concours.all_drawn:
        raise Conflict("Toutes les parties sont tirées : le concours ne prend plus d'équipe.")
    taken = {name_key(team.name): team.name for team in concours.teams}
    numbers = []
    next_number = max((team.number for team in concours.teams), default=0) + 1
    for index, team in enumerate(teams):
        name = team.name or f"Équipe {next_number + index}"
        if name_key(name) in taken:
            where = field if len(teams) == 1 else f"{field}.{index}"
            raise InvalidInput(where, f"Une équipe s'appelle déjà « {taken[name_key(name)]} » dans ce concours.")
        taken[name_key(name)] = name
        numbers.append(store.insert_team(db, concours.id, name, team.players, games_store.now()))
    return numbers


def add_teams(db: sqlite_utils.Database, concours_id: str, teams: list[TeamInput]) -> list[int]:
    """Register teams (the organiser's list, or one from the API); returns their numbers."""
    with write_transaction(db):
        return _register(db, load(db, concours_id), teams, "teams" if len(teams) > 1 else "name")


def add_team(db: sqlite_utils.Database, concours_id: str, body: Any, idempotency_key: str | None = None) -> int:
    """One team (the API's); a retry with the same idempotency key gets the same team's number."""
    team = parse_team(body, "team")

    def create() -> tuple[int, str]:
        number = _register(db, load(db, concours_id), [team], "name")[0]
        return number, str(number)

    return create_once(db, idempotency_key, Request("POST", _path(concours_id, "/teams"), body), create, int)


def withdraw_team(db: sqlite_utils.Database, concours_id: str, number: int) -> Concours:
    """The team is paired no more; its results stay, marked « abandon »."""
    return withdraw(db, concours_id, number, melee=False)


def reinstate_team(db: sqlite_utils.Database, concours_id: str, number: int) -> Concours:
    """« Réintégrer »: a withdrawal taken back before the next draw, as if it had not happened."""
    return reinstate(db, concours_id, number, melee=False)


# --- the parties ---------------------------------------------------------------------------


def _round(concours: Concours, number: int) -> Round:
    found = next((round_ for round_ in concours.rounds if round_.number == number), None)
    if found is None:
        raise NotFound(f"La partie {number} n'est pas tirée.")
    return found


def draw_order(concours: Concours) -> list[int]:
    """The active teams (or players) in the order the next partie pairs them: at random for the
    first partie, with `pairing: random` and in a mêlée, else by the ranking."""
    active = [entrant.number for entrant in concours.entrants if entrant.active]
    if not concours.rounds or concours.pairing == "random" or concours.is_melee:
        _shuffle(active)
        return active
    return active_order(concours.standings)


def draw_round(db: sqlite_utils.Database, concours_id: str, idempotency_key: str | None = None) -> Concours:
    """Draw the next partie and create its tables' games (docs/concours.md, "A partie"); a retry
    with the same idempotency key gets the concours as it stands, and no second draw."""

    def create() -> tuple[Concours, str]:
        concours = _draw(db, concours_id)
        return concours, str(len(concours.rounds))

    request = Request("POST", _path(concours_id, "/rounds"))
    return create_once(db, idempotency_key, request, create, lambda _: load(db, concours_id))


def _draw(db: sqlite_utils.Database, concours_id: str) -> Concours:
    """The draw itself, inside the caller's write transaction."""
    concours = load(db, concours_id)
    last = concours.current
    if concours.all_drawn:
        raise Conflict(f"Les {concours.parties} parties du concours sont déjà tirées.")
    if last is not None and not last.closed:
        raise Conflict(f"La partie {last.number} n'est pas finie : arrêtez-la avant de tirer la suivante.")
    active = sum(entrant.active for entrant in concours.entrants)
    if concours.is_melee and active < 4:
        raise InvalidInput("players", "Il faut au moins quatre joueurs en lice pour tirer une partie de mêlée.")
    if active < 2:
        raise InvalidInput("teams", "Il faut au moins deux équipes en lice pour tirer une partie.")
    stamp = games_store.now()
    if last is not None and last.closed_at is None:
        _close(db, concours, last, stamp)  # its games take no more deal, whatever a correction does
    order = draw_order(concours)
    rests, tables = _pairs(concours, order, [round_.result() for round_ in concours.rounds])
    number = len(concours.rounds) + 1
    store.insert_round(db, concours_id, number, order, rests, concours.is_melee, stamp)
    for table, sides in enumerate(tables, start=1):
        game_id = _table_game(db, concours, concours.side(sides[0]), concours.side(sides[1]))
        store.insert_table(db, concours_id, number, table, game_id, sides)
    return load(db, concours_id)


def _pairs(concours: Concours, order: list[int], results: list[RoundResult]) -> tuple[list[int], list[Sides]]:
    """Who rests and each table's two sides, in table order: a team concours's pairing of teams,
    or a mêlée's three steps (rests, partners, tables: belote.concours.melee)."""
    if concours.is_melee:
        drawn = draw_melee(order, rest_counts(results), partner_pairs(results), opponent_counts(results))
        return drawn.rest, list(drawn.tables)
    paired = draw(order, met_pairs(results), rest_counts(results))
    rests = [paired.rest] if paired.rest is not None else []
    return rests, [((a,), (b,)) for a, b in paired.pairs]


def _table_game(db: sqlite_utils.Database, concours: Concours, a: Side, b: Side) -> str:
    """An ordinary game for a table: team A the higher-placed (in a mêlée, the side whose first
    player comes first in the order), seats A's first player, B's first, A's second, B's second,
    A's first dealing first; the concours's rules and end."""
    fields = {
        "teams": {"A": a.name, "B": b.name},
        "players": [a.players[0], b.players[0], a.players[1], b.players[1]],
        "first_dealer": 0,
        "end": concours.end,
        "rules": parse_rules(concours.rules_json),
    }
    return add_game(db, fields, concours.evening_id).game.id


def undo_round(db: sqlite_utils.Database, concours_id: str, number: int) -> Concours:
    """Take the last draw back while none of its games has a deal: its games are deleted."""
    with write_transaction(db):
        concours = load(db, concours_id)
        round_ = _round(concours, number)
        if round_ is not concours.current:
            raise Conflict(f"La partie {number + 1} est tirée : seule la dernière partie tirée peut être annulée.")
        if any(table.deal_count for table in round_.tables):
            raise Conflict(f"Une table de la partie {number} a déjà une donne : le tirage ne peut plus être annulé.")
        games_store.delete_games(db, [table.game_id for table in round_.tables])
        store.delete_round(db, concours_id, number)
        return load(db, concours_id)


def _close(db: sqlite_utils.Database, concours: Concours, round_: Round, stamp: str) -> None:
    """Every game of the partie ends at its totals (a game already won keeps its win)."""
    store.set_closed(db, concours.id, round_.number, stamp)
    _stop_games(db, round_, stamp)


def _stop_games(db: sqlite_utils.Database, round_: Round, stamp: str | None) -> None:
    """Stop every game of the partie at `stamp`, or let them play on again (None)."""
    for table in round_.tables:
        games_store.set_stopped(db, table.game_id, stamp)
        derived.refresh_game(db, table.game_id)


def close_round(db: sqlite_utils.Database, concours_id: str, number: int) -> Concours:
    with write_transaction(db):
        concours = load(db, concours_id)
        round_ = _round(concours, number)
        if round_.closed_at is not None:
            raise Conflict(f"La partie {number} est déjà arrêtée.")
        _close(db, concours, round_, games_store.now())
        return load(db, concours_id)


def reopen_round(db: sqlite_utils.Database, concours_id: str, number: int) -> Concours:
    """« Rouvrir »: the partie's games play on, until the next partie is drawn."""
    with write_transaction(db):
        concours = load(db, concours_id)
        round_ = _round(concours, number)
        if round_ is not concours.current:
            raise Conflict(f"La partie {number + 1} est tirée : la partie {number} ne peut plus être rouverte.")
        if round_.closed_at is None:
            raise Conflict(f"La partie {number} n'a pas été arrêtée.")
        store.set_closed(db, concours_id, number, None)
        _stop_games(db, round_, None)
        return load(db, concours_id)


def enter_slip(
    db: sqlite_utils.Database,
    concours_id: str,
    number: int,
    table_number: int,
    totals: dict[str, int] | None,
    confirmed: bool = False,
) -> Concours:
    """The result of a table that played on paper, typed from its slip (None takes it back): the
    game's result from then on, on its sheet, in the archive and the statistics (its derived rows
    are written again, and the write is an action of the game so that its phones see it). A table
    whose game has deals is corrected on its sheet instead; totals no game could end on are refused,
    or taken once `confirmed` (`check_slip`)."""
    with write_transaction(db):
        concours = load(db, concours_id)
        round_ = _round(concours, number)
        table = next((t for t in round_.tables if t.number == table_number), None)
        if table is None:
            raise NotFound(f"La partie {number} n'a pas de table {table_number}.")
        if totals is not None and table.deal_count:
            raise Conflict(
                f"La table {table_number} a des donnes sur sa feuille : corrigez-les là plutôt que saisir ses totaux."
            )
        if totals is not None:
            rules = parse_rules(concours.rules_json)
            check_slip(totals, concours.end, rules, stopped=round_.closed_at is not None, confirmed=confirmed)
        store.set_slip(db, table.game_id, totals)
        games_store.log_action(db, table.game_id, None, "slip" if totals is not None else "slip_cleared")
        derived.refresh_game(db, table.game_id)
        return load(db, concours_id)


def concours_of_game(db: sqlite_utils.Database, game_id: str) -> dict[str, Any] | None:
    """The concours table a game is played at, for its sheet's heading; None for an ordinary game."""
    return store.table_of_game(db, game_id)


def concours_list(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    return store.all_concours(db)
