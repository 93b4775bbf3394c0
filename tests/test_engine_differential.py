"""static/engine.js, the scoring engine ported to JavaScript for the pages, against the Python engine,
the reference: the same random hands (seeded, so every run sees the same ones), valid and not, go
through both (`node` runs the JavaScript, all of them in one process, tests/js/run_engine.js), and
every answer must be the same: made, scores, lines (labels byte for byte), meld winner and reason,
or the same refusal (field and French message). Whether a deal of 32 cards gives the declared melds and
belotes is the server's check alone (docs/offline.md): the JavaScript answers as
`score(hand, check_declarations=False)`. Each hand is scored under rules drawn at random
too (docs/house-rules.md's house rules, every key and value, the rounding `raw` among them): as the body's
`rules` (POST /api/v1/score), or as a game's rules (what the game's JSON `rules` holds, given to the
engine as the deal form and the outbox give it); some of those `rules` are wrong, for the refusals.
A game's outcome (issue 25, `ending.outcome_of`: totals, scored hands, an end in points or in
deals, stopped or not) and who deals after a number of deals are compared too, on thousands of
generated cases. Then deliberate bugs planted in the JavaScript must be caught, and docs/scoring.md's
worked examples (and docs/house-rules.md's, when tests/test_house_rules.py lists them) hold in the
JavaScript too.

The JavaScript reads every number and word of the rules from `script_vocabulary()` (what the deal
form renders as JSON), given here as the page gives it: with its objects' keys sorted.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from test_house_rules import VARIANT_EXAMPLES  # docs/house-rules.md's examples: (name, body, rules, A, B)
from test_worked_examples import EXAMPLES

from scorekeeper.belote.best_meld import meld_winner
from scorekeeper.belote.declarations import check_declarations
from scorekeeper.belote.ending import DEALS_RANGE, POINTS_RANGE, TARGETS, End, outcome_of
from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.game import Rules, dealer_after
from scorekeeper.belote.game_input import parse_rules
from scorekeeper.belote.hand import Hand
from scorekeeper.belote.hand_json import parse_hand
from scorekeeper.belote.house_rules import OPTION_KEYS, OPTIONS, parse_house_rules
from scorekeeper.belote.scoring import count_figures, score
from scorekeeper.belote.terms import (
    CARD_POINTS_TOTAL,
    CONTRACT_VALUES,
    MAX_BELOTES,
    MAX_MELDS_PER_TEAM,
    SEATS,
    BestMeldCall,
    Coinche,
    Contract,
    Meld,
    Mode,
    Rounding,
    Team,
)
from scorekeeper.web.api.score import result_to_json
from tests.helpers import ENGINE_MODULES, mutant, run_node, static_modules, vocabulary_json

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "static" / "engine.js"
RUNNER = ROOT / "tests" / "js" / "run_engine.js"

SEED = 20_240_611
HANDS = 24_000
GAME_CASES = 2_000  # dealer_after, and outcome_of twice: a game to 1000 or 2000, any end
MUTANT_CASES = 6_000  # the first hands, enough to catch a planted bug
HOUSE_OPTIONS = {option.key: [getattr(value, "value", value) for value, _ in option.choices] for option in OPTIONS}

MODES = [mode.value for mode in Mode]
COINCHES = [coinche.value for coinche in Coinche]
ROUNDINGS = [rounding.value for rounding in Rounding]
CALLS = [call.value for call in BestMeldCall]
SEQUENCES = [meld.value for meld in Meld if not meld.is_carre]
CARRES = [meld.value for meld in Meld if meld.is_carre]


def game_rules(rules: dict | None) -> Rules | None:
    """The game's rules (`rules`: as the game's JSON holds them) for a hand entered in a game, else None
    (the body's `rules` apply)."""
    return parse_rules(rules) if rules is not None else None


vocabulary = vocabulary_json


def run_js(node: str, cases: list[dict], replaced: dict[str, str] | None = None) -> list[dict]:
    """Each case answered by the JavaScript engine: static/engine.js and its modules, or (`replaced`: a
    mutant, as helpers.mutant gives it) a copy of them with a planted bug."""
    with static_modules(replaced) as modules:
        payload = {"modules": str(modules), "vocabulary": vocabulary(), "cases": cases}
        return run_node(node, RUNNER, payload, len(cases))


def run_python(case: dict) -> dict:
    """The same answer from the reference: result_to_json(score(parse_hand(…))), as POST /api/v1/score."""
    try:
        if "outcome" in case:
            totals, hands_played, end, stopped = case["outcome"]
            return {"result": outcome_of(totals, hands_played, End(**end), stopped).as_json()}
        if "dealer" in case:
            first_dealer, deals = case["dealer"]
            return {"result": dealer_after(SimpleNamespace(first_dealer=first_dealer), deals)}
        body, rules, extra_keys = case["score"]
        hand = parse_hand(body, rules=game_rules(rules), extra_keys=extra_keys or ())
        return {"result": result_to_json(score(hand, check_declarations=False))}
    except InvalidHand as refusal:
        return {"refused": [refusal.field, refusal.message]}
    except Exception as error:  # a crash: an answer the JavaScript cannot match
        return {"error": repr(error)}


# --- random hands -------------------------------------------------------------------------------


def random_melds(rng: random.Random, taken: set[str]) -> list[str]:
    melds = []
    for _ in range(rng.choice([0, 0, 0, 1, 1, 1, 2, 2, 3, 4])):
        if rng.random() < 0.6:
            melds.append(rng.choice(SEQUENCES))
        else:
            carre = rng.choice([carre for carre in CARRES if carre not in taken] or CARRES)
            taken.add(carre)
            melds.append(carre)
    return melds


def random_house(rng: random.Random) -> dict[str, Any]:
    """House rules as `rules` gives them: none (a third of the time), else each key or not, any value
    (the default too, said or left out)."""
    if rng.random() < 0.3:
        return {}
    return {key: rng.choice(values) for key, values in HOUSE_OPTIONS.items() if rng.random() < 0.5}


def random_game_rules(rng: random.Random) -> dict[str, Any]:
    """A game's rules as its JSON holds them (Rules.as_json: the house rules that differ from the default)."""
    return Rules(
        rounding=Rounding(rng.choice(ROUNDINGS)),
        misere=rng.random() < 0.3,
        carre_de_sept=rng.random() < 0.3,
        house=parse_house_rules(random_house(rng)),
    ).as_json()


def random_scoring_rules(rng: random.Random) -> dict[str, Any]:
    """The body's `rules` (POST /api/v1/score): a rounding most of the time, and house rules."""
    rules = {"rounding": rng.choice(ROUNDINGS)} if rng.random() < 0.85 else {}
    return {**rules, **random_house(rng)}


def random_body(rng: random.Random) -> tuple[dict, dict | None, list[str] | None]:
    """A hand as a table could tell it (most of them valid), every option drawn at random."""
    body: dict[str, Any] = {"taker": rng.choice("AB"), "mode": rng.choice(MODES)}
    kind = rng.random()
    body["contract"] = rng.choice(CONTRACT_VALUES) if kind < 0.75 else "capot" if kind < 0.87 else "generale"
    if rng.random() < 0.6:
        body["coinche"] = rng.choice(COINCHES)
    numeric = isinstance(body["contract"], int)
    all_tricks = rng.random() < (0.15 if numeric else 0.5)
    if all_tricks or rng.random() < 0.3:
        body["all_tricks"] = all_tricks
    if all_tricks:
        if rng.random() < 0.5:
            body["taker_points"] = CARD_POINTS_TOTAL
    elif numeric or rng.random() < 0.3:
        body["taker_points"] = rng.randint(0, CARD_POINTS_TOTAL)

    taken: set[str] = set()
    melds = {"A": random_melds(rng, taken), "B": random_melds(rng, taken)}
    if rng.random() < 0.15:  # the same best sequence on both sides: the table's word decides
        sequence = rng.choice(SEQUENCES)
        for team in "AB":
            melds[team] = [
                meld for meld in melds[team] if meld in SEQUENCES and SEQUENCES.index(meld) < SEQUENCES.index(sequence)
            ][: MAX_MELDS_PER_TEAM - 1] + [sequence]
    if melds["A"] or melds["B"] or rng.random() < 0.1:
        body["melds"] = {team: codes for team, codes in melds.items() if codes or rng.random() < 0.5}
    if rng.random() < 0.45:
        body["best_meld"] = rng.choice(CALLS)

    allowed = Mode(body["mode"]).max_belotes
    belotes = rng.randint(0, allowed)
    if belotes or rng.random() < 0.1:
        a = rng.randint(0, belotes)
        body["belote"] = {"A": a, "B": belotes - a} if rng.random() < 0.7 else ({"A": a} if a else {"B": belotes})

    if rng.random() < 0.85:  # most tables declare what a deal gives; the others are refused
        make_possible(body)

    rules = None
    if rng.random() < 0.3:
        rules = random_game_rules(rng)  # the game's rules
    elif rng.random() < 0.7:
        body["rules"] = random_scoring_rules(rng) if rng.random() < 0.9 else {}
    extra_keys = None
    if rng.random() < 0.2:
        extra_keys = ["taker_player"]
        body["taker_player"] = rng.randrange(SEATS)
    if numeric and not all_tricks and rng.random() < 0.35:
        aim_at_the_edges(rng, body, rules, extra_keys)
    return body, rules, extra_keys


BELOTE_KQ = ("carre_K", "carre_Q")  # the carrés that hold a belote's cards


def make_possible(body: dict) -> None:
    """Melds dropped (the last of the team with more), or the carrés de rois and de dames when a
    belote clashes and there are some, until check_declarations lets the declarations through."""
    melds, belote = body.get("melds", {}), body.get("belote", {})
    while True:
        hand = Hand(
            taker=Team.A,
            contract=Contract.points(80),
            mode=Mode(body["mode"]),
            taker_points=0,
            melds={team: tuple(Meld(code) for code in melds.get(team.value, [])) for team in Team},
            belote={team: belote.get(team.value, 0) for team in Team},
        )
        try:
            check_declarations(hand.mode, hand.melds, hand.belote)
            return
        except InvalidHand as refusal:
            if refusal.field == "belote" and any(
                code in ("carre_K", "carre_Q") for codes in melds.values() for code in codes
            ):
                for team in melds:
                    melds[team] = [code for code in melds[team] if code not in ("carre_K", "carre_Q")]
            else:
                team = max(melds, key=lambda team: (len(melds[team]), team == "A"))
                melds[team] = melds[team][:-1]


def aim_at_the_edges(rng: random.Random, body: dict, rules: dict | None, extra_keys: list[str] | None) -> None:
    """Takers' points at a tie with the defense (a failed contract), one off it, or at the contract."""
    try:
        hand = parse_hand(body, rules=game_rules(rules), extra_keys=extra_keys or ())
        figures = count_figures(hand, meld_winner(hand))
    except InvalidHand:
        return
    taker, defense = figures[hand.taker], figures[hand.taker.other]
    takers_extra, defense_extra = taker.melds + taker.belote, defense.melds + defense.belote
    tie = (CARD_POINTS_TOTAL + defense_extra - takers_extra) / 2
    contract = hand.contract.value - takers_extra
    choices = [int(tie)] * 3 + [int(tie) + 1, int(tie) - 1, contract, contract - 1]
    body["taker_points"] = min(max(rng.choice(choices), 0), CARD_POINTS_TOTAL)


# What a table (or a broken page) can send wrong: each replaces or removes one thing.
BAD_VALUES = {
    "taker": ["C", "a", 1, None, True, ""],
    "mode": ["trump", "Spades", None, 0, ["spades"]],
    "contract": [85, 170, 70, 0, "80", 80.5, True, None, "Capot", "générale", [80]],
    "coinche": ["double", None, 2, True, "Coinche"],
    "all_tricks": ["yes", 1, 0, None, "true"],
    "taker_points": [-1, 163, 200, -50, "90", 90.5, True, False, [], {}],
    "best_meld": ["C", True, 1, "None", "a"],
    "melds": [
        [],
        "tierce",
        None,
        5,
        {"C": []},
        {"A": "tierce"},
        {"A": None},
        {"B": {"tierce": 1}},
        {"A": ["tierce"], "a": []},
    ],
    "belote": [[], None, 1, {"A": -1}, {"A": 5}, {"B": "1"}, {"A": True}, {"C": 1}, {"A": 1.5}, {"B": None}],
    "rules": [
        "nearest",
        None,
        [],
        {"rounding": "up"},
        {"round": 1},
        {"rounding": None},
        {"rounding": "none", "z": 1},
        {"rounding": "NONE"},
        {"rounding": "raw", "misere": False},
        {"carre_de_sept": True},
        {"coinche_scope": "whole", "belote": "winner"},
    ],
}
# A house rule's wrong values: another option's, a near miss, the wrong JSON type.
BAD_OPTION_VALUES = [
    "",
    "WHOLE",
    "whole ",
    "Winner",
    "true",
    "false",
    "none",
    "bonus",
    "raw",
    "nearest",
    "points",
    None,
    0,
    1,
    1.0,
    2,
    True,
    False,
    [],
    {},
    ["whole"],
    {"value": "flat"},
]
UNKNOWN_MELDS = [
    "quarte",
    "Tierce",
    "",
    5,
    None,
    True,
    False,
    1.5,
    ["tierce"],
    {"a": 1},
    "it's",
    'say "hi"',
    'it\'s "both"',
    "back\\slash",
    "tab\there",
    "new\nline",
    "é",
    "carre_8",
    "carre_j",
]
UNKNOWN_KEYS = ["foo", "Taker", "zzz", "_x", "rule", "taker_player", "rounding", "A", "tout"]


def melds_of(body: dict) -> dict:
    if not isinstance(body.get("melds"), dict):
        body["melds"] = {}
    return body["melds"]


def spoil(rng: random.Random, body: dict, rules: dict | None, extra_keys: list[str] | None):
    """The hand made wrong in one of the ways the engines must refuse alike."""
    body = json.loads(json.dumps(body))
    way = rng.randrange(15)
    if way == 0:
        key = rng.choice(list(BAD_VALUES))
        body[key] = rng.choice(BAD_VALUES[key])
    elif way == 1:
        body.pop(rng.choice(["taker", "contract", "mode"]), None)
    elif way == 2:
        for _ in range(rng.randint(1, 2)):
            body[rng.choice(UNKNOWN_KEYS)] = 1
        if rules is not None and rng.random() < 0.3:
            body["rules"] = {"rounding": rules["rounding"]}  # the game's rounding: the body may not say it
    elif way == 3:
        melds = melds_of(body)
        team = rng.choice("AB")
        codes = list(melds.get(team) or [])
        codes.insert(rng.randint(0, len(codes)), rng.choice(UNKNOWN_MELDS))
        melds[team] = codes
    elif way == 4:  # more belotes than the mode allows
        allowed = Mode(body["mode"]).max_belotes if body.get("mode") in MODES else 0
        a = rng.randint(0, min(allowed + 1, MAX_BELOTES))
        body["belote"] = {"A": a, "B": min(allowed + 1 - a + rng.randint(0, 1), MAX_BELOTES)}
    elif way == 5:  # a carré claimed twice
        carre = rng.choice(CARRES)
        melds = melds_of(body)
        teams = rng.choice(["AB", "BA", "AA", "BB"])
        for team in teams:
            melds[team] = [*(melds.get(team) or [])[:2], carre]
    elif way == 6:  # more than four melds
        melds = melds_of(body)
        melds[rng.choice("AB")] = [rng.choice(SEQUENCES) for _ in range(rng.randint(MAX_MELDS_PER_TEAM + 1, 7))]
    elif way == 7:  # all tricks, with points other than 162
        body["all_tricks"] = True
        body["taker_points"] = rng.randint(0, CARD_POINTS_TOTAL - 1)
    elif way == 8:  # a numeric contract without its points
        body["contract"] = rng.choice(CONTRACT_VALUES)
        body.pop("taker_points", None)
        body.pop("all_tricks", None) if rng.random() < 0.5 else body.update(all_tricks=False)
    elif way == 9:  # equal best sequences, and nobody said which wins
        sequence = rng.choice(SEQUENCES)
        body["melds"] = {"A": [sequence], "B": ["tierce", sequence] if sequence != "tierce" else [sequence]}
        body.pop("best_meld", None)
    elif way in (13, 14):  # a house rule with a value it has not (a game's rules: `rules` is no key of the body)
        spoilt = random_scoring_rules(rng)
        for key in rng.sample(OPTION_KEYS, rng.choice([1, 1, 1, 2, 3])):
            values = HOUSE_OPTIONS[key]
            spoilt[key] = rng.choice(
                [
                    value
                    for value in BAD_OPTION_VALUES
                    if not any(type(value) is type(good) and value == good for good in values)
                ]
            )
        if rng.random() < 0.2:  # two faults in `rules`: an unknown key first, an option before the rounding
            spoilt[rng.choice(["z", "misere", "Rounding"])] = 1 if rng.random() < 0.5 else spoilt.pop("rounding", 1)
        elif rng.random() < 0.2:
            spoilt["rounding"] = rng.choice(["up", "RAW", None, 162])
        body["rules"] = dict(rng.sample(list(spoilt.items()), len(spoilt)))  # in any order
    elif way == 10:  # not an object
        body = rng.choice([[], "hand", None, 5, [body]])
    else:  # points out of range, or not an integer
        body["taker_points"] = rng.choice([-1, 163, 1000, 81.5, "81", None])
    return body, rules, extra_keys


def random_outcome_case(rng: random.Random) -> list:
    """[totals, hands played, end, stopped] for `outcome_of`: an end in points (500 to 5000) or in
    deals (4 to 30), totals about it, equal a fifth of the time, hands about the end's number, a
    game stopped a fifth of the time."""
    if rng.random() < 0.5:
        target = rng.randrange(POINTS_RANGE[0], POINTS_RANGE[1] + 1, 10)
        end, scale, hands = {"points": target}, target, rng.randint(0, 40)
    else:
        deals = rng.randint(*DEALS_RANGE)
        end, scale = {"deals": deals}, 160 * deals
        hands = rng.choice([rng.randint(0, deals + 3), deals, deals - 1])
    a = rng.choice([rng.randint(0, 2 * scale), scale, scale - 1, 0])
    b = a if rng.random() < 0.2 else rng.choice([rng.randint(0, 2 * scale), scale, scale - 1])
    return [{"A": a, "B": b}, hands, end, rng.random() < 0.2]


@functools.cache
def hand_cases() -> tuple[list[dict], list[dict]]:
    """(cases, Python's answers), the same on every run."""
    rng = random.Random(SEED)
    cases = []
    for _ in range(HANDS):
        body, rules, extra_keys = random_body(rng)
        if rng.random() < 0.25:
            body, rules, extra_keys = spoil(rng, body, rules, extra_keys)
            if rng.random() < 0.35 and isinstance(body, dict):  # two faults: which one is told first
                body, rules, extra_keys = spoil(rng, body, rules, extra_keys)
        cases.append({"score": [body, rules, extra_keys]})
    for _ in range(GAME_CASES):
        target = rng.choice(TARGETS)
        a = rng.choice([rng.randint(0, 2 * target), target, target - 1, target + rng.randint(0, 300)])
        b = a if rng.random() < 0.2 else rng.choice([rng.randint(0, 2 * target), target, target - 1])
        cases.append({"outcome": [{"A": a, "B": b}, rng.randint(0, 40), {"points": target}, False]})  # as ever
        cases.append({"dealer": [rng.randrange(SEATS), rng.randint(0, 80)]})
        cases.append({"outcome": random_outcome_case(rng)})
    cases = json.loads(json.dumps(cases))  # what both engines read: JSON (no tuple, no int key)
    return cases, [run_python(case) for case in cases]


def differences(
    node: str, replaced: dict[str, str] | None = None, first: int | None = None
) -> list[tuple[dict, dict, dict]]:
    """The cases (the `first` ones only, if given) where the JavaScript answers otherwise than Python."""
    cases, expected = hand_cases()
    cases, expected = cases[:first], expected[:first]
    return [
        (case, want, got)
        for case, want, got in zip(cases, expected, run_js(node, cases, replaced), strict=True)
        if want != got
    ]


def show(found: list[tuple[dict, dict, dict]], count: int = 5) -> str:
    shown = "\n\n".join(
        f"input:  {json.dumps(case, ensure_ascii=False)}\n"
        f"python: {json.dumps(want, ensure_ascii=False)}\n"
        f"js:     {json.dumps(got, ensure_ascii=False)}"
        for case, want, got in found[:count]
    )
    return f"{len(found)} cases differ; the first {min(count, len(found))}:\n\n{shown}"


# --- the tests ----------------------------------------------------------------------------------


def test_the_random_cases_cover_what_they_should():
    cases, expected = hand_cases()
    hands = [(case["score"], answer) for case, answer in zip(cases, expected, strict=True) if "score" in case]
    valid = [(case, answer["result"]) for case, answer in hands if "result" in answer]
    refused = [answer["refused"] for _, answer in hands if "refused" in answer]
    assert not [answer for _, answer in hands if "error" in answer], "the Python engine crashed"
    assert len(hands) >= 20_000 and len(valid) >= 12_000 and len(refused) >= 4_000
    assert {result["made"] for _, result in valid} == {True, False}
    contracts = {case[0]["contract"] for case, _ in valid}
    assert contracts >= {*CONTRACT_VALUES, "capot", "generale"}
    assert {(case[0].get("rules") or {}).get("rounding") for case, _ in valid} >= {*ROUNDINGS}
    assert {case[1]["rounding"] if case[1] else None for case, _ in valid} >= {*ROUNDINGS, None}
    for key, values in HOUSE_OPTIONS.items():  # every value, in the body's `rules` and in a game's
        said = [case[0]["rules"][key] for case, _ in valid if key in (case[0].get("rules") or {})]
        assert {json.dumps(value) for value in said} == {json.dumps(value) for value in values}, key
        assert {value_of(case[1], key) for case, _ in valid if case[1] is not None} == {*values}, key
    option_sets = {rules_of(case) for case, _ in valid}
    assert len(option_sets) >= 0.9 * len(ROUNDINGS) * 2 ** len(OPTION_KEYS)
    assert {case[0].get("coinche") for case, _ in valid} >= {*COINCHES, None}
    assert {case[0]["mode"] for case, _ in valid} == set(MODES)
    labels = {line["label"] for _, result in valid for line in result["lines"]}
    assert {"Capot fait", "Capot non annoncé", "Belotes × 4", "Chute : 160"} <= labels
    assert {
        "Chute : 162",
        "Tout ou rien : 160",
        "Tout ou rien : 162",
        "Capot non annoncé, sans prime : 160",
        "Capot non annoncé, sans prime : 162",
        "Belote des preneurs",
        "Belote de la défense",
        "Contrat capot (500)",
        "Contrat chuté capot (500) × 4 (surcoinché)",
        "Capot fait × 2 (coinché)",
        "Chute : 162 × 4 (surcoinché)",
        "Tout ou rien : 160 × 2 (coinché)",
    } <= labels
    assert any(label.startswith("Belotes des preneurs × ") for label in labels)
    assert any(label.startswith("Points faits (") and label.endswith(") × 2 (coinché)") for label in labels)
    assert any(label.startswith("Points faits arrondis (") and label.endswith("× 4 (surcoinché)") for label in labels)
    assert any(label.startswith("Annonces de la défense (") for label in labels)
    assert any(label.startswith("Annonces des preneurs (") and label.endswith("× 2 (coinché)") for label in labels)
    assert len([result for case, result in valid if rules_of(case)[-1] == "points_annonces"]) >= 1_000
    assert any(label.startswith("Points faits arrondis") for label in labels)
    assert any(label.startswith("Points faits (") for label in labels)  # the complement
    assert any(label.startswith("Annonces des preneurs (") for label in labels)
    assert any(label.endswith("× 2 (coinchée)") for label in labels)  # a générale
    assert any(label.endswith("× 4 (surcoinché)") for label in labels)
    reasons = {result["meld_reason"].split(" :")[0].split(" (")[0] for _, result in valid}
    assert {
        "aucune annonce",
        "seule équipe à annoncer",
        "meilleure annonce",
        "à valeur égale",
        "suites égales",
    } <= reasons
    endings = {result["meld_reason"].split(" : ")[-1] for _, result in valid}
    assert {"la table a désigné la meilleure", "la table ne les départage pas"} <= endings
    assert any("carré d'as 200" in result["meld_reason"] for _, result in valid)  # sans atout
    ties = [
        result
        for case, result in valid
        if isinstance(case[0]["contract"], int) and not case[0].get("all_tricks") and tied(case)
    ]
    assert len(ties) >= 500, "too few hands where the takers tie with the defense"
    assert not [result for result in ties if result["made"]]
    fields = {field for field, _ in refused}
    assert fields >= {
        "body",
        "taker",
        "contract",
        "mode",
        "coinche",
        "all_tricks",
        "taker_points",
        "melds",
        "best_meld",
        "belote",
        "rules",
        "rules.rounding",
        "foo",
        *(f"rules.{key}" for key in OPTION_KEYS),
    }
    messages = " ".join(message for _, message in refused)
    assert "« rules.coinche_all_or_nothing » doit valoir true ou false." in messages
    assert "« rules.belote_to » doit valoir « holder » ou « winner »." in messages
    assert "« rules » : clé inconnue « misere »." in messages
    for part in (
        "annoncé deux fois",
        "plus de quatre",
        "annonce inconnue 'quarte'",
        "annonce inconnue None",
        "annonce inconnue 5",
        "annonce inconnue True",
        "« best_meld » est requis",
        "doit valoir 162",
        "pas de belote en sans atout",
        "au plus quatre belotes",
        "une seule belote",
        "est requis pour",
    ):
        assert part in messages, part


def value_of(rules: Any, key: str) -> Any:
    """A key of `rules`, or its default (as a game's rules JSON leaves it out)."""
    return (
        rules.get(key, HOUSE_OPTIONS[key][0] if key in HOUSE_OPTIONS else "nearest")
        if isinstance(rules, dict)
        else None
    )


def rules_of(case: list) -> tuple:
    """The rounding and house rules a valid hand was scored under (the body's or the game's)."""
    rules = case[1] if case[1] is not None else case[0].get("rules", {})
    return (value_of(rules, "rounding"), *(value_of(rules, key) for key in OPTION_KEYS))


def figures() -> dict[str, int]:
    cases, expected = hand_cases()
    hands = [(case["score"], answer) for case, answer in zip(cases, expected, strict=True) if "score" in case]
    valid = [case for case, answer in hands if "result" in answer]
    return {
        "hands": len(hands),
        "valid": len(valid),
        "refused": sum("refused" in answer for _, answer in hands),
        "under a game's rules": sum(case[1] is not None for case, _ in hands),
        "option sets drawn": len({rules_of(case) for case in valid}),
        "with a house rule": sum(
            any(value != HOUSE_OPTIONS[key][0] for key, value in zip(OPTION_KEYS, rules_of(case)[1:], strict=True))
            for case in valid
        ),
    }


def tied(case: list) -> bool:
    body, rules, extra_keys = case
    hand = parse_hand(body, rules=game_rules(rules), extra_keys=extra_keys or ())
    figures = count_figures(hand, meld_winner(hand))
    return figures[hand.taker].total == figures[hand.taker.other].total


def test_the_javascript_engine_answers_as_the_python_engine(node):
    print(f"\n{figures()}")
    found = differences(node)
    assert not found, show(found)


# Bugs planted in the JavaScript, each of which the comparison must find.
MUTATIONS = {
    "a tie counted as made": ("takerTotal > defenseTotal", "takerTotal >= defenseTotal"),
    "the coinche multiplying the failed contract's 160": (
        "label + times, base * by);",
        "label + times, base * (made ? by : m));",
    ),
    "the belote multiplied with coinche_scope whole": ("figures[team].belote);", "figures[team].belote * by);"),
    "the loser's card points multiplied with coinche_scope whole": (
        "t.rest),\n        t.rest,",
        "t.rest),\n        t.rest * by,",
    ),
    "a body's 162 card points refused (hand_body.js)": (
        "points >= 0 && points <= TOTAL",
        "points >= 0 && points < TOTAL",
    ),
}


@pytest.mark.parametrize("name", MUTATIONS)
def test_a_planted_bug_is_found(node, name):
    original, planted = MUTATIONS[name]
    found = differences(node, mutant(ENGINE_MODULES, original, planted), first=MUTANT_CASES)
    print(f"\n{name}: {len(found)} of the first {MUTANT_CASES} cases differ")
    assert found, f"the comparison misses {name}"
    if name == "a body's 162 card points refused (hand_body.js)":  # refused for its 162, not scored or refused later
        assert all(case["score"][0]["taker_points"] == CARD_POINTS_TOTAL and "refused" in got for case, _, got in found)
        return
    wanted = [(case["score"], want["result"]) for case, want, _ in found]
    if name == "a tie counted as made":
        assert any(want["result"]["made"] is False and got["result"]["made"] is True for _, want, got in found)
    elif name == "the coinche multiplying the failed contract's 160":
        assert all(any(line["label"].startswith("Chute : 16") for line in result["lines"]) for _, result in wanted)
    elif name == "the belote multiplied with coinche_scope whole":
        assert all(
            rules_of(case)[1] == "whole"
            and case[0].get("coinche") in ("coinche", "surcoinche")
            and any(line["label"].startswith("Belote") for line in result["lines"])
            for case, result in wanted
        )
    else:
        assert all(
            rules_of(case)[1] == "whole" and result["made"] and case[0].get("coinche") in ("coinche", "surcoinche")
            for case, result in wanted
        )


def test_the_worked_examples_of_scoring_md_in_javascript(node):
    answers = run_js(node, [{"score": [body, None, None]} for _, body, *_ in EXAMPLES])
    for (number, _, made, a_score, b_score), answer in zip(EXAMPLES, answers, strict=True):
        result = answer["result"]
        assert (result["made"], result["scores"]) == (made, {"A": a_score, "B": b_score}), number
        for team, expected in (("A", a_score), ("B", b_score)):
            assert sum(line["points"] for line in result["lines"] if line["team"] == team) == expected, number


def test_the_examples_of_variants_md_in_javascript(node):
    """Each of docs/house-rules.md's examples with its rules in the body (`rules`, as POST /api/v1/score takes
    them), and the same hand entered in a game that plays those rules (the game's JSON `rules`)."""
    cases = [{"score": [{**body, "rules": rules}, None, None]} for _, body, rules, *_ in VARIANT_EXAMPLES]
    cases += [{"score": [body, parse_rules(rules).as_json(), None]} for _, body, rules, *_ in VARIANT_EXAMPLES]
    answers = run_js(node, cases)
    for (name, _, _, a_score, b_score), case, answer in zip(VARIANT_EXAMPLES * 2, cases, answers, strict=True):
        where = (name, "in a game" if case["score"][1] is not None else "scored alone")
        assert "result" in answer, (*where, answer)
        result = answer["result"]
        assert result["scores"] == {"A": a_score, "B": b_score}, where
        for team, points in result["scores"].items():
            assert sum(line["points"] for line in result["lines"] if line["team"] == team) == points, where
        assert answer == run_python(case), where  # the lines too, word for word


def test_the_script_loads_in_node_and_in_a_page(node):
    """The module gives its API to an import (a page's, Node's), and sets no global; a refusal is an Error."""
    script = f"""
        import(process.argv[1]).then(function (engine) {{
          var refusal = new engine.Refusal("taker", "non");
          var answer = {{}};
          try {{ engine.create({json.dumps(vocabulary())}).scoreBody({{"taker": "C"}}); }}
          catch (error) {{ answer = {{field: error.field, message: error.message, error: error instanceof Error}}; }}
          console.log(JSON.stringify({{
              module: Object.keys(engine).sort(), global: typeof globalThis.BeloteEngine,
              created: Object.keys(engine.create({json.dumps(vocabulary())})).sort(),
              refusal: [refusal instanceof Error, refusal.field, refusal.message], answer: answer
          }}));
        }});
    """
    done = subprocess.run([node, "-e", script, ENGINE.as_uri()], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "module": ["Refusal", "create"],
        "global": "undefined",
        "created": [
            "bestMeld",
            "compareBestMelds",
            "dealerAfter",
            "meldPoints",
            "outcomeOf",
            "parseHand",
            "score",
            "scoreBody",
        ],
        "refusal": [True, "taker", "non"],
        "answer": {"field": "contract", "message": parse_refusal({"taker": "C"}), "error": True},
    }


def parse_refusal(body: Any) -> str:
    with pytest.raises(InvalidHand) as refused:
        parse_hand(body)
    return refused.value.message


# Bugs planted in the outcome of a game (engine.js outcomeOf), each found among the outcome cases alone.
OUTCOME_MUTATIONS = {
    "a game in deals ending a hand late": ("handsPlayed >= end.deals", "handsPlayed > end.deals"),
    "a stopped game in points playing on": ("!== null && !stopped)", "!== null)"),
    "a draw given to team B": ("totals[A] === totals[B] ? null :", "totals[A] === totals[B] ? B :"),
}


@pytest.mark.parametrize("name", OUTCOME_MUTATIONS)
def test_a_planted_bug_in_the_outcome_is_found(node, name):
    cases, expected = hand_cases()
    outcomes = [(case, want) for case, want in zip(cases, expected, strict=True) if "outcome" in case]
    assert len(outcomes) == 2 * GAME_CASES
    with static_modules(mutant(ENGINE_MODULES, *OUTCOME_MUTATIONS[name])) as modules:
        payload = {"modules": str(modules), "vocabulary": vocabulary(), "cases": [case for case, _ in outcomes]}
        answers = run_node(node, RUNNER, payload, len(outcomes))
    found = [case for (case, want), got in zip(outcomes, answers, strict=True) if want != got]
    print(f"\n{name}: {len(found)} of {len(outcomes)} outcome cases differ")
    assert found, f"the comparison misses {name}"
