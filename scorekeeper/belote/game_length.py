"""How long a game can be: it ends at the deal that wins it, or for a game in M deals at its M-th
scored hand, won or drawn (the table enters no deal after its end, « La partie est finie »), and it
holds at most `MAX_DEALS` deals.

One rule for every write that could break it: the importer refuses a game that goes on after its
end or past the cap (`import_refusal`), the corrections (an edit, a delete, an undo) refuse to leave
a game won before its last deal (`early_win`, `EarlyWin`), and a new deal is refused past the cap.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.belote.ending import outcome_of
from scorekeeper.belote.sheet import Sheet

# Redeals included: each is a row of the sheet, and the sheet's size is what the cap bounds (a
# real evening's game is 10 to 40 deals; 20,000 made a 17 MB sheet).
MAX_DEALS = 500


def too_many_deals(count: int) -> str:
    """Why a game of `count` deals (over `MAX_DEALS`) is refused, in French."""
    return f"une partie compte au plus {MAX_DEALS} donnes (redonnes comprises), celle-ci en a {count}"


@dataclass(frozen=True)
class EarlyWin:
    """A game over at deal `number`, before the sheet's last deal (`deals` of them): won by a team, or
    for a game in deals drawn (`winner` None)."""

    winner: str | None  # "A", "B", or None: a draw
    number: int
    totals: dict[str, int]
    deals: int

    @property
    def later(self) -> list[int]:
        """The numbers of the deals after the win, which could not have been played."""
        return list(range(self.number + 1, self.deals + 1))

    def later_words(self) -> str:
        """« la donne 3 », « les donnes 2 et 3 », « les donnes 2 à 9 »."""
        first, last = self.number + 1, self.deals
        if first == last:
            return f"la donne {first}"
        joined = " et " if last == first + 1 else " à "
        return f"les donnes {first}{joined}{last}"

    def ending(self, sheet: Sheet) -> str:
        """« Nous gagne à la donne 1, 1600 à 0 », « la partie se termine sur une égalité à la donne 12,
        1230 à 1230 », the teams named as the sheet shows them."""
        if self.winner is None:
            return (
                f"la partie se termine sur une égalité à la donne {self.number}, "
                f"{self.totals['A']} à {self.totals['B']}"
            )
        loser = "B" if self.winner == "A" else "A"
        return (
            f"{sheet.game.team_name(self.winner)} gagne à la donne {self.number}, "
            f"{self.totals[self.winner]} à {self.totals[loser]}"
        )

    def sentence(self, sheet: Sheet, correction: str = "cette correction") -> str:
        """« Avec cette correction, Nous gagne à la donne 1, 1600 à 0 : les donnes 2 et 3 n'auraient
        pas été jouées. »"""
        verb = "n'aurait pas été jouée" if len(self.later) == 1 else "n'auraient pas été jouées"
        return f"Avec {correction}, {self.ending(sheet)} : {self.later_words()} {verb}."

    def offer(self) -> str:
        """The button that applies the correction and removes the later deals in one action."""
        return f"Appliquer et retirer {self.later_words()}"


def early_win(sheet: Sheet) -> EarlyWin | None:
    """The first deal before the last at which the game is over (`outcome_of`: a team has won, or a
    game in deals has had its hands), or None. An organiser's stop is no end of this kind: it stops
    the game where it stands, after its last deal."""
    hands = 0
    for deal in sheet.deals[:-1]:
        hands += deal.is_hand
        outcome = outcome_of(deal.totals, hands, sheet.game.end)
        if outcome.finished:
            return EarlyWin(outcome.winner, deal.number, dict(deal.totals), len(sheet.deals))
    return None


def import_refusal(sheet: Sheet) -> str | None:
    """Why a game read from an archive cannot be imported, in French: more deals than a game holds,
    or deals after the one that ended it; None when it can."""
    if len(sheet.deals) > MAX_DEALS:
        return too_many_deals(len(sheet.deals)) + ". Partie non importée."
    won = early_win(sheet)
    if won is None:
        return None
    if won.winner is None:
        return (
            f"la partie se termine sur une égalité à la donne {won.number} ({won.totals['A']} à "
            f"{won.totals['B']}), mais le fichier contient encore {len(won.later)} donne(s) après : une "
            "partie finie ne prend plus de donne. Partie non importée."
        )
    return (
        f"la partie est gagnée par {sheet.game.team_name(won.winner)} à la donne {won.number} "
        f"({won.totals['A']} à {won.totals['B']}), mais le fichier contient encore {len(won.later)} donne(s) "
        "après : une partie gagnée ne prend plus de donne. Partie non importée."
    )
