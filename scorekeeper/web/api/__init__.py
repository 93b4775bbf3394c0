"""The JSON API under /api/v1 (docs/scoring.md "The scoring service", docs/api.md): its blueprint, with
the routes of each module registered on it (`common` holds what they share)."""

from scorekeeper.web.api import cards, chances, concours, games, players, ratings, score  # noqa: F401  (routes register themselves on bp)
from scorekeeper.web.api.common import bp

__all__ = ["bp"]
