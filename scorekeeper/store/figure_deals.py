"""The deals and games behind a statistic's figure (`services.figure_lists`), found by the same
conditions that counted it (`statistics`), so that a list holds as many as its figure says: which
deals of `deal_facts` (whose, in which role, which contract, mode, coinche and outcome), which games
of `game_players` or `game_teams`; each a count and one page, the newest game first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlite_utils

from scorekeeper.store.db import rows


@dataclass
class DealSelection:
    """Which deals: of whom (a player or a team, taking, defending or either), which contract."""

    kind: str | None = None  # "joueur", "equipe" or None: every deal
    key: str = ""  # the player's name key or the team's pair key
    role: str = "tous"  # "preneur", "defense" or "tous"
    mode: str | None = None
    contract: str | None = None
    coinche: str | None = None  # "1": coinched or surcoinched; "0": not; or one level
    made: str | None = None  # "1" or "0"
    unannounced: bool = False  # all tricks on a numeric contract


def _deal_conditions(selection: DealSelection) -> tuple[str, list[Any]]:
    clauses = ["df.kind = 'hand'"]
    params: list[Any] = []
    if selection.kind == "joueur":
        if selection.role == "preneur":
            clauses.append("df.taker_key = ?")
            params.append(selection.key)
        else:
            clauses.append("df.game_id in (select game_id from game_players where name_key = ?)")
            params.append(selection.key)
            if selection.role == "defense":
                clauses.append(
                    "df.taker <> (select team from game_players p where p.game_id = df.game_id "
                    "and p.name_key = ? limit 1)"
                )
                params.append(selection.key)
    elif selection.kind == "equipe":
        clauses.append("df.game_id in (select game_id from game_teams where pair_key = ?)")
        params.append(selection.key)
        if selection.role != "tous":
            operator = "=" if selection.role == "preneur" else "<>"
            clauses.append(
                f"df.taker {operator} (select team from game_teams t where t.game_id = df.game_id "
                "and t.pair_key = ? limit 1)"
            )
            params.append(selection.key)
    if selection.mode:
        clauses.append("df.mode = ?")
        params.append(selection.mode)
    if selection.contract:
        clauses.append("df.contract = ?")
        params.append(selection.contract)
    if selection.coinche == "1":
        clauses.append("df.coinche <> 'none'")
    elif selection.coinche == "0":
        clauses.append("df.coinche = 'none'")
    elif selection.coinche:
        clauses.append("df.coinche = ?")
        params.append(selection.coinche)
    if selection.made:
        clauses.append("df.made = ?")
        params.append(int(selection.made))
    if selection.unannounced:
        clauses.append("df.all_tricks = 1 and df.contract not in ('capot', 'generale')")
    return " and ".join(clauses), params


def deals(
    db: sqlite_utils.Database, selection: DealSelection, limit: int, offset: int
) -> tuple[int, list[dict[str, Any]]]:
    """How many deals match, and a page of their facts, the newest game first, in the order they
    were dealt; each with its evening's date and its game's teams and players."""
    where, params = _deal_conditions(selection)
    total = rows(db, f"select count(*) as n from deal_facts df where {where}", params)[0]["n"]
    found = rows(
        db,
        "select df.*, e.date as evening_date, g.team_a, g.team_b, g.player_0, g.player_1, g.player_2, g.player_3 from "
        f"(select * from deal_facts df where {where} order by df.played_at desc, df.game_id, df.number "
        "limit ? offset ?) df join games g on g.id = df.game_id left join evenings e on e.id = df.evening_id "
        "order by df.played_at desc, df.game_id, df.number",
        [*params, limit, offset],
    )
    return total, found


@dataclass
class GameSelection:
    """Which games of a player (`joueur`, by name key) or a team (`equipe`, by pair key)."""

    kind: str
    key: str
    outcome: str | None = None  # "gagnees", "perdues", "finies", "en-cours" or None: all
    partner: str | None = None  # a player's games with this partner (a name key)


OUTCOME_CONDITIONS = {
    "gagnees": "won = 1",
    "perdues": "finished = 1 and won = 0 and drawn = 0",
    "finies": "finished = 1",
    "en-cours": "finished = 0",
}


def games(db: sqlite_utils.Database, selection: GameSelection, limit: int, offset: int) -> tuple[int, list[str]]:
    """How many games match, and a page of their ids, the newest first."""
    table, column = ("game_players", "name_key") if selection.kind == "joueur" else ("game_teams", "pair_key")
    clauses, params = [f"{column} = ?"], [selection.key]
    if selection.outcome:
        clauses.append(OUTCOME_CONDITIONS[selection.outcome])
    if selection.partner:
        clauses.append("partner_key = ?")
        params.append(selection.partner)
    where = " and ".join(clauses)
    total = rows(db, f"select count(distinct game_id) as n from {table} where {where}", params)[0]["n"]
    found = rows(
        db,
        f"select game_id, max(played_at) as played_at from {table} where {where} "
        "group by game_id order by played_at desc, game_id limit ? offset ?",
        [*params, limit, offset],
    )
    return total, [row["game_id"] for row in found]
