"""The organiser's pages of a concours (CONCOURS.md, "Pages"): the list, a new concours, the
organiser's page and its writes (routes.py; a mêlée's players, players.py), the printed table
slips and the ranking (prints.py)."""

from scorekeeper.web.concours import players, prints  # noqa: F401  (their routes join the blueprint)
from scorekeeper.web.concours.routes import bp

__all__ = ["bp"]
