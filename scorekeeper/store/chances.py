"""The club's deals as the chances read them (`services.chances`, docs/chances.md): every scored
hand of the archive's finished games played under the same scoring rules, as the two teams' points
for that hand, grouped by (x, y) with how many hands scored so. Redeals score nothing and are left
out; so are the hands of games still being played, whose end is not known yet."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from scorekeeper.belote.game import Rules
from scorekeeper.store.db import rows
from scorekeeper.store.games import house_rules_columns


def archive_state(db: sqlite_utils.Database) -> tuple[str, str]:
    """The database's file and the archive's revision (m016: a new random word at every write of a
    game's derived rows): together, what a table computed from this archive is good for."""
    found = rows(
        db,
        "select (select file from pragma_database_list where name = 'main') as file,"
        " (select value from app_info where key = 'archive_revision') as revision",
    )[0]
    return found["file"] or "", found["revision"]


def scoring_columns(rules: Rules) -> dict[str, Any]:
    """The games table's columns of the rules that change a hand's score: the rounding and the house
    rules (the Salon's redeals score nothing)."""
    return {"rounding": rules.rounding.value, **house_rules_columns(rules.house)}


def deal_distribution(db: sqlite_utils.Database, rules: Rules) -> list[tuple[int, int, int]]:
    """(x, y, how many hands) for every scored hand of the finished games played under `rules`' scoring."""
    columns = scoring_columns(rules)
    where = " and ".join(f"g.{column} = ?" for column in columns)
    found = rows(
        db,
        "select df.score_a as x, df.score_b as y, count(*) as n from deal_facts df"
        " join game_summaries s on s.game_id = df.game_id join games g on g.id = df.game_id"
        f" where df.kind = 'hand' and s.finished = 1 and {where} group by df.score_a, df.score_b",
        list(columns.values()),
    )
    return [(row["x"], row["y"], row["n"]) for row in found]
