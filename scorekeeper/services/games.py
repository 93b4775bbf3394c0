"""What a person can do to a game, shared by the HTML pages and the JSON API.

Each write runs in one IMMEDIATE transaction: it reads the game as it stands, checks, writes the
input as entered and an action (for undo and for the sheet's revision), brings the game's derived
rows up to date, and commits, or changes nothing. Refusals are `InvalidInput` (422), `NotFound`
(404) or `Conflict` (409), each with its French sentence. A write answers the sheet's JSON text,
and a keyed write keeps what it did (`Outcome`), from which a retry's answer is built again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, overload

import orjson
import sqlite_utils

from scorekeeper.belote.errors import Conflict, InvalidInput, NotFound
from scorekeeper.belote.game import Game
from scorekeeper.belote.game_input import parse_deal_input, parse_game
from scorekeeper.belote.game_length import MAX_DEALS
from scorekeeper.belote.sheet import Deal, Sheet, build_sheet
from scorekeeper.belote.sheet_json import sheet_to_json
from scorekeeper.services import chances
from scorekeeper.services.deal_checks import (
    ON_PAPER,
    DealAlreadyRecorded,
    check_version,
    entered_as,
    game_over,
    same_deal,
)
from scorekeeper.services.game_end import REMOVE_LATER, end_where_it_is_won, parse_remove_later, refuse_early_end
from scorekeeper.services.idempotency import Answer, Request, answer_once, create_once, game_path
from scorekeeper.store import derived, evenings
from scorekeeper.store import games as store
from scorekeeper.store.db import write_transaction
from scorekeeper.store.idempotency import Outcome

# --- the answers: the sheet's JSON, an undo's message, a retry's answer built again -----------


def sheet_json(db: sqlite_utils.Database, sheet: Sheet) -> dict[str, Any]:
    """The sheet's JSON with its chances (`chances.of_sheet`), as every answer and the page give it."""
    return sheet_to_json(sheet, chances=chances.of_sheet(db, sheet))


def json_text(data: dict[str, Any]) -> str:
    """An answer's JSON, compact, as the API answers it and a retry's replay repeats it: the same
    bytes as `json.dumps(…, ensure_ascii=False, separators=(",", ":"))`, written by orjson, ten
    times faster (writing the JSON out was the largest part of answering with a sheet)."""
    return orjson.dumps(data).decode()


def sheet_text(db: sqlite_utils.Database, sheet: Sheet) -> str:
    """The sheet's JSON text (`json_text`)."""
    return json_text(sheet_json(db, sheet))


def undo_text(db: sqlite_utils.Database, sheet: Sheet, message: str) -> str:
    """An undo's answer (or a deal's already recorded): the sheet's JSON with the message saying
    what was undone, as `sheet_text`."""
    return json_text({**sheet_json(db, sheet), "message": message})


UNDO_MESSAGES = {
    "record": "Donne {number} retirée.",
    "edit": "Modification de la donne {number} annulée.",
    "delete": "Donne {number} rétablie.",
    # a correction applied with the removal of the deals after the win it made (game_end)
    "edit_removal": "Modification de la donne {number} annulée, et les donnes retirées avec elle rétablies.",
    "delete_removal": "Donne {number} rétablie, et les donnes retirées avec elle aussi.",
}
RECORDED, CORRECTED = Outcome(201), Outcome(200)
ALREADY_RECORDED = "Donne {number} déjà enregistrée par l'autre téléphone."


def already_recorded(number: int) -> Outcome:
    """A new deal entered as `number` when the game's deal `number` is that very deal (the table's
    other phone sent it first): nothing written, and the answer is 200 (not 201: nothing created),
    the sheet with the message saying so."""
    return Outcome(200, number=number)


def undo_message(outcome: Outcome) -> str:
    assert outcome.undone is not None  # an undo's outcome
    return UNDO_MESSAGES[outcome.undone].format(number=outcome.number)


def answer_text(db: sqlite_utils.Database, sheet: Sheet, outcome: Outcome) -> str:
    """A keyed write's answer, from the sheet and what the write did: the sheet, with an undo's
    message or the message of a deal already recorded."""
    if outcome.undone is not None:
        return undo_text(db, sheet, undo_message(outcome))
    if outcome.number is not None:
        return undo_text(db, sheet, ALREADY_RECORDED.format(number=outcome.number))
    return sheet_text(db, sheet)


def _once(
    db: sqlite_utils.Database,
    game_id: str,
    key: str | None,
    request: Request,
    write: Callable[[], tuple[Sheet, Outcome]],
) -> Answer:
    """`write` at most once per key (`answer_once`); a retry's answer is built from the sheet now."""

    def first() -> tuple[str, Outcome]:
        sheet, outcome = write()
        return answer_text(db, sheet, outcome), outcome

    return answer_once(
        db, game_id, key, request, first, lambda outcome: answer_text(db, get_sheet(db, game_id), outcome)
    )


# --- reading -------------------------------------------------------------------------------


def load_game(db: sqlite_utils.Database, game_id: str) -> Game:
    game = store.fetch_game(db, game_id)
    if game is None:
        raise NotFound()
    return game


def get_sheet(db: sqlite_utils.Database, game_id: str) -> Sheet:
    """The game's sheet, built from its deals (the pages' breakdowns need every deal's score)."""
    game = load_game(db, game_id)
    return build_sheet(game, store.live_deals(db, game_id), store.revision(db, game_id), store.undoable(db, game_id))


def get_revision(db: sqlite_utils.Database, game_id: str) -> int:
    load_game(db, game_id)
    return store.revision(db, game_id)


# --- creating a game -----------------------------------------------------------------------


def create_game(db: sqlite_utils.Database, body: Any, idempotency_key: str | None = None) -> Sheet:
    """A new game; a retry carrying an idempotency key already used gets that game's sheet as it
    stands, and no second game (`create_once`)."""
    fields = parse_game(body)
    evening_id = fields.pop("evening")

    def create() -> tuple[Sheet, str]:
        sheet = add_game(db, fields, evening_id)
        return sheet, sheet.game.id

    request = Request("POST", "/api/v1/games", body)
    return create_once(db, idempotency_key, request, create, lambda game_id: get_sheet(db, game_id))


def add_game(db: sqlite_utils.Database, fields: dict[str, Any], evening_id: int | None) -> Sheet:
    """Store a new game of `fields` (`Game`'s, but its id and time) in an evening (today's when
    None), inside the caller's write transaction: a game of its own, or a concours's table."""
    game = Game(id=unused_game_id(db), created_at=store.now(), **fields)
    store.insert_game(db, game)
    evenings.place_game(db, game.id, evening_id)
    return derived.refresh_game(db, game.id)


def unused_game_id(db: sqlite_utils.Database) -> str:
    """A new game's id, random, that no game has."""
    while True:
        game_id = store.new_game_id()
        if store.fetch_game(db, game_id) is None:
            return game_id


# --- recording deals -----------------------------------------------------------------------


def _record(db: sqlite_utils.Database, game_id: str, kind: str, body: Any, idempotency_key: str | None) -> Answer:
    # The input is read and scored before queuing for the write lock: it depends only on the
    # game's rules, which never change, and the lock is held for as short a time as can be.
    game = load_game(db, game_id)
    request = Request("POST", game_path(game_id, f"/{kind}s"), body)  # the body as sent, `number` too
    body, number = entered_as(body)
    if isinstance(body, dict) and "version" in body:  # the key of an edit, unknown to a new deal
        raise InvalidInput("version", "Clé inconnue : « version ».")
    data = parse_deal_input(kind, body, game)

    def write() -> tuple[Sheet, Outcome]:
        progress = derived.progress(db, game_id)
        deals = progress["deal_count"]
        if number is not None and number <= deals:
            sheet = build_sheet(
                game, store.live_deals(db, game_id), store.revision(db, game_id), store.undoable(db, game_id)
            )
            existing = sheet.deal(number)
            assert existing is not None  # number <= deals
            if same_deal(existing, kind, data):  # the other phone's save was this one: done, nothing written
                return sheet, already_recorded(number)
            raise DealAlreadyRecorded(existing, deals + 1)
        if progress["on_paper"]:  # finished too, at its slip's totals: the reason to give is this one
            raise Conflict(ON_PAPER)
        if progress["finished"]:
            raise Conflict(game_over(game, progress))
        if deals >= MAX_DEALS:
            raise Conflict(
                f"La partie compte déjà {MAX_DEALS} donnes (redonnes comprises), le maximum d'une partie : "
                "rien n'a été enregistré."
            )
        deal_id = store.insert_deal(db, game_id, kind, data)
        store.log_action(db, game_id, deal_id, "record")
        return derived.refresh_game(db, game_id, deal_id), RECORDED

    return _once(db, game_id, idempotency_key, request, write)


def record_hand(db: sqlite_utils.Database, game_id: str, body: Any, idempotency_key: str | None = None) -> Answer:
    """Record a hand; a retry carrying an idempotency key already used is answered again (`_once`)."""
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


def _correct(
    db: sqlite_utils.Database,
    game_id: str,
    key: str | None,
    request: Request,
    correct: Callable[[], tuple[Sheet, Outcome]],
) -> tuple[Sheet, Outcome] | Answer:
    """A correction in one write transaction. Without an idempotency key (the pages), the sheet after
    it and what it did; with one (the API), its answer, at most once per key and `request` (`_once`)."""
    if not key:
        with write_transaction(db):
            return correct()
    return _once(db, game_id, key, request, correct)


def edit_deal(
    db: sqlite_utils.Database, game_id: str, number: int, body: Any, idempotency_key: str | None = None
) -> Sheet | Answer:
    """Replace a deal's input; `body["version"]` is the version the editor last saw, and
    `body["remove_later"]` the deals to remove with it if it makes a team win before the last one
    (`game_end`). The sheet after it, or, given a key, the answer (`_correct`)."""
    request = Request("PUT", game_path(game_id, f"/hands/{number}"), body)
    done = _correct(db, game_id, idempotency_key, request, lambda: (_edit(db, game_id, number, body), CORRECTED))
    return done if isinstance(done, Answer) else done[0]


def _edit(db: sqlite_utils.Database, game_id: str, number: int, body: Any) -> Sheet:
    game = load_game(db, game_id)
    deal = _deal_by_number(db, game, number)
    if not isinstance(body, dict):
        raise InvalidInput("body", "Le corps de la requête doit être un objet JSON.")
    if body.get("version") is None:  # null would skip the stale check
        raise InvalidInput("version", "« version » est requis : la version de la donne que vous modifiez.")
    check_version(body.get("version"), deal.version)
    body = dict(body)
    remove_later = parse_remove_later(body.pop(REMOVE_LATER, None))
    data = parse_deal_input(deal.kind, body, game)
    store.update_deal(db, deal.deal_id, input=data, version=deal.version + 1)
    head = store.log_action(db, game_id, deal.deal_id, "edit", previous_input=deal.input)
    end_where_it_is_won(db, game, head, remove_later, "cette correction")
    return derived.refresh_game(db, game_id, deal.deal_id)


def delete_deal(
    db: sqlite_utils.Database,
    game_id: str,
    number: int,
    version: Any = None,
    idempotency_key: str | None = None,
    remove_later: list[int] | None = None,
) -> Sheet | Answer:
    """Remove a deal (refused if `version` is given and stale), with `remove_later` as an edit's:
    as `edit_deal`. A delete has no body: its fingerprint is its method and path, the version and
    the deals to remove as the API's query string gives them."""
    query = "&".join(
        ([f"version={version}"] if version is not None else [])
        + ([f"{REMOVE_LATER}={','.join(map(str, remove_later))}"] if remove_later is not None else [])
    )
    request = Request("DELETE", game_path(game_id, f"/hands/{number}" + (f"?{query}" if query else "")))

    def delete() -> tuple[Sheet, Outcome]:
        return _delete(db, game_id, number, version, parse_remove_later(remove_later)), CORRECTED

    done = _correct(db, game_id, idempotency_key, request, delete)
    return done if isinstance(done, Answer) else done[0]


def _delete(
    db: sqlite_utils.Database, game_id: str, number: int, version: Any, remove_later: list[int] | None
) -> Sheet:
    game = load_game(db, game_id)
    deal = _deal_by_number(db, game, number)
    check_version(version, deal.version)
    store.update_deal(db, deal.deal_id, deleted_at=store.now())
    head = store.log_action(db, game_id, deal.deal_id, "delete")
    end_where_it_is_won(db, game, head, remove_later, "cette suppression")
    return derived.refresh_game(db, game_id, deal.deal_id)


@overload
def undo(db: sqlite_utils.Database, game_id: str) -> tuple[Sheet, str]: ...
@overload
def undo(db: sqlite_utils.Database, game_id: str, idempotency_key: str | None) -> tuple[Sheet, str] | Answer: ...
def undo(db: sqlite_utils.Database, game_id: str, idempotency_key: str | None = None) -> tuple[Sheet, str] | Answer:
    """Revert the game's last record, edit or delete that is not already undone: the sheet after it
    and the message saying what was undone, or, given a key, the answer (`_correct`, `undo_text`).
    Its fingerprint is its method and path: the JSON body the API asks of it says nothing."""
    request = Request("POST", game_path(game_id, "/undo"))
    done = _correct(db, game_id, idempotency_key, request, lambda: _undo(db, game_id))
    if isinstance(done, Answer):
        return done
    sheet, outcome = done
    return sheet, undo_message(outcome)


def _undo(db: sqlite_utils.Database, game_id: str) -> tuple[Sheet, Outcome]:
    game = load_game(db, game_id)
    group = store.last_action(db, game_id)  # one action, or a correction and the deals it removed
    if not group:
        raise Conflict("Rien à annuler dans cette partie.")
    for action in reversed(group):
        deal = store.deal_row(db, action["deal_id"])
        if action["action"] == "record":
            store.update_deal(db, deal["id"], deleted_at=store.now())
        elif action["action"] == "edit":
            previous = json.loads(action["previous_input"])
            store.update_deal(db, deal["id"], input=previous, version=deal["version"] + 1)
        else:  # a delete, or a deal removed with a correction: brought back
            store.update_deal(db, deal["id"], deleted_at=None)
        store.mark_undone(db, action["id"])
    head = group[0]
    refuse_early_end(db, game)
    store.log_action(db, game_id, head["deal_id"], "undo")
    sheet = derived.refresh_game(db, game_id, head["deal_id"])
    # The deal's number: its place now, or for a removed record the place it had, the last one.
    number = next((d.number for d in sheet.deals if d.deal_id == head["deal_id"]), len(sheet.deals) + 1)
    undone = head["action"] + ("_removal" if len(group) > 1 else "")
    return sheet, Outcome(200, undone=undone, number=number)
