"""What a `Hand` cannot say by its types alone: the hands that cannot have happened at a table.

Kept apart from the scoring rules so that `scoring` reads as the rules only; `scoring.score`
calls `check_hand` before it counts anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.terms import (
    CARD_POINTS_TOTAL,
    CONTRACT_VALUES,
    MAX_MELDS_PER_TEAM,
    TEAMS,
    ContractKind,
    Meld,
    Mode,
)

if TYPE_CHECKING:  # scoring imports this module: a run-time import back would be circular
    from scorekeeper.belote.scoring import Hand


def check_hand(hand: Hand) -> None:
    """Raise InvalidHand for a hand that cannot have happened at a table."""
    points = hand.taker_points
    if points is not None and not 0 <= points <= CARD_POINTS_TOTAL:
        raise InvalidHand("taker_points", "« taker_points » doit être compris entre 0 et 162.")
    if hand.contract.kind is ContractKind.POINTS:
        if hand.contract.value not in CONTRACT_VALUES:
            raise InvalidHand(
                "contract", "« contract » doit valoir 80 à 160 de dix en dix, « capot » ou « generale »."
            )
        if points is None and not hand.all_tricks:
            raise InvalidHand(
                "taker_points", "« taker_points » est requis pour un contrat chiffré (sauf capot fait)."
            )
    if hand.all_tricks and points is not None and points != CARD_POINTS_TOTAL:
        raise InvalidHand(
            "taker_points", "« taker_points » doit valoir 162 quand les preneurs ont fait tous les plis."
        )
    belotes = 0
    for team in TEAMS:
        count = hand.belote[team]
        if count < 0:
            raise InvalidHand("belote", "« belote » ne peut pas être négatif.")
        belotes += count
    if belotes > hand.mode.max_belotes:
        if hand.mode is Mode.NO_TRUMP:
            message = "« belote » : il n'y a pas de belote en sans atout."
        elif hand.mode is Mode.ALL_TRUMP:
            message = "« belote » : au plus quatre belotes en tout atout (une par couleur)."
        else:
            message = "« belote » : une seule belote possible quand une couleur est atout."
        raise InvalidHand("belote", message)
    carres_seen: set[Meld] = set()
    for team in TEAMS:
        melds = hand.melds[team]
        if len(melds) > MAX_MELDS_PER_TEAM:
            raise InvalidHand(
                "melds", f"« melds » : l'équipe {team.value} annonce plus de quatre combinaisons."
            )
        for meld in melds:
            if meld.is_carre:
                if meld in carres_seen:
                    raise InvalidHand(
                        "melds", f"« melds » : le {meld.label} est annoncé deux fois, il n'en existe qu'un."
                    )
                carres_seen.add(meld)
