"""What a deal of 32 cards allows, for the checks of declarations no deal could give
(`declarations`, `deals`) and the deal form's script: out of `terms`, which names the game's words
and values, these are the deck's geometry and the words of its refusals.
"""

from __future__ import annotations

from scorekeeper.belote.terms import Meld

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
