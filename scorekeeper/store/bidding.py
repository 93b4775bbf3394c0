"""The bidding figures' sums for one player (docs/bidding.md), over the derived rows: the deals'
facts of the player's games (`deal_facts`, by the player's seat in `game_players`) and the games
played with each partner and against each opponent (`game_players`)."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from scorekeeper.store.db import rows

# Over the deals of the player's games, seen from the player's seat (gp) and team:
# - the contracts the player took that a count judged (numeric: taker_total is set), made and by how
#   much over the bid, or failed and by how little: the points needed were the contract and one
#   more than the defense, whichever is higher;
# - the coinches the player said (a defender), and those the player's team defended with no name
#   told (unknown); the surcoinches likewise, on the player's team's contracts.
SUMS = """
select
  sum(df.taker_player = gp.seat and df.made = 1 and df.taker_total is not null) as margin_count,
  sum(case when df.taker_player = gp.seat and df.made = 1 then df.taker_total - df.contract_value end)
    as margin_sum,
  sum(df.taker_player = gp.seat and df.made = 0 and df.taker_total is not null
      and max(df.contract_value, df.defense_total + 1) - df.taker_total <= :near) as near_misses,
  sum(df.coinched_by = gp.seat) as coinches,
  sum(df.coinched_by = gp.seat and df.made = 0) as coinches_fell,
  sum(df.coinche != 'none' and df.taker != gp.team and df.coinched_by is null) as coinches_unknown,
  sum(df.surcoinched_by = gp.seat) as surcoinches,
  sum(df.surcoinched_by = gp.seat and df.made = 1) as surcoinches_made,
  sum(df.coinche = 'surcoinche' and df.taker = gp.team and df.surcoinched_by is null) as surcoinches_unknown
from game_players gp join deal_facts df on df.game_id = gp.game_id and df.kind = 'hand'
where gp.name_key = :key
"""


def sums(db: sqlite_utils.Database, key: str, near: int) -> dict[str, Any]:
    """One player's bidding sums (None where the player has no such deal); `near`: the most points
    a contract may fail by to be a « chute de peu »."""
    return rows(db, SUMS, {"key": key, "near": near})[0]


def best_partner(db: sqlite_utils.Database, key: str, least_games: int) -> dict[str, Any] | None:
    """The partner with whom the player won the largest share of the finished games played
    together (at least `least_games` of them); ties: more games, then the key."""
    found = rows(
        db,
        "select partner_key as key, count(*) as games, sum(won) as won from game_players "
        "where name_key = :key and finished = 1 and partner_key != :key group by partner_key "
        "having count(*) >= :least order by 1.0 * sum(won) / count(*) desc, count(*) desc, partner_key limit 1",
        {"key": key, "least": least_games},
    )
    return found[0] if found else None


def toughest_opponent(db: sqlite_utils.Database, key: str, least_games: int) -> dict[str, Any] | None:
    """The opponent against whom the player won the smallest share of the finished games played
    against each other (at least `least_games`); ties: more games, then the key."""
    found = rows(
        db,
        "select o.name_key as key, count(*) as games, sum(p.won) as won from game_players p "
        "join game_players o on o.game_id = p.game_id and o.team != p.team "
        "where p.name_key = :key and p.finished = 1 and o.name_key != :key group by o.name_key "
        "having count(*) >= :least order by 1.0 * sum(p.won) / count(*), count(*) desc, o.name_key limit 1",
        {"key": key, "least": least_games},
    )
    return found[0] if found else None
