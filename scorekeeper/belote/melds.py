"""What one player's cards declare, and whose melds count (docs/scoring.md, "Melds").

Pure Python, no Flask. A card serves in one meld at most and a run is never split, so a hand
with a carré that shares a card with a run declares whichever combination is worth more: with
at most two carrés in eight cards, every choice is tried.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from scorekeeper.belote.best_meld import BestMeld, compare_best_melds
from scorekeeper.belote.cards import RANK_ORDER, TRUMP_SUITS, Card, Rank, Suit, sorted_cards, trump_suit
from scorekeeper.belote.terms import CARRE_RANK_ORDER, MELD_VALUES, Meld, Mode, Team

CARRE_RANKS = tuple(rank for rank in Rank if f"carre_{rank.value}" in MELD_VALUES)  # no 7s, no 8s
TOP_CARD_WORDS = {"9": "au 9", "10": "au 10", "J": "au valet", "Q": "à la dame", "K": "au roi", "A": "à l'as"}


@dataclass(frozen=True)
class FoundMeld:
    code: Meld
    cards: tuple[Card, ...]
    value: int

    @property
    def top(self) -> Card:
        """A sequence's highest card (its cards are in sequence order)."""
        return self.cards[-1]

    @property
    def name(self) -> str:
        """`tierce à la dame`, `carré de valets`: the meld without its suit."""
        if self.code.is_carre:
            return self.code.label
        return f"{self.code.label} {TOP_CARD_WORDS[self.top.rank.value]}"

    @property
    def label(self) -> str:
        """`tierce à la dame ♥`, `carré de valets`."""
        return self.name if self.code.is_carre else f"{self.name} {self.top.suit.symbol}"


def sequence_meld(run: Sequence[Card], mode: Mode) -> FoundMeld:
    code = Meld.TIERCE if len(run) == 3 else Meld.CINQUANTE if len(run) == 4 else Meld.CENT
    return FoundMeld(code, tuple(run), code.points(mode))


def carre_meld(rank: Rank, mode: Mode) -> FoundMeld:
    code = Meld(f"carre_{rank.value}")
    return FoundMeld(code, tuple(Card(rank, suit) for suit in Suit), code.points(mode))


def runs(cards: Iterable[Card], mode: Mode) -> list[FoundMeld]:
    """Every run of three cards or more, each one meld however long (a run of 6 to 8 is one cent)."""
    found = []
    by_suit: dict[Suit, list[Card]] = {}
    for card in sorted_cards(cards):
        by_suit.setdefault(card.suit, []).append(card)
    for suit_cards in by_suit.values():
        run: list[Card] = []
        for card in suit_cards:
            if run and RANK_ORDER[card.rank] != RANK_ORDER[run[-1].rank] + 1:
                if len(run) >= 3:
                    found.append(sequence_meld(run, mode))
                run = []
            run.append(card)
        if len(run) >= 3:
            found.append(sequence_meld(run, mode))
    return found


def strength(meld: FoundMeld, mode: Mode) -> tuple[int, bool, int, int, bool]:
    """How melds compare: value, then a carré over a sequence, then the carré's rank, then a
    sequence's top card, then a sequence in trump."""
    if meld.code.is_carre:
        return meld.value, True, CARRE_RANK_ORDER[meld.code], 0, False
    return meld.value, False, 0, RANK_ORDER[meld.top.rank], meld.top.suit is trump_suit(mode)


def find_melds(cards: Iterable[Card], mode: Mode) -> list[FoundMeld]:
    """The best declaration of one player's cards, strongest meld first."""
    hand = set(cards)
    carres = [rank for rank in CARRE_RANKS if all(Card(rank, suit) in hand for suit in Suit)]
    best: list[FoundMeld] = []
    best_key: tuple = (-1,)
    for size in range(len(carres), -1, -1):
        for chosen in combinations(carres, size):
            declared = [carre_meld(rank, mode) for rank in chosen]
            used = {card for meld in declared for card in meld.cards}
            declared += runs(hand - used, mode)
            declared.sort(key=lambda meld: strength(meld, mode), reverse=True)
            key = (sum(meld.value for meld in declared), [strength(meld, mode) for meld in declared])
            if key > best_key:
                best, best_key = declared, key
    return best


def belotes(cards: Iterable[Card], mode: Mode) -> int:
    """King and queen of trump held together: the trump suit in a suit mode, any suit in tout
    atout (one belote per suit), never in sans atout."""
    if mode is Mode.NO_TRUMP:
        return 0
    hand = set(cards)
    suits = list(Suit) if mode is Mode.ALL_TRUMP else [TRUMP_SUITS[mode]]
    return sum(1 for suit in suits if Card(Rank.KING, suit) in hand and Card(Rank.QUEEN, suit) in hand)


def compare_hands(melds_a: Sequence[FoundMeld], melds_b: Sequence[FoundMeld], mode: Mode) -> tuple[Team | None, str]:
    """Which team scores its melds, and why in French: the strongest single meld wins."""
    best = {
        team: max(melds, key=lambda meld: strength(meld, mode)) if melds else None
        for team, melds in ((Team.A, melds_a), (Team.B, melds_b))
    }
    outcome = compare_best_melds(
        *(
            BestMeld(meld.value, meld.code if meld.code.is_carre else None, meld.label) if meld else None
            for meld in best.values()
        )
    )
    if outcome is not None:
        return outcome.winner, outcome.reason
    a, b = best[Team.A], best[Team.B]  # two sequences of equal value: the cards decide
    assert a is not None and b is not None  # compare_best_melds decides when a team has none
    tied = {Team.A: a, Team.B: b}
    if a.top.rank is not b.top.rank:
        winner = Team.A if RANK_ORDER[a.top.rank] > RANK_ORDER[b.top.rank] else Team.B
        return winner, (
            f"suites de même valeur ({a.value}) : la plus haute carte l'emporte, "
            f"{tied[winner].label} contre {tied[winner.other].label}"
        )
    trump = trump_suit(mode)
    if trump is not None and (a.top.suit is trump) != (b.top.suit is trump):
        winner = Team.A if a.top.suit is trump else Team.B
        return winner, (
            f"suites égales ({a.code.label} {TOP_CARD_WORDS[a.top.rank.value]}) : "
            f"celle à l'atout ({trump.symbol} {trump.french}) l'emporte"
        )
    return None, (
        f"suites égales ({a.code.label} {TOP_CARD_WORDS[a.top.rank.value]}) : personne ne marque ses annonces"
    )
