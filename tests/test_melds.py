"""Melds found in one player's cards, belotes, and whose melds count (docs/scoring.md, "Melds").

Every hand here was worked on paper.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.belote.cards import DECK, parse_cards
from scorekeeper.belote.melds import belotes, compare_hands, find_melds
from scorekeeper.belote.terms import Meld, Mode, Team


def melds_of(codes: str, mode: Mode = Mode.HEARTS):
    return find_melds(parse_cards(codes.split()), mode)


def declared(codes: str, mode: Mode = Mode.HEARTS):
    """(code, cards, value) of each meld, strongest first."""
    return [(meld.code.value, " ".join(card.code for card in meld.cards), meld.value) for meld in melds_of(codes, mode)]


@pytest.mark.parametrize(
    ("codes", "mode", "expected"),
    [
        ("8S 9S 10S 7H QD AC KC 7C", Mode.HEARTS, [("tierce", "8S 9S 10S", 20)]),
        ("7S 8S 9S 10S", Mode.HEARTS, [("cinquante", "7S 8S 9S 10S", 50)]),
        ("10D JD QD KD AD", Mode.HEARTS, [("cent", "10D JD QD KD AD", 100)]),
        # A run of 6 to 8 is one cent, never two melds.
        ("7H 8H 9H 10H JH QH AS AD", Mode.HEARTS, [("cent", "7H 8H 9H 10H JH QH", 100)]),
        ("7S 8S 9S 10S JS QS KS AS", Mode.HEARTS, [("cent", "7S 8S 9S 10S JS QS KS AS", 100)]),
        # Two runs in two suits, and a gap that breaks a run.
        ("7S 8S 9S QH KH AH 10C JC", Mode.SPADES, [("tierce", "QH KH AH", 20), ("tierce", "7S 8S 9S", 20)]),
        ("7S 8S 10S JS QS 9H 9D 9C", Mode.HEARTS, [("tierce", "10S JS QS", 20)]),
        # The four jacks plus 9-10-J of spades: the carré (200), not the tierce too.
        ("JS JH JD JC 9S 10S 7D 8C", Mode.HEARTS, [("carre_J", "JS JH JD JC", 200)]),
        # The four queens plus 10-J-Q of hearts: the carré (100) beats the tierce (20).
        ("QS QH QD QC 10H JH 7S 8D", Mode.HEARTS, [("carre_Q", "QS QH QD QC", 100)]),
        # The four kings plus 9-10-J-Q-K of spades: carré + cinquante (150) beats the cent (100).
        ("KS KH KD KC 9S 10S JS QS", Mode.HEARTS, [("carre_K", "KS KH KD KC", 100), ("cinquante", "9S 10S JS QS", 50)]),
        # Two carrés in eight cards.
        ("JS JH JD JC 9S 9H 9D 9C", Mode.CLUBS, [("carre_J", "JS JH JD JC", 200), ("carre_9", "9S 9H 9D 9C", 150)]),
        # Fours of 8s or 7s are no meld.
        ("7S 7H 7D 7C 8S 8H 8D 8C", Mode.HEARTS, []),
        ("", Mode.HEARTS, []),
    ],
)
def test_find_melds(codes, mode, expected):
    assert declared(codes, mode) == expected


@pytest.mark.parametrize(("mode", "value"), [(Mode.NO_TRUMP, 200), (Mode.HEARTS, 100), (Mode.ALL_TRUMP, 100)])
def test_the_carre_of_aces_is_200_in_sans_atout_only(mode, value):
    assert declared("AS AH AD AC 7S 8H 9D 10C", mode) == [("carre_A", "AS AH AD AC", value)]


@pytest.mark.parametrize(
    ("carre", "mode", "value"),
    [
        ("J", Mode.NO_TRUMP, 200),
        ("9", Mode.NO_TRUMP, 150),
        ("10", Mode.SPADES, 100),
        ("K", Mode.ALL_TRUMP, 100),
        ("Q", Mode.DIAMONDS, 100),
        ("J", Mode.ALL_TRUMP, 200),
    ],
)
def test_other_carres_keep_their_value_in_every_mode(carre, mode, value):
    codes = " ".join(carre + suit for suit in "SHDC")
    assert [meld.value for meld in melds_of(codes, mode)] == [value]


def test_a_carre_can_leave_a_run_of_its_own():
    """Four jacks and 7-8-9-10-J of spades: the carré takes J♠, 7-8-9-10 is still a cinquante."""
    assert declared("JS JH JD JC 7S 8S 9S 10S") == [("carre_J", "JS JH JD JC", 200), ("cinquante", "7S 8S 9S 10S", 50)]


def test_labels_name_the_top_card():
    assert [meld.label for meld in melds_of("QS QH QD QC 9H 10H JH 7S")] == ["carré de dames", "tierce au valet ♥"]
    assert [meld.label for meld in melds_of("9S 10S JS QS 7H 8H 9H")] == ["cinquante à la dame ♠", "tierce au 9 ♥"]


@pytest.mark.parametrize(
    ("codes", "mode", "count"),
    [
        ("KH QH 7S", Mode.HEARTS, 1),
        ("KS QS 7H", Mode.HEARTS, 0),  # king and queen, but not of trump
        ("KH 7S QS", Mode.HEARTS, 0),
        ("KH QH KS QS", Mode.ALL_TRUMP, 2),  # one per suit in tout atout
        ("KS QS KH QH KD QD KC QC", Mode.ALL_TRUMP, 4),
        ("KS QS KH QH KD QD KC QC", Mode.SPADES, 1),
        ("KS QS KH QH KD QD KC QC", Mode.NO_TRUMP, 0),  # never in sans atout
        ("KH QH", Mode.NO_TRUMP, 0),
    ],
)
def test_belotes(codes, mode, count):
    assert belotes(parse_cards(codes.split()), mode) == count


def test_belote_may_share_its_king_and_queen_with_a_sequence():
    hand = parse_cards("JH QH KH 7S".split())
    assert declared("JH QH KH 7S") == [("tierce", "JH QH KH", 20)]
    assert belotes(hand, Mode.HEARTS) == 1


# --- whose melds count: one hand per team -------------------------------------------------


@pytest.mark.parametrize(
    ("hand_a", "hand_b", "mode", "winner", "reason"),
    [
        ("7S 9H", "8D 10C", Mode.HEARTS, None, "aucune annonce"),
        ("7S 8S 9S", "8D 10C", Mode.HEARTS, Team.A, "seule équipe à annoncer"),
        ("7D", "7S 8S 9S", Mode.HEARTS, Team.B, "seule équipe à annoncer"),
        # Highest value.
        (
            "7S 8S 9S 10S",
            "QH KH AH",
            Mode.HEARTS,
            Team.A,
            "meilleure annonce : cinquante au 10 ♠ 50 contre tierce à l'as ♥ 20",
        ),
        (
            "JS JH JD JC",
            "AS AH AD AC",
            Mode.HEARTS,
            Team.A,
            "meilleure annonce : carré de valets 200 contre carré d'as 100",
        ),
        # Equal value: a carré beats a sequence.
        ("9C 10C JC QC KC", "KS KH KD KC", Mode.CLUBS, Team.B, "à valeur égale (100), un carré bat une suite"),
        # Two carrés of equal value: the higher rank (A, 10, K, Q, J, 9).
        (
            "KS KH KD KC",
            "10S 10H 10D 10C",
            Mode.HEARTS,
            Team.B,
            "à valeur égale (100), le carré de 10 est le plus haut carré",
        ),
        (
            "AS AH AD AC",
            "JS JH JD JC",
            Mode.NO_TRUMP,
            Team.A,
            "à valeur égale (200), le carré d'as est le plus haut carré",
        ),
        # Two sequences of equal value: the higher top card, whatever the length.
        (
            "10S JS QS",
            "JD QD KD",
            Mode.SPADES,
            Team.B,
            "suites de même valeur (20) : la plus haute carte l'emporte, tierce au roi ♦ contre tierce à la dame ♠",
        ),
        (
            "7H 8H 9H 10H JH QH",
            "10D JD QD KD AD",
            Mode.HEARTS,
            Team.B,
            "suites de même valeur (100) : la plus haute carte l'emporte, cent à l'as ♦ contre cent à la dame ♥",
        ),
        # Same top card: a sequence in trump wins.
        (
            "8S 9S 10S",
            "8H 9H 10H",
            Mode.HEARTS,
            Team.B,
            "suites égales (tierce au 10) : celle à l'atout (♥ cœur) l'emporte",
        ),
        (
            "8S 9S 10S 7D",
            "8H 9H 10H",
            Mode.SPADES,
            Team.A,
            "suites égales (tierce au 10) : celle à l'atout (♠ pique) l'emporte",
        ),
        # Still equal: nobody.
        ("8S 9S 10S", "8H 9H 10H", Mode.CLUBS, None, "suites égales (tierce au 10) : personne ne marque ses annonces"),
        (
            "8S 9S 10S",
            "8H 9H 10H",
            Mode.ALL_TRUMP,
            None,
            "suites égales (tierce au 10) : personne ne marque ses annonces",
        ),
        (
            "8S 9S 10S",
            "8H 9H 10H",
            Mode.NO_TRUMP,
            None,
            "suites égales (tierce au 10) : personne ne marque ses annonces",
        ),
        # Only the single best meld compares: two tierces lose to one cinquante.
        (
            "7S 8S 9S QH KH AH",
            "7D 8D 9D 10D",
            Mode.HEARTS,
            Team.B,
            "meilleure annonce : cinquante au 10 ♦ 50 contre tierce à l'as ♥ 20",
        ),
        # A's best tierce is its tierce to the ace, level with B's, which is in trump.
        (
            "7S 8S 9S QH KH AH",
            "QC KC AC",
            Mode.CLUBS,
            Team.B,
            "suites égales (tierce à l'as) : celle à l'atout (♣ trèfle) l'emporte",
        ),
    ],
)
def test_compare_hands(hand_a, hand_b, mode, winner, reason):
    assert compare_hands(melds_of(hand_a, mode), melds_of(hand_b, mode), mode) == (winner, reason)


def test_compare_hands_carre_of_jacks_beats_aces_by_value_outside_sans_atout():
    a, b = melds_of("AS AH AD AC", Mode.HEARTS), melds_of("JS JH JD JC", Mode.HEARTS)
    assert compare_hands(a, b, Mode.HEARTS)[0] is Team.B


@given(st.lists(st.sampled_from(DECK), max_size=8, unique=True), st.sampled_from(list(Mode)))
def test_a_card_serves_in_one_meld_at_most(hand, mode):
    found = find_melds(hand, mode)
    used = [card for meld in found for card in meld.cards]
    assert len(used) == len(set(used))
    assert set(used) <= set(hand)
    for meld in found:
        assert meld.value == meld.code.points(mode)
        if not meld.code.is_carre:
            assert len({card.suit for card in meld.cards}) == 1
            assert meld.code is (
                Meld.TIERCE if len(meld.cards) == 3 else Meld.CINQUANTE if len(meld.cards) == 4 else Meld.CENT
            )
