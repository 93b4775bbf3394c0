"""The game's vocabulary and fixed values: teams, modes, coinche levels, melds, contracts, card points.

Shared by the scoring engine, the card tools and the forms, so that a value such as the carré
d'As's 200 in sans atout is written in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class InvalidInput(ValueError):
    """Input that is refused; `message` is a French sentence naming `field`."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


class InvalidHand(InvalidInput):
    """A hand that cannot be scored (it cannot have happened at a table, or says too little)."""


class Team(StrEnum):
    A = "A"
    B = "B"

    @property
    def other(self) -> Team:
        return Team.B if self is Team.A else Team.A


TEAMS = (Team.A, Team.B)


class Mode(StrEnum):
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    NO_TRUMP = "no_trump"
    ALL_TRUMP = "all_trump"

    @property
    def is_suit(self) -> bool:
        return self not in (Mode.NO_TRUMP, Mode.ALL_TRUMP)

    @property
    def max_belotes(self) -> int:
        """Belotes the whole table can hold: one in a suit mode, one per suit in tout atout."""
        return 0 if self is Mode.NO_TRUMP else 4 if self is Mode.ALL_TRUMP else 1

    @property
    def label(self) -> str:
        return MODE_LABELS[self]


MODE_LABELS = {
    Mode.SPADES: "♠ pique",
    Mode.HEARTS: "♥ cœur",
    Mode.DIAMONDS: "♦ carreau",
    Mode.CLUBS: "♣ trèfle",
    Mode.NO_TRUMP: "sans atout",
    Mode.ALL_TRUMP: "tout atout",
}


class Coinche(StrEnum):
    NONE = "none"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"

    @property
    def multiplier(self) -> int:
        return COINCHE_MULTIPLIERS[self]


COINCHE_MULTIPLIERS = {Coinche.NONE: 1, Coinche.COINCHE: 2, Coinche.SURCOINCHE: 4}


class Rounding(StrEnum):
    NEAREST = "nearest"
    COMPLEMENT = "complement"
    NONE = "none"


class BestMeldCall(StrEnum):
    """The table's word when the two teams' best melds are equal sequences."""

    A = "A"
    B = "B"
    NONE = "none"


class Meld(StrEnum):
    TIERCE = "tierce"
    CINQUANTE = "cinquante"
    CENT = "cent"
    CARRE_J = "carre_J"
    CARRE_9 = "carre_9"
    CARRE_A = "carre_A"
    CARRE_10 = "carre_10"
    CARRE_K = "carre_K"
    CARRE_Q = "carre_Q"

    @property
    def is_carre(self) -> bool:
        return self.value.startswith("carre_")

    def points(self, mode: Mode) -> int:
        if self is Meld.CARRE_A and mode is Mode.NO_TRUMP:
            return 200  # the rules text's one exception
        return MELD_VALUES[self]

    @property
    def label(self) -> str:
        return MELD_LABELS[self]


MELD_VALUES = {
    Meld.TIERCE: 20,
    Meld.CINQUANTE: 50,
    Meld.CENT: 100,
    Meld.CARRE_J: 200,
    Meld.CARRE_9: 150,
    Meld.CARRE_A: 100,
    Meld.CARRE_10: 100,
    Meld.CARRE_K: 100,
    Meld.CARRE_Q: 100,
}

MELD_LABELS = {
    Meld.TIERCE: "tierce",
    Meld.CINQUANTE: "cinquante",
    Meld.CENT: "cent",
    Meld.CARRE_J: "carré de valets",
    Meld.CARRE_9: "carré de 9",
    Meld.CARRE_A: "carré d'as",
    Meld.CARRE_10: "carré de 10",
    Meld.CARRE_K: "carré de rois",
    Meld.CARRE_Q: "carré de dames",
}

# Of two carrés of equal value, the higher rank wins: A, 10, K, Q, J, 9 from high to low.
CARRE_RANK_ORDER = {
    Meld.CARRE_A: 6,
    Meld.CARRE_10: 5,
    Meld.CARRE_K: 4,
    Meld.CARRE_Q: 3,
    Meld.CARRE_J: 2,
    Meld.CARRE_9: 1,
}

MAX_MELDS_PER_TEAM = 4  # two players, at most two melds each in eight cards


class ContractKind(StrEnum):
    POINTS = "points"
    CAPOT = "capot"
    GENERALE = "generale"


CONTRACT_VALUES = tuple(range(80, 161, 10))
CAPOT_VALUE = 250
GENERALE_VALUE = 800
CARD_POINTS_TOTAL = 162
FAILED_CONTRACT_BONUS = 160


@dataclass(frozen=True)
class Contract:
    kind: ContractKind
    value: int

    @classmethod
    def points(cls, value: int) -> Contract:
        return cls(ContractKind.POINTS, value)

    @property
    def code(self) -> int | str:
        """The contract as the JSON service writes it: 80..160, "capot" or "generale"."""
        return self.value if self.kind is ContractKind.POINTS else self.kind.value

    @property
    def label(self) -> str:
        if self.kind is ContractKind.CAPOT:
            return "capot"
        if self.kind is ContractKind.GENERALE:
            return "générale"
        return str(self.value)


CAPOT = Contract(ContractKind.CAPOT, CAPOT_VALUE)
GENERALE = Contract(ContractKind.GENERALE, GENERALE_VALUE)


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


# Card points (SCORING.md, "Card points"): trump in a suit mode, the other suits in a suit mode,
# every suit in sans atout, every suit in tout atout. Each table adds up to its suit's total.
TRUMP_CARD_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_CARD_POINTS = {"J": 2, "9": 0, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
NO_TRUMP_CARD_POINTS = {"J": 2, "9": 0, "A": 19, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
ALL_TRUMP_CARD_POINTS = {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0}
LAST_TRICK_BONUS = 10  # dix de der


def card_points_table(mode: Mode, suit_is_trump: bool) -> dict[str, int]:
    """Points of each rank of one suit in `mode`; `suit_is_trump` matters in a suit mode only."""
    if mode is Mode.NO_TRUMP:
        return NO_TRUMP_CARD_POINTS
    if mode is Mode.ALL_TRUMP:
        return ALL_TRUMP_CARD_POINTS
    return TRUMP_CARD_POINTS if suit_is_trump else PLAIN_CARD_POINTS
