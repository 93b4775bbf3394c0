"""What a person can do to a game, shared by the HTML pages and the JSON API.

Each write runs in one IMMEDIATE transaction: it reads the game as it stands, checks, writes the
input as entered and an action (for undo and for the sheet's revision), brings the game's derived
rows up to date, and commits, or changes nothing. Refusals are `InvalidInput` (422), `NotFound`
(404) or `Conflict` (409), each with its French sentence.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import orjson
import sqlite_utils

from scorekeeper.belote.errors import Conflict, InvalidInput, NotFound
from scorekeeper.belote.game import Game
from scorekeeper.belote.game_input import parse_deal_input, parse_game
from scorekeeper.belote.sheet import Deal, Sheet, build_sheet
from scorekeeper.belote.sheet_json import sheet_to_json
from scorekeeper.store import derived, evenings
from scorekeeper.store import games as store
from scorekeeper.store.db import write_transaction


@dataclass
class Answer:
    """A write's answer as the API sends it: its JSON text and status (201 for a record, 200 for a
    correction), or, when the request was a retry (its idempotency key already used on the game),
    the first answer's text and status again (`replayed`)."""

    text: str
    status: int
    replayed: bool = False


T = TypeVar("T")


def sheet_text(sheet: Sheet) -> str:
    """The sheet's JSON, compact, as the API answers it and a retry's replay repeats it: the same
    bytes as `json.dumps(…, ensure_ascii=False, separators=(",", ":"))`, written by orjson, ten
    times faster (writing the JSON out was the largest part of answering with a sheet)."""
    return orjson.dumps(sheet_to_json(sheet)).decode()


def undo_text(sheet: Sheet, message: str) -> str:
    """An undo's answer: the sheet's JSON with the message saying what was undone, as `sheet_text`."""
    return orjson.dumps({**sheet_to_json(sheet), "message": message}).decode()


class KeyReused(InvalidInput):
    """An idempotency key already used on the game by another request (another route, another
    deal, another body): nothing is done (422), as payment APIs answer, rather than the first
    request's answer, which would tell the client that this one was made."""

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
            return store.request_fingerprint(self.method, self.path, self.body)
        except RecursionError:
            raise InvalidInput("body", "Le corps de la requête est trop imbriqué.") from None


def _game_path(game_id: str, rest: str = "") -> str:
    return f"/api/v1/games/{game_id}{rest}"


def _answer_once(
    db: sqlite_utils.Database,
    game_id: str,
    key: str | None,
    request: Request,
    status: int,
    write: Callable[[], str],
) -> Answer:
    """`write` (checks, writes, returns the answer's text) in one write transaction, at most once per
    idempotency key. A key already used on the game by the same request (the same fingerprint) gets
    the first answer again, before anything is checked, and nothing is written; used by another
    request, `KeyReused` (422), and nothing is written either. A key stored before fingerprints were
    (m008) has none: it is replayed as before, whatever the request. A refused write (an exception)
    remembers nothing."""
    fingerprint = request.fingerprint() if key else None
    with write_transaction(db):
        stored = store.idempotent_response(db, game_id, key) if key else None
        if stored is not None:
            text, stored_status, stored_fingerprint = stored
            if stored_fingerprint is not None and stored_fingerprint != fingerprint:
                raise KeyReused()
            return Answer(text, stored_status, replayed=True)
        text = write()
        if key:
            store.remember_response(db, game_id, key, text, status, fingerprint)
    return Answer(text, status)


# --- reading -------------------------------------------------------------------------------


def load_game(db: sqlite_utils.Database, game_id: str) -> Game:
    game = store.fetch_game(db, game_id)
    if game is None:
        raise NotFound()
    return game


def get_sheet(db: sqlite_utils.Database, game_id: str) -> Sheet:
    """The game's sheet, built from its deals (the pages' breakdowns need every deal's score)."""
    game = load_game(db, game_id)
    return build_sheet(game, store.live_deals(db, game_id), store.revision(db, game_id))


def get_revision(db: sqlite_utils.Database, game_id: str) -> int:
    load_game(db, game_id)
    return store.revision(db, game_id)


# --- creating a game -----------------------------------------------------------------------


def create_game(db: sqlite_utils.Database, body: Any) -> Sheet:
    fields = parse_game(body)
    evening_id = fields.pop("evening")
    with write_transaction(db):
        while True:
            game_id = store.new_game_id()
            if store.fetch_game(db, game_id) is None:
                break
        game = Game(id=game_id, created_at=store.now(), **fields)
        store.insert_game(db, game)
        evenings.place_game(db, game.id, evening_id)  # today's evening unless one was chosen
        return derived.refresh_game(db, game.id)


# --- recording deals -----------------------------------------------------------------------


class DealAlreadyRecorded(Conflict):
    """A new deal entered as number N, when the game already has a deal N: another phone recorded
    it first. Nothing is recorded; `deal` is the deal already there, `next_number` the number the
    new one would take if it is recorded all the same."""

    def __init__(self, deal: Deal, next_number: int):
        super().__init__(
            f"La donne {deal.number} est déjà enregistrée (sans doute par un autre téléphone) : rien n'a été "
            f"enregistré. Renvoyez-la avec « number » : {next_number} pour l'enregistrer quand même."
        )
        self.deal = deal
        self.next_number = next_number


def _entered_as(body: Any) -> tuple[Any, int | None]:
    """The body without its optional `number` (the deal number the phone entered it as), and that
    number: it says which deal the phone meant, and is not part of the deal's input."""
    if not isinstance(body, dict) or "number" not in body:
        return body, None
    body = dict(body)
    number = body.pop("number")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool) or number < 1):
        raise InvalidInput("number", "« number » doit être le numéro de la donne saisie : 1, 2, 3…")
    return body, number


def _record(db: sqlite_utils.Database, game_id: str, kind: str, body: Any, idempotency_key: str | None) -> Answer:
    # The input is read and scored before queuing for the write lock: it depends only on the
    # game's rules, which never change, and the lock is held for as short a time as can be.
    game = load_game(db, game_id)
    request = Request("POST", _game_path(game_id, f"/{kind}s"), body)  # the body as sent, `number` too
    body, number = _entered_as(body)
    if isinstance(body, dict) and "version" in body:  # the key of an edit, unknown to a new deal
        raise InvalidInput("version", "Clé inconnue : « version ».")
    data = parse_deal_input(kind, body, game)

    def write() -> str:
        deals, winner = derived.progress(db, game_id)
        if number is not None and number <= deals:
            existing = build_sheet(game, store.live_deals(db, game_id)).deal(number)
            raise DealAlreadyRecorded(existing, deals + 1)
        if winner is not None:
            raise Conflict(
                f"La partie est finie, gagnée par {game.team_name(winner)} : modifiez ou supprimez "
                "une donne pour la rouvrir."
            )
        deal_id = store.insert_deal(db, game_id, kind, data)
        store.log_action(db, game_id, deal_id, "record")
        return sheet_text(derived.refresh_game(db, game_id, deal_id))

    return _answer_once(db, game_id, idempotency_key, request, 201, write)


def record_hand(db: sqlite_utils.Database, game_id: str, body: Any, idempotency_key: str | None = None) -> Answer:
    """Record a hand; a retry carrying an idempotency key already used replays the first answer."""
    return _record(db, game_id, "hand", body, idempotency_key)


def record_redeal(db: sqlite_utils.Database, game_id: str, body: Any, idempotency_key: str | None = None) -> Answer:
    return _record(db, game_id, "redeal", body, idempotency_key)


# --- corrections ---------------------------------------------------------------------------


def _deal_by_number(db: sqlite_utils.Database, game: Game, number: int) -> Deal:
    sheet = build_sheet(game, store.live_deals(db, game.id))
    deal = sheet.deal(number)
    if deal is None:
        raise NotFound()
    return deal


def _check_version(version: Any, current: int) -> None:
    if version is None:
        return
    if not isinstance(version, int) or isinstance(version, bool):
        raise InvalidInput("version", "« version » doit être le numéro de version de la donne.")
    if version != current:
        raise Conflict(
            "Cette donne a été modifiée sur un autre téléphone pendant votre saisie : rien n'a été "
            "écrasé. Voici la version enregistrée."
        )


def _correct(
    db: sqlite_utils.Database,
    game_id: str,
    key: str | None,
    request: Request,
    correct: Callable[[], T],
    text_of: Callable[[T], str],
) -> T | Answer:
    """A correction in one write transaction. Without an idempotency key (the pages), what `correct`
    returns; with one (the API), its answer as `text_of` writes it, at most once per key and
    `request` (`_answer_once`)."""
    if not key:
        with write_transaction(db):
            return correct()
    return _answer_once(db, game_id, key, request, 200, lambda: text_of(correct()))


def edit_deal(
    db: sqlite_utils.Database, game_id: str, number: int, body: Any, idempotency_key: str | None = None
) -> Sheet | Answer:
    """Replace a deal's input; `body["version"]` is the version the editor last saw. The sheet after
    it, or, given a key, the answer (`_correct`)."""
    request = Request("PUT", _game_path(game_id, f"/hands/{number}"), body)
    return _correct(db, game_id, idempotency_key, request, lambda: _edit(db, game_id, number, body), sheet_text)


def _edit(db: sqlite_utils.Database, game_id: str, number: int, body: Any) -> Sheet:
    game = load_game(db, game_id)
    deal = _deal_by_number(db, game, number)
    if not isinstance(body, dict):
        raise InvalidInput("body", "Le corps de la requête doit être un objet JSON.")
    if body.get("version") is None:  # null would skip the stale check
        raise InvalidInput("version", "« version » est requis : la version de la donne que vous modifiez.")
    _check_version(body.get("version"), deal.version)
    data = parse_deal_input(deal.kind, body, game)
    store.update_deal(db, deal.deal_id, input=data, version=deal.version + 1)
    store.log_action(db, game_id, deal.deal_id, "edit", previous_input=deal.input)
    return derived.refresh_game(db, game_id, deal.deal_id)


def delete_deal(
    db: sqlite_utils.Database, game_id: str, number: int, version: Any = None, idempotency_key: str | None = None
) -> Sheet | Answer:
    """Remove a deal (refused if `version` is given and stale): as `edit_deal`. A delete has no body:
    its fingerprint is its method and path, the version as the API's query string gives it."""
    query = f"?version={version}" if version is not None else ""
    request = Request("DELETE", _game_path(game_id, f"/hands/{number}{query}"))
    return _correct(db, game_id, idempotency_key, request, lambda: _delete(db, game_id, number, version), sheet_text)


def _delete(db: sqlite_utils.Database, game_id: str, number: int, version: Any) -> Sheet:
    game = load_game(db, game_id)
    deal = _deal_by_number(db, game, number)
    _check_version(version, deal.version)
    store.update_deal(db, deal.deal_id, deleted_at=store.now())
    store.log_action(db, game_id, deal.deal_id, "delete")
    return derived.refresh_game(db, game_id, deal.deal_id)


UNDO_MESSAGES = {
    "record": "Donne {number} retirée.",
    "edit": "Modification de la donne {number} annulée.",
    "delete": "Donne {number} rétablie.",
}


def undo(db: sqlite_utils.Database, game_id: str, idempotency_key: str | None = None) -> tuple[Sheet, str] | Answer:
    """Revert the game's last record, edit or delete that is not already undone: the sheet after it
    and the message saying what was undone, or, given a key, the answer (`_correct`, `undo_text`).
    Its fingerprint is its method and path: the JSON body the API asks of it says nothing."""
    request = Request("POST", _game_path(game_id, "/undo"))
    return _correct(
        db, game_id, idempotency_key, request, lambda: _undo(db, game_id), lambda undone: undo_text(*undone)
    )


def _undo(db: sqlite_utils.Database, game_id: str) -> tuple[Sheet, str]:
    load_game(db, game_id)
    action = store.last_action(db, game_id)
    if action is None:
        raise Conflict("Rien à annuler dans cette partie.")
    deal = store.deal_row(db, action["deal_id"])
    if action["action"] == "record":
        store.update_deal(db, deal["id"], deleted_at=store.now())
    elif action["action"] == "edit":
        previous = json.loads(action["previous_input"])
        store.update_deal(db, deal["id"], input=previous, version=deal["version"] + 1)
    else:
        store.update_deal(db, deal["id"], deleted_at=None)
    store.mark_undone(db, action["id"])
    store.log_action(db, game_id, deal["id"], "undo")
    sheet = derived.refresh_game(db, game_id, deal["id"])
    # The deal's number: its place now, or for a removed record the place it had, the last one.
    number = next((d.number for d in sheet.deals if d.deal_id == deal["id"]), len(sheet.deals) + 1)
    return sheet, UNDO_MESSAGES[action["action"]].format(number=number)


# --- playing again -------------------------------------------------------------------------

# The idempotency key, on the finished game, that remembers its rematch's id: with a line break, which
# no request's Idempotency-Key header can hold.
REMATCH_KEY = "rematch\n"


def last_game(db: sqlite_utils.Database) -> Game | None:
    """The game created last, whose teams a new game may take again."""
    row = db.conn.execute("select id from games order by created_at desc, rowid desc limit 1").fetchone()
    return store.fetch_game(db, row[0]) if row else None


def rematch_body(game: Game) -> dict[str, Any]:
    """A new game's body (the API's) with `game`'s teams, seats, target and rules; the deal passes to
    the player after the one who dealt first."""
    return {
        "teams": dict(game.teams),
        "players": list(game.players),
        "dealer": (game.first_dealer + 1) % len(game.players),
        "target": game.target,
        "rules": game.rules.as_json(),
    }


def rematch(db: sqlite_utils.Database, game_id: str) -> str:
    """The id of `game_id`'s rematch: a new game like `rematch_body`, in the same evening, made once.
    A second request (a double tap, another phone) gets the same game, created by the first."""
    game = load_game(db, game_id)
    fields = parse_game(rematch_body(game))
    fields.pop("evening")
    with write_transaction(db):
        stored = store.idempotent_response(db, game_id, REMATCH_KEY)
        if stored is not None:  # games are never deleted: it is still there
            return stored[0]
        if derived.progress(db, game_id)[1] is None:
            raise Conflict("La partie n'est pas finie : la revanche se joue une fois la partie gagnée.")
        while True:
            new_id = store.new_game_id()
            if store.fetch_game(db, new_id) is None:
                break
        store.insert_game(db, Game(id=new_id, created_at=store.now(), **fields))
        evening = db.conn.execute("select evening_id from games where id = ?", [game_id]).fetchone()[0]
        evenings.place_game(db, new_id, evening)
        derived.refresh_game(db, new_id)
        store.remember_response(db, game_id, REMATCH_KEY, new_id, 201)  # no fingerprint: one request only
    return new_id
