"""The cotes' page, `/cotes`: every rated player by cote (docs/ratings.md), the provisional ones
after the others. Like the statistics pages, it shows the archive as its revision names it (ETag)."""

from __future__ import annotations

from flask import render_template

from scorekeeper.services import ratings
from scorekeeper.web.archive.routes import bp, tagged_by_archive
from scorekeeper.web.database import get_db


@bp.get("/cotes")
@tagged_by_archive
def ratings_list():
    players = ratings.ratings(get_db()).players
    settled = [player for player in players if not player.provisional]
    provisional = [player for player in players if player.provisional]
    return render_template(
        "archive/ratings.html", settled=settled, provisional=provisional, games_needed=ratings.PROVISIONAL_BELOW
    )
