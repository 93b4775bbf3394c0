"""Who plays where, as the concours's pages name them: a table's two sides (a team, by its name and
its two players; a mêlée's side, by its two players' names, whole), who rests, and what the ranking
calls its lines. Worked out here once from the service's `Concours`, so that the organiser's page,
the slips, « Quelle table ? » and the ranking say them alike in both formats (CONCOURS.md, "The
mêlée"). A mêlée's players' seats for « Quelle table ? » are services.melee_seats's."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.belote.concours.standings import Standing
from scorekeeper.services.concours_view import Concours, Round, Table


@dataclass(frozen=True)
class Side:
    """A side of a table, or who rests: a team, or a mêlée's players (two at a table, one resting)."""

    name: str  # a team's name; a mêlée's side: its players' names, whole, « Emma et Bruno »
    players: tuple[str, ...]
    team: bool  # a team, whose players are shown under its name

    @property
    def detail(self) -> str:
        """What is shown under the name: a team's players, « Ana, Alain »; nothing for a mêlée's."""
        return ", ".join(self.players) if self.team else ""


def entrant_word(concours: Concours) -> str:
    """The ranking's column: « Équipe », or a mêlée's « Joueur »."""
    return "Joueur" if concours.is_melee else "Équipe"


def rest_word(concours: Concours) -> str:
    """« exempte » (a team), « exempt » (a mêlée's player): « exempte 1 fois »."""
    return "exempt" if concours.is_melee else "exempte"


def standing_detail(concours: Concours, standing: Standing) -> str:
    """Under a ranked name: a team's players, « Ana, Alain »; nothing under a mêlée's player."""
    return "" if concours.is_melee else ", ".join(concours.team(standing.entrant).players)


def side_of(concours: Concours, numbers: tuple[int, ...]) -> Side:
    """A side of entrants: a team, or a mêlée's players, their names whole (the game's own team name
    may shorten two long ones to fit a name's length: the pages have the room)."""
    if concours.is_melee:
        names = tuple(concours.player(number).name for number in numbers)
        return Side(" et ".join(names), names, team=False)
    team = concours.team(numbers[0])
    return Side(team.name, team.players, team=True)


def sides(concours: Concours, table: Table) -> tuple[Side, Side]:
    """The table's team A and team B."""
    return side_of(concours, table.sides[0]), side_of(concours, table.sides[1])


def resting(concours: Concours, round_: Round) -> list[Side]:
    """Who rests this partie: a team, or up to three of a mêlée's players, or nobody."""
    return [side_of(concours, (number,)) for number in round_.rests]


def resting_word(concours: Concours, resting: list[Side]) -> str:
    """« Exempte » (a team), « Exempt » or « Exempts » (a mêlée's players)."""
    if not concours.is_melee:
        return "Exempte"
    return "Exempts" if len(resting) > 1 else "Exempt"
