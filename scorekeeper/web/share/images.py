"""The shared images as PNG (docs/sharing.md): a finished game's at /parties/<id>/image.png, a
finished concours's podium at /concours/<id>/image.png, and either under its read-only link
(links.py). Drawing one takes about a tenth of a second (docs/performance.md), so a phone that
has it asks again with its ETag and is answered 304 before anything is drawn: the ETag names the
game's revision (or the concours's) and the evening's words drawn beside the scores. An unfinished
game or concours has no image (404): the card says who won."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from urllib.parse import quote

from flask import Blueprint, Response, abort, current_app, request

from scorekeeper.belote.errors import NotFound
from scorekeeper.services import concours as concours_service
from scorekeeper.services import games as games_service
from scorekeeper.services import sharing
from scorekeeper.web.database import get_db
from scorekeeper.web.lookups import concours_or_404, sheet_or_404
from scorekeeper.web.share.game_image import draw_game, game_card, share_sentence
from scorekeeper.web.share.podium_image import draw_podium, podium_card, podium_sentence

bp = Blueprint("share", __name__)
CACHE_CONTROL = "private, no-cache"  # as the pages: kept by the phone, asked again with its ETag


def _tag(*state: object) -> str:
    return hashlib.sha256(json.dumps(state).encode()).hexdigest()[:24]


def conditional_png(tag: str, draw: Callable[[], tuple[bytes, str]], filename: str) -> Response:
    """A 304 for a phone that has this image, else the image `draw` makes, with its sentence for
    the share sheet (X-Share-Text, percent-encoded UTF-8: static/share.js reads it)."""
    if request.if_none_match.contains(tag):
        response = current_app.response_class(status=304)
    else:
        png, sentence = draw()
        response = Response(png, mimetype="image/png")
        response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
        response.headers["X-Share-Text"] = quote(sentence)
    response.set_etag(tag)
    response.headers["Cache-Control"] = CACHE_CONTROL
    return response


def game_png(game_id: str) -> Response:
    db = get_db()
    try:
        revision = games_service.get_revision(db, game_id)
    except NotFound:
        abort(404)
    date, place = sharing.game_evening_words(db, game_id)
    table_line = sharing.concours_table_line(db, game_id)

    def draw() -> tuple[bytes, str]:
        sheet = sheet_or_404(game_id)
        if not sheet.finished:
            abort(404)
        card = game_card(sheet, date, place, table_line)
        return draw_game(card).png(), share_sentence(card)

    return conditional_png(_tag("game", game_id, revision, date, place, table_line), draw, f"belote-{game_id}.png")


def podium_png(concours_id: str) -> Response:
    db = get_db()
    try:
        date, place = sharing.concours_evening_words(db, concours_id)
    except NotFound:
        abort(404)
    revision = concours_service.get_revision(db, concours_id)

    def draw() -> tuple[bytes, str]:
        concours = concours_or_404(concours_id)
        if not concours.finished:
            abort(404)
        card = podium_card(concours, date, place)
        return draw_podium(card).png(), podium_sentence(card)

    return conditional_png(_tag("concours", concours_id, revision, date, place), draw, f"concours-{concours_id}.png")


@bp.get("/parties/<game_id>/image.png")
def game_image(game_id: str):
    return game_png(game_id)


@bp.get("/concours/<concours_id>/image.png")
def podium_image(concours_id: str):
    return podium_png(concours_id)
