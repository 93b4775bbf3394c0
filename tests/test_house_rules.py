"""House rules (docs/house-rules.md): every worked example through POST /api/v1/score, the rules of the
variants as properties, and the refusals of unknown keys and values.

The examples' numbers are copied from docs/house-rules.md (each names the public scorer's test or rule page
it comes from), not computed. The properties check the engine against docs/house-rules.md's general form
written again here from the page (`general_form`), and against the engine as it was before the
house rules (tests/data/scoring_793c4c8.py, commit 793c4c8) for a game that sets none.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_scoring_properties import (
    MULTIPLIER,
    SCORING_ROUNDINGS,
    all_hands,
    counted_melds,
    to_body,
)
from test_worked_examples import EXAMPLES

from scorekeeper.belote.hand import Hand
from scorekeeper.belote.house_rules import (
    AnnouncedCapot,
    BeloteTo,
    CoincheScope,
    Counting,
    HouseRules,
    UnannouncedCapot,
)
from scorekeeper.belote.scoring import score
from scorekeeper.belote.terms import Coinche, ContractKind, Rounding, Team
from scorekeeper.web import create_app
from tests.helpers import examples

PROPERTY = settings(max_examples=examples(300), deadline=None)


def hand(taker="A", mode="hearts", **fields):
    return {"taker": taker, "mode": mode, **fields}


# (name, body, rules, A, B): docs/house-rules.md's examples, with the page's figures. A name cites the test
# or rule page; "(default …)" rows are the same hand without the option, as the page gives them.
VARIANT_EXAMPLES = [
    # rounding: raw
    ("ScoreIt: 120, 110 points, chute", hand(contract=120, taker_points=110), {"rounding": "raw"}, 0, 282),
    ("ScoreIt: 120, 110 points, chute (none)", hand(contract=120, taker_points=110), {"rounding": "none"}, 0, 280),
    ("ScoreIt: 140, capot non annoncé", hand(contract=140, all_tricks=True), {"rounding": "raw"}, 392, 0),
    ("ScoreIt: 140, capot non annoncé (none)", hand(contract=140, all_tricks=True), {"rounding": "none"}, 390, 0),
    ("Oliboy50 #10: 100 ♦, 0 points", hand(contract=100, mode="diamonds", taker_points=0), {"rounding": "raw"}, 0, 262),
    ("capot made, raw", hand(contract="capot", all_tricks=True), {"rounding": "raw"}, 502, 0),
    ("capot failed, raw", hand(contract="capot"), {"rounding": "raw"}, 0, 412),
    # coinche_scope: whole
    (
        "carg: 100 ♥ coinché, 120",
        hand(contract=100, coinche="coinche", taker_points=120),
        {"coinche_scope": "whole"},
        440,
        40,
    ),
    ("carg: 100 ♥ coinché, 120 (contract)", hand(contract=100, coinche="coinche", taker_points=120), {}, 320, 40),
    (
        "carg: 100 ♥ surcoinché, 120",
        hand(contract=100, coinche="surcoinche", taker_points=120),
        {"coinche_scope": "whole"},
        880,
        40,
    ),
    (
        "ScoreContree #6: 90 contré, 84, chute",
        hand(contract=90, coinche="coinche", taker_points=84),
        {"coinche_scope": "whole", "rounding": "complement"},
        0,
        500,
    ),
    (
        "ScoreContree #6 (contract)",
        hand(contract=90, coinche="coinche", taker_points=84),
        {"rounding": "complement"},
        0,
        340,
    ),
    (
        "ScoreIt: 120 coinché, 130 points",
        hand(contract=120, coinche="coinche", taker_points=130),
        {"coinche_scope": "whole", "rounding": "raw"},
        500,
        32,
    ),
    (
        "ScoreIt: 120 coinché, 110 points, chute",
        hand(contract=120, coinche="coinche", taker_points=110),
        {"coinche_scope": "whole", "rounding": "raw"},
        0,
        564,
    ),
    (
        "110 ♥ coinché, 95, cinquante and belote",
        hand(contract=110, coinche="coinche", taker_points=95, melds={"A": ["cinquante"]}, belote={"A": 1}),
        {"coinche_scope": "whole"},
        540,
        70,
    ),
    (
        "110 ♥ coinché, 95, cinquante and belote (contract)",
        hand(contract=110, coinche="coinche", taker_points=95, melds={"A": ["cinquante"]}, belote={"A": 1}),
        {},
        390,
        70,
    ),
    # coinche_all_or_nothing: true
    (
        "scorecontree: Contre fait",
        hand(contract=100, coinche="coinche", taker_points=110),
        {"coinche_all_or_nothing": True, "rounding": "none"},
        360,
        0,
    ),
    (
        "scorecontree: Contre fait (default)",
        hand(contract=100, coinche="coinche", taker_points=110),
        {"rounding": "none"},
        310,
        52,
    ),
    (
        "scorecontree: Contre fait, whole",
        hand(contract=100, coinche="coinche", taker_points=110),
        {"coinche_all_or_nothing": True, "rounding": "none", "coinche_scope": "whole"},
        520,
        0,
    ),
    (
        "contree-compagnon: Contre ok + belote lost",
        hand(contract=100, mode="clubs", coinche="coinche", taker_points=101, belote={"B": 1}),
        {"coinche_all_or_nothing": True, "coinche_scope": "whole"},
        520,
        20,
    ),
    (
        "contree-compagnon: Contre ok + belote lost, winner",
        hand(contract=100, mode="clubs", coinche="coinche", taker_points=101, belote={"B": 1}),
        {"coinche_all_or_nothing": True, "coinche_scope": "whole", "belote_to": "winner"},
        540,
        0,
    ),
    (
        "coinche-back: WON game with COINCHE and BELOTE",
        hand(contract=80, coinche="coinche", taker_points=99, belote={"A": 1}),
        {"coinche_all_or_nothing": True, "coinche_scope": "whole", "rounding": "complement"},
        500,
        0,
    ),
    (
        "App-Contree: contrat chuté avec Contrée",
        hand(contract=120, mode="clubs", coinche="coinche", taker_points=100),
        {"coinche_all_or_nothing": True},
        0,
        400,
    ),
    (
        "App-Contree: contrat chuté avec Contrée, whole",
        hand(contract=120, mode="clubs", coinche="coinche", taker_points=100),
        {"coinche_all_or_nothing": True, "coinche_scope": "whole"},
        0,
        560,
    ),
    # announced_capot: flat
    (
        "contree-compagnon: Advertized capot fail",
        hand("B", mode="clubs", contract="capot"),
        {"announced_capot": "flat"},
        500,
        0,
    ),
    ("contree-compagnon: Advertized capot fail (bonus)", hand("B", mode="clubs", contract="capot"), {}, 410, 0),
    (
        "contree-compagnon: Advertized capot contre ok",
        hand(contract="capot", coinche="coinche", all_tricks=True),
        {"announced_capot": "flat"},
        1000,
        0,
    ),
    (
        "contree-compagnon: Advertized capot contre ok (bonus)",
        hand(contract="capot", coinche="coinche", all_tricks=True),
        {},
        750,
        0,
    ),
    (
        "contree-compagnon: capot contre surcontre ok",
        hand("B", contract="capot", coinche="surcoinche", all_tricks=True),
        {"announced_capot": "flat"},
        0,
        2000,
    ),
    (
        "contree-compagnon: capot contre surcontre ok (bonus)",
        hand("B", contract="capot", coinche="surcoinche", all_tricks=True),
        {},
        0,
        1250,
    ),
    (
        "contree-compagnon: Advertized capot contre ok + belote",
        hand(contract="capot", coinche="coinche", all_tricks=True, belote={"A": 1}),
        {"announced_capot": "flat"},
        1020,
        0,
    ),
    ("sebastien-perpignane: testAnnouncedCapotNotReached", hand(contract="capot"), {"announced_capot": "flat"}, 0, 500),
    # unannounced_capot: none
    (
        "ScoreContree #9: B takes 120, every trick",
        hand("B", contract=120, all_tricks=True),
        {"unannounced_capot": "none"},
        0,
        280,
    ),
    ("ScoreContree #9 (bonus)", hand("B", contract=120, all_tricks=True), {}, 0, 370),
    (
        "docs/scoring.md #15: 130 ♠, every trick",
        hand(contract=130, mode="spades", all_tricks=True),
        {"unannounced_capot": "none"},
        290,
        0,
    ),
    (
        "100 ♥ coinché, every trick, whole",
        hand(contract=100, coinche="coinche", all_tricks=True),
        {"unannounced_capot": "none", "coinche_scope": "whole"},
        520,
        0,
    ),
    (
        "100 ♥ coinché, every trick, whole (bonus)",
        hand(contract=100, coinche="coinche", all_tricks=True),
        {"coinche_scope": "whole"},
        700,
        0,
    ),
    (
        "100 ♥ coinché, every trick (contract scope)",
        hand(contract=100, coinche="coinche", all_tricks=True),
        {"unannounced_capot": "none"},
        360,
        0,
    ),
    # belote_to: winner
    ("App-Contree: annonce de Capot chutée", hand(contract="capot", belote={"A": 1}), {"belote_to": "winner"}, 0, 430),
    ("App-Contree: annonce de Capot chutée (holder)", hand(contract="capot", belote={"A": 1}), {}, 20, 410),
    (
        "docs/scoring.md #6: 80 ♠, 71, belote A",
        hand(contract=80, mode="spades", taker_points=71, belote={"A": 1}),
        {"belote_to": "winner"},
        0,
        260,
    ),
    (
        "contree-compagnon: Advertized capot ok + belote lost",
        hand("B", mode="clubs", contract="capot", all_tricks=True, belote={"A": 1}),
        {"belote_to": "winner"},
        0,
        520,
    ),
    (
        "contree-compagnon: Advertized capot ok + belote lost (holder)",
        hand("B", mode="clubs", contract="capot", all_tricks=True, belote={"A": 1}),
        {},
        20,
        500,
    ),
    (
        "contree-compagnon: Normal maine ok, capot + belote lost",
        hand("B", contract=110, all_tricks=True, belote={"A": 1}),
        {"belote_to": "winner"},
        0,
        380,
    ),
    (
        "contree-compagnon: Normal maine ok, capot + belote lost (holder)",
        hand("B", contract=110, all_tricks=True, belote={"A": 1}),
        {},
        20,
        360,
    ),
    # scoring: points_annonces
    (
        "App-Contree: contrat seul (réussite)",
        hand("B", mode="diamonds", contract=90, taker_points=80, belote={"B": 1}),
        {"scoring": "points_annonces"},
        0,
        90,
    ),
    (
        "App-Contree: contrat seul (chute contrée)",
        hand(contract=110, mode="spades", coinche="coinche", taker_points=60, belote={"A": 1}),
        {"scoring": "points_annonces"},
        0,
        220,
    ),
    ("ScoreContree: 120 made", hand(contract=120, taker_points=120), {"scoring": "points_annonces"}, 120, 0),
    (
        "ScoreContree: capot announced and made",
        hand(contract="capot", all_tricks=True),
        {"scoring": "points_annonces"},
        250,
        0,
    ),
    (
        "ScoreContree: 120 contré, every trick",
        hand(contract=120, coinche="coinche", all_tricks=True),
        {"scoring": "points_annonces"},
        240,
        0,
    ),
    (
        "ScoreContree: 120 surcontré made",
        hand(contract=120, coinche="surcoinche", taker_points=120),
        {"scoring": "points_annonces"},
        480,
        0,
    ),
    (
        "carg: Compute score - fulfilled (contrat seul)",
        hand(contract=100, taker_points=120),
        {"scoring": "points_annonces"},
        100,
        0,
    ),
]


@pytest.mark.parametrize(
    ("name", "body", "rules", "a_score", "b_score"), VARIANT_EXAMPLES, ids=[row[0] for row in VARIANT_EXAMPLES]
)
def test_variant_example(client, name, body, rules, a_score, b_score):
    response = client.post("/api/v1/score", json={**body, "rules": rules})
    assert response.status_code == 200, response.get_json()
    result = response.get_json()
    assert result["scores"] == {"A": a_score, "B": b_score}
    for team, expected in (("A", a_score), ("B", b_score)):
        assert sum(line["points"] for line in result["lines"] if line["team"] == team) == expected


DEFAULTS = {
    "coinche_scope": "contract",
    "coinche_all_or_nothing": False,
    "announced_capot": "bonus",
    "unannounced_capot": "bonus",
    "belote_to": "holder",
    "scoring": "points_faits",
}


@pytest.mark.parametrize(
    ("number", "body", "made", "a_score", "b_score"), EXAMPLES, ids=[f"example-{row[0]}" for row in EXAMPLES]
)
def test_scoring_md_examples_with_every_option_named_at_its_default(client, number, body, made, a_score, b_score):
    rules = {**DEFAULTS, "rounding": body.get("rules", {}).get("rounding", "nearest")}
    plain = client.post("/api/v1/score", json=body).get_json()
    response = client.post("/api/v1/score", json={**body, "rules": rules})
    assert response.status_code == 200
    assert response.get_json() == plain
    assert (plain["made"], plain["scores"]) == (made, {"A": a_score, "B": b_score})


# --- refusals --------------------------------------------------------------------------------

BAD_RULES = [
    ({"belote_to": "loser"}, "rules.belote_to", "« rules.belote_to » doit valoir « holder » ou « winner »."),
    ({"coinche_scope": "all"}, "rules.coinche_scope", "« rules.coinche_scope » doit valoir « contract » ou « whole »."),
    (
        {"coinche_all_or_nothing": "true"},
        "rules.coinche_all_or_nothing",
        "« rules.coinche_all_or_nothing » doit valoir true ou false.",
    ),
    (
        {"coinche_all_or_nothing": 1},
        "rules.coinche_all_or_nothing",
        "« rules.coinche_all_or_nothing » doit valoir true ou false.",
    ),
    (
        {"announced_capot": None},
        "rules.announced_capot",
        "« rules.announced_capot » doit valoir « bonus » ou « flat ».",
    ),
    (
        {"unannounced_capot": "flat"},
        "rules.unannounced_capot",
        "« rules.unannounced_capot » doit valoir « bonus » ou « none ».",
    ),
    (
        {"scoring": "Points_Annonces"},
        "rules.scoring",
        "« rules.scoring » doit valoir « points_faits » ou « points_annonces ».",
    ),
    ({"rounding": "exact"}, "rules.rounding", None),
]


@pytest.mark.parametrize(("rules", "field", "message"), BAD_RULES, ids=[str(row[0]) for row in BAD_RULES])
def test_a_bad_value_is_refused_by_the_score_service_and_the_games_api(client, db, rules, field, message):
    for url, body in (
        ("/api/v1/score", {**hand(contract=80, taker_points=100), "rules": rules}),
        ("/api/v1/games", {"rules": rules}),
    ):
        response = client.post(url, json=body)
        assert response.status_code == 422, url
        error = response.get_json()["error"]  # docs/api.md: a French sentence naming the field
        assert f"« {field} »" in error, url
        if message:
            assert error == message, url
        else:
            assert "« raw »" in error, url  # the new rounding is offered
    assert db["games"].count == 0  # nothing was created


def test_an_unknown_key_is_refused_with_a_sentence_naming_it(client):
    response = client.post(
        "/api/v1/score", json={**hand(contract=80, taker_points=100), "rules": {"belote_au_gagnant": True}}
    )
    assert response.status_code == 422
    assert response.get_json()["error"] == "« rules » : clé inconnue « belote_au_gagnant »."
    response = client.post("/api/v1/games", json={"rules": {"belote_au_gagnant": True}})
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert "« belote_au_gagnant »" in error and "« belote_to »" in error


def test_a_deal_of_a_game_takes_the_game_s_rules_not_its_own(client):
    game = client.post("/api/v1/games", json={"rules": {"coinche_scope": "whole"}}).get_json()
    body = {**hand(contract=110, coinche="coinche", taker_points=95, melds={"A": ["cinquante"]}, belote={"A": 1})}
    response = client.post(f"/api/v1/games/{game['id']}/hands", json={**body, "rules": {}})
    assert response.status_code == 422 and response.get_json()["error"] == "Clé inconnue : « rules »."


# --- a game keeps its house rules ----------------------------------------------------------------


def test_a_game_stores_its_house_rules_and_scores_its_deals_with_them(client):
    rules = {
        "rounding": "raw",
        "coinche_scope": "whole",
        "coinche_all_or_nothing": True,
        "announced_capot": "flat",
        "unannounced_capot": "none",
        "belote_to": "winner",
        "scoring": "points_faits",
    }
    created = client.post("/api/v1/games", json={"rules": rules})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    # every option that differs from the default, as given; `scoring` at its default is left out
    assert game["rules"] == {
        "rounding": "raw",
        "misere": False,
        "carre_de_sept": False,
        "coinche_scope": "whole",
        "coinche_all_or_nothing": True,
        "announced_capot": "flat",
        "unannounced_capot": "none",
        "belote_to": "winner",
    }
    deals = [
        # 100 ♣ contré, 101 points, belote B: all or nothing on the whole score with all the points at
        # 162 (raw), the belote to the winner: (162 + 100) × 2 + 20 = 544 / 0
        hand(contract=100, mode="clubs", coinche="coinche", taker_points=101, belote={"B": 1}),
        # a capot announced by B and failed: 500 × 1 to A
        hand("B", mode="clubs", contract="capot"),
        # 120, every trick: 162 (raw, no bonus) + 120 = 282
        hand(contract=120, all_tricks=True),
    ]
    for body in deals:
        assert client.post(f"/api/v1/games/{game['id']}/hands", json=body).status_code == 201
    sheet = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert [deal["scores"] for deal in sheet["hands"]] == [{"A": 544, "B": 0}, {"A": 500, "B": 0}, {"A": 282, "B": 0}]
    assert sheet["totals"] == {"A": 1326, "B": 0} and sheet["winner"] is None
    assert sheet["rules"] == game["rules"]


def test_a_game_without_house_rules_answers_its_rules_as_before(client):
    game = client.post("/api/v1/games", json={}).get_json()
    assert game["rules"] == {"rounding": "nearest", "misere": False, "carre_de_sept": False}


# --- properties ---------------------------------------------------------------------------------

house_rules = st.builds(
    HouseRules,
    coinche_scope=st.sampled_from(list(CoincheScope)),
    coinche_all_or_nothing=st.booleans(),
    announced_capot=st.sampled_from(list(AnnouncedCapot)),
    unannounced_capot=st.sampled_from(list(UnannouncedCapot)),
    belote_to=st.sampled_from(list(BeloteTo)),
    scoring=st.sampled_from(list(Counting)),
)
any_rounding = st.sampled_from(list(Rounding))


def expected_made(h: Hand) -> bool:
    """docs/scoring.md's verdict, which no house rule changes."""
    if h.contract.kind is ContractKind.POINTS and not h.all_tricks:
        melds = counted_melds(h)
        total = {
            team: (h.taker_points if team is h.taker else 162 - h.taker_points) + melds[team] + 20 * h.belote[team]
            for team in Team
        }
        return total[h.taker] >= h.contract.value and total[h.taker] > total[h.taker.other]
    return h.contract.kind is ContractKind.POINTS or h.all_tricks


def general_form(h: Hand) -> dict[Team, int]:
    """docs/house-rules.md's general form, written again from the page: docs/scoring.md's terms, then raw rounding,
    the two capot options, the all-or-nothing coinche, the belote's team, and where m applies."""
    house, m, kind = h.house, MULTIPLIER[h.coinche], h.contract.kind
    made = expected_made(h)
    winner = h.taker if made else h.taker.other
    loser = winner.other
    value = {ContractKind.POINTS: h.contract.value, ContractKind.CAPOT: 250, ContractKind.GENERALE: 800}[kind]
    if kind is ContractKind.CAPOT and house.announced_capot is AnnouncedCapot.FLAT:
        value = 500
    if house.scoring is Counting.POINTS_ANNONCES:
        return {winner: value * m, loser: 0}
    raw = h.rounding is Rounding.RAW
    all_points, capot_base = (162, 252) if raw else (160, 250)

    def rounded(points: int) -> int:
        return points if h.rounding in (Rounding.NONE, Rounding.RAW) else (points + 5) // 10 * 10

    plain = kind is ContractKind.POINTS and made and not h.all_tricks
    rest = 0
    if plain:
        base = rounded(h.taker_points)
        rest = 160 - base if h.rounding is Rounding.COMPLEMENT else rounded(162 - h.taker_points)
    elif kind is ContractKind.POINTS and h.all_tricks:
        base = all_points if house.unannounced_capot is UnannouncedCapot.NONE else capot_base
    elif kind is ContractKind.CAPOT:
        base = 0 if house.announced_capot is AnnouncedCapot.FLAT else capot_base if made else all_points
    elif kind is ContractKind.GENERALE:
        base = 0
    else:
        base = all_points
    melds = counted_melds(h)
    melds_w, melds_l = (melds[winner], melds[loser]) if made else (melds[winner] + melds[loser], 0)
    all_or_nothing = house.coinche_all_or_nothing and m >= 2
    if all_or_nothing:
        if plain:
            base = all_points
        rest, melds_w, melds_l = 0, melds_w + melds_l, 0
    belote_w, belote_l = 20 * h.belote[winner], 20 * h.belote[loser]
    if house.belote_to is BeloteTo.WINNER and not (plain and not all_or_nothing):
        belote_w, belote_l = belote_w + belote_l, 0
    if house.coinche_scope is CoincheScope.WHOLE:
        score_w = (base + value + melds_w) * m + belote_w
    else:
        score_w = base + value * m + melds_w + belote_w
    return {winner: score_w, loser: rest + melds_l + belote_l}


@PROPERTY
@given(all_hands, house_rules, any_rounding)
def test_every_combination_scores_the_general_form_and_its_lines_add_up(h, house, rounding):
    h = replace(h, house=house, rounding=rounding)
    result = score(h)
    assert result.made is expected_made(h)
    assert dict(result.scores) == general_form(h)
    for team in Team:
        assert sum(line.points for line in result.lines if line.team is team) == result.scores[team]


@PROPERTY
@given(all_hands, house_rules, house_rules, any_rounding, any_rounding)
def test_the_verdict_never_depends_on_an_option(h, first, second, one, other):
    assert score(replace(h, house=first, rounding=one)).made is score(replace(h, house=second, rounding=other)).made


@PROPERTY
@given(all_hands, house_rules, any_rounding)
def test_the_coinche_on_the_whole_score_changes_nothing_without_a_coinche(h, house, rounding):
    h = replace(h, coinche=Coinche.NONE, rounding=rounding)
    whole = score(replace(h, house=replace(house, coinche_scope=CoincheScope.WHOLE)))
    contract = score(replace(h, house=replace(house, coinche_scope=CoincheScope.CONTRACT)))
    assert (whole.scores, whole.lines) == (contract.scores, contract.lines)


@PROPERTY
@given(all_hands, house_rules, any_rounding)
def test_a_belote_is_20_and_never_multiplied(h, house, rounding):
    h = replace(h, house=house, rounding=rounding)
    result = score(h)
    belote_lines = [line for line in result.lines if line.label.startswith("Belote")]
    held = sum(h.belote.values())
    if house.scoring is Counting.POINTS_ANNONCES:
        assert belote_lines == []
        return
    assert sum(line.points for line in belote_lines) == 20 * held  # to one team or the other, never × m


@PROPERTY
@given(all_hands, house_rules, any_rounding)
def test_the_loser_s_score_is_never_multiplied(h, house, rounding):
    """Coinché or surcoinché, the losing team scores the same; without the all-or-nothing rule,
    the same as when nobody coinched."""
    h = replace(h, house=house, rounding=rounding)
    loser = {coinche: score(replace(h, coinche=coinche)) for coinche in Coinche}
    team = h.taker.other if loser[Coinche.NONE].made else h.taker
    assert loser[Coinche.COINCHE].scores[team] == loser[Coinche.SURCOINCHE].scores[team]
    if not house.coinche_all_or_nothing:
        assert loser[Coinche.COINCHE].scores[team] == loser[Coinche.NONE].scores[team]


@PROPERTY
@given(all_hands, house_rules, any_rounding)
def test_points_annonces_give_the_loser_nothing_and_the_winner_the_contract_alone(h, house, rounding):
    h = replace(h, house=replace(house, scoring=Counting.POINTS_ANNONCES), rounding=rounding)
    result = score(h)
    winner = h.taker if result.made else h.taker.other
    assert result.scores[winner.other] == 0
    assert result.scores[winner] == result.contract_points
    assert result.contract_points % MULTIPLIER[h.coinche] == 0


def engine_before_house_rules():
    """scoring.py as it was at commit 793c4c8, just before the house rules, loaded beside today's."""
    path = Path(__file__).parent / "data" / "scoring_793c4c8.py"
    spec = importlib.util.spec_from_file_location("scoring_793c4c8", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


BEFORE = engine_before_house_rules()


@PROPERTY
@given(all_hands, st.sampled_from(SCORING_ROUNDINGS))
def test_with_every_option_at_its_default_a_hand_scores_exactly_as_before(h, rounding):
    h = replace(h, rounding=rounding, house=HouseRules())
    now, before = score(h), BEFORE.score(h)
    assert (now.made, dict(now.scores), now.contract_points) == (
        before.made,
        dict(before.scores),
        before.contract_points,
    )
    assert [(line.team, line.label, line.points) for line in now.lines] == [
        (line.team, line.label, line.points) for line in before.lines
    ]


@PROPERTY
@given(all_hands, house_rules, any_rounding)
def test_the_score_service_reads_the_options_from_rules(api_client, h, house, rounding):
    body = to_body(h)
    body["rules"] = {"rounding": rounding.value, **house_json(house)}
    answer = api_client.post("/api/v1/score", json=body).get_json()
    assert answer["scores"] == {
        team.value: points for team, points in general_form(replace(h, house=house, rounding=rounding)).items()
    }


def house_json(house: HouseRules) -> dict:
    return {key: value if isinstance(value, bool) else value.value for key, value in vars(house).items()}


@pytest.fixture(scope="module")
def api_client(tmp_path_factory):
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("db") / "test.db"), "SECRET_KEY": "test"}
    )
    return app.test_client()
