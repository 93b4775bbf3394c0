"""The 32 cards: what a card is, how it is written, what it is worth in the tricks (docs/scoring.md).

Pure Python, no Flask. A card is written rank then suit, `10H`, `JS`, `AC`, `7D`; the pages show
it with French rank letters (V, D, R) and the suit's symbol. The melds a hand declares are in
`melds`. The card points of each rank are here; the other values of the game are `terms`'s.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.terms import LAST_TRICK_BONUS, Mode


class Rank(StrEnum):
    """Card ranks in sequence order, 7 8 9 10 J Q K A (the order of tierces and cents)."""

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"


# Card points (docs/scoring.md, "Card points"): trump in a suit mode, the other suits in a suit mode,
# every suit in sans atout, every suit in tout atout. Each table adds up to its suit's total.
TRUMP_CARD_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_CARD_POINTS = {"J": 2, "9": 0, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
NO_TRUMP_CARD_POINTS = {"J": 2, "9": 0, "A": 19, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
ALL_TRUMP_CARD_POINTS = {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0}


def card_points_table(mode: Mode, suit_is_trump: bool) -> dict[str, int]:
    """Points of each rank of one suit in `mode`; `suit_is_trump` matters in a suit mode only."""
    if mode is Mode.NO_TRUMP:
        return NO_TRUMP_CARD_POINTS
    if mode is Mode.ALL_TRUMP:
        return ALL_TRUMP_CARD_POINTS
    return TRUMP_CARD_POINTS if suit_is_trump else PLAIN_CARD_POINTS


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


TRUMP_SUITS = {Mode.SPADES: Suit.SPADES, Mode.HEARTS: Suit.HEARTS, Mode.DIAMONDS: Suit.DIAMONDS, Mode.CLUBS: Suit.CLUBS}
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
        raise InvalidHand(field, f'« {field} » doit être une liste de cartes, par exemple ["10H", "JS"].')
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
