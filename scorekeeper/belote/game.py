"""A game as it was created (its teams, players, first dealer, target and rules), and what follows
from them alone: who deals after a number of deals, and who has won."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.belote.terms import SEATS, Rounding, Team


@dataclass(frozen=True)
class Rules:
    """How a game scores and when it is dealt again: chosen at its creation, kept for ever, so
    that the game always recomputes the same."""

    rounding: Rounding = Rounding.NEAREST
    misere: bool = False  # a player with under 10 points in hand may ask for a redeal
    carre_de_sept: bool = False  # so may a player holding the four 7s

    def as_json(self) -> dict[str, Any]:
        return {"rounding": self.rounding.value, "misere": self.misere, "carre_de_sept": self.carre_de_sept}

    def plays_redeal(self, reason: str) -> bool:
        """Whether a redeal for `reason` can happen in this game: everyone passing always can."""
        return reason == "all_pass" or bool(getattr(self, reason, False))


@dataclass(frozen=True)
class Game:
    """A game's identity and settings, as created; its deals and scores are elsewhere (`Sheet`)."""

    id: str
    teams: dict[str, str]
    players: list[str]
    first_dealer: int
    target: int
    rules: Rules = field(default_factory=Rules)
    created_at: str = ""

    def team_name(self, team: Team | str) -> str:
        return self.teams[Team(team).value]


def winner_of(totals: dict[str, int], target: int) -> str | None:
    """The team with more points once one has reached the target; equal totals play on."""
    a, b = totals["A"], totals["B"]
    if max(a, b) < target or a == b:
        return None
    return "A" if a > b else "B"


def dealer_after(game: Game, deals: int) -> int:
    """Who deals once `deals` deals are played: every deal, redeals too, passes the deal on."""
    return (game.first_dealer + deals) % SEATS
