"""The game's words and numbers (`belote.terms`) for the templates and the pages' scripts.

The templates read `terms` itself (`terms.CARD_POINTS_TOTAL`, `terms.REDEAL_REASONS`) and a few
filters that turn a stored code into its words (`"spades"|mode_symbol` → ♠). A script cannot
import Python, and the pages' Content-Security-Policy runs no inline script: a page whose script
needs the rules renders `script_vocabulary()` as JSON in a data attribute, which the script reads
(the deal form: `data-vocabulary`).
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from scorekeeper.belote import terms
from scorekeeper.belote.terms import (
    CARD_POINTS_TOTAL,
    CONTRACT_TITLES,
    MELD_SHORT_LABELS,
    SEATS,
    Coinche,
    Mode,
    team_of_player,
    team_players,
)


def mode_symbol(mode: str) -> str:
    """'spades' → '♠', 'no_trump' → 'SA'."""
    return Mode(mode).symbol


def contract_title(code: int | str) -> str:
    """A contract as stored (100, "capot") → '100', 'Capot'."""
    return CONTRACT_TITLES[str(code)]


def coinche_badge(coinche: str | None) -> str:
    """'coinche' → '×2'; '' for a contract that was not coinched (or a hand stored without one)."""
    return Coinche(coinche or Coinche.NONE).badge


def script_vocabulary() -> dict[str, Any]:
    """What static/deal_form.js would otherwise write again: the meld buttons' words, the belotes
    each mode allows, each seat's team and the card points of a deal."""
    return {
        "meld_short_labels": {meld.value: label for meld, label in MELD_SHORT_LABELS.items()},
        "max_belotes": {mode.value: mode.max_belotes for mode in Mode},
        "seat_teams": [team_of_player(seat).value for seat in range(SEATS)],
        "card_points_total": CARD_POINTS_TOTAL,
    }


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(terms=terms, script_vocabulary=script_vocabulary)
    app.jinja_env.filters.update(
        mode_symbol=mode_symbol,
        contract_title=contract_title,
        coinche_badge=coinche_badge,
        team_players=team_players,
    )
