"""The games API (docs/api.md): create, read, record a hand or a redeal, edit, delete, undo."""

from __future__ import annotations

from flask import Response, current_app, jsonify, make_response, request

from scorekeeper.belote.sheet import Sheet
from scorekeeper.belote.sheet_json import deal_to_json
from scorekeeper.services import games as service
from scorekeeper.services.game_end import WouldEndEarly
from scorekeeper.services.idempotency import Answer
from scorekeeper.web.api.common import ApiError, bp, idempotency_key, json_body
from scorekeeper.web.database import get_db


@bp.errorhandler(service.DealAlreadyRecorded)
def _deal_already_recorded(error: service.DealAlreadyRecorded):
    """409, with the deal another phone recorded under that number, as the sheet lists it."""
    return jsonify(error=error.message, existing=deal_to_json(error.deal)), 409


@bp.errorhandler(WouldEndEarly)
def _would_end_early(error: WouldEndEarly):
    """409, with where the game would end and, for an edit or a delete, the `remove_later` to send
    with the same request to apply it and remove the deals after the win (docs/api.md)."""
    return jsonify(error.as_json()), 409


def _query_number(raw: str, message: str) -> int:
    if not (raw.isascii() and raw.isdigit()):  # "²" is a digit to isdigit(), not to int()
        raise ApiError(422, message)
    return int(raw)


def _json_text(text: str, status: int = 200) -> Response:
    return current_app.response_class(text, status=status, mimetype="application/json")


def _sheet(sheet: Sheet, status: int = 200) -> Response:
    return _json_text(service.sheet_text(get_db(), sheet), status)


def _answer(outcome: Answer) -> Response:
    """A write's answer as the service wrote it: for a request and its retries the same status (201
    for a record, 200 for a correction), a retry's text built again from the game as stored."""
    return _json_text(outcome.text, outcome.status)


@bp.post("/games")
def create_game():
    sheet = service.create_game(get_db(), json_body(), idempotency_key())
    response = _sheet(sheet, 201)
    response.headers["Location"] = f"/api/v1/games/{sheet.game.id}"
    return response


@bp.get("/games/<game_id>")
def read_game(game_id: str):
    """The sheet; with If-None-Match, a 304 while nothing changed (what the page's refresh polls),
    answered from the game's revision alone."""
    db = get_db()
    revision = service.get_revision(db, game_id)
    tag = f"{game_id}-{revision}"  # weak: it names the sheet's state, whatever its encoding
    if request.if_none_match.contains_weak(tag):
        response = make_response("", 304)
    else:
        sheet = service.get_sheet(db, game_id)
        response = _sheet(sheet)
        tag = f"{game_id}-{sheet.revision}"  # a write may have come between the two reads
    response.set_etag(tag, weak=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/games/<game_id>/hands")
def record_hand(game_id: str):
    body = json_body()
    return _answer(service.record_hand(get_db(), game_id, body, idempotency_key()))


@bp.post("/games/<game_id>/redeals")
def record_redeal(game_id: str):
    body = json_body()
    return _answer(service.record_redeal(get_db(), game_id, body, idempotency_key()))


# The corrections, like the records, take an optional Idempotency-Key: with one, the service
# answers with the text (built again for a retry of the same request, a 422 for a key
# another request used: `KeyReused`); without one, with the sheet.


@bp.put("/games/<game_id>/hands/<int:number>")
def edit_hand(game_id: str, number: int):
    body, key = json_body(), idempotency_key()
    outcome = service.edit_deal(get_db(), game_id, number, body, key)
    return _answer(outcome) if isinstance(outcome, Answer) else _sheet(outcome)


@bp.delete("/games/<game_id>/hands/<int:number>")
def delete_hand(game_id: str, number: int):
    """`?version=N` (optional): refuse the delete if the deal changed since the caller saw it;
    `&remove_later=4,5`: the deals to remove with it if it makes a team win before the last one."""
    raw_version = request.args.get("version")
    version_message = "« version » doit être le numéro de version de la donne."
    version = None if raw_version is None else _query_number(raw_version, version_message)
    later = request.args.get("remove_later")
    remove_later = None
    if later is not None:
        message = "« remove_later » doit être la liste des donnes à retirer, telle que la réponse 409 la donne : 4,5."
        remove_later = [_query_number(part, message) for part in later.split(",")]
    key = idempotency_key()
    outcome = service.delete_deal(get_db(), game_id, number, version, key, remove_later)
    return _answer(outcome) if isinstance(outcome, Answer) else _sheet(outcome)


@bp.post("/games/<game_id>/undo")
def undo(game_id: str):
    # Undo needs no body, but a write must still come as JSON: a plain form posted from another
    # site (which a browser sends without asking first) must not be able to undo anything.
    if not request.is_json:
        raise ApiError(415, "Le corps de la requête doit être du JSON (Content-Type: application/json).")
    key = idempotency_key()
    outcome = service.undo(get_db(), game_id, key)
    return _answer(outcome) if isinstance(outcome, Answer) else _json_text(service.undo_text(get_db(), *outcome))
