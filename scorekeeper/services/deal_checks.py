"""What a new deal or a correction is checked against before it is written (`services.games`): the
number the phone entered it as, the version it edits, and a game over, each refused in French.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.belote.errors import Conflict, InvalidInput
from scorekeeper.belote.game import Game
from scorekeeper.belote.sheet import Deal

STOPPED = "La partie a été arrêtée par l'organisateur : elle ne prend plus de donne."
ON_PAPER = (
    "L'organisateur a saisi le résultat de cette table depuis sa feuille papier : la partie ne prend plus "
    "de donne ici (il peut effacer ce résultat sur la page du concours)."
)


class DealAlreadyRecorded(Conflict):
    """A new deal entered as number N, when the game already has a deal N: another phone recorded
    it first. Nothing is recorded; `deal` is the deal already there, `next_number` the number the
    new one would take if it is recorded all the same."""

    def __init__(self, deal: Deal, next_number: int):
        super().__init__(
            f"La donne {deal.number} est déjà enregistrée (sans doute par un autre téléphone) : rien n'a été "
            f"enregistré. Renvoyez-la avec « number » : {next_number} pour l'enregistrer quand même."
        )
        self.deal = deal
        self.next_number = next_number


def same_deal(deal: Deal, kind: str, data: dict[str, Any]) -> bool:
    """Whether a new deal (its kind and stored form, `data`) is `deal` entered again: both phones
    of a table entered the same deal under the same number. Then it is recorded already, and the
    table has nothing to choose. The melds are a team's set, in whatever order they were tapped."""

    def as_entered(stored: dict[str, Any]) -> dict[str, Any]:
        melds = stored.get("melds")
        return {**stored, "melds": {team: sorted(names) for team, names in melds.items()}} if melds else stored

    return deal.kind == kind and as_entered(deal.input) == as_entered(data)


def entered_as(body: Any) -> tuple[Any, int | None]:
    """The body without its optional `number` (the deal number the phone entered it as), and that
    number: it says which deal the phone meant, and is not part of the deal's input."""
    if not isinstance(body, dict) or "number" not in body:
        return body, None
    body = dict(body)
    number = body.pop("number")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool) or number < 1):
        raise InvalidInput("number", "« number » doit être le numéro de la donne saisie : 1, 2, 3…")
    return body, number


def game_over(game: Game, progress: dict[str, Any]) -> str:
    """Why a game over takes no new deal, in French: stopped by an organiser, won, or drawn."""
    if progress["stopped"]:
        return STOPPED
    if progress["winner"] is None:
        return "La partie est finie sur une égalité : modifiez ou supprimez une donne pour la rouvrir."
    return (
        f"La partie est finie, gagnée par {game.team_name(progress['winner'])} : modifiez ou supprimez "
        "une donne pour la rouvrir."
    )


def check_version(version: Any, current: int) -> None:
    if version is None:
        return
    if not isinstance(version, int) or isinstance(version, bool):
        raise InvalidInput("version", "« version » doit être le numéro de version de la donne.")
    if version != current:
        raise Conflict(
            "Cette donne a été modifiée sur un autre téléphone pendant votre saisie : rien n'a été "
            "écrasé. Voici la version enregistrée."
        )
