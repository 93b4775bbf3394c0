"""The rows the cotes are replayed from (`services.ratings`): each counted game's four seats, read
from `game_players`, in the order the games are rated: the order they ended (docs/ratings.md,
"The order").

A seat's `finished` there is the statistics' own: the game is over (won or drawn, or stopped by an
organiser) and has a scored hand, or is a concours table played on paper (its slip's totals are
its result). A game with scored hands ended with its last one, at the time that hand was
recorded: the deal's own time, which a correction leaves alone (an edit changes what was dealt,
not when) and the archive's file carries. A table on paper has no hand: it ended when the
organiser stopped its partie, or, its partie still open, when it was drawn (its creation). Games
that ended at the same moment come in the order they were created, then by id."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from scorekeeper.store.db import rows

# Each game's end: its last live scored hand's recorded time (the deals' index on (game_id, id),
# read backwards from its last deal), else its stop, else its creation.
ENDS = (
    "select g.id, g.created_at, coalesce((select d.created_at from deals d where d.game_id = g.id"
    " and d.deleted_at is null and d.kind = 'hand' order by d.id desc limit 1),"
    " g.stopped_at, g.created_at) as ended_at from games g"
)


def counted_seats(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """Every seat of every counted game, game after game in rating order, each game's seats by seat."""
    return rows(
        db,
        "select p.game_id, p.played_at, e.ended_at, p.seat, p.team, p.name, p.name_key, p.won, p.drawn"
        f" from game_players p join ({ENDS}) e on e.id = p.game_id"
        " where p.finished = 1 order by e.ended_at, e.created_at, p.game_id, p.seat",
    )
