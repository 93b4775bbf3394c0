"""static/cards.js, the card counter's and the meld checker's logic ported to JavaScript for the deal
form's panels, against the Python, the reference: the same seeded random inputs go through both (`node`
runs the JavaScript, all of them in one process, tests/js/run_cards.js), and every answer must be the
same, word for word:

- piles: random subsets of the 32 cards, in every mode, with and without the last trick
  (cards.pile_points);
- one player's hand of 0 to 8 cards, in every mode: its sorted cards, its best declaration (each
  meld's code, cards, value, name and label, in melds.find_melds's order), the total, the belotes;
- two disjoint hands, one a team: compare_hands's winner and reason, the deal form's fields the
  verdict sets (meld_check.deal_fields), the verdict and what the report puts in the deal, in words
  (meld_check.verdict, meld_check.reported_lines), with the game's team names or without.

Random hands rarely hold a meld, so most are dealt around planted carrés and runs, and pairs of
hands around runs of the same length (the ties the cards decide). Then deliberate bugs planted in
the JavaScript must be caught.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.belote.cards import DECK, HAND_SIZE, Rank, Suit, parse_cards, pile_points
from scorekeeper.belote.melds import CARRE_RANKS, compare_hands
from scorekeeper.belote.terms import Mode, Team
from scorekeeper.web.tools.meld_check import check_hand, deal_fields, reported_lines, team_words, verdict
from tests.helpers import examples, mutant, run_node, static_modules
from tests.helpers import vocabulary_json as vocabulary

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "static" / "cards.js"
RUNNER = ROOT / "tests" / "js" / "run_cards.js"

SEED = 20_261_201
PILES = examples(4_000)
HANDS = examples(6_000)
PAIRS = examples(6_000)
MUTANT_CASES = 3_000  # the first cases of each kind, enough to catch a planted bug
CODES = [card.code for card in DECK]
MODES = [mode.value for mode in Mode]
RANKS = list(Rank)
NAMES = [{"A": "Filles", "B": "Garçons"}, {"A": "", "B": ""}, {"A": "Nous", "B": ""}, {"A": "Les « As »", "B": "Eux"}]


def run_js(node: str, cases: list[dict], replaced: dict[str, str] | None = None) -> list[dict]:
    """Each case answered by static/cards.js (with the engine it imports), or (`replaced`: a mutant, as
    helpers.mutant gives it) by a copy of static/'s modules with a planted bug."""
    with static_modules(replaced) as modules:
        payload = {"modules": str(modules), "vocabulary": vocabulary(), "cases": cases}
        return run_node(node, RUNNER, payload, len(cases))


def check_json(codes: list[str], mode: Mode):
    check = check_hand(parse_cards(codes, limit=HAND_SIZE), mode)
    return check, {
        "cards": [card.code for card in check.cards],
        "melds": [
            {
                "code": meld.code.value,
                "cards": [card.code for card in meld.cards],
                "value": meld.value,
                "name": meld.name,
                "label": meld.label,
            }
            for meld in check.melds
        ],
        "total": check.total,
        "belotes": check.belotes,
    }


def run_python(case: dict) -> dict:
    """The reference's answer to a case, in the runner's shape."""
    if "pile" in case:
        codes, mode, last_trick = case["pile"]
        return {"result": pile_points(parse_cards(codes), Mode(mode), last_trick)}
    if "hand" in case:
        return {"result": check_json(case["hand"][0], Mode(case["hand"][1]))[1]}
    codes_a, codes_b, mode, names = case["pair"]
    mode = Mode(mode)
    checks = {Team.A: check_json(codes_a, mode)[0], Team.B: check_json(codes_b, mode)[0]}
    winner, reason = compare_hands(checks[Team.A].melds, checks[Team.B].melds, mode)
    fields = deal_fields(checks, mode, winner)
    words = team_words({Team.A: names["A"], Team.B: names["B"]})
    return {
        "result": {
            "winner": winner.value if winner else None,
            "reason": reason,
            "fields": [list(field) for field in fields],
            "verdict": verdict(winner, reason, words),
            "reported": reported_lines(fields, words),
        }
    }


def code(rank: Rank, suit: Suit) -> str:
    return rank.value + suit.value


def planted_hand(rng: random.Random, free: list[str], runs: list[int] | None = None) -> list[str]:
    """Up to 8 cards of `free`: often a carré or two and runs (of the lengths `runs` asks, else
    random ones), the rest at random."""
    hand: list[str] = []

    def take(cards: list[str]) -> None:
        for card in cards:
            if card in free and card not in hand and len(hand) < HAND_SIZE:
                hand.append(card)

    if rng.random() < 0.35:
        for rank in rng.sample(CARRE_RANKS, rng.choice([1, 1, 2])):
            take([code(rank, suit) for suit in Suit])
    for length in runs if runs is not None else [rng.randint(3, 8) for _ in range(rng.choice([0, 1, 1, 2]))]:
        start = rng.randint(0, len(RANKS) - length)
        suit = rng.choice(list(Suit))
        take([code(rank, suit) for rank in RANKS[start : start + length]])
    if rng.random() < 0.3:  # a belote
        suit = rng.choice(list(Suit))
        take([code(Rank.KING, suit), code(Rank.QUEEN, suit)])
    size = rng.randint(len(hand), HAND_SIZE) if rng.random() < 0.7 else len(hand)
    while len(hand) < size:
        take([rng.choice(free)])
    rng.shuffle(hand)
    return hand


def random_hand(rng: random.Random, free: list[str]) -> list[str]:
    if rng.random() < 0.25:
        return rng.sample(free, rng.randint(0, min(HAND_SIZE, len(free))))
    return planted_hand(rng, free)


@functools.cache
def all_cases() -> tuple[list[dict], list[dict]]:
    """(cases, Python's answers), the same on every run."""
    rng = random.Random(SEED)
    cases: list[dict] = []
    for _ in range(PILES):
        cases.append({"pile": [rng.sample(CODES, rng.randint(0, 32)), rng.choice(MODES), rng.random() < 0.5]})
    for _ in range(HANDS):
        cases.append({"hand": [random_hand(rng, CODES), rng.choice(MODES)]})
    for _ in range(PAIRS):
        if rng.random() < 0.4:  # runs of the same length in both hands: the cards (or the trump) decide
            length = rng.choice([3, 3, 4, 5])
            hand_a = planted_hand(rng, CODES, [length])
            hand_b = planted_hand(rng, [card for card in CODES if card not in hand_a], [length])
        else:
            hand_a = random_hand(rng, CODES)
            hand_b = random_hand(rng, [card for card in CODES if card not in hand_a])
        cases.append({"pair": [hand_a, hand_b, rng.choice(MODES), rng.choice(NAMES)]})
    return cases, [run_python(case) for case in cases]


def differences(node: str, replaced: dict[str, str] | None = None, first: int | None = None) -> list[tuple]:
    """The cases (the `first` of each kind only, if given) where the JavaScript answers otherwise."""
    cases, expected = all_cases()
    if first is not None:
        kept = [i for kind in ("pile", "hand", "pair") for i in [i for i, c in enumerate(cases) if kind in c][:first]]
        cases, expected = [cases[i] for i in kept], [expected[i] for i in kept]
    return [
        (case, want, got)
        for case, want, got in zip(cases, expected, run_js(node, cases, replaced), strict=True)
        if want != got
    ]


def show(found: list[tuple], count: int = 5) -> str:
    shown = "\n\n".join(
        f"input:  {json.dumps(case, ensure_ascii=False)}\n"
        f"python: {json.dumps(want, ensure_ascii=False)}\n"
        f"js:     {json.dumps(got, ensure_ascii=False)}"
        for case, want, got in found[:count]
    )
    return f"{len(found)} cases differ; the first {min(count, len(found))}:\n\n{shown}"


def answers_of(kind: str) -> list[Any]:
    cases, expected = all_cases()
    return [answer["result"] for case, answer in zip(cases, expected, strict=True) if kind in case]


# --- the tests ----------------------------------------------------------------------------------


def test_the_random_cases_cover_what_they_should():
    cases, _ = all_cases()
    assert len(cases) == PILES + HANDS + PAIRS
    piles = [case["pile"] for case in cases if "pile" in case]
    assert {mode for _, mode, _ in piles} == set(MODES) and {last for *_, last in piles} == {True, False}
    assert {len(cards) for cards, *_ in piles} >= {0, 32} or len(piles) < 1_000
    hands = answers_of("hand")
    assert {len(hand["cards"]) for hand in hands} == set(range(HAND_SIZE + 1))
    labels = {meld["label"] for hand in hands for meld in hand["melds"]}
    codes = {meld["code"] for hand in hands for meld in hand["melds"]}
    assert codes == {"tierce", "cinquante", "cent", *(f"carre_{rank.value}" for rank in CARRE_RANKS)}
    assert {"carré de valets", "tierce à la dame ♥", "cent à l'as ♣", "cinquante au 10 ♠"} <= labels
    assert any(meld["value"] == 200 and meld["code"] == "carre_A" for hand in hands for meld in hand["melds"])
    assert any(len(hand["melds"]) >= 2 for hand in hands)
    assert {hand["belotes"] for hand in hands} >= {0, 1, 2}
    pairs = answers_of("pair")
    reasons = {pair["reason"].split(" (")[0].split(" :")[0].split(",")[0] for pair in pairs}
    assert reasons >= {
        "aucune annonce",
        "seule équipe à annoncer",
        "meilleure annonce",
        "à valeur égale",
        "suites de même valeur",
        "suites égales",
    }
    for ending in ("l'emporte", "personne ne marque ses annonces", "un carré bat une suite", "plus haut carré"):
        assert any(pair["reason"].endswith(ending) for pair in pairs), ending
    best = [dict(pair["fields"]).get("best_meld") for pair in pairs]
    assert {"A", "B", "none"} <= set(best), "the ties the cards decide"
    assert any(line.startswith("Meilleure annonce : personne") for pair in pairs for line in pair["reported"])
    assert any(" ×2" in line for pair in pairs for line in pair["reported"])
    assert {pair["verdict"].split(" ")[0] for pair in pairs} >= {"Annonces", "L'équipe", "Aucune"}


def test_the_javascript_cards_answer_as_the_python(node):
    found = differences(node)
    assert not found, show(found)


# Bugs planted in the JavaScript, each of which the comparison must find.
MUTATIONS = {
    "the dix de der forgotten": ("lastTrick ? V.last_trick_bonus : 0", "0"),
    "a run across two suits": ("suit(card) !== suit(last) || ", ""),
    "a belote of tout atout counted once": ("V.belote_suits[mode].filter(", "V.belote_suits[mode].slice(0, 1).filter("),
    "the sequence in trump losing": ("winner: suit(topA) === trump ? A : B", "winner: suit(topA) === trump ? B : A"),
    "carrés of equal value not ordered by rank": ("V.carre_ranks[m.code], 0, 0]", "0, 0, 0]"),
    "best_meld asked always": ("if (!engine.compareBestMelds(", "if (true || !engine.compareBestMelds("),
}


@pytest.mark.parametrize("name", MUTATIONS)
def test_a_planted_bug_is_found(node, name):
    original, planted = MUTATIONS[name]
    found = differences(node, mutant(("cards.js",), original, planted), first=MUTANT_CASES)
    print(f"\n{name}: {len(found)} cases differ")
    assert found, f"the comparison misses {name}"


def test_the_module_loads_in_node_and_sets_no_global(node):
    """The module gives its API to an import, as a page imports it, and sets no global."""
    script = f"""
        import(process.argv[1]).then(function (module) {{
          var cards = module.create({json.dumps(vocabulary())});
          console.log(JSON.stringify({{module: Object.keys(module), created: Object.keys(cards).sort(),
            points: cards.pilePoints(["JH", "9H", "AS", "JS", "7S", "8S", "7D", "8D"], "hearts", true),
            global: typeof globalThis.create}}));
        }});
    """
    done = subprocess.run([node, "-e", script, CARDS.as_uri()], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["module"] == ["create"] and answer["global"] == "undefined"
    # tests/browser/test_sheet.py's pile, worked on paper: J♥ 20 + 9♥ 14 + A♠ 11 + J♠ 2, the last trick 10.
    assert answer["points"] == 57
    assert "pilePoints" in answer["created"] and "check" in answer["created"]
