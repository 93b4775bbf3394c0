"""POST /api/v1/score refusals (docs/scoring.md, "The scoring service"): 422 with a French sentence
naming the field, never a 500 and never a score; plus the HTTP-level errors under /api/v1.

The accepted hands at the end were worked on paper from docs/scoring.md's rules; their figures are
written out, not computed.
"""

from __future__ import annotations

import json
import re

import pytest

URL = "/api/v1/score"

# A valid hand: 100 ♥, the takers made 110 (made: 110+100 / 52→50).
BASE = {"taker": "A", "contract": 100, "mode": "hearts", "taker_points": 110}


def without(key: str) -> dict:
    return {k: v for k, v in BASE.items() if k != key}


def melds(a: list, b: list | None = None, **extra) -> dict:
    return {**BASE, "melds": {"A": a, "B": b or []}, **extra}


# (id, body, fragment the French message must contain: the field, or what names it)
INVALID = [
    # unknown keys, at the top and inside rules
    ("unknown-key", {**BASE, "joueur": 1}, "joueur"),
    ("unknown-key-case", {**without("taker"), "Taker": "A"}, "Taker"),
    ("unknown-key-rules", {**BASE, "rules": {"rounding": "nearest", "target": 1000}}, "target"),
    # required keys
    ("missing-taker", without("taker"), "taker"),
    ("missing-contract", without("contract"), "contract"),
    ("missing-mode", without("mode"), "mode"),
    # taker
    ("taker-C", {**BASE, "taker": "C"}, "taker"),
    ("taker-lowercase", {**BASE, "taker": "a"}, "taker"),
    ("taker-empty", {**BASE, "taker": ""}, "taker"),
    ("taker-number", {**BASE, "taker": 1}, "taker"),
    ("taker-null", {**BASE, "taker": None}, "taker"),
    # mode
    ("mode-french", {**BASE, "mode": "coeur"}, "mode"),
    ("mode-capitalised", {**BASE, "mode": "Hearts"}, "mode"),
    ("mode-sans-atout", {**BASE, "mode": "sans_atout"}, "mode"),
    ("mode-number", {**BASE, "mode": 3}, "mode"),
    ("mode-list", {**BASE, "mode": ["hearts"]}, "mode"),
    # coinche
    ("coinche-double", {**BASE, "coinche": "double"}, "coinche"),
    ("coinche-true", {**BASE, "coinche": True}, "coinche"),
    ("coinche-number", {**BASE, "coinche": 2}, "coinche"),
    ("coinche-null", {**BASE, "coinche": None}, "coinche"),
    # rules and rounding
    ("rounding-up", {**BASE, "rules": {"rounding": "up"}}, "rounding"),
    ("rounding-capitalised", {**BASE, "rules": {"rounding": "Nearest"}}, "rounding"),
    ("rounding-number", {**BASE, "rules": {"rounding": 10}}, "rounding"),
    ("rounding-null", {**BASE, "rules": {"rounding": None}}, "rounding"),
    ("rules-string", {**BASE, "rules": "none"}, "rules"),
    ("rules-list", {**BASE, "rules": ["nearest"]}, "rules"),
    # best_meld: an unknown value is refused even where the table's word is not needed
    ("best-meld-C", {**BASE, "best_meld": "C"}, "best_meld"),
    ("best-meld-both", {**BASE, "best_meld": "both"}, "best_meld"),
    ("best-meld-true", {**BASE, "best_meld": True}, "best_meld"),
    ("best-meld-lowercase", melds(["tierce"], ["tierce"], best_meld="a"), "best_meld"),
    # contract: 80..160 by tens, "capot" or "generale"
    ("contract-75", {**BASE, "contract": 75}, "contract"),
    ("contract-170", {**BASE, "contract": 170}, "contract"),
    ("contract-85", {**BASE, "contract": 85}, "contract"),
    ("contract-70", {**BASE, "contract": 70}, "contract"),
    ("contract-0", {**BASE, "contract": 0}, "contract"),
    ("contract-negative", {**BASE, "contract": -80}, "contract"),
    ("contract-250", {**BASE, "contract": 250}, "contract"),
    ("contract-string-100", {**BASE, "contract": "100"}, "contract"),
    ("contract-true", {**BASE, "contract": True}, "contract"),
    ("contract-null", {**BASE, "contract": None}, "contract"),
    ("contract-2.5", {**BASE, "contract": 2.5}, "contract"),
    ("contract-Capot", {**BASE, "contract": "Capot"}, "contract"),
    ("contract-accented", {**BASE, "contract": "générale"}, "contract"),
    ("contract-list", {**BASE, "contract": [100]}, "contract"),
    ("contract-object", {**BASE, "contract": {"value": 100}}, "contract"),
    # taker_points: an integer 0..162
    ("points-negative", {**BASE, "taker_points": -1}, "taker_points"),
    ("points-163", {**BASE, "taker_points": 163}, "taker_points"),
    ("points-250", {**BASE, "taker_points": 250}, "taker_points"),
    ("points-string", {**BASE, "taker_points": "110"}, "taker_points"),
    ("points-float", {**BASE, "taker_points": 110.5}, "taker_points"),
    ("points-true", {**BASE, "taker_points": True}, "taker_points"),
    ("points-false", {**BASE, "taker_points": False}, "taker_points"),
    ("points-list", {**BASE, "taker_points": [110]}, "taker_points"),
    # taker_points required on a numeric contract unless the takers took all tricks
    ("points-missing", without("taker_points"), "taker_points"),
    ("points-null", {**BASE, "taker_points": None}, "taker_points"),
    ("points-missing-all-tricks-false", {**without("taker_points"), "all_tricks": False}, "taker_points"),
    # all_tricks: a boolean, and then the takers' points can only be 162
    ("all-tricks-string", {**BASE, "all_tricks": "true"}, "all_tricks"),
    ("all-tricks-number", {**BASE, "all_tricks": 1}, "all_tricks"),
    ("all-tricks-null", {**BASE, "all_tricks": None}, "all_tricks"),
    ("all-tricks-points-150", {**BASE, "all_tricks": True, "taker_points": 150}, "taker_points"),
    ("all-tricks-points-0", {**BASE, "all_tricks": True, "taker_points": 0}, "taker_points"),
    (
        "all-tricks-points-capot",
        {"taker": "A", "contract": "capot", "mode": "spades", "all_tricks": True, "taker_points": 100},
        "taker_points",
    ),
    # belote: none in sans atout, one in a suit mode, four in tout atout, never negative
    ("belote-no-trump-A", {**BASE, "mode": "no_trump", "belote": {"A": 1}}, "belote"),
    ("belote-no-trump-B", {**BASE, "mode": "no_trump", "belote": {"B": 1}}, "belote"),
    ("belote-two-teams-suit", {**BASE, "belote": {"A": 1, "B": 1}}, "belote"),
    ("belote-two-one-team-suit", {**BASE, "mode": "clubs", "belote": {"A": 2}}, "belote"),
    ("belote-five-all-trump", {**BASE, "mode": "all_trump", "belote": {"A": 4, "B": 1}}, "belote"),
    ("belote-five-split-all-trump", {**BASE, "mode": "all_trump", "belote": {"A": 3, "B": 2}}, "belote"),
    ("belote-five-one-team", {**BASE, "mode": "all_trump", "belote": {"A": 5}}, "belote"),
    ("belote-negative", {**BASE, "belote": {"A": -1}}, "belote"),
    ("belote-negative-all-trump", {**BASE, "mode": "all_trump", "belote": {"A": 2, "B": -1}}, "belote"),
    ("belote-string", {**BASE, "belote": {"A": "1"}}, "belote"),
    ("belote-bool", {**BASE, "belote": {"A": True}}, "belote"),
    ("belote-float", {**BASE, "belote": {"A": 1.5}}, "belote"),
    ("belote-team-C", {**BASE, "belote": {"C": 1}}, "belote"),
    ("belote-number", {**BASE, "belote": 1}, "belote"),
    ("belote-list", {**BASE, "belote": ["A"]}, "belote"),
    # melds
    ("carre-both-teams", melds(["carre_J"], ["carre_J"]), "melds"),
    ("carre-twice-one-team", melds(["carre_A", "carre_A"]), "melds"),
    ("carre-both-teams-no-trump", {**melds(["carre_A"], ["carre_A"]), "mode": "no_trump"}, "melds"),
    ("meld-unknown-quarte", melds(["quarte"]), "melds"),
    ("meld-unknown-carre-8", melds([], ["carre_8"]), "melds"),
    ("meld-unknown-carre-7", melds(["carre_7"]), "melds"),
    ("meld-belote-is-no-meld", melds(["belote"]), "melds"),
    ("meld-capitalised", melds(["Tierce"]), "melds"),
    ("meld-number", melds([20]), "melds"),
    ("meld-null", melds([None]), "melds"),
    ("melds-team-string", {**BASE, "melds": {"A": "tierce"}}, "melds"),
    ("melds-team-object", {**BASE, "melds": {"A": {"tierce": 1}}}, "melds"),
    ("melds-team-null", {**BASE, "melds": {"B": None}}, "melds"),
    ("melds-list", {**BASE, "melds": ["tierce"]}, "melds"),
    ("melds-string", {**BASE, "melds": "tierce"}, "melds"),
    ("melds-team-C", {**BASE, "melds": {"C": ["tierce"]}}, "melds"),
    ("melds-team-lowercase", {**BASE, "melds": {"a": ["tierce"]}}, "melds"),
    ("melds-five-one-team", melds(["tierce"] * 5), "melds"),
    ("melds-five-mixed", melds([], ["tierce", "cinquante", "cent", "carre_K", "carre_Q"]), "melds"),
    # two equal sequences as best melds: only the table can say, so best_meld is required
    ("tie-tierce", melds(["tierce"], ["tierce"]), "best_meld"),
    ("tie-cinquante", melds(["cinquante", "tierce"], ["cinquante"]), "best_meld"),
    ("tie-cent", melds(["cent"], ["cent"]), "best_meld"),
    ("tie-cent-no-trump", {**melds(["cent"], ["tierce", "cent"]), "mode": "no_trump"}, "best_meld"),
    (
        "tie-cent-capot",
        {
            "taker": "B",
            "contract": "capot",
            "mode": "diamonds",
            "all_tricks": True,
            "melds": {"A": ["cent"], "B": ["cent"]},
        },
        "best_meld",
    ),
    ("tie-best-meld-null", melds(["tierce"], ["tierce"], best_meld=None), "best_meld"),
    # a body that is not a JSON object
    ("body-array", [BASE], "corps de la requête"),
    ("body-empty-array", [], "corps de la requête"),
    ("body-string", "hearts", "corps de la requête"),
    ("body-number", 42, "corps de la requête"),
    ("body-true", True, "corps de la requête"),
    ("body-null", None, "corps de la requête"),
]

# Words that give a French sentence away, and English ones that must not be there.
FRENCH_WORDS = {
    "doit",
    "est",
    "être",
    "requis",
    "inconnue",
    "clé",
    "le",
    "la",
    "les",
    "de",
    "du",
    "des",
    "un",
    "une",
    "il",
    "pas",
    "au",
    "plus",
    "que",
    "ne",
    "non",
    "pour",
    "cette",
    "dans",
}
ENGLISH_WORDS = {
    "the",
    "must",
    "is",
    "invalid",
    "error",
    "unknown",
    "required",
    "should",
    "not",
    "value",
    "method",
    "allowed",
    "found",
    "request",
}


def assert_french(message: str) -> None:
    words = set(re.findall(r"\w+", message.lower()))
    assert words & FRENCH_WORDS, f"not French: {message!r}"
    assert not words & ENGLISH_WORDS, f"English words in {message!r}"


def assert_json_error(response, status: int) -> str:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == {"error"}, body
    assert isinstance(body["error"], str) and body["error"]
    assert_french(body["error"])
    return body["error"]


def post_json(client, body):
    # `json=` would refuse nothing, but be explicit: the body is sent as it is written here.
    return client.post(URL, data=json.dumps(body), content_type="application/json")


def test_base_body_is_valid(client):
    """The bodies above are BASE with one thing wrong; BASE itself scores (100 ♥, P=110)."""
    response = post_json(client, BASE)
    assert response.status_code == 200
    assert response.get_json()["scores"] == {"A": 210, "B": 50}


@pytest.mark.parametrize(("body", "fragment"), [row[1:] for row in INVALID], ids=[row[0] for row in INVALID])
def test_invalid_body_is_refused_in_french_naming_the_field(client, body, fragment):
    message = assert_json_error(post_json(client, body), 422)
    assert fragment in message


# --- the HTTP level --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        (json.dumps(BASE), "text/plain"),
        (json.dumps(BASE), "application/x-www-form-urlencoded"),
        ("taker=A&contract=100&mode=hearts&taker_points=110", "application/x-www-form-urlencoded"),
        (json.dumps(BASE), "multipart/form-data; boundary=x"),
        (json.dumps(BASE), None),
    ],
    ids=["text-plain", "form-with-json", "form", "multipart", "no-content-type"],
)
def test_body_not_sent_as_json_is_415(client, data, content_type):
    response = client.post(URL, data=data, content_type=content_type)
    assert "Content-Type" in assert_json_error(response, 415)


def test_json_content_type_with_charset_is_accepted(client):
    response = client.post(URL, data=json.dumps(BASE), content_type="application/json; charset=utf-8")
    assert response.status_code == 200


@pytest.mark.parametrize(
    "data",
    ['{"taker": "A", "contract": 100', "{taker: 'A'}", "", "nul", '{"taker": "A",}', b"\xff\xfe\x00{", "[" * 100_000],
    ids=["truncated", "single-quotes", "empty", "bare-word", "trailing-comma", "bad-bytes", "deep-nesting"],
)
def test_malformed_json_is_422(client, data):
    message = assert_json_error(client.post(URL, data=data, content_type="application/json"), 422)
    assert "JSON" in message


@pytest.mark.parametrize("method", ["get", "put", "delete", "patch"])
def test_other_methods_are_405_as_json(client, method):
    assert_json_error(getattr(client, method)(URL), 405)


@pytest.mark.parametrize("method", ["get", "post"])
def test_unknown_api_address_is_404_as_json(client, method):
    assert_json_error(getattr(client, method)("/api/v1/xyz", json=BASE), 404)


# --- accepted hands ----------------------------------------------------------------------------

# (id, body, made, A, B), each worked on paper from docs/scoring.md.
ACCEPTED = [
    # best_meld given where it is not needed is ignored. Example 12 with best_meld "B": A's
    # cinquante beats B's tierce whatever the table says: 100+110+50 / 67→70.
    (
        "example-12-best-meld-ignored",
        {
            "taker": "A",
            "contract": 110,
            "mode": "hearts",
            "taker_points": 95,
            "melds": {"A": ["cinquante"], "B": ["tierce"]},
            "best_meld": "B",
        },
        True,
        260,
        70,
    ),
    # Example 1 with best_meld "none" and no melds at all: 90+80 / 70.
    (
        "example-1-best-meld-none",
        {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92, "best_meld": "none"},
        True,
        170,
        70,
    ),
    # Example 21 with best_meld "A": the carré beats the cent at 100, the table's word aside.
    (
        "example-21-best-meld-ignored",
        {
            "taker": "B",
            "contract": 100,
            "mode": "spades",
            "taker_points": 100,
            "melds": {"A": ["cent"], "B": ["carre_K"]},
            "best_meld": "A",
        },
        True,
        60,
        300,
    ),
    # Ties decided without the table. Carré vs sequence at 100 (example 21 as written).
    (
        "carre-beats-cent",
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
    # The same with the teams' melds the other way: A's carré de Rois beats B's cent; A defends.
    # B takes 100 ♠, P=100: 100 ≥ 100 but 100 against 62+100 is no majority: B fails,
    # A scores 160+100+100 (its own carré).
    (
        "carre-beats-cent-defense",
        {
            "taker": "B",
            "contract": 100,
            "mode": "spades",
            "taker_points": 100,
            "melds": {"A": ["carre_K"], "B": ["cent"]},
        },
        False,
        360,
        0,
    ),
    # Carré d'As beats carré de Rois (both 100). A takes 100 ♠, P=100: 100+100 against 62:
    # made, 100+100+100 / 62→60.
    (
        "carre-as-beats-rois",
        {
            "taker": "A",
            "contract": 100,
            "mode": "spades",
            "taker_points": 100,
            "melds": {"A": ["carre_A"], "B": ["carre_K"]},
        },
        True,
        300,
        60,
    ),
    # The other way: B's carré d'As scores. 100 against 62+100: A fails, B scores 160+100+100.
    (
        "carre-as-beats-rois-defense",
        {
            "taker": "A",
            "contract": 100,
            "mode": "spades",
            "taker_points": 100,
            "melds": {"A": ["carre_K"], "B": ["carre_A"]},
        },
        False,
        0,
        360,
    ),
    # In sans atout the carré d'As (200) beats the carré de valets (200). A takes 100 SA, P=90:
    # A's carré d'As: 90+200 against 72, made: 90+100+200 / 72→70 (example 13's figures).
    (
        "no-trump-carre-as-beats-valets",
        {
            "taker": "A",
            "contract": 100,
            "mode": "no_trump",
            "taker_points": 90,
            "melds": {"A": ["carre_A"], "B": ["carre_J"]},
        },
        True,
        390,
        70,
    ),
    # B's carré d'As: A's 90 < 100, failed; B scores 160+100+200.
    (
        "no-trump-carre-as-beats-valets-defense",
        {
            "taker": "A",
            "contract": 100,
            "mode": "no_trump",
            "taker_points": 90,
            "melds": {"A": ["carre_J"], "B": ["carre_A"]},
        },
        False,
        0,
        460,
    ),
    # Outside sans atout the carré de valets (200) simply outvalues the carré d'As (100).
    # A takes 100 ♠, P=90, A: carré de valets: 90+200 against 72: 90+100+200 / 72→70.
    (
        "suit-carre-valets-beats-as",
        {
            "taker": "A",
            "contract": 100,
            "mode": "spades",
            "taker_points": 90,
            "melds": {"A": ["carre_J"], "B": ["carre_A"]},
        },
        True,
        390,
        70,
    ),
]


@pytest.mark.parametrize(
    ("body", "made", "a_score", "b_score"), [row[1:] for row in ACCEPTED], ids=[row[0] for row in ACCEPTED]
)
def test_hand_decided_without_the_tables_word(client, body, made, a_score, b_score):
    response = post_json(client, body)
    assert response.status_code == 200, response.get_json()
    result = response.get_json()
    assert result["made"] is made
    assert result["scores"] == {"A": a_score, "B": b_score}
