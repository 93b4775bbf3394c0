"""Whose melds count: only the team with the best meld scores its melds (docs/scoring.md,
"Melds"). The comparison reads each team's strongest meld however it is known: a code told by the
table (`best_meld`), or cards seen by the meld checker (melds.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.hand import Hand
from scorekeeper.belote.terms import CARRE_RANK_ORDER, MELD_POINTS, TEAMS, BestMeldCall, Meld, Mode, Team

TEAM_A, TEAM_B = TEAMS


class MeldOutcome(NamedTuple):
    """Which team scores its melds (None: nobody) and why, in French."""

    winner: Team | None
    reason: str


class BestMeld(NamedTuple):
    """What the comparison needs of a team's strongest meld, however it is known (a code told by
    the table, or cards seen by the meld checker)."""

    value: int
    carre: Meld | None  # the carré's code; None for a sequence
    label: str


# How the melds told by their codes compare in each mode: value, then a carré over a sequence, then rank.
MELD_STRENGTH = {
    mode: {meld: (points, meld.is_carre, CARRE_RANK_ORDER.get(meld, 0)) for meld, points in MELD_POINTS[mode].items()}
    for mode in Mode
}


def best_meld(melds: Sequence[Meld], mode: Mode) -> BestMeld | None:
    """A team's strongest meld by its code (None without melds), as `compare_best_melds` reads it."""
    if not melds:
        return None
    meld = max(melds, key=MELD_STRENGTH[mode].__getitem__)
    return BestMeld(MELD_POINTS[mode][meld], meld if meld.is_carre else None, meld.label)


def compare_best_melds(a: BestMeld | None, b: BestMeld | None) -> MeldOutcome | None:
    """Which team scores its melds by value, then a carré over a sequence, then the carré's rank.
    None when both best melds are sequences of equal value: the cards decide, or the table."""
    if a is None and b is None:
        return NO_MELDS
    if b is None:
        return MeldOutcome(TEAM_A, "seule équipe à annoncer")
    if a is None:
        return MeldOutcome(TEAM_B, "seule équipe à annoncer")
    best = {TEAM_A: a, TEAM_B: b}
    if a.value != b.value:
        winner = TEAM_A if a.value > b.value else TEAM_B
        won, lost = best[winner], best[winner.other]
        return MeldOutcome(winner, f"meilleure annonce : {won.label} {won.value} contre {lost.label} {lost.value}")
    if (a.carre is None) != (b.carre is None):
        winner = TEAM_A if a.carre is not None else TEAM_B
        return MeldOutcome(winner, f"à valeur égale ({a.value}), un carré bat une suite")
    if a.carre is not None and b.carre is not None:
        winner = TEAM_A if CARRE_RANK_ORDER[a.carre] > CARRE_RANK_ORDER[b.carre] else TEAM_B
        return MeldOutcome(winner, f"à valeur égale ({a.value}), le {best[winner].label} est le plus haut carré")
    return None


NO_MELDS = MeldOutcome(None, "aucune annonce")


def meld_winner(hand: Hand) -> MeldOutcome:
    """Only the team with the best meld scores its melds (docs/scoring.md, "Melds")."""
    if not any(hand.melds.values()):
        return NO_MELDS  # most hands: what compare_best_melds(None, None) says
    a, b = (best_meld(hand.melds[team], hand.mode) for team in TEAMS)
    outcome = compare_best_melds(a, b)
    if outcome is not None:
        return outcome
    # Two sequences of equal value: the cards decide, and only the table has seen them.
    assert a is not None and b is not None  # compare_best_melds decides when a team has none
    if hand.best_meld is None:
        raise InvalidHand(
            "best_meld",
            "« best_meld » est requis : les meilleures annonces des deux équipes sont égales "
            f"({a.label} contre {b.label}), la table doit dire laquelle l'emporte.",
        )
    # The reason names no team: the explanation names the winner (by the sheet's names) before it.
    if hand.best_meld is BestMeldCall.NONE:
        return MeldOutcome(None, f"suites égales ({a.label}) : la table ne les départage pas")
    return MeldOutcome(Team(hand.best_meld.value), f"suites égales ({a.label}) : la table a désigné la meilleure")
