"""The 32 cards: what a card is, how it is written, what it is worth in the tricks (SCORING.md).

Pure Python, no Flask. A card is written rank then suit, `10H`, `JS`, `AC`, `7D`; the pages show
it with French rank letters (V, D, R) and the suit's symbol. The melds a hand declares are in
`melds`; the values (card points, meld values) are `terms`'s, never written again here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.terms import LAST_TRICK_BONUS, Mode, Rank, card_points_table


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def french(self) -> str:
        return SUIT_NAMES[self]

    @property
    def colour(self) -> str:
        return "red" if self in (Suit.HEARTS, Suit.DIAMONDS) else "black"


TRUMP_SUITS = {Mode.SPADES: Suit.SPADES, Mode.HEARTS: Suit.HEARTS, Mode.DIAMONDS: Suit.DIAMONDS,
               Mode.CLUBS: Suit.CLUBS}
# A suit is written as the mode it is trump in: ♥, cœur.
SUIT_SYMBOLS = {suit: mode.symbol for mode, suit in TRUMP_SUITS.items()}
SUIT_NAMES = {suit: mode.word for mode, suit in TRUMP_SUITS.items()}

RANK_LETTERS = {"7": "7", "8": "8", "9": "9", "10": "10", "J": "V", "Q": "D", "K": "R", "A": "A"}
RANK_NAMES = {"7": "7", "8": "8", "9": "9", "10": "10", "J": "valet", "Q": "dame", "K": "roi", "A": "as"}
RANK_ORDER = {rank: index for index, rank in enumerate(Rank)}  # 7 8 9 10 J Q K A, for sequences
DECK_SIZE = 32
HAND_SIZE = 8


def trump_suit(mode: Mode) -> Suit | None:
    """The trump suit of a suit mode; None in sans atout and tout atout."""
    return TRUMP_SUITS.get(mode)


@dataclass(frozen=True)
class Card:
    rank: Rank
    suit: Suit

    @property
    def code(self) -> str:
        return self.rank.value + self.suit.value

    @property
    def letter(self) -> str:
        """The French rank letter shown on a card: 7 8 9 10 V D R A."""
        return RANK_LETTERS[self.rank.value]

    @property
    def label(self) -> str:
        """`V♥`: how a card is written in a French sentence."""
        return self.letter + self.suit.symbol

    @property
    def name(self) -> str:
        """`valet de cœur`, for screen readers."""
        return f"{RANK_NAMES[self.rank.value]} de {self.suit.french}"

    @property
    def sort_key(self) -> tuple[int, int]:
        return list(Suit).index(self.suit), RANK_ORDER[self.rank]

    def __str__(self) -> str:
        return self.code


DECK = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
CARDS_BY_CODE = {card.code: card for card in DECK}
CARD_FORMAT = "une carte s'écrit rang puis couleur : 7 8 9 10 J Q K A et S H D C, par exemple 10H ou JS"


def parse_card(code: Any, field: str = "cards") -> Card:
    if isinstance(code, str) and code in CARDS_BY_CODE:
        return CARDS_BY_CODE[code]
    shown = f"« {code} »" if isinstance(code, str) else repr(code)
    raise InvalidHand(field, f"« {field} » : carte inconnue {shown} ({CARD_FORMAT}).")


def parse_cards(codes: Any, field: str = "cards", limit: int = DECK_SIZE) -> tuple[Card, ...]:
    """Cards from their codes, refusing unknown codes, a card twice, more than `limit` cards."""
    if not isinstance(codes, list):
        raise InvalidHand(field, f"« {field} » doit être une liste de cartes, par exemple [\"10H\", \"JS\"].")
    if len(codes) > limit:
        what = "le jeu n'en a que 32" if limit == DECK_SIZE else f"une main en a {limit} au plus"
        raise InvalidHand(field, f"« {field} » : {len(codes)} cartes, {what}.")
    cards: list[Card] = []
    for code in codes:
        card = parse_card(code, field)
        if card in cards:
            raise InvalidHand(field, f"« {field} » : la carte {card.code} ({card.name}) est donnée deux fois.")
        cards.append(card)
    return tuple(cards)


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """By suit (♠ ♥ ♦ ♣), then in sequence order."""
    return sorted(cards, key=lambda card: card.sort_key)


def card_points(card: Card, mode: Mode) -> int:
    return card_points_table(mode, card.suit is trump_suit(mode))[card.rank.value]


def pile_points(cards: Iterable[Card], mode: Mode, last_trick: bool) -> int:
    """A team's card points: its cards' points, plus the dix de der if it took the last trick."""
    return sum(card_points(card, mode) for card in cards) + (LAST_TRICK_BONUS if last_trick else 0)
