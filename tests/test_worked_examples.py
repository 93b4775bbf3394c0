"""docs/scoring.md's 24 worked examples, each driven through POST /api/v1/score.

The expected numbers are copied from the table in docs/scoring.md ("Worked examples"), not computed.
"""

from __future__ import annotations

import pytest

from tests.helpers import assert_scored

# (#, request body, made, A, B) — team A takes unless the body says otherwise.
EXAMPLES = [
    (1, {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}, True, 170, 70),
    (2, {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 85}, True, 170, 80),
    (3, {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 84}, True, 160, 80),
    (4, {"taker": "A", "contract": 90, "mode": "spades", "taker_points": 81}, False, 0, 250),
    (5, {"taker": "A", "contract": 80, "mode": "spades", "taker_points": 81}, False, 0, 240),
    (6, {"taker": "A", "contract": 80, "mode": "spades", "taker_points": 71, "belote": {"A": 1}}, False, 20, 240),
    (7, {"taker": "A", "contract": 80, "mode": "spades", "taker_points": 72, "belote": {"A": 1}}, True, 170, 90),
    (8, {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101}, True, 300, 60),
    (9, {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 90}, False, 0, 360),
    (
        10,
        {
            "taker": "A",
            "contract": 120,
            "mode": "diamonds",
            "coinche": "surcoinche",
            "taker_points": 60,
            "belote": {"B": 1},
        },
        False,
        0,
        660,
    ),
    (
        11,
        {"taker": "A", "contract": 100, "mode": "hearts", "taker_points": 70, "melds": {"A": ["tierce"]}},
        False,
        0,
        280,
    ),
    (
        12,
        {
            "taker": "A",
            "contract": 110,
            "mode": "hearts",
            "taker_points": 95,
            "melds": {"A": ["cinquante"], "B": ["tierce"]},
        },
        True,
        260,
        70,
    ),
    (
        13,
        {"taker": "A", "contract": 100, "mode": "no_trump", "taker_points": 90, "melds": {"A": ["carre_A"]}},
        True,
        390,
        70,
    ),
    (
        14,
        {"taker": "A", "contract": 100, "mode": "all_trump", "taker_points": 110, "belote": {"A": 2, "B": 1}},
        True,
        250,
        70,
    ),
    (15, {"taker": "A", "contract": 130, "mode": "spades", "all_tricks": True}, True, 380, 0),
    (16, {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True}, True, 500, 0),
    (
        17,
        {
            "taker": "A",
            "contract": "capot",
            "mode": "hearts",
            "coinche": "coinche",
            "all_tricks": False,
            "belote": {"A": 1},
        },
        False,
        20,
        660,
    ),
    (
        18,
        {"taker": "A", "contract": "generale", "mode": "spades", "all_tricks": True, "belote": {"A": 1}},
        True,
        820,
        0,
    ),
    (19, {"taker": "A", "contract": "generale", "mode": "all_trump", "coinche": "coinche"}, False, 0, 1600),
    (20, {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 71}, False, 240, 0),
    (
        21,
        {
            "taker": "B",
            "contract": 100,
            "mode": "spades",
            "taker_points": 100,
            "melds": {"A": ["cent"], "B": ["carre_K"]},
        },
        True,
        60,
        300,
    ),
    (
        22,
        {
            "taker": "A",
            "contract": 90,
            "mode": "clubs",
            "taker_points": 95,
            "melds": {"A": ["tierce"], "B": ["tierce", "tierce"]},
            "best_meld": "B",
        },
        False,
        0,
        290,
    ),
    (
        23,
        {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 85, "rules": {"rounding": "complement"}},
        True,
        170,
        70,
    ),
    (
        24,
        {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 85, "rules": {"rounding": "none"}},
        True,
        165,
        77,
    ),
]


@pytest.mark.parametrize(
    ("number", "body", "made", "a_score", "b_score"), EXAMPLES, ids=[f"example-{row[0]}" for row in EXAMPLES]
)
def test_worked_example(client, number, body, made, a_score, b_score):
    assert_scored(client, body, made, a_score, b_score)
