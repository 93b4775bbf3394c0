"""One hand as the table tells it (`Hand`), and what its types cannot say: the hands that cannot
have happened at a table (`check_hand`, which `scoring.score` calls before it counts anything),
among them the declarations no deal of 32 cards gives (declarations.check_declarations)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorekeeper.belote.declarations import check_declarations
from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.house_rules import HouseRules
from scorekeeper.belote.terms import (
    CARD_POINTS_TOTAL,
    CONTRACT_VALUES,
    MAX_MELDS_PER_TEAM,
    TEAMS,
    BestMeldCall,
    Coinche,
    Contract,
    ContractKind,
    Meld,
    Mode,
    Rounding,
    Team,
)


def _no_melds() -> Mapping[Team, tuple[Meld, ...]]:
    return {Team.A: (), Team.B: ()}


def _no_belotes() -> Mapping[Team, int]:
    return {Team.A: 0, Team.B: 0}


@dataclass(frozen=True)
class Hand:
    """One hand as the table tells it. `taker_points` are the takers' card points (0..162)."""

    taker: Team
    contract: Contract
    mode: Mode
    coinche: Coinche = Coinche.NONE
    taker_points: int | None = None
    all_tricks: bool = False
    melds: Mapping[Team, tuple[Meld, ...]] = field(default_factory=_no_melds)
    best_meld: BestMeldCall | None = None
    belote: Mapping[Team, int] = field(default_factory=_no_belotes)
    rounding: Rounding = Rounding.NEAREST
    house: HouseRules = HouseRules()  # the game's house rules (docs/house-rules.md); none by default


def check_hand(hand: Hand, *, declarations: bool = True) -> None:
    """Raise InvalidHand for a hand that cannot have happened at a table. `declarations=False`
    leaves out `check_declarations` (for a stored deal: see sheet.py)."""
    points = hand.taker_points
    if points is not None and not 0 <= points <= CARD_POINTS_TOTAL:
        raise InvalidHand("taker_points", f"« taker_points » doit être compris entre 0 et {CARD_POINTS_TOTAL}.")
    if hand.contract.kind is ContractKind.POINTS:
        if hand.contract.value not in CONTRACT_VALUES:
            raise InvalidHand("contract", "« contract » doit valoir 80 à 160 de dix en dix, « capot » ou « generale ».")
        if points is None and not hand.all_tricks:
            raise InvalidHand("taker_points", "« taker_points » est requis pour un contrat chiffré (sauf capot fait).")
    if hand.all_tricks and points is not None and points != CARD_POINTS_TOTAL:
        raise InvalidHand(
            "taker_points",
            f"« taker_points » doit valoir {CARD_POINTS_TOTAL} quand les preneurs ont fait tous les plis.",
        )
    counts = hand.belote.values()
    if min(counts) < 0:
        raise InvalidHand("belote", "« belote » ne peut pas être négatif.")
    if sum(counts) > hand.mode.max_belotes:
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
            raise InvalidHand("melds", f"« melds » : l'équipe {team.value} annonce plus de quatre combinaisons.")
        for meld in melds:
            if meld.is_carre:
                if meld in carres_seen:
                    raise InvalidHand(
                        "melds", f"« melds » : le {meld.label} est annoncé deux fois, il n'en existe qu'un."
                    )
                carres_seen.add(meld)
    if declarations:
        check_declarations(hand.mode, hand.melds, hand.belote)
