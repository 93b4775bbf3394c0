"""The rows the cotes are replayed from (`services.ratings`): each counted game's four seats, read
from `game_players`, in the order the games are rated.

A seat's `finished` there is the statistics' own: the game is over (won or drawn) and has a scored
hand, or is a concours table played on paper (its slip's totals are its result). The games come in
the order they were created (their `played_at`), then by id: the archive's file keeps each game's
creation and no deal's time, so this order is the one every copy of an archive gives back
(docs/ratings.md, "The order")."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from scorekeeper.store.db import rows


def counted_seats(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """Every seat of every counted game, game after game in rating order, each game's seats by seat."""
    return rows(
        db,
        "select game_id, played_at, seat, team, name, name_key, won, drawn from game_players "
        "where finished = 1 order by played_at, game_id, seat",
    )
