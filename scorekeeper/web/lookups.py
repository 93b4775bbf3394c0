"""What a page is about, found by the id in its address, or the 404 page: a game's sheet, a
concours. Every blueprint looks them up here (flaskr's `get_post`)."""

from __future__ import annotations

from flask import abort

from scorekeeper.belote.errors import NotFound
from scorekeeper.belote.sheet import Sheet
from scorekeeper.services import concours as concours_service
from scorekeeper.services import games as games_service
from scorekeeper.services.concours_view import Concours
from scorekeeper.web.database import get_db


def sheet_or_404(game_id: str) -> Sheet:
    try:
        return games_service.get_sheet(get_db(), game_id)
    except NotFound:
        abort(404)


def concours_or_404(concours_id: str) -> Concours:
    try:
        return concours_service.get_concours(get_db(), concours_id)
    except NotFound:
        abort(404)
