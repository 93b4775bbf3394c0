"""Cards: how they are written, what they are worth in each mode, and the 162 of a whole deal.

Expected numbers are worked on paper from docs/scoring.md's card table, not computed from it.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.belote.cards import DECK, Card, Rank, Suit, card_points, parse_card, parse_cards, pile_points
from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.terms import Mode


def cards(*codes: str) -> tuple[Card, ...]:
    return parse_cards(list(codes))


def test_the_deck_has_32_different_cards():
    assert len(DECK) == len(set(DECK)) == 32


@pytest.mark.parametrize(
    ("code", "rank", "suit", "label", "name"),
    [
        ("10H", Rank.TEN, Suit.HEARTS, "10♥", "10 de cœur"),
        ("JS", Rank.JACK, Suit.SPADES, "V♠", "valet de pique"),
        ("QD", Rank.QUEEN, Suit.DIAMONDS, "D♦", "dame de carreau"),
        ("KC", Rank.KING, Suit.CLUBS, "R♣", "roi de trèfle"),
        ("AC", Rank.ACE, Suit.CLUBS, "A♣", "as de trèfle"),
        ("7D", Rank.SEVEN, Suit.DIAMONDS, "7♦", "7 de carreau"),
    ],
)
def test_a_card_is_written_rank_then_suit(code, rank, suit, label, name):
    card = parse_card(code)
    assert (card.rank, card.suit, card.code, card.label, card.name) == (rank, suit, code, label, name)


def test_hearts_and_diamonds_are_red():
    assert [suit.colour for suit in Suit] == ["black", "red", "red", "black"]
    assert [suit.symbol for suit in Suit] == ["♠", "♥", "♦", "♣"]


@pytest.mark.parametrize(
    ("codes", "message"),
    [
        ("10H", "doit être une liste"),
        (["1H"], "carte inconnue « 1H »"),
        (["10h"], "carte inconnue « 10h »"),
        (["TH"], "carte inconnue « TH »"),
        (["6S"], "carte inconnue « 6S »"),
        ([10], "carte inconnue 10"),
        ([None], "carte inconnue None"),
        (["JS", "9H", "JS"], "la carte JS (valet de pique) est donnée deux fois"),
        ([card.code for card in DECK] + ["JS"], "33 cartes, le jeu n'en a que 32"),
    ],
)
def test_parse_cards_refusals_name_the_field_in_french(codes, message):
    with pytest.raises(InvalidHand) as refusal:
        parse_cards(codes)
    assert refusal.value.field == "cards"
    assert message in refusal.value.message
    assert refusal.value.message.startswith("« cards »")


def test_a_hand_holds_eight_cards_at_most():
    with pytest.raises(InvalidHand, match="9 cartes, une main en a 8 au plus"):
        parse_cards(["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "7H"], "hands.A", limit=8)


# One pile, worked on paper: J♠ 9♠ A♥ 10♦ R♣ D♣ 8♠ 7♥.
PILE = ("JS", "9S", "AH", "10D", "KC", "QC", "8S", "7H")


@pytest.mark.parametrize(
    ("mode", "points"),
    [
        (Mode.SPADES, 20 + 14 + 11 + 10 + 4 + 3),  # J and 9 of trump
        (Mode.HEARTS, 2 + 0 + 11 + 10 + 4 + 3),  # the ace of trump is 11 as everywhere
        (Mode.DIAMONDS, 2 + 0 + 11 + 10 + 4 + 3),
        (Mode.CLUBS, 2 + 0 + 11 + 10 + 4 + 3),
        (Mode.NO_TRUMP, 2 + 0 + 19 + 10 + 4 + 3),  # the ace is 19 in sans atout
        (Mode.ALL_TRUMP, 14 + 9 + 6 + 5 + 3 + 1),
    ],
)
def test_a_pile_in_each_mode(mode, points):
    assert pile_points(cards(*PILE), mode, last_trick=False) == points
    assert pile_points(cards(*PILE), mode, last_trick=True) == points + 10


@pytest.mark.parametrize(
    ("mode", "trump_values", "plain_values"),
    [
        # 7 8 9 10 J Q K A
        (Mode.HEARTS, [0, 0, 14, 10, 20, 3, 4, 11], [0, 0, 0, 10, 2, 3, 4, 11]),
        (Mode.NO_TRUMP, None, [0, 0, 0, 10, 2, 3, 4, 19]),
        (Mode.ALL_TRUMP, None, [0, 0, 9, 5, 14, 1, 3, 6]),
    ],
)
def test_each_card_value(mode, trump_values, plain_values):
    if trump_values:
        assert [card_points(Card(rank, Suit.HEARTS), mode) for rank in Rank] == trump_values
    assert [card_points(Card(rank, Suit.CLUBS), mode) for rank in Rank] == plain_values


def test_the_issue_example_pile_is_57():
    pile = cards("JH", "9H", "AS", "JS", "7S", "8S", "7D", "8D")
    assert pile_points(pile, Mode.HEARTS, last_trick=True) == 57


@pytest.mark.parametrize("mode", list(Mode))
def test_the_whole_deck_is_162_with_the_last_trick(mode):
    assert pile_points(DECK, mode, last_trick=True) == 162


@given(
    in_pile=st.lists(st.booleans(), min_size=32, max_size=32),
    mode=st.sampled_from(list(Mode)),
    pile_took_last_trick=st.booleans(),
)
def test_a_pile_and_its_complement_add_up_to_162(in_pile, mode, pile_took_last_trick):
    pile = [card for card, taken in zip(DECK, in_pile, strict=True) if taken]
    rest = [card for card, taken in zip(DECK, in_pile, strict=True) if not taken]
    total = pile_points(pile, mode, pile_took_last_trick) + pile_points(rest, mode, not pile_took_last_trick)
    assert total == 162
