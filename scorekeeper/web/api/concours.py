"""The concours API (docs/concours.md): create and read a concours, register and withdraw teams (a
mêlée's players), draw, take back, close and reopen a partie. The creating writes (a concours, a
team, a player, a draw) take
an `Idempotency-Key`, as a game's writes do (docs/api.md). The tables' games are played through /games as any
game is."""

from __future__ import annotations

from flask import Response, jsonify, make_response, request

from scorekeeper.belote.concours.entry import parse_slip
from scorekeeper.services import concours as service
from scorekeeper.services import concours_players as players
from scorekeeper.services.concours_json import concours_json
from scorekeeper.services.concours_view import Concours
from scorekeeper.web.api.common import ApiError, bp, idempotency_key, json_body
from scorekeeper.web.database import get_db


def _concours(concours: Concours, status: int = 200) -> Response:
    response = jsonify(concours_json(concours))
    response.status_code = status
    response.headers["Cache-Control"] = "no-cache"
    return response


def _json_write() -> None:
    """A write with no body must still come as JSON: a plain form posted from another site (which a
    browser sends without asking first) must not draw or close anything."""
    if not request.is_json:
        raise ApiError(415, "Le corps de la requête doit être du JSON (Content-Type: application/json).")


@bp.post("/concours")
def create_concours():
    concours = service.create_concours(get_db(), json_body(), idempotency_key())
    response = _concours(concours, 201)
    response.headers["Location"] = f"/api/v1/concours/{concours.id}"
    return response


@bp.get("/concours/<concours_id>")
def read_concours(concours_id: str):
    """With If-None-Match, a 304 while nothing changed (what the room's screen polls), answered
    from the concours's revision alone; a write between the two reads tags a newer concours with
    the older revision, which the next poll then finds changed."""
    db = get_db()
    tag = service.get_revision(db, concours_id)
    if request.if_none_match.contains_weak(tag):
        response = make_response("", 304)
        response.headers["Cache-Control"] = "no-cache"
    else:
        response = _concours(service.get_concours(db, concours_id))
    response.set_etag(tag, weak=True)
    return response


@bp.post("/concours/<concours_id>/teams")
def add_team(concours_id: str):
    db = get_db()
    number = service.add_team(db, concours_id, json_body(), idempotency_key())
    concours = service.get_concours(db, concours_id)
    team = concours.team(number)
    response = jsonify(number=team.number, name=team.name, players=list(team.players), active=team.active)
    response.status_code = 201
    return response


@bp.post("/concours/<concours_id>/players")
def add_player(concours_id: str):
    db = get_db()
    number = players.add_player(db, concours_id, json_body(), idempotency_key())
    player = service.get_concours(db, concours_id).player(number)
    response = jsonify(number=player.number, name=player.name, active=player.active)
    response.status_code = 201
    return response


@bp.post("/concours/<concours_id>/players/<int:number>/withdraw")
def withdraw_player(concours_id: str, number: int):
    _json_write()
    return _concours(players.withdraw_player(get_db(), concours_id, number))


@bp.post("/concours/<concours_id>/players/<int:number>/reinstate")
def reinstate_player(concours_id: str, number: int):
    _json_write()
    return _concours(players.reinstate_player(get_db(), concours_id, number))


@bp.post("/concours/<concours_id>/teams/<int:number>/withdraw")
def withdraw_team(concours_id: str, number: int):
    _json_write()
    return _concours(service.withdraw_team(get_db(), concours_id, number))


@bp.post("/concours/<concours_id>/teams/<int:number>/reinstate")
def reinstate_team(concours_id: str, number: int):
    _json_write()
    return _concours(service.reinstate_team(get_db(), concours_id, number))


@bp.post("/concours/<concours_id>/rounds")
def draw_round(concours_id: str):
    _json_write()
    return _concours(service.draw_round(get_db(), concours_id, idempotency_key()), 201)


@bp.delete("/concours/<concours_id>/rounds/<int:number>")
def undo_round(concours_id: str, number: int):
    return _concours(service.undo_round(get_db(), concours_id, number))


@bp.post("/concours/<concours_id>/rounds/<int:number>/close")
def close_round(concours_id: str, number: int):
    _json_write()
    return _concours(service.close_round(get_db(), concours_id, number))


@bp.post("/concours/<concours_id>/rounds/<int:number>/reopen")
def reopen_round(concours_id: str, number: int):
    _json_write()
    return _concours(service.reopen_round(get_db(), concours_id, number))


@bp.put("/concours/<concours_id>/rounds/<int:number>/tables/<int:table>/slip")
def enter_slip(concours_id: str, number: int, table: int):
    """`{"totals": {"A": 1030, "B": 720}}` typed from a paper slip, or `{"totals": null}`; with
    `"confirm": true`, totals a game rarely ends on are taken (the first answer names the doubt)."""
    body = json_body()
    if not isinstance(body, dict) or "totals" not in body or not set(body) <= {"totals", "confirm"}:
        raise ApiError(422, '« totals » est requis : {"totals": {"A": points, "B": points}} ou {"totals": null}.')
    confirmed = body.get("confirm", False)
    if not isinstance(confirmed, bool):
        raise ApiError(422, "« confirm » doit valoir true ou false.")
    totals = parse_slip(body["totals"])
    return _concours(service.enter_slip(get_db(), concours_id, number, table, totals, confirmed))
