"""The HTML pages that are not part of a game: the home page."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from scorekeeper.services import lists
from scorekeeper.web.database import get_db

bp = Blueprint("pages", __name__)

IN_PROGRESS = 20
EVENINGS_ON_HOME = 5


@bp.get("/")
def index():
    """The games in progress first, then the evenings, newest first, a page at a time."""
    db = get_db()
    in_progress = lists.in_progress(db, IN_PROGRESS)
    evenings = lists.evenings_page(db, lists.page_number(request.args.get("page")), EVENINGS_ON_HOME)
    return render_template("index.html", in_progress=in_progress, page=evenings)
