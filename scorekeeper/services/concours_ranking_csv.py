"""A concours's ranking as CSV for a French spreadsheet, in the archive's dialect (`export.csv_text`:
semicolons, a byte order mark, inert text cells) and with a decimal comma for the wins, where a
draw counts a half."""

from __future__ import annotations

from typing import Any

from scorekeeper.services.concours_view import Concours
from scorekeeper.services.export import csv_text

STANDINGS_COLUMNS = [
    "rang",
    "équipe",
    "joueur 1",
    "joueur 2",
    "joués",
    "gagnés",
    "nuls",
    "perdus",
    "victoires",
    "points",
    "contre",
    "différence",
    "meilleure",
    "exempte",
    "provisoire",
    "abandon",
]


def wins(won: int, drawn: int) -> str:
    """Wins with a draw as a half, the French way: 2, 2,5."""
    halves = 2 * won + drawn
    return str(halves // 2) + (",5" if halves % 2 else "")


def standings_rows(concours: Concours) -> list[list[Any]]:
    rows = []
    for standing in concours.standings:
        team = concours.team(standing.team)
        rows.append(
            [
                standing.rank,
                standing.name,
                team.players[0],
                team.players[1],
                standing.played,
                standing.won,
                standing.drawn,
                standing.lost,
                wins(standing.won, standing.drawn),
                standing.points,
                standing.conceded,
                standing.difference,
                standing.best,
                standing.byes,
                "oui" if standing.provisional else "",
                "" if standing.active else "oui",
            ]
        )
    return rows


def standings_csv(concours: Concours) -> str:
    return "".join(csv_text(STANDINGS_COLUMNS, [standings_rows(concours)]))
