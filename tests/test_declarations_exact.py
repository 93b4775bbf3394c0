"""Declarations are checked exactly (issue 24, docs/scoring.md "Melds"): a declaration set is
accepted if and only if some deal of 32 cards gives it. The two hands of the issue, which the earlier
counts let through, through the scorer and POST /api/v1/score; the exact check against the tests'
own slow search of the deals (tests/deal_search.py), a property test; a deal stored under the earlier
rule scores as it did. The check is the server's alone (docs/offline.md): the phone's engine leaves it
out, and a set it refuses is a refused save on the phone (tests/browser/test_outbox_answers.py).
"""

from __future__ import annotations

import pytest
from deal_search import deal_exists as some_deal
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.belote.deals import deal_exists
from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.hand import Hand, check_hand
from scorekeeper.belote.hand_json import parse_hand
from scorekeeper.belote.scoring import score
from scorekeeper.belote.terms import Contract, Meld, Mode, Team
from scorekeeper.services import games as service
from scorekeeper.store import derived
from scorekeeper.store import games as store
from scorekeeper.store.db import write_transaction
from tests.helpers import examples

# Four carrés and a belote for one team: each player holds two carrés, 8 cards, and no room is
# left for the king and queen of trump (scored 740 / 70 before: 90 + 80 + 550 + 20, and 70).
FOUR_CARRES_AND_A_BELOTE = {
    "taker": "A",
    "contract": 80,
    "mode": "spades",
    "taker_points": 92,
    "melds": {"A": ["carre_J", "carre_9", "carre_A", "carre_10"]},
    "belote": {"A": 1},
}
FOUR_CARRES_REFUSAL = (
    "belote",
    "« belote » : la belote de l'équipe A ne tient pas dans les mains de ses deux joueurs à côté de ses annonces "
    "(carré de valets, carré de 9, carré d'as, carré de 10) : une belote demande le roi et la dame d'atout dans la "
    "main d'un même joueur, 8 cartes chacun, et une carte ne sert qu'à une annonce (le roi et la dame "
    "d'une belote peuvent être ceux d'une annonce).",
)
# Four belotes for A in tout atout, a carré de 9 and a cinquante for B: the carré leaves 7 8 and
# 10 V D R A in each suit, every cinquante there holds a king or a queen, and A holds all of them.
BELOTES_AND_A_CINQUANTE = {
    "taker": "B",
    "contract": 80,
    "mode": "all_trump",
    "taker_points": 100,
    "melds": {"B": ["carre_9", "cinquante"]},
    "belote": {"A": 4},
}
BELOTES_REFUSAL = (
    "belote",
    "« belote » : les quatre belotes de l'équipe A et les annonces de l'équipe B (carré de 9, cinquante) ne peuvent "
    "pas être annoncées ensemble : chaque belote demande le roi et la dame d'une couleur à un joueur de l'équipe A, "
    "et les suites de l'équipe B n'ont pas la place de tenir sans ces rois et ces dames.",
)
ISSUE_HANDS = [(FOUR_CARRES_AND_A_BELOTE, FOUR_CARRES_REFUSAL), (BELOTES_AND_A_CINQUANTE, BELOTES_REFUSAL)]


@pytest.mark.parametrize(("body", "refusal"), ISSUE_HANDS)
def test_the_issue_hands_are_refused_by_the_scorer(body, refusal):
    hand = parse_hand(body)
    assert not some_deal(hand)
    with pytest.raises(InvalidHand) as refused:
        score(hand)
    assert (refused.value.field, refused.value.message) == refusal


@pytest.mark.parametrize(("body", "refusal"), ISSUE_HANDS)
def test_the_issue_hands_are_refused_by_the_json_api(client, body, refusal):
    response = client.post("/api/v1/score", json=body)
    assert response.status_code == 422
    assert response.get_json() == {"error": refusal[1]}


def test_one_meld_fewer_makes_each_issue_hand_possible(client):
    """What the refusals name is the clash: three carrés leave the belote room beside the third
    (4 + 2 cards), and without the cinquante the four belotes sit beside the carré de 9."""
    three = {**FOUR_CARRES_AND_A_BELOTE, "melds": {"A": ["carre_J", "carre_9", "carre_A"]}}
    carre_alone = {**BELOTES_AND_A_CINQUANTE, "melds": {"B": ["carre_9"]}}
    for body in (three, carre_alone):
        assert some_deal(parse_hand(body))
        assert client.post("/api/v1/score", json=body).status_code == 200


# --- the exact check against the tests' own search of the deals ---------------------------------

SEQUENCES = [Meld.TIERCE, Meld.CINQUANTE, Meld.CENT]


@st.composite
def declarations(draw) -> Hand:
    """Declarations a table could send (distinct carrés, four melds a team at most, the belotes the
    mode allows), drawn toward many melds."""
    mode = draw(st.sampled_from([Mode.SPADES, Mode.ALL_TRUMP, Mode.ALL_TRUMP, Mode.NO_TRUMP]))
    carres = draw(st.permutations([meld for meld in Meld if meld.is_carre]))
    melds = {}
    for team in Team:
        count = draw(st.integers(0, 2))
        own, carres = carres[:count], carres[count:]
        sequences = draw(st.lists(st.sampled_from(SEQUENCES), min_size=max(0, 2 - count), max_size=4 - count))
        melds[team] = tuple(own + sequences)
    a = draw(st.integers(0, mode.max_belotes))
    belote = {Team.A: a, Team.B: draw(st.integers(0, mode.max_belotes - a))}
    return Hand(taker=Team.A, contract=Contract.points(80), mode=mode, taker_points=100, melds=melds, belote=belote)


@settings(max_examples=examples(300), deadline=None)
@given(declarations())
def test_the_exact_check_agrees_with_a_search_of_the_deals(hand):
    possible = some_deal(hand)
    assert deal_exists(hand.melds, hand.belote) is possible
    try:
        check_hand(hand)
        assert possible, "accepted, but no deal gives it"
    except InvalidHand:
        assert not possible, "refused, but a deal gives it"


# --- a deal stored under the earlier rule ---------------------------------------------------------


def test_a_deal_stored_under_the_earlier_rule_scores_as_it_did(app, db):
    """The first hand of the issue, stored as a version before issue 24 accepted it: its sheet
    still reads A 740, B 70 (90 + 80 + 550 + 20; 162 - 92 = 70); an edit of it meets the exact check."""
    sheet = service.create_game(db, {"players": ["Ana", "Bruno", "Chloé", "David"]})
    game_id = sheet.game.id
    data = {**FOUR_CARRES_AND_A_BELOTE, "taker_player": 0}
    with write_transaction(db):  # as an older version stored it
        deal_id = store.insert_deal(db, game_id, "hand", data)
        store.log_action(db, game_id, deal_id, "record")
        derived.refresh_game(db, game_id, deal_id)
    assert service.get_sheet(db, game_id).totals == {"A": 740, "B": 70}
    with app.test_client() as client:
        assert client.get(f"/parties/{game_id}").status_code == 200
        edit = client.put(f"/api/v1/games/{game_id}/hands/1", json={**data, "version": 1})
    assert edit.status_code == 422 and edit.get_json()["error"] == FOUR_CARRES_REFUSAL[1]
