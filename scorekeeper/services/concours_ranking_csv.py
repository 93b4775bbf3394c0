"""A concours's ranking as CSV for a French spreadsheet, in the archive's dialect (`export.csv_text`:
semicolons, a byte order mark, inert text cells) and with a decimal comma for the wins, where a
draw counts a half. A mêlée ranks players: one name a row, no partners (they change each partie)."""

from __future__ import annotations

from typing import Any

from scorekeeper.services.concours_view import Concours
from scorekeeper.services.export import csv_text

FIGURES_COLUMNS = [
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
STANDINGS_COLUMNS = ["rang", "équipe", "joueur 1", "joueur 2", *FIGURES_COLUMNS]
# A player who rests is « exempt », a team « exempte ».
MELEE_COLUMNS = ["rang", "joueur", *("exempt" if column == "exempte" else column for column in FIGURES_COLUMNS)]


def wins(won: int, drawn: int) -> str:
    """Wins with a draw as a half, the French way: 2, 2,5."""
    halves = 2 * won + drawn
    return str(halves // 2) + (",5" if halves % 2 else "")


def standings_rows(concours: Concours) -> list[list[Any]]:
    rows = []
    for standing in concours.standings:
        who = [standing.name] if concours.is_melee else [standing.name, *concours.team(standing.entrant).players]
        rows.append(
            [
                standing.rank,
                *who,
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
    columns = MELEE_COLUMNS if concours.is_melee else STANDINGS_COLUMNS
    return "".join(csv_text(columns, [standings_rows(concours)]))
