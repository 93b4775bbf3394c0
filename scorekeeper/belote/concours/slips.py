"""Whether a table's paper slip says totals a game could end on (issue 32, D15; docs/concours.md,
"A table on paper"), before the organiser's typing becomes the game's result.

Two kinds of wrong. A total no deal could make (off the tens when the rules round every score to
them) is a typing slip: refused, next to its field. Totals a game would not *end* on in the usual
way (in a game to points: nobody reached the target, equal totals, both teams over it) can still
be true (the table stopped at the time limit before the organiser closed the partie; both teams
crossed the target in the last deal): they are taken once the organiser confirms, and the
question names the doubt.
"""

from __future__ import annotations

from scorekeeper.belote.ending import End
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.game import Rules
from scorekeeper.belote.house_rules import Counting
from scorekeeper.belote.terms import Rounding

# Every deal scores in tens under these roundings (card points rounded; the contract, the melds,
# the belote and the capot are tens), and under "points annoncés" (the contract alone) whatever
# the rounding; "sans arrondi" and "aucun" count the card points as they fell.
TENS_ROUNDINGS = (Rounding.NEAREST, Rounding.COMPLEMENT)


class SlipDoubt(InvalidInput):
    """Totals a game rarely ends on: refused until the organiser confirms them (`doubt` says why)."""

    def __init__(self, doubt: str):
        super().__init__("confirm", f'{doubt} Si la feuille dit bien cela, renvoyez-la avec « "confirm": true ».')
        self.doubt = doubt


def scores_in_tens(rules: Rules) -> bool:
    return rules.rounding in TENS_ROUNDINGS or rules.house.scoring is Counting.POINTS_ANNONCES


def slip_doubt(totals: dict[str, int], end: End, stopped: bool) -> str | None:
    """Why a game would not have ended on these totals, in French, or None. A game in deals ends
    on any totals (equal ones are a draw); so does a game the organiser stopped, as long as both
    teams are not past the target, where the game would have ended at the first one's deal."""
    target = end.points
    if target is None:
        return None
    a, b = totals["A"], totals["B"]
    if min(a, b) >= target and a != b:
        return (
            f"Avec {a} à {b}, les deux équipes ont dépassé {target} : cela n'arrive que si elles l'ont "
            "franchi à la même donne, la dernière."
        )
    if stopped:
        return None
    if a == b:
        return (
            f"Avec {a} à {b}, les équipes sont à égalité : une partie en {target} continue jusqu'à ce "
            "qu'une équipe en ait plus que l'autre, à moins que l'organisateur ne l'arrête."
        )
    if max(a, b) < target:
        return (
            f"Avec {a} à {b}, aucune équipe n'a atteint {target} : la partie n'était pas finie, à moins "
            "que la table ne se soit arrêtée avant (à la limite de temps)."
        )
    return None


def check_slip(totals: dict[str, int], end: End, rules: Rules, stopped: bool, confirmed: bool) -> None:
    """Refuse totals no deal could make (`InvalidInput` on the field), then ask for a confirmation of
    totals a game rarely ends on (`SlipDoubt`) unless `confirmed`. `stopped`: the organiser stopped
    the game's partie, and the game ended at its totals wherever they were."""
    if scores_in_tens(rules):
        for team in ("A", "B"):
            if totals[team] % 10:
                raise InvalidInput(
                    f"totals.{team}",
                    f"« totals.{team} » : {totals[team]} n'est pas un multiple de 10, et chaque donne de ce "
                    "concours compte en dizaines (son arrondi) : relisez la feuille.",
                )
    doubt = slip_doubt(totals, end, stopped)
    if doubt is not None and not confirmed:
        raise SlipDoubt(doubt)
