"""A concours as the API answers it (docs/concours.md, "API"), from what `concours_view.load`
reads: its settings, teams or a mêlée's players, parties with their tables, and the ranking. The
room's screen draws its board from the same JSON (web/concours_screen/board.py)."""

from __future__ import annotations

from typing import Any

from scorekeeper.belote.concours.standings import Bye, ByeFixed, Standing
from scorekeeper.services.concours_view import Concours, Round, Table


def bye_json(bye: Bye) -> Any:
    """ "average", or the organiser's figures as the API takes them."""
    return {"points": bye.points, "conceded": bye.conceded} if isinstance(bye, ByeFixed) else bye


def table_json(concours: Concours, table: Table) -> dict[str, Any]:
    """A table; in a mêlée its `teams` are its two sides' player numbers, [[5, 2], [8, 1]]."""
    return {
        "table": table.number,
        "game": table.game_id,
        "teams": [list(side) for side in table.sides] if concours.is_melee else [table.a, table.b],
        "totals": table.totals,
        "hands_played": table.hands_played,
        "finished": table.finished,
        "winner": (list(table.winners) or None) if concours.is_melee else table.winner,
        "stopped": table.stopped and table.slip is None,
        "slip": table.slip,
    }


def round_json(concours: Concours, round_: Round) -> dict[str, Any]:
    bye = concours.bye_of(round_) if round_.rests else None
    return {
        "number": round_.number,
        "state": "closed" if round_.closed else "playing",
        "drawn_at": round_.drawn_at,
        "closed_at": round_.closed_at,
        "tables": [table_json(concours, table) for table in round_.tables],
        "rests": round_.rests if concours.is_melee else round_.rest,
        "bye": {"points": bye[0], "conceded": bye[1]} if bye is not None else None,
    }


def standing_json(concours: Concours, standing: Standing) -> dict[str, Any]:
    return {
        "rank": standing.rank,
        "player" if concours.is_melee else "team": standing.entrant,
        "played": standing.played,
        "won": standing.won,
        "drawn": standing.drawn,
        "lost": standing.lost,
        "points": standing.points,
        "conceded": standing.conceded,
        "difference": standing.difference,
        "best": standing.best,
        "byes": standing.byes,
        "provisional": standing.provisional,
        "active": standing.active,
    }


def concours_json(concours: Concours) -> dict[str, Any]:
    return {
        "id": concours.id,
        "name": concours.name,
        "evening": concours.evening_id,
        "parties": concours.parties,
        "end": concours.end.as_json(),
        "time_limit": concours.time_limit,
        "rules": concours.rules_json,
        "ranking": concours.ranking,
        "pairing": concours.pairing,
        "bye": bye_json(concours.bye),
        "tiebreaks": list(concours.tiebreaks) if concours.tiebreaks is not None else None,
        "format": concours.format,
        **entrants_json(concours),
        "rounds": [round_json(concours, round_) for round_ in concours.rounds],
        "standings": [standing_json(concours, standing) for standing in concours.standings],
    }


def entrants_json(concours: Concours) -> dict[str, Any]:
    """`"teams"` of a team concours, `"players"` of a mêlée."""
    if concours.is_melee:
        return {"players": [{"number": p.number, "name": p.name, "active": p.active} for p in concours.players]}
    return {
        "teams": [
            {"number": t.number, "name": t.name, "players": list(t.players), "active": t.active} for t in concours.teams
        ]
    }
