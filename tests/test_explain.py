"""The why of a score: explain() names every rule applied, with its numbers.

The sentences below were written from docs/scoring.md's worked examples, by hand.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from test_worked_examples import EXAMPLES

from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.explain import explain
from scorekeeper.belote.hand_json import parse_hand
from scorekeeper.belote.scoring import score
from scorekeeper.belote.terms import Team


def why(body: dict, **kwargs) -> list[str]:
    hand = parse_hand(body)
    return explain(hand, score(hand), **kwargs)


def test_failed_coinched_contract_with_the_takers_melds():
    """100 ♣ coinché, P=40, A's cinquante: 40 + 50 = 90 < 100; B scores 160 + 200 + 50."""
    body = {
        "taker": "A",
        "contract": 100,
        "mode": "clubs",
        "coinche": "coinche",
        "taker_points": 40,
        "melds": {"A": ["cinquante"]},
    }
    assert why(body) == [
        "Preneurs : Équipe A, contrat 100 ♣ trèfle, coinché",
        "Points faits : Équipe A 40, Équipe B 122 (162 en tout, dix de der compris)",
        "Annonces : Équipe A cinquante (50)",
        "Annonces comptées pour Équipe A (50) — seule équipe à annoncer",
        "Chute : 40 points faits + annonces 50 = 90 < 100",
        "Contrat chuté : 160 + 100 × 2 (coinché) + annonces 50 = 410 pour Équipe B",
        "Équipe A : 0",
        "Total de la donne : Équipe A 0, Équipe B 410",
    ]


def test_example_8_made_coinched_with_rounding():
    body = {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101}
    assert why(body) == [
        "Preneurs : Équipe A, contrat 100 ♣ trèfle, coinché",
        "Points faits : Équipe A 101, Équipe B 61 (162 en tout, dix de der compris)",
        "Contrat fait : 101 points faits ≥ 100 et plus que la défense (61)",
        "Points faits (Équipe A) : 101 → 100 (arrondi à la dizaine la plus proche)",
        "Points faits (Équipe B) : 61 → 60 (arrondi à la dizaine la plus proche)",
        "Équipe A : 100 + 100 × 2 (coinché) = 300",
        "Équipe B : 60",
        "Total de la donne : Équipe A 300, Équipe B 60",
    ]


def test_example_9_failed_coinched():
    body = {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 90}
    sentences = why(body)
    assert "Chute : 90 points faits < 100" in sentences
    assert "Contrat chuté : 160 + 100 × 2 (coinché) = 360 pour Équipe B" in sentences


def test_example_11_the_takers_tierce_goes_to_the_defense():
    body = {"taker": "A", "contract": 100, "mode": "hearts", "taker_points": 70, "melds": {"A": ["tierce"]}}
    assert why(body)[2:] == [
        "Annonces : Équipe A tierce (20)",
        "Annonces comptées pour Équipe A (20) — seule équipe à annoncer",
        "Chute : 70 points faits + annonces 20 = 90 < 100",
        "Contrat chuté : 160 + 100 + annonces 20 = 280 pour Équipe B",
        "Équipe A : 0",
        "Total de la donne : Équipe A 0, Équipe B 280",
    ]


def test_example_12_only_the_best_meld_counts():
    body = {
        "taker": "A",
        "contract": 110,
        "mode": "hearts",
        "taker_points": 95,
        "melds": {"A": ["cinquante"], "B": ["tierce"]},
    }
    assert why(body)[2:] == [
        "Annonces : Équipe A cinquante (50) ; Équipe B tierce (20)",
        "Annonces comptées pour Équipe A (50) — meilleure annonce : cinquante 50 contre tierce 20",
        "Contrat fait : 95 points faits + annonces 50 = 145 ≥ 110 et plus que la défense (67)",
        "Points faits (Équipe A) : 95 → 100 (arrondi à la dizaine la plus proche)",
        "Points faits (Équipe B) : 67 → 70 (arrondi à la dizaine la plus proche)",
        "Équipe A : 100 + 110 + annonces 50 = 260",
        "Équipe B : 70",
        "Total de la donne : Équipe A 260, Équipe B 70",
    ]


def test_examples_5_and_6_a_tie_fails():
    body = {"taker": "A", "contract": 80, "mode": "spades", "taker_points": 71, "belote": {"A": 1}}
    assert why(body)[2:] == [
        "Belote : Équipe A 20 (toujours à l'équipe qui la tient)",
        "Chute : 71 points faits + belote 20 = 91 ≥ 80 mais pas plus que la défense (91), "
        "et à égalité le contrat chute",
        "Contrat chuté : 160 + 80 = 240 pour Équipe B",
        "Équipe A : 20 (belote, gardée malgré la chute)",
        "Total de la donne : Équipe A 20, Équipe B 240",
    ]


def test_example_14_belotes_in_tout_atout():
    body = {"taker": "A", "contract": 100, "mode": "all_trump", "taker_points": 110, "belote": {"A": 2, "B": 1}}
    assert why(body)[2:] == [
        "Belote : Équipe A 2 × 20 = 40, Équipe B 20 (toujours à l'équipe qui la tient)",
        "Contrat fait : 110 points faits + belote 40 = 150 ≥ 100 et plus que la défense (52 + belote 20 = 72)",
        "Points faits (Équipe A) : 110, déjà à la dizaine",
        "Points faits (Équipe B) : 52 → 50 (arrondi à la dizaine la plus proche)",
        "Équipe A : 110 + 100 + belote 40 = 250",
        "Équipe B : 50 + belote 20 = 70",
        "Total de la donne : Équipe A 250, Équipe B 70",
    ]


def test_example_15_capot_not_announced():
    body = {"taker": "A", "contract": 130, "mode": "spades", "all_tricks": True}
    assert why(body) == [
        "Preneurs : Équipe A, contrat 130 ♠ pique",
        "Capot non annoncé : tous les plis pour Équipe A, contrat fait d'office",
        "Équipe A : 250 + 130 = 380",
        "Équipe B : 0",
        "Total de la donne : Équipe A 380, Équipe B 0",
    ]


def test_example_17_failed_capot_keeps_the_belote():
    body = {"taker": "A", "contract": "capot", "mode": "hearts", "coinche": "coinche", "belote": {"A": 1}}
    assert why(body) == [
        "Preneurs : Équipe A, contrat capot ♥ cœur, coinché",
        "Belote : Équipe A 20 (toujours à l'équipe qui la tient)",
        "Capot chuté : pas tous les plis pour Équipe A",
        "Contrat chuté : 160 + 250 × 2 (coinché) = 660 pour Équipe B",
        "Équipe A : 20 (belote, gardée malgré la chute)",
        "Total de la donne : Équipe A 20, Équipe B 660",
    ]


def test_example_18_generale_made():
    body = {"taker": "A", "contract": "generale", "mode": "spades", "all_tricks": True, "belote": {"A": 1}}
    assert why(body)[2:] == [
        "Générale faite : le preneur (Équipe A) a fait seul tous les plis",
        "Équipe A : 800 + belote 20 = 820",
        "Équipe B : 0",
        "Total de la donne : Équipe A 820, Équipe B 0",
    ]


def test_example_19_failed_generale_has_no_160():
    body = {"taker": "A", "contract": "generale", "mode": "all_trump", "coinche": "coinche"}
    assert why(body) == [
        "Preneurs : Équipe A, contrat générale tout atout, coinchée",
        "Générale chutée : le preneur (Équipe A) n'a pas fait seul tous les plis",
        "Contrat chuté : 800 × 2 (coinchée) = 1600 pour Équipe B "
        "(pas de 160 sur une générale, la défense reçoit sa valeur)",
        "Équipe A : 0",
        "Total de la donne : Équipe A 0, Équipe B 1600",
    ]


def test_example_21_the_carre_beats_the_cent_for_the_takers_b():
    body = {
        "taker": "B",
        "contract": 100,
        "mode": "spades",
        "taker_points": 100,
        "melds": {"A": ["cent"], "B": ["carre_K"]},
    }
    assert why(body) == [
        "Preneurs : Équipe B, contrat 100 ♠ pique",
        "Points faits : Équipe B 100, Équipe A 62 (162 en tout, dix de der compris)",
        "Annonces : Équipe A cent (100) ; Équipe B carré de rois (100)",
        "Annonces comptées pour Équipe B (100) — à valeur égale (100), un carré bat une suite",
        "Contrat fait : 100 points faits + annonces 100 = 200 ≥ 100 et plus que la défense (62)",
        "Points faits (Équipe B) : 100, déjà à la dizaine",
        "Points faits (Équipe A) : 62 → 60 (arrondi à la dizaine la plus proche)",
        "Équipe B : 100 + 100 + annonces 100 = 300",
        "Équipe A : 60",
        "Total de la donne : Équipe A 60, Équipe B 300",
    ]


def test_example_22_the_defense_melds_make_the_contract_fail():
    body = {
        "taker": "A",
        "contract": 90,
        "mode": "clubs",
        "taker_points": 95,
        "melds": {"A": ["tierce"], "B": ["tierce", "tierce"]},
        "best_meld": "B",
    }
    assert why(body)[2:] == [
        "Annonces : Équipe A tierce (20) ; Équipe B tierce, tierce (40)",
        "Annonces comptées pour Équipe B (40) — suites égales (tierce) : la table a désigné la meilleure",
        "Chute : 95 points faits ≥ 90 mais pas plus que la défense (67 + annonces 40 = 107)",
        "Contrat chuté : 160 + 90 + annonces 40 = 290 pour Équipe B",
        "Équipe A : 0",
        "Total de la donne : Équipe A 0, Équipe B 290",
    ]


def test_nobody_scores_equal_sequences():
    body = {
        "taker": "A",
        "contract": 80,
        "mode": "clubs",
        "taker_points": 100,
        "melds": {"A": ["tierce"], "B": ["tierce"]},
        "best_meld": "none",
    }
    assert "Aucune annonce ne compte — suites égales (tierce) : la table ne les départage pas" in why(body)


def test_the_tables_choice_names_the_team_as_the_sheet_does():
    body = {
        "taker": "A",
        "contract": 90,
        "mode": "clubs",
        "taker_points": 95,
        "melds": {"A": ["tierce"], "B": ["tierce", "tierce"]},
        "best_meld": "B",
    }
    sentences = why(body, team_names={Team.A: "Nous", Team.B: "Eux"})
    assert "Annonces comptées pour Eux (40) — suites égales (tierce) : la table a désigné la meilleure" in sentences
    assert not [sentence for sentence in sentences if re.search(r"\b[AB]\b", sentence)]


def test_the_complement_of_takers_rounded_to_zero():
    """P=4 with a carré de valets: made (204 ≥ 80); the takers round to 0, the defense gets 160 − 0."""
    body = {
        "taker": "A",
        "contract": 80,
        "mode": "hearts",
        "taker_points": 4,
        "melds": {"A": ["carre_J"]},
        "rules": {"rounding": "complement"},
    }
    assert why(body)[5:7] == [
        "Points faits (Équipe A) : 4 → 0 (arrondi à la dizaine la plus proche)",
        "Points faits (Équipe B) : 158 → 160 − 0 = 160 (arrondi complémentaire, le reste de 160)",
    ]


def test_a_coinched_generale_is_coinchee_in_its_lines_too():
    hand = parse_hand(
        {"taker": "A", "contract": "generale", "mode": "spades", "coinche": "coinche", "all_tricks": True}
    )
    assert [line.label for line in score(hand).lines] == ["Contrat générale (800) × 2 (coinchée)"]
    failed = parse_hand({"taker": "A", "contract": "generale", "mode": "spades", "coinche": "surcoinche"})
    assert [line.label for line in score(failed).lines] == ["Contrat chuté générale (800) × 4 (surcoinchée)"]


def test_the_takers_melds_on_a_failed_contract():
    hand = parse_hand(
        {"taker": "A", "contract": 100, "mode": "clubs", "taker_points": 40, "melds": {"A": ["cinquante", "tierce"]}}
    )
    assert [line.label for line in score(hand).lines][-1] == "Annonces des preneurs (cinquante, tierce)"


@pytest.mark.parametrize(
    ("rounding", "sentences"),
    [
        (
            "complement",
            [
                "Points faits (Équipe A) : 85 → 90 (arrondi à la dizaine la plus proche)",
                "Points faits (Équipe B) : 77 → 160 − 90 = 70 (arrondi complémentaire, le reste de 160)",
            ],
        ),
        ("none", ["Points faits (Équipe A) : 85, sans arrondi", "Points faits (Équipe B) : 77, sans arrondi"]),
    ],
)
def test_examples_23_and_24_rounding_rules(rounding, sentences):
    body = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 85, "rules": {"rounding": rounding}}
    assert why(body)[3:5] == sentences


def test_team_names_from_the_sheet():
    body = {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 71}
    assert why(body, team_names={Team.A: "Nous", Team.B: "Eux"})[-3:] == [
        "Contrat chuté : 160 + 80 = 240 pour Nous",
        "Eux : 0",
        "Total de la donne : Nous 240, Eux 0",
    ]


FORMULA = re.compile(  # a team's closing sum: "Contrat chuté : … = 410 pour Équipe B", "Équipe A : … = 300"
    r"^(?:Contrat chuté : (?:.* = )?(\d+) pour (Équipe [AB])|(Équipe [AB]) : (?:.* = |annonces |belote )?(\d+))"
)


@pytest.mark.parametrize(
    ("number", "body"), [row[:2] for row in EXAMPLES], ids=[f"example-{row[0]}" for row in EXAMPLES]
)
def test_every_worked_example_adds_up_to_its_scores(number, body):
    """Each team's closing sum is its score: explain() never tells a different number."""
    hand = parse_hand(body)
    result = score(hand)
    sentences = explain(hand, result)
    told = {}
    for sentence in sentences:
        match = FORMULA.match(sentence)
        if match:
            total, name = (match[1], match[2]) if match[1] else (match[4], match[3])
            told[Team(name[-1])] = int(total)
    assert told == {team: result.scores[team] for team in (Team.A, Team.B)}
    assert sentences[-1] == f"Total de la donne : Équipe A {result.scores[Team.A]}, Équipe B {result.scores[Team.B]}"


MELD_CODES = ["tierce", "cinquante", "cent", "carre_J", "carre_9", "carre_A", "carre_10", "carre_K", "carre_Q"]


@st.composite
def hands(draw):
    body = {
        "taker": draw(st.sampled_from(["A", "B"])),
        "contract": draw(st.sampled_from([*range(80, 161, 10), "capot", "generale"])),
        "mode": draw(st.sampled_from(["spades", "hearts", "diamonds", "clubs", "no_trump", "all_trump"])),
        "coinche": draw(st.sampled_from(["none", "coinche", "surcoinche"])),
        "all_tricks": draw(st.booleans()),
        "melds": {team: draw(st.lists(st.sampled_from(MELD_CODES), max_size=2)) for team in "AB"},
        "best_meld": draw(st.sampled_from(["A", "B", "none"])),
        "belote": {team: draw(st.integers(0, 1)) for team in "AB"},
        "rules": {"rounding": draw(st.sampled_from(["nearest", "complement", "none"]))},
    }
    if not body["all_tricks"]:
        body["taker_points"] = draw(st.integers(0, 162))
    if body["mode"] == "no_trump":
        del body["belote"]
    elif body["mode"] != "all_trump" and sum(body["belote"].values()) > 1:
        body["belote"]["B"] = 0
    return body


@given(hands())
def test_any_hand_adds_up_to_its_scores(body):
    try:
        hand = parse_hand(body)
        result = score(hand)
    except InvalidHand:
        assume(False)
    told = {}
    sentences = explain(hand, result)
    # one colon a sentence, one a line: no "Chute : Contrat chuté : …"
    assert not [text for text in sentences + [line.label for line in result.lines] if text.count(" : ") > 1]
    for sentence in sentences:
        match = FORMULA.match(sentence)
        if match:
            total, name = (match[1], match[2]) if match[1] else (match[4], match[3])
            told[Team(name[-1])] = int(total)
    assert told == dict(result.scores)
