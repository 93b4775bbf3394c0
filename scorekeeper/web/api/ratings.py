"""GET /api/v1/ratings: every rated player's cote (docs/ratings.md), best first."""

from __future__ import annotations

from flask import jsonify

from scorekeeper.services import ratings
from scorekeeper.web.api.common import bp
from scorekeeper.web.database import get_db


@bp.get("/ratings")
def list_ratings():
    """`[{"player", "rating", "mu", "sigma", "games", "won", "provisional"}]`, the provisional players
    after the others, each part by cote; μ and σ as the library gives them."""
    return jsonify([player.as_json() for player in ratings.ratings(get_db()).players])
