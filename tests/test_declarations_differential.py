"""static/engine.js's check of declarations (static/declarations.js, its search static/deals.js) against
Python's (scorekeeper/belote/declarations.py): thousands of declaration sets, drawn near the limits of a
deal of 32 cards (four melds a team, carrés de rois and de dames, cents, every belote the mode allows),
go through both engines as bodies of POST /api/v1/score; each answer must be the same: the score, or
the same refusal (field and French sentence naming the clash). Bugs planted in those modules are found."""

from __future__ import annotations

import functools
import json
import random

import pytest
from test_engine_differential import run_js, run_python, show

from scorekeeper.belote.terms import MAX_MELDS_PER_TEAM, Meld, Mode
from tests.helpers import ENGINE_MODULES, mutant

SEED = 24_2026
BODIES = 6_000
MODES = [mode.value for mode in Mode]
SEQUENCES = [meld.value for meld in Meld if not meld.is_carre]
CARRES = [meld.value for meld in Meld if meld.is_carre]
# carrés drawn with these weights: the kings and queens, which hold the belotes' cards, most
CARRE_WEIGHTS = {"carre_K": 4, "carre_Q": 4, "carre_9": 2, "carre_J": 2, "carre_10": 2, "carre_A": 1}
SEQUENCE_WEIGHTS = {"cent": 3, "cinquante": 3, "tierce": 4}


def declaration_body(rng: random.Random) -> dict:
    """A hand whose declarations are many: three or four melds a team most of the time, a carré
    a third of the time, the belotes the mode allows (most of them in tout atout)."""
    mode = rng.choice(MODES + ["all_trump"] * 3)
    carres = list(CARRES)
    melds: dict[str, list[str]] = {}
    for team in "AB":
        codes = []
        for _ in range(rng.choice([0, 1, 2, 3, 3, 4, 4, 4][: MAX_MELDS_PER_TEAM + 4])):
            if carres and rng.random() < 0.35:
                carre = rng.choices(carres, [CARRE_WEIGHTS[carre] for carre in carres])[0]
                carres.remove(carre)
                codes.append(carre)
            else:
                codes.append(rng.choices(SEQUENCES, list(SEQUENCE_WEIGHTS.values()))[0])
        melds[team] = codes
    allowed = Mode(mode).max_belotes
    belotes = rng.choice([allowed, allowed, rng.randint(0, allowed)])
    a = rng.randint(0, belotes)
    body = {
        "taker": "A",
        "contract": 80,
        "mode": mode,
        "taker_points": 100,
        "best_meld": "none",
        "melds": melds,
        "belote": {"A": a, "B": belotes - a},
    }
    if rng.random() < 0.5:  # just on the possible side: melds dropped at random until a deal gives them
        while "refused" in run_python({"score": [body, None, None]}):
            team = rng.choice([team for team in "AB" if melds[team]])
            melds[team].pop(rng.randrange(len(melds[team])))
    return body


@functools.cache
def declaration_cases() -> tuple[list[dict], list[dict]]:
    rng = random.Random(SEED)
    cases = json.loads(json.dumps([{"score": [declaration_body(rng), None, None]} for _ in range(BODIES)]))
    return cases, [run_python(case) for case in cases]


def test_the_drawn_declarations_reach_every_refusal():
    _, answers = declaration_cases()
    refused = [answer["refused"] for answer in answers if "refused" in answer]
    assert not [answer for answer in answers if "error" in answer]
    assert len(refused) >= BODIES // 4 and len(answers) - len(refused) >= BODIES // 4
    messages = " ".join(message for _, message in refused)
    for part in (
        "ne peuvent pas être annoncés ensemble : tout cent contient",
        "une belote de l'équipe",
        "ne tiennent pas dans les mains de ses deux joueurs",
        "ne tiennent pas dans les quatre couleurs",
        "pas dans les mains de ses deux joueurs à côté de ses annonces",
        "n'ont pas la place de tenir sans ces rois et ces dames",
    ):
        assert part in messages, part


def test_the_javascript_engine_checks_declarations_as_python(node):
    cases, expected = declaration_cases()
    found = [
        (case, want, got) for case, want, got in zip(cases, expected, run_js(node, cases), strict=True) if want != got
    ]
    assert not found, show(found)


# Bugs planted in the check's modules, each of which the comparison must find.
MUTATIONS = {
    "the belotes never placed (deals.js)": ("if (!sum(belotes)) return true;", "return true;"),
    "one player's two runs touching in a suit (deals.js)": (
        "(holder !== player || !((run << 1 | run >> 1) & other))",
        "true",
    ),
    "a single belote's verb plural (declarations.js)": (
        '(count === 1 ? "tient" : "tiennent")',
        '"tiennent"',
    ),
}


@pytest.mark.parametrize("name", MUTATIONS)
def test_a_planted_bug_is_found(node, name):
    original, planted = MUTATIONS[name]
    cases, expected = declaration_cases()
    found = [
        case
        for case, want, got in zip(
            cases, expected, run_js(node, cases, mutant(ENGINE_MODULES, original, planted)), strict=True
        )
        if want != got
    ]
    print(f"\n{name}: {len(found)} of {len(cases)} bodies differ")
    assert found, f"the comparison misses {name}"
