"""Who plays where, as the concours's pages name them: a table's two sides (a team, by its name and
its two players; a mêlée's side, by its two players' names), who rests, and in a mêlée each
player's seat for « Quelle table ? ». Worked out here once, so that the organiser's page, the
slips, « Quelle table ? » and the ranking say them alike in both formats (CONCOURS.md, "The mêlée")."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.belote.concours.standings import Standing
from scorekeeper.services.concours_view import Concours, Round, Table


@dataclass(frozen=True)
class Side:
    """A side of a table, or who rests: a team, or a mêlée's players (two at a table, one resting)."""

    name: str  # a team's name; a mêlée's side: its players', « Emma et Bruno »
    players: tuple[str, ...]
    team: bool  # a team, whose players are shown under its name

    @property
    def detail(self) -> str:
        """What is shown under the name: a team's players, « Ana, Alain »; nothing for a mêlée's."""
        return ", ".join(self.players) if self.team else ""


def entrant_word(concours: Concours) -> str:
    """The ranking's column: « Équipe », or a mêlée's « Joueur »."""
    return "Équipe"


def rest_word(concours: Concours) -> str:
    """« exempte » (a team), « exempt » (a mêlée's player): « exempte 1 fois »."""
    return "exempte"


def standing_detail(concours: Concours, standing: Standing) -> str:
    """Under a ranked name: a team's players, « Ana, Alain »; nothing under a mêlée's player."""
    return ", ".join(concours.team(standing.team).players)


def team_side(concours: Concours, number: int) -> Side:
    team = concours.team(number)
    return Side(team.name, team.players, team=True)


def sides(concours: Concours, table: Table) -> tuple[Side, Side]:
    """The table's team A and team B."""
    return team_side(concours, table.a), team_side(concours, table.b)


def resting_word(concours: Concours, resting: list[Side]) -> str:
    """« Exempte » (a team), « Exempt » or « Exempts » (a mêlée's players)."""
    if all(side.team for side in resting):
        return "Exempte"
    return "Exempts" if len(resting) > 1 else "Exempt"


def resting(concours: Concours, round_: Round) -> list[Side]:
    """Who rests this partie: a team, or nobody."""
    return [team_side(concours, round_.rest)] if round_.rest is not None else []
