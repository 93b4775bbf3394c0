"""The order of a concours's ranking criteria (CONCOURS.md, "The ranking", "Tie-breaks chosen by
the organiser"): the ranking's own first criterion, then the organiser's list (`"tiebreaks"`) or
the ranking's usual one, then the first partie's drawn order, which always closes it.

Teams are ordered by splitting groups still level: each criterion splits the group it is given
into smaller ones, best first, and the next criterion orders each of those alone. A criterion that
reads one team's figure (points, difference…) splits any group; `head_to_head` splits only a group
of exactly two teams, by the games they played against each other, which is why the order is
worked out group by group rather than by one sort key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby
from typing import Any

from scorekeeper.belote.errors import InvalidInput

HEAD_TO_HEAD = "head_to_head"
# Every criterion the organiser may name, in French as the results page says it.
CRITERIA = {
    "difference": "écart",
    "points": "points marqués",
    "wins": "victoires",
    "conceded": "moins de points encaissés",
    "best": "meilleure partie",
    HEAD_TO_HEAD: "confrontation directe",
}
DRAWN_ORDER_WORDS = "tirage de la 1re partie"
FIRST_CRITERION = {"points": "points", "wins": "wins"}  # each ranking's first criterion, by its name
USUAL_TIEBREAKS = {"points": ("difference", "best"), "wins": ("difference", "points")}  # without "tiebreaks"

Tiebreaks = tuple[str, ...]


def parse_tiebreaks(value: Any, ranking: str) -> Tiebreaks | None:
    """The organiser's list, checked: known criteria, each once, the ranking's first one not again
    (it has already decided everything it can). None when not given: the usual order."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise InvalidInput("tiebreaks", "« tiebreaks » doit être une liste de critères : " + _known() + ".")
    seen: list[str] = []
    for index, criterion in enumerate(value):
        field = f"tiebreaks.{index}"
        where = f"Le {ordinal(index + 1)} critère de départage (« {field} »)"
        if not isinstance(criterion, str) or criterion not in CRITERIA:
            raise InvalidInput(field, f"{where} est inconnu : les critères sont {_known()}.")
        words = f"« {criterion} » ({CRITERIA[criterion]})"
        if criterion in seen:
            raise InvalidInput(field, f"{where} répète {words}, déjà choisi plus haut.")
        if criterion == FIRST_CRITERION[ranking]:
            raise InvalidInput(field, f"{where} répète {words}, premier critère du classement choisi.")
        seen.append(criterion)
    return tuple(seen)


def tiebreaks_in_force(ranking: str, tiebreaks: Tiebreaks | None) -> Tiebreaks:
    """The criteria after the first one, the drawn order left out: the organiser's or the usual."""
    return USUAL_TIEBREAKS[ranking] if tiebreaks is None else tiebreaks


def ordered(
    group: Sequence[int],
    criteria: Sequence[str],
    figure: Callable[[int, str], float],
    wins_against: Callable[[int, int], int],
    drawn_order: Callable[[int], tuple[int, int]],
) -> list[int]:
    """`group`'s teams best first by `criteria` in turn, then by `drawn_order`. `figure(team,
    criterion)` is the team's figure with the better one smaller (points scored negated, points
    conceded as they are); `wins_against(team, other)` counts the games `team` won against
    `other` (0 when they never met)."""
    if len(group) < 2:
        return list(group)
    if not criteria:
        return sorted(group, key=drawn_order)
    criterion, rest = criteria[0], criteria[1:]
    if criterion == HEAD_TO_HEAD:
        # Only two teams still level, and only when one won more of their games than the other:
        # three or more are never separated by it, and a pair that never met, or broke even, goes on.
        if len(group) == 2:
            first, second = group
            won, lost = wins_against(first, second), wins_against(second, first)
            if won != lost:
                return [first, second] if won > lost else [second, first]
        return ordered(group, rest, figure, wins_against, drawn_order)
    result: list[int] = []
    for _, level in groupby(sorted(group, key=lambda team: figure(team, criterion)), lambda t: figure(t, criterion)):
        result += ordered(list(level), rest, figure, wins_against, drawn_order)
    return result


def ordinal(number: int) -> str:
    """« 1er », « 2e », « 3e »…"""
    return "1er" if number == 1 else f"{number}e"


def _known() -> str:
    names = [f"« {criterion} »" for criterion in CRITERIA]
    return ", ".join(names[:-1]) + " ou " + names[-1]
