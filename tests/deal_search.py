"""A slow, independent search of the deals that give a table's declarations, written from
docs/scoring.md's definition ("Melds") and not from scorekeeper/belote/declarations.py: every meld
is given cards of its own, card by card, to one player of its team (8 cards a player), every
belote's king and queen of trump to one player of its team (who may hold them in a meld too); a
card no declaration needs can go anywhere, so only the needed cards are dealt. The tests check the
app's exact check against it on samples (it is exponential: a few milliseconds to seconds a hand).
"""

from __future__ import annotations

from itertools import product

from scorekeeper.belote.hand import Hand
from scorekeeper.belote.terms import Meld, Team, players_of

SEQUENCE_CARDS = {Meld.TIERCE: 3, Meld.CINQUANTE: 4, Meld.CENT: 5}  # a cent's five cards: the fewest
CARRE_RANK = {
    Meld.CARRE_9: 2,
    Meld.CARRE_10: 3,
    Meld.CARRE_J: 4,
    Meld.CARRE_Q: 5,
    Meld.CARRE_K: 6,
    Meld.CARRE_A: 7,
}  # in the order 7 8 9 10 J Q K A
QUEEN, KING = 5, 6
HAND = 8
TRUMP = 0  # in a suit mode, suit 0 stands for trump: the suits are alike otherwise


def meld_size(meld: Meld) -> int:
    return 4 if meld.is_carre else SEQUENCE_CARDS[meld]


def deal_exists(hand: Hand) -> bool:
    """Whether some deal gives every meld cards of its own, each meld to a player of its team
    (8 cards a player), each belote's king and queen of trump to one player of its team (who may
    hold them in a meld too); one player's two runs in a suit never touch (a run is one meld, never
    split). Each meld's player is chosen first (its cards fit in 8), then the carrés are placed,
    then the belotes, then the sequences, longest first; untouched suits are alike, so only one of
    them is tried."""
    melds = [(team, meld) for team in Team for meld in hand.melds[team]]
    for players in product(*(players_of(team) for team, _ in melds)):
        held = list(zip(players, (meld for _, meld in melds), strict=True))
        if max(sum(meld_size(meld) for who, meld in held if who == seat) for seat in range(4)) <= HAND:
            if deal_with_players(hand, held):
                return True
    return False


def deal_with_players(hand: Hand, melds: list[tuple[int, Meld]]) -> bool:
    """deal_exists, each meld held by the player given with it."""
    carres = [(player, meld) for player, meld in melds if meld.is_carre]
    sequences = sorted(
        ((player, meld) for player, meld in melds if not meld.is_carre), key=lambda item: -meld_size(item[1])
    )
    belote_teams = [team for team in Team for _ in range(hand.belote[team])]
    holder: dict[tuple[int, int], int] = {}  # card → player
    in_meld: set[tuple[int, int]] = set()
    counts = [0, 0, 0, 0]
    runs: list[tuple[int, int, int, int]] = []  # (player, suit, lowest rank, highest rank) of each placed run

    def take(cards, player, meld: bool) -> list | None:
        """Give `cards` to `player` (None if one is another's, in a meld already, or the hand is full)."""
        if any(holder.get(card, player) != player or (meld and card in in_meld) for card in cards):
            return None
        new = [card for card in cards if card not in holder]
        if counts[player] + len(new) > HAND:
            return None
        for card in new:
            holder[card] = player
        counts[player] += len(new)
        return new

    def give_back(new, player) -> None:
        for card in new:
            del holder[card]
        counts[player] -= len(new)

    carre_ranks = {CARRE_RANK[meld] for _, meld in carres}

    def untouched(suit: int) -> bool:
        """Only the carrés' cards held: the suit is like any other such suit."""
        return all(card[1] in carre_ranks for card in holder if card[0] == suit)

    def place_carres(i: int) -> bool:
        if i == len(carres):
            return place_belotes(0)
        player, meld = carres[i]
        cards = [(suit, CARRE_RANK[meld]) for suit in range(4)]
        new = take(cards, player, True)
        if new is not None:
            in_meld.update(cards)
            if place_carres(i + 1):
                return True
            in_meld.difference_update(cards)
            give_back(new, player)
        return False

    def place_belotes(i: int) -> bool:
        if i == len(belote_teams):
            return place_sequences(0)
        # Only carrés are dealt so far, alike in every suit: in tout atout the i-th belote may take the
        # i-th suit (each its own), in a suit mode the one belote is trump's.
        for suit in [TRUMP if hand.mode.is_suit else i]:
            for player in players_of(belote_teams[i]):
                new = take([(suit, KING), (suit, QUEEN)], player, False)
                if new is not None:
                    if place_belotes(i + 1):
                        return True
                    give_back(new, player)
        return False

    def place_sequences(i: int) -> bool:
        if i == len(sequences):
            return True
        player, meld = sequences[i]
        size = SEQUENCE_CARDS[meld]
        tried_untouched = set()
        for suit in range(4):
            if untouched(suit):
                kind = suit == TRUMP and hand.mode.is_suit
                if kind in tried_untouched:
                    continue
                tried_untouched.add(kind)
            for start in range(8 - size + 1):
                cards = [(suit, rank) for rank in range(start, start + size)]
                touching = any(
                    (who, where) == (player, suit) and (low == start + size or high == start - 1)
                    for who, where, low, high in runs
                )
                new = None if touching else take(cards, player, True)
                if new is not None:
                    in_meld.update(cards)
                    runs.append((player, suit, start, start + size - 1))
                    if place_sequences(i + 1):
                        return True
                    runs.pop()
                    in_meld.difference_update(cards)
                    give_back(new, player)
        return False

    return place_carres(0)
