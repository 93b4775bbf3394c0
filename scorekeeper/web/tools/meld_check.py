"""The meld checker's answer (/outils/annonces), in words: each hand's melds, which team marks
them, and what "Reporter dans la donne" puts in the deal form. static/cards.js is its twin for the
deal form's panel offline, held by tests/test_cards_differential.py."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.belote.best_meld import best_meld, compare_best_melds
from scorekeeper.belote.cards import Card, sorted_cards
from scorekeeper.belote.melds import FoundMeld, belotes, find_melds
from scorekeeper.belote.terms import Meld, Mode, Team


@dataclass(frozen=True)
class HandCheck:
    cards: list[Card]
    melds: list[FoundMeld]
    total: int
    belotes: int


def check_hand(cards: tuple[Card, ...], mode: Mode) -> HandCheck:
    """A hand's cards sorted, its melds (the best declaration), their total and its belotes."""
    melds = find_melds(cards, mode)
    return HandCheck(sorted_cards(cards), melds, sum(meld.value for meld in melds), belotes(cards, mode))


@dataclass(frozen=True)
class TeamWords:
    """How the meld checker names a team: the game's name when the deal form gave one."""

    name: str | None  # None: no name given, the page says "l'équipe A"
    team: Team

    @property
    def title(self) -> str:
        """'Filles', or 'Équipe A': where a team is named on its own."""
        return self.name or f"Équipe {self.team.value}"

    @property
    def legend(self) -> str:
        """Above the team's deck."""
        return f"{self.name} — main d'un joueur" if self.name else f"Main d'un joueur de l'équipe {self.team.value}"

    @property
    def hand(self) -> str:
        """The hand in a refusal: « Main (Filles) » : 9 cartes…"""
        return f"Main ({self.name})" if self.name else f"Main de l'équipe {self.team.value}"


def team_words(names: dict[Team, str]) -> dict[Team, TeamWords]:
    """Each team's words; when the deal form names one team only, the other is 'Équipe B'."""
    named = any(names.values())
    return {team: TeamWords((names[team] or f"Équipe {team.value}") if named else None, team) for team in names}


def verdict(winner: Team | None, reason: str, words: dict[Team, TeamWords]) -> str:
    """Which team marks its melds and why (`compare_hands`'s reason), in a sentence."""
    if winner is None:
        return reason[0].upper() + reason[1:] + "."
    if words[winner].name:
        return f"Annonces marquées par {words[winner].name} — {reason}."
    return f"L'équipe {winner.value} marque ses annonces — {reason}."


def meld_codes(check: HandCheck) -> tuple[Meld, ...]:
    return tuple(meld.code for meld in check.melds)


def deal_fields(checks: dict[Team, HandCheck], mode: Mode, winner: Team | None) -> list[tuple[str, str | int]]:
    """The deal form's fields for the checker's verdict, as the deal form names them: its mode,
    each team's melds (`melds_A_tierce=1`) and belotes (`belote_B=1`), counts above 0 only, and
    `best_meld` (A, B or none) only when the deal form will ask for it: both teams' best melds
    are sequences of equal value (the cards decided, the deal form only sees "tierce" twice)."""
    fields: list[tuple[str, str | int]] = [("mode", mode.value)]
    codes = {team: meld_codes(checks[team]) for team in (Team.A, Team.B)}
    for team in (Team.A, Team.B):
        fields += [
            (f"melds_{team.value}_{meld.value}", codes[team].count(meld)) for meld in Meld if meld in codes[team]
        ]
    for team in (Team.A, Team.B):
        if checks[team].belotes:
            fields.append((f"belote_{team.value}", checks[team].belotes))
    if compare_best_melds(*(best_meld(codes[team], mode) for team in (Team.A, Team.B))) is None:
        fields.append(("best_meld", winner.value if winner else "none"))
    return fields


def reported_lines(fields: list[tuple[str, str | int]], words: dict[Team, TeamWords]) -> list[str]:
    """What "Reporter dans la donne" puts in the deal, in words: a line a team, then the call."""
    values = dict(fields)
    lines = []
    for team in (Team.A, Team.B):
        counts = [(meld.label, values.get(f"melds_{team.value}_{meld.value}", 0)) for meld in Meld]
        counts.append(("belote", values.get(f"belote_{team.value}", 0)))
        parts = [label + (f" ×{count}" if int(count) > 1 else "") for label, count in counts if count]
        lines.append(f"{words[team].title} : {', '.join(parts) if parts else 'rien'}")
    if "best_meld" in values:
        call = values["best_meld"]
        lines.append(f"Meilleure annonce : {'personne' if call == 'none' else words[Team(str(call))].title}")
    return lines
