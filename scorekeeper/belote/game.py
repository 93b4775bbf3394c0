"""A game as it was created (its teams, players, first dealer, end and rules), and what follows
from them alone: who deals after a number of deals; who has won is `belote.ending`'s."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.belote.ending import End
from scorekeeper.belote.house_rules import Counting, HouseRules, house_rules_phrase
from scorekeeper.belote.terms import REDEAL_REASONS, SEATS, Rounding, Team


@dataclass(frozen=True)
class Rules:
    """How a game scores and when it is dealt again: chosen at its creation, kept for ever, so
    that the game always recomputes the same."""

    rounding: Rounding = Rounding.NEAREST
    misere: bool = False  # a player with under 10 points in hand may ask for a redeal
    carre_de_sept: bool = False  # so may a player holding the four 7s
    house: HouseRules = HouseRules()  # how other tables score (docs/house-rules.md): none by default

    def as_json(self) -> dict[str, Any]:
        """The rules as `rules` holds them; the house rules only where they differ from the default."""
        return {
            "rounding": self.rounding.value,
            "misere": self.misere,
            "carre_de_sept": self.carre_de_sept,
            **self.house.as_json(),
        }

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
    end: End = End()
    rules: Rules = field(default_factory=Rules)
    created_at: str = ""
    stopped_at: str | None = None  # when an organiser stopped the game at its totals (a concours's partie closed)
    # The totals the organiser typed from the paper slip of a concours table played without a
    # phone: then they are the game's result, whatever its deals (it has none) or its stopping say.
    slip: dict[str, int] | None = None

    def team_name(self, team: Team | str) -> str:
        return self.teams[Team(team).value]

    @property
    def target(self) -> int | None:
        """The points to reach, as the sheet's JSON and the chart's line say it; None in deals."""
        return self.end.points


def rules_line(game: Game, *, brief: bool = False) -> str:
    """The game's rules in one line, as the pages show them: « Partie en 2000 · Coinche — concours ·
    arrondi à la dizaine la plus proche · Salon : misère et carré de 7 »: the house rules named only
    when the game has some (`house_rules_phrase`), the rounding unless the game scores the contract
    alone (no card points to round), the Salon's redeals only when it plays them. `brief`: the
    target and the house rules only (the print sheet). A no-break space holds the Salon's colon."""
    rules = game.rules
    parts = [game.end.short()]  # « Partie en 2000 », « Partie en 12 donnes »
    house = house_rules_phrase(rules.house)
    if house:
        parts.append(house)
    if brief:
        return " · ".join(parts)
    if rules.house.scoring is not Counting.POINTS_ANNONCES:
        rounding = rules.rounding.label.lower()
        if rules.rounding is Rounding.NEAREST:
            rounding = f"arrondi {rounding}"  # « arrondi à la dizaine la plus proche »
        elif rules.rounding is Rounding.RAW:
            rounding = f"arrondi : {rounding}"  # « arrondi : aucun, chute à 162 »
        parts.append(rounding)
    redeals = [REDEAL_REASONS[reason].lower() for reason in ("misere", "carre_de_sept") if getattr(rules, reason)]
    if redeals:
        parts.append("Salon\u00a0: " + " et ".join(redeals))
    return " · ".join(parts)


def dealer_after(game: Game, deals: int) -> int:
    """Who deals once `deals` deals are played: every deal, redeals too, passes the deal on."""
    return (game.first_dealer + deals) % SEATS
