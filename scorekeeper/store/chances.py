"""The club's deals as the chances read them (`services.chances`, docs/chances.md): every scored
hand of the archive's finished games, whatever their rules, as the two teams' points for that hand,
grouped by (x, y) with how many hands scored so. Redeals score nothing and are left out; so are the
hands of games still being played, whose end is not known yet."""

from __future__ import annotations

import sqlite_utils

from scorekeeper.store.db import rows


def chances_state(db: sqlite_utils.Database) -> tuple[str, str]:
    """The database's file and the chances' revision (m022: a new random word each time a finished
    game's rows are written or deleted): together, what the club's deals read from this archive
    are good for. One row's read."""
    found = rows(
        db,
        "select (select file from pragma_database_list where name = 'main') as file,"
        " (select value from app_info where key = 'chances_revision') as revision",
    )[0]
    return found["file"] or "", found["revision"]


def deal_distribution(db: sqlite_utils.Database) -> list[tuple[int, int, int]]:
    """(x, y, how many hands) for every scored hand of the archive's finished games."""
    found = rows(
        db,
        "select df.score_a as x, df.score_b as y, count(*) as n from deal_facts df"
        " join game_summaries s on s.game_id = df.game_id"
        " where df.kind = 'hand' and s.finished = 1 group by df.score_a, df.score_b",
    )
    return [(row["x"], row["y"], row["n"]) for row in found]
