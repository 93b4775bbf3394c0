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
from markupsafe import Markup, escape

from scorekeeper.belote import terms
from scorekeeper.belote.cards import (
    DECK,
    HAND_SIZE,
    RANK_LETTERS,
    RANK_NAMES,
    TRUMP_SUITS,
    Card,
    Rank,
    Suit,
    card_points,
)
from scorekeeper.belote.chances import chances_line, percent, why_words
from scorekeeper.belote.concours.melee import named_by_players
from scorekeeper.belote.ending import deals_line, result_words
from scorekeeper.belote.game import Game
from scorekeeper.belote.game import rules_line as rules_words
from scorekeeper.belote.house_rules import OPTIONS, all_points
from scorekeeper.belote.melds import CARRE_RANKS, TOP_CARD_WORDS, belotes, carre_meld, sequence_meld
from scorekeeper.belote.terms import (
    BELOTE_POINTS,
    CAPOT,
    CAPOT_BONUS,
    CARD_POINTS_TOTAL,
    CARDS_PER_PLAYER,
    CARRE_RANK_ORDER,
    COINCHE_MULTIPLIERS,
    COINCHE_PARTICIPLES,
    CONTRACT_TITLES,
    CONTRACT_VALUES,
    FAILED_CONTRACT_BONUS,
    FLAT_CAPOT_VALUE,
    GENERALE,
    LAST_TRICK_BONUS,
    MAX_MELDS_PER_TEAM,
    MELD_LABELS,
    MELD_SHORT_LABELS,
    MELD_VALUES,
    REDEAL_REASONS,
    SEATS,
    TEAMS,
    BestMeldCall,
    Coinche,
    Meld,
    Mode,
    Rounding,
    team_of_player,
    team_players,
)


def mode_symbol(mode: str) -> str:
    """'spades' → '♠', 'no_trump' → 'SA'."""
    return Mode(mode).symbol


def mode_word(mode: str) -> str:
    """'spades' → 'pique', 'no_trump' → 'sans atout': what a screen reader says for ♠ or SA."""
    return Mode(mode).word


def coinche_word(coinche: str | None) -> str:
    """'coinche' → 'coinché'; '' for a contract that was not coinched."""
    return Coinche(coinche or Coinche.NONE).participle


def contract_title(code: int | str) -> str:
    """A contract as stored (100, "capot") → '100', 'Capot'."""
    return CONTRACT_TITLES[str(code)]


def coinche_badge(coinche: str | None) -> str:
    """'coinche' → '×2'; '' for a contract that was not coinched (or a hand stored without one)."""
    return Coinche(coinche or Coinche.NONE).badge


def rules_line(game: Game, brief: bool = False) -> Markup:
    """The game's rules in one line (`belote.game.rules_line`), its no-break space written `&nbsp;`
    as the pages always wrote it."""
    return Markup(str(escape(rules_words(game, brief=brief))).replace("\u00a0", "&nbsp;"))


def script_vocabulary() -> dict[str, Any]:
    """What the pages' scripts would otherwise write again: for static/deal_form.js the meld
    buttons' words, the belotes each mode allows, each seat's team and the card points of a deal;
    for static/engine.js (the scoring engine ported from belote/, tests/test_engine_differential.py)
    every other number and word a hand is scored with. What has an order (the choices a refusal
    lists) is a list: the page's JSON (`tojson`) sorts objects' keys."""
    return {
        "meld_short_labels": {meld.value: label for meld, label in MELD_SHORT_LABELS.items()},
        "max_belotes": {mode.value: mode.max_belotes for mode in Mode},
        "seat_teams": [team_of_player(seat).value for seat in range(SEATS)],
        "card_points_total": CARD_POINTS_TOTAL,
        "teams": [team.value for team in TEAMS],
        "modes": [mode.value for mode in Mode],
        "contract_values": list(CONTRACT_VALUES),
        "other_contracts": {c.kind.value: {"value": c.value, "label": c.label} for c in (CAPOT, GENERALE)},
        "coinches": [coinche.value for coinche in Coinche],
        "coinche_multipliers": {coinche.value: COINCHE_MULTIPLIERS[coinche] for coinche in Coinche},
        "coinche_participles": {coinche.value: word for coinche, word in COINCHE_PARTICIPLES.items()},
        "roundings": [rounding.value for rounding in Rounding],
        "best_meld_calls": [call.value for call in BestMeldCall],
        "melds": [meld.value for meld in Meld],
        "meld_values": {meld.value: MELD_VALUES[meld] for meld in Meld},
        "meld_labels": {meld.value: MELD_LABELS[meld] for meld in Meld},
        # the carré d'as's 200 in sans atout: each mode's values that differ from MELD_VALUES
        "mode_meld_values": {
            mode.value: {meld.value: meld.points(mode) for meld in Meld if meld.points(mode) != MELD_VALUES[meld]}
            for mode in Mode
            if any(meld.points(mode) != MELD_VALUES[meld] for meld in Meld)
        },
        "carre_ranks": {meld.value: rank for meld, rank in CARRE_RANK_ORDER.items()},
        "max_melds": MAX_MELDS_PER_TEAM,
        "failed_contract_bonus": FAILED_CONTRACT_BONUS,
        "belote_points": BELOTE_POINTS,
        # the house rules (docs/house-rules.md): each option's key and JSON values, the default first, as a list
        "house_options": [
            [option.key, [getattr(value, "value", value) for value, _ in option.choices]] for option in OPTIONS
        ],
        "all_points": {rounding.value: all_points(rounding) for rounding in Rounding},  # 162 with `raw`
        "capot_bonus": CAPOT_BONUS,
        "flat_capot_value": FLAT_CAPOT_VALUE,
        "cards_per_player": CARDS_PER_PLAYER,
        # for drawing the sheet's rows on the phone (static/sheet_rows.js), as _deals.html does
        "mode_symbols": {mode.value: mode.symbol for mode in Mode},
        "mode_words": {mode.value: mode.word for mode in Mode},
        "contract_titles": CONTRACT_TITLES,
        "coinche_badges": {coinche.value: coinche.badge for coinche in Coinche},
        "redeal_reasons": REDEAL_REASONS,
        # --- for the card counter and the meld checker in the deal form (static/cards.js, static/disputes.js;
        # tests/test_cards_differential.py): the cards, their points in each mode, the melds they make, in
        # belote/cards.py's and belote/melds.py's orders (suits ♠ ♥ ♦ ♣, ranks 7 to ace)
        "suits": [suit.value for suit in Suit],
        "ranks": [rank.value for rank in Rank],
        "suit_symbols": {suit.value: suit.symbol for suit in Suit},
        "suit_names": {suit.value: suit.french for suit in Suit},
        "suit_colours": {suit.value: suit.colour for suit in Suit},
        "rank_letters": RANK_LETTERS,
        "rank_names": RANK_NAMES,
        "mode_labels": {mode.value: mode.label for mode in Mode},
        # each mode's card points, by suit, in rank order
        "card_points": {
            mode.value: {suit.value: [card_points(Card(rank, suit), mode) for rank in Rank] for suit in Suit}
            for mode in Mode
        },
        "last_trick_bonus": LAST_TRICK_BONUS,
        "trump_suits": {mode.value: suit.value for mode, suit in TRUMP_SUITS.items()},
        # the suits whose king and queen make a belote in each mode
        "belote_suits": {
            mode.value: [suit.value for suit in Suit if belotes((Card(Rank.KING, suit), Card(Rank.QUEEN, suit)), mode)]
            for mode in Mode
        },
        # a run of 3, 4, 5… 8 cards: its meld
        "run_melds": [sequence_meld(DECK[:length], Mode.NO_TRUMP).code.value for length in range(3, HAND_SIZE + 1)],
        "carres": [[rank.value, carre_meld(rank, Mode.NO_TRUMP).code.value] for rank in CARRE_RANKS],  # rank order
        "top_card_words": TOP_CARD_WORDS,
    }


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(
        terms=terms,
        script_vocabulary=script_vocabulary,
        rules_line=rules_line,
        deals_line=deals_line,  # « Donne 7 sur 12 », a game in deals
        result_words=result_words,  # « Partie nulle », « Partie arrêtée par l'organisateur : … »
        named_by_players=named_by_players,  # a mêlée's « Ana et Bruno »: its players not said again
        chances_line=chances_line,  # « Chances : Nous 73 % · Eux 27 % » (docs/chances.md)
        chances_why=why_words,
    )
    app.jinja_env.filters.update(
        mode_symbol=mode_symbol,
        mode_word=mode_word,
        coinche_word=coinche_word,
        contract_title=contract_title,
        coinche_badge=coinche_badge,
        team_players=team_players,
        percent_chance=percent,  # « 73 % », « < 1 % »: a chance to the percent (docs/chances.md)
    )
