"""The HTML pages that are not part of a game: the home page."""

from __future__ import annotations

from flask import Blueprint, render_template

from .db import get_db
from .games import service

bp = Blueprint("pages", __name__)

RECENT_GAMES = 20


@bp.get("/")
def index():
    sheets = service.recent_sheets(get_db(), RECENT_GAMES)
    in_progress = [sheet for sheet in sheets if not sheet.finished]
    finished = [sheet for sheet in sheets if sheet.finished]
    return render_template("index.html", in_progress=in_progress, finished=finished)
