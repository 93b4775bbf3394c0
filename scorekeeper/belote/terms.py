"""The game's vocabulary and fixed values: teams and seats, modes, coinche levels, melds, contracts,
redeals, and every French word the pages, exports and scripts show for them.

Everything else reads them from here, so that a value such as the carré d'As's 200 in sans atout,
or the label "Carré V", is written in one place.

What the scoring engine reads of a member on every hand (a team's `other`, a coinche's `multiplier`,
a meld's `is_carre`) is a plain attribute of the member, set once under its class, not a property:
Python 3.11 runs an enum's property, and finds `Team.A` on its class, through slow hooks (about five
times the cost of an attribute), and these add up to a third of a hand's time (bench/score_engine.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class Team(StrEnum):
    A = "A"
    B = "B"

    other: Team  # the other team


TEAMS = (Team.A, Team.B)
Team.A.other, Team.B.other = Team.B, Team.A
SEATS = 4
DEFAULT_TEAMS = {"A": "Nous", "B": "Eux"}


def team_of_player(player: int) -> Team:
    """Seating order, in the direction of play: players 0 and 2 are team A, 1 and 3 team B."""
    return Team.A if player % 2 == 0 else Team.B


def players_of(team: Team) -> tuple[int, ...]:
    """A team's players by seat, in the order of play: (0, 2) for A, (1, 3) for B."""
    return tuple(player for player in range(SEATS) if team_of_player(player) is team)


def team_players(players: Sequence[str]) -> dict[str, str]:
    """Each team's two players as the pages name the pair, 'Ana & Chloé', by team code."""
    return {team.value: " & ".join(players[player] for player in players_of(team)) for team in TEAMS}


# The two sides of a deal, as the deal form names whose points were counted (and the card
# counter, whose pile the deal form sends it).
SIDES = {"takers": "Preneurs", "defense": "Défense"}


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

    max_belotes: int  # belotes the whole table can hold: one in a suit mode, one per suit in tout atout

    @property
    def label(self) -> str:
        """'♠ pique', 'sans atout': in sentences."""
        return MODE_LABELS[self]

    @property
    def symbol(self) -> str:
        """'♠', 'SA': on buttons and in the sheet's rows."""
        return MODE_SYMBOLS[self]

    @property
    def word(self) -> str:
        """'pique', 'sans atout': in exports."""
        return MODE_WORDS[self]


MODE_SYMBOLS = {
    Mode.SPADES: "♠",
    Mode.HEARTS: "♥",
    Mode.DIAMONDS: "♦",
    Mode.CLUBS: "♣",
    Mode.NO_TRUMP: "SA",
    Mode.ALL_TRUMP: "TA",
}
MODE_WORDS = {
    Mode.SPADES: "pique",
    Mode.HEARTS: "cœur",
    Mode.DIAMONDS: "carreau",
    Mode.CLUBS: "trèfle",
    Mode.NO_TRUMP: "sans atout",
    Mode.ALL_TRUMP: "tout atout",
}
MODE_LABELS = {mode: f"{MODE_SYMBOLS[mode]} {MODE_WORDS[mode]}" if mode.is_suit else MODE_WORDS[mode] for mode in Mode}
for _mode in Mode:
    _mode.max_belotes = 0 if _mode is Mode.NO_TRUMP else 4 if _mode is Mode.ALL_TRUMP else 1
MAX_BELOTES = max(mode.max_belotes for mode in Mode)  # tout atout's four: what a belote field takes


class Coinche(StrEnum):
    NONE = "none"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"

    multiplier: int  # 1, 2, 4
    participle: str  # 'coinché', 'surcoinché' (masculine: a contract); '' when not coinched

    @property
    def label(self) -> str:
        """'Coinche ×2': the deal form's choice."""
        return COINCHE_LABELS[self]

    @property
    def badge(self) -> str:
        """'×2' beside a coinched contract; '' when not coinched."""
        return f"×{self.multiplier}" if self is not Coinche.NONE else ""


COINCHE_MULTIPLIERS = {Coinche.NONE: 1, Coinche.COINCHE: 2, Coinche.SURCOINCHE: 4}
COINCHE_LABELS = {Coinche.NONE: "Non", Coinche.COINCHE: "Coinche ×2", Coinche.SURCOINCHE: "Surcoinche ×4"}
COINCHE_PARTICIPLES = {Coinche.COINCHE: "coinché", Coinche.SURCOINCHE: "surcoinché"}
for _coinche in Coinche:
    _coinche.multiplier, _coinche.participle = COINCHE_MULTIPLIERS[_coinche], COINCHE_PARTICIPLES.get(_coinche, "")


class Rounding(StrEnum):
    NEAREST = "nearest"
    COMPLEMENT = "complement"
    NONE = "none"
    RAW = "raw"  # exact points, and 162 (not 160) for all of them: docs/house-rules.md

    @property
    def label(self) -> str:
        return ROUNDING_LABELS[self]


ROUNDING_LABELS = {
    Rounding.NEAREST: "À la dizaine la plus proche",
    Rounding.COMPLEMENT: "Preneurs arrondis, défense en complément à 160",
    Rounding.NONE: "Sans arrondi, chute à 160",
    Rounding.RAW: "Aucun, chute à 162",
}


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

    is_carre: bool

    def points(self, mode: Mode) -> int:
        return MELD_POINTS[mode][self]

    @property
    def label(self) -> str:
        """'carré de valets': in sentences."""
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
# What each meld is worth in each mode: MELD_VALUES, but for the rules text's one exception (a carré d'as
# is 200 in sans atout).
MELD_POINTS = {
    mode: {meld: 200 if (meld, mode) == (Meld.CARRE_A, Mode.NO_TRUMP) else value for meld, value in MELD_VALUES.items()}
    for mode in Mode
}
for _meld in Meld:
    _meld.is_carre = _meld.value.startswith("carre_")

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

MELD_SHORT_LABELS = {
    Meld.TIERCE: "Tierce",
    Meld.CINQUANTE: "Cinquante",
    Meld.CENT: "Cent",
    Meld.CARRE_J: "Carré V",
    Meld.CARRE_9: "Carré 9",
    Meld.CARRE_A: "Carré A",
    Meld.CARRE_10: "Carré 10",
    Meld.CARRE_K: "Carré R",
    Meld.CARRE_Q: "Carré D",
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

# What a deal of 32 cards allows (hand.check_hand refuses declarations no deal gives): 8 cards a
# player, 8 cards a suit, and the fewest cards each meld takes (a cent holds 5 to 8; a carré takes
# its rank's four cards, one in each suit).
CARDS_PER_PLAYER = 8
CARDS_PER_SUIT = 8
SUIT_COUNT = 4  # ♠ ♥ ♦ ♣
MELD_CARDS = {Meld.TIERCE: 3, Meld.CINQUANTE: 4, Meld.CENT: 5} | {meld: 4 for meld in Meld if meld.is_carre}
# A carré's rank in the sequence order 7 8 9 10 J Q K A (0 for the 7): no run can cross it.
CARRE_POSITIONS = {
    Meld.CARRE_9: 2,
    Meld.CARRE_10: 3,
    Meld.CARRE_J: 4,
    Meld.CARRE_Q: 5,
    Meld.CARRE_K: 6,
    Meld.CARRE_A: 7,
}
# A carré's rank in a refusal: one of its cards, then all four.
CARRE_CARD_WORDS = {
    Meld.CARRE_9: ("un 9", "les quatre 9"),
    Meld.CARRE_10: ("un 10", "les quatre 10"),
    Meld.CARRE_J: ("un valet", "les quatre valets"),
    Meld.CARRE_Q: ("une dame", "les quatre dames"),
    Meld.CARRE_K: ("un roi", "les quatre rois"),
    Meld.CARRE_A: ("un as", "les quatre as"),
}
# A sequence in a refusal: "un cent", "tout cent".
SEQUENCE_WORDS = {
    Meld.TIERCE: ("une tierce", "toute tierce"),
    Meld.CINQUANTE: ("une cinquante", "toute cinquante"),
    Meld.CENT: ("un cent", "tout cent"),
}
# The carrés that hold the belote's cards (the king and the queen of trump).
BELOTE_CARRES = (Meld.CARRE_K, Meld.CARRE_Q)


class ContractKind(StrEnum):
    POINTS = "points"
    CAPOT = "capot"
    GENERALE = "generale"


CONTRACT_VALUES = tuple(range(80, 161, 10))
CAPOT_VALUE = 250
GENERALE_VALUE = 800
CARD_POINTS_TOTAL = 162
FAILED_CONTRACT_BONUS = 160
CAPOT_BONUS = CAPOT_VALUE - FAILED_CONTRACT_BONUS  # a capot's 250 is all the points (160) and 90 more
FLAT_CAPOT_VALUE = 500  # an announced capot's value, made or failed, with the house rule `announced_capot: flat`
BELOTE_POINTS = 20  # each belote (king and queen of trump) held


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
        """'100', 'capot', 'générale': in sentences."""
        return CONTRACT_WORDS.get(self.kind) or str(self.value)

    @property
    def title(self) -> str:
        """'100', 'Capot', 'Générale': on buttons, in lists and at the start of a line."""
        return self.label[:1].upper() + self.label[1:]


CONTRACT_WORDS = {ContractKind.CAPOT: "capot", ContractKind.GENERALE: "générale"}  # the contracts that are words
CAPOT = Contract(ContractKind.CAPOT, CAPOT_VALUE)
GENERALE = Contract(ContractKind.GENERALE, GENERALE_VALUE)
CONTRACTS = (*(Contract.points(value) for value in CONTRACT_VALUES), CAPOT, GENERALE)
CONTRACT_TITLES = {str(contract.code): contract.title for contract in CONTRACTS}  # by the code as text


# --- a game's redeals (its end: belote/ending.py) ---------------------------------------------

# Why a deal was dealt again: everyone passed, or a Salon option the game plays (SALON_OPTIONS).
REDEAL_REASONS = {"all_pass": "Tout le monde passe", "misere": "Misère", "carre_de_sept": "Carré de 7"}
SALON_OPTIONS = {  # the redeals a game may play, as the new-game form offers them
    "misere": "Misère (moins de 10 points en main : on redonne)",
    "carre_de_sept": "Carré de 7 (les quatre 7 en main : on redonne)",
}

LAST_TRICK_BONUS = 10  # dix de der: the last trick's 10 points, part of the 162
