"""Rules of the game as properties (docs/scoring.md), checked on hands drawn by hypothesis.

The engine is driven directly with `Hand` objects that could have happened at a table (the
constraints of `check_hand` respected); the last tests drive POST /api/v1/score with valid,
mutated and random bodies, which must be scored (200) or refused (422), never a 500.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.belote.declarations import check_declarations
from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.hand import Hand
from scorekeeper.belote.scoring import score
from scorekeeper.belote.terms import (
    CAPOT,
    GENERALE,
    BestMeldCall,
    Coinche,
    Contract,
    ContractKind,
    Meld,
    Mode,
    Rounding,
    Team,
)
from scorekeeper.web import create_app
from tests.helpers import examples

# The figures below are docs/scoring.md's, written again here so that the tests do not read them
# from the code they check.
MULTIPLIER = {Coinche.NONE: 1, Coinche.COINCHE: 2, Coinche.SURCOINCHE: 4}
BELOTES_ALLOWED = {Mode.NO_TRUMP: 0, Mode.ALL_TRUMP: 4}  # a suit mode: 1
SEQUENCES = [Meld.TIERCE, Meld.CINQUANTE, Meld.CENT]
CARRES = [Meld.CARRE_J, Meld.CARRE_9, Meld.CARRE_A, Meld.CARRE_10, Meld.CARRE_K, Meld.CARRE_Q]
MELD_VALUE = {
    Meld.TIERCE: 20,
    Meld.CINQUANTE: 50,
    Meld.CENT: 100,
    Meld.CARRE_J: 200,
    Meld.CARRE_9: 150,
    Meld.CARRE_A: 100,
    Meld.CARRE_10: 100,
    Meld.CARRE_K: 100,
    Meld.CARRE_Q: 100,
}
CARRE_RANK = [Meld.CARRE_9, Meld.CARRE_J, Meld.CARRE_Q, Meld.CARRE_K, Meld.CARRE_10, Meld.CARRE_A]  # low → high
CONTRACT_VALUE = {CAPOT: 250, GENERALE: 800}
NUMERIC_CONTRACTS = [Contract(ContractKind.POINTS, value) for value in range(80, 161, 10)]
SUITS = [Mode.SPADES, Mode.HEARTS, Mode.DIAMONDS, Mode.CLUBS]

PROPERTY = settings(max_examples=examples(150), deadline=None)


def meld_value(meld: Meld, mode: Mode) -> int:
    if meld is Meld.CARRE_A and mode is Mode.NO_TRUMP:
        return 200
    return MELD_VALUE[meld]


# --- valid hands -------------------------------------------------------------------------------


ANY_CONTRACT = st.sampled_from([*NUMERIC_CONTRACTS, CAPOT, GENERALE])
ANY_MODE = st.sampled_from(list(Mode))
EITHER = st.booleans()


# docs/scoring.md's three roundings: `raw` is a house rule (docs/house-rules.md), with properties of its own in
# test_house_rules.py.
SCORING_ROUNDINGS = [Rounding.NEAREST, Rounding.COMPLEMENT, Rounding.NONE]


@st.composite
def hands(draw, contracts=ANY_CONTRACT, all_tricks=EITHER, modes=ANY_MODE) -> Hand:
    """A hand that can have happened: belotes by mode, distinct carrés, at most 4 melds a team.

    best_meld is always given (any value): it only matters for two equal sequences.
    """
    mode = draw(modes)
    contract = draw(contracts)
    took_all = draw(all_tricks)
    if took_all:
        taker_points = draw(st.sampled_from([None, 162]))
    elif contract.kind is ContractKind.POINTS:
        # any points, with the edges where a contract or a rounding tips over drawn often
        edges = {contract.value - 1, contract.value, contract.value + 1, 80, 81, 82, 84, 85, 86, 162}
        taker_points = draw(st.integers(0, 162) | st.sampled_from(sorted(edges)))
    else:  # a failed capot or générale: points may be noted, they do not count
        taker_points = draw(st.none() | st.integers(0, 162))
    belotes_allowed = BELOTES_ALLOWED.get(mode, 1)
    belote_a = draw(st.integers(0, belotes_allowed))
    belote_b = draw(st.integers(0, belotes_allowed - belote_a))
    carres = draw(st.permutations(CARRES))
    carres_a, carres_b = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    melds = {
        Team.A: carres[:carres_a] + draw(st.lists(st.sampled_from(SEQUENCES), max_size=4 - carres_a)),
        Team.B: carres[carres_a : carres_a + carres_b]
        + draw(st.lists(st.sampled_from(SEQUENCES), max_size=4 - carres_b)),
    }
    melds = {team: tuple(draw(st.permutations(team_melds))) for team, team_melds in melds.items()}
    melds = possible_melds(mode, melds, {Team.A: belote_a, Team.B: belote_b})
    return Hand(
        taker=draw(st.sampled_from([Team.A, Team.B])),
        contract=contract,
        mode=mode,
        coinche=draw(st.sampled_from(list(Coinche))),
        taker_points=taker_points,
        all_tricks=took_all,
        melds=melds,
        best_meld=draw(st.sampled_from(list(BestMeldCall))),
        belote={Team.A: belote_a, Team.B: belote_b},
        rounding=draw(st.sampled_from(SCORING_ROUNDINGS)),
    )


BELOTE_KQ = (Meld.CARRE_K, Meld.CARRE_Q)  # the carrés that hold a belote's cards


def possible_melds(mode: Mode, melds: dict, belote: dict) -> dict:
    """The melds a deal could give with these belotes: the last meld of the team with more dropped
    (or the carrés de rois and de dames that hold another team's belote) until none clashes."""
    while True:
        try:
            check_declarations(mode, melds, belote)
            return melds
        except InvalidHand as refusal:
            if refusal.field == "belote" and any(
                m in (Meld.CARRE_K, Meld.CARRE_Q) for ms in melds.values() for m in ms
            ):
                melds = {
                    team: tuple(m for m in ms if m not in (Meld.CARRE_K, Meld.CARRE_Q)) for team, ms in melds.items()
                }
            else:
                team = max(Team, key=lambda team: (len(melds[team]), team is Team.A))
                melds = {**melds, team: melds[team][:-1]}


all_hands = hands()
# A numeric contract played out: the takers' card points decide.
played_hands = hands(contracts=st.sampled_from(NUMERIC_CONTRACTS), all_tricks=st.just(False))


def expected_meld_winner(hand: Hand) -> Team | None:
    """docs/scoring.md, "Melds", from scratch: value, then carré over sequence, then carré rank, then the table."""

    def strength(meld: Meld) -> tuple[int, bool, int]:
        return meld_value(meld, hand.mode), meld in CARRES, CARRE_RANK.index(meld) if meld in CARRES else -1

    best = {team: max(map(strength, hand.melds[team]), default=None) for team in Team}
    if best[Team.A] is None and best[Team.B] is None:
        return None
    if best[Team.A] is None or best[Team.B] is None:
        return Team.A if best[Team.B] is None else Team.B
    if best[Team.A] != best[Team.B]:
        return Team.A if best[Team.A] > best[Team.B] else Team.B
    return None if hand.best_meld is BestMeldCall.NONE else Team(hand.best_meld.value)


def counted_melds(hand: Hand) -> dict[Team, int]:
    winner = expected_meld_winner(hand)
    return {team: sum(meld_value(m, hand.mode) for m in hand.melds[team]) if team is winner else 0 for team in Team}


def belote_points(hand: Hand, team: Team) -> int:
    return 20 * hand.belote[team]


def swap_teams(hand: Hand) -> Hand:
    swapped = {BestMeldCall.A: BestMeldCall.B, BestMeldCall.B: BestMeldCall.A, BestMeldCall.NONE: BestMeldCall.NONE}
    return replace(
        hand,
        taker=hand.taker.other,
        melds={Team.A: hand.melds[Team.B], Team.B: hand.melds[Team.A]},
        belote={Team.A: hand.belote[Team.B], Team.B: hand.belote[Team.A]},
        best_meld=swapped[hand.best_meld],
    )


# --- properties of one hand ----------------------------------------------------------------------


@PROPERTY
@given(all_hands)
def test_breakdown_lines_add_up_to_the_scores(hand):
    result = score(hand)
    for team in Team:
        assert sum(line.points for line in result.lines if line.team is team) == result.scores[team]
    assert all(line.points >= 0 and line.label for line in result.lines)


@PROPERTY
@given(all_hands)
def test_only_the_team_with_the_best_meld_scores_melds(hand):
    assert score(hand).melds.winner is expected_meld_winner(hand)


@PROPERTY
@given(hands(contracts=st.sampled_from(NUMERIC_CONTRACTS)))
def test_made_numeric_contract_gives_the_takers_at_least_its_value(hand):
    result = score(hand)
    if result.made:
        assert result.scores[hand.taker] >= hand.contract.value * MULTIPLIER[hand.coinche]


@PROPERTY
@given(all_hands)
def test_failed_contract_leaves_the_takers_exactly_their_belote(hand):
    result = score(hand)
    if not result.made:
        assert result.scores[hand.taker] == belote_points(hand, hand.taker)


@PROPERTY
@given(all_hands)
def test_belote_always_counts_for_its_holder(hand):
    result = score(hand)
    for team in Team:
        assert result.scores[team] >= belote_points(hand, team)


@PROPERTY
@given(played_hands, st.data())
def test_more_card_points_never_cost_the_takers_nor_help_the_defense(hand, data):
    more = replace(hand, taker_points=data.draw(st.integers(hand.taker_points, 162), label="more points"))
    before, after = score(hand), score(more)
    assert after.made or not before.made
    assert after.scores[hand.taker] >= before.scores[hand.taker]
    assert after.scores[hand.taker.other] <= before.scores[hand.taker.other]


@PROPERTY
@given(played_hands)
def test_without_melds_or_belote_the_takers_need_the_contract_and_a_majority(hand):
    bare = replace(hand, melds={Team.A: (), Team.B: ()}, belote={Team.A: 0, Team.B: 0})
    for points in range(163):  # every value: the edges are single points
        # a majority of 162 is 82: 81 against 81 is no majority
        made = points >= hand.contract.value and points >= 82
        assert score(replace(bare, taker_points=points)).made is made, points


@PROPERTY
@given(played_hands)
def test_numeric_contract_needs_its_value_and_more_than_the_defense(hand):
    melds = counted_melds(hand)
    taker, defense = hand.taker, hand.taker.other
    for points in range(163):
        takers = points + melds[taker] + belote_points(hand, taker)
        defenders = 162 - points + melds[defense] + belote_points(hand, defense)
        made = takers >= hand.contract.value and takers > defenders  # an exact tie fails
        assert score(replace(hand, taker_points=points)).made is made, points


@PROPERTY
@given(all_hands)
def test_coinche_changes_only_the_contract_line(hand):
    results = {level: score(replace(hand, coinche=level)) for level in Coinche}
    plain = results[Coinche.NONE]
    for level, result in results.items():
        assert result.made is plain.made  # coinche never decides whether a contract is made
        assert len(result.lines) == len(plain.lines)
        differing = [i for i, (a, b) in enumerate(zip(plain.lines, result.lines, strict=True)) if a != b]
        assert len(differing) == (0 if level is Coinche.NONE else 1)
        contract_lines = [
            i
            for i, line in enumerate(result.lines)
            if line.points == hand.contract.value * MULTIPLIER[level]
            and line.team is (hand.taker if result.made else hand.taker.other)
        ]
        assert set(differing) <= set(contract_lines)
        gainer = hand.taker if plain.made else hand.taker.other
        gained = hand.contract.value * (MULTIPLIER[level] - 1)
        assert result.scores[gainer] == plain.scores[gainer] + gained
        assert result.scores[gainer.other] == plain.scores[gainer.other]


@PROPERTY
@given(all_hands)
def test_rounding_never_makes_a_contract(hand):
    assert len({score(replace(hand, rounding=rounding)).made for rounding in Rounding}) == 1  # `raw` too


@PROPERTY
@given(played_hands)
def test_made_hand_without_rounding_shares_162_plus_contract_melds_and_belotes(hand):
    hand = replace(hand, rounding=Rounding.NONE)
    result = score(hand)
    if result.made:
        expected = (
            162
            + hand.contract.value * MULTIPLIER[hand.coinche]
            + sum(counted_melds(hand).values())
            + belote_points(hand, Team.A)
            + belote_points(hand, Team.B)
        )
        assert result.scores[Team.A] + result.scores[Team.B] == expected


@PROPERTY
@given(played_hands)
def test_rounded_card_points(hand):
    result = score(hand)
    if not result.made:
        return
    rounded = result.rounded_points
    taker_points, defense_points = rounded[hand.taker], rounded[hand.taker.other]
    if hand.rounding in (Rounding.NONE, Rounding.RAW):  # exact points, not rounded
        assert (taker_points, defense_points) == (hand.taker_points, 162 - hand.taker_points)
    else:
        # to the nearest ten, a 5 rounds up: within (P - 5, P + 5]
        assert taker_points % 10 == 0 and hand.taker_points - 5 < taker_points <= hand.taker_points + 5
        if hand.rounding is Rounding.COMPLEMENT:
            assert defense_points == 160 - taker_points
        else:
            exact = 162 - hand.taker_points
            assert defense_points % 10 == 0 and exact - 5 < defense_points <= exact + 5
            assert taker_points + defense_points in (160, 170)


@PROPERTY
@given(all_hands)
def test_failed_contract_gives_the_defense_160_the_contract_and_every_counted_meld(hand):
    result = score(hand)
    if not result.made:
        defense = hand.taker.other
        # a failed générale gives the defense its 800 (× m) but no 160
        bonus = 0 if hand.contract == GENERALE else 160
        expected = (
            bonus
            + CONTRACT_VALUE.get(hand.contract, hand.contract.value) * MULTIPLIER[hand.coinche]
            + sum(counted_melds(hand).values())
            + belote_points(hand, defense)
        )
        assert result.scores[defense] == expected


@PROPERTY
@given(hands(contracts=st.sampled_from(NUMERIC_CONTRACTS), all_tricks=st.just(True)))
def test_all_tricks_on_a_numeric_contract_is_made_and_leaves_the_defense_its_melds_and_belote(hand):
    result = score(hand)
    assert result.made
    defense = hand.taker.other
    assert result.scores[defense] == counted_melds(hand)[defense] + belote_points(hand, defense)
    assert result.scores[hand.taker] == (
        250
        + hand.contract.value * MULTIPLIER[hand.coinche]
        + counted_melds(hand)[hand.taker]
        + belote_points(hand, hand.taker)
    )


@PROPERTY
@given(hands(contracts=st.sampled_from([CAPOT, GENERALE])))
def test_capot_and_generale_are_made_exactly_when_all_tricks_are_taken(hand):
    assert score(hand).made is hand.all_tricks


@PROPERTY
@given(all_hands)
def test_the_teams_names_do_not_matter(hand):
    result, mirrored = score(hand), score(swap_teams(hand))
    assert mirrored.made is result.made
    assert mirrored.scores == {Team.A: result.scores[Team.B], Team.B: result.scores[Team.A]}


@PROPERTY
@given(hands(modes=st.sampled_from(SUITS)))
def test_the_four_suits_score_alike(hand):
    scores = {tuple(score(replace(hand, mode=suit)).scores.items()) for suit in SUITS}
    assert len(scores) == 1


# --- through HTTP: scored or refused, never a 500 ---------------------------------------------


@pytest.fixture(scope="module")
def api_client(tmp_path_factory):
    # Module-scoped (hypothesis runs many examples per test); /api/v1/score stores nothing.
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("db") / "test.db"), "SECRET_KEY": "test"}
    )
    return app.test_client()


def to_body(hand: Hand) -> dict:
    """The JSON form of a hand, written from docs/scoring.md's request table."""
    body = {
        "taker": hand.taker.value,
        "contract": hand.contract.value,
        "mode": hand.mode.value,
        "coinche": hand.coinche.value,
        "all_tricks": hand.all_tricks,
        "melds": {team.value: [meld.value for meld in hand.melds[team]] for team in Team},
        "best_meld": hand.best_meld.value,
        "belote": {team.value: hand.belote[team] for team in Team},
        "rules": {"rounding": hand.rounding.value},
    }
    if hand.contract.kind is not ContractKind.POINTS:
        body["contract"] = hand.contract.kind.value
    if hand.taker_points is not None:
        body["taker_points"] = hand.taker_points
    return body


WORDS = [
    "A",
    "B",
    "C",
    "none",
    "capot",
    "generale",
    "hearts",
    "spades",
    "no_trump",
    "all_trump",
    "coinche",
    "surcoinche",
    "tierce",
    "cent",
    "carre_J",
    "carre_A",
    "carre_8",
    "nearest",
    "complement",
    "",
]
KEYS = [
    "taker",
    "contract",
    "mode",
    "coinche",
    "taker_points",
    "all_tricks",
    "melds",
    "best_meld",
    "belote",
    "rules",
    "rounding",
]
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-200, 300)
    | st.integers()
    | st.floats()
    | st.sampled_from([80, 85, 100, 160, 162, 170, 250, 800, -1, 0, 2.5, 1e308])
    | st.sampled_from(WORDS)
    | st.text(max_size=6)
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(["A", "B", "C", "rounding"]) | st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)
random_objects = st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), json_values, max_size=10)


@st.composite
def mutated_bodies(draw) -> dict:
    body = to_body(draw(all_hands))
    for _ in range(draw(st.integers(1, 3))):
        action = draw(st.sampled_from(["drop", "set", "set-nested"]))
        if action == "drop" and body:
            body.pop(draw(st.sampled_from(sorted(body))))
        elif action == "set":
            body[draw(st.sampled_from(KEYS) | st.text(max_size=6))] = draw(json_values)
        else:
            outer = draw(st.sampled_from(["melds", "belote", "rules"]))
            inner = draw(st.sampled_from(["A", "B", "C", "rounding"]))
            if isinstance(body.get(outer), dict):
                body[outer][inner] = draw(json_values)
    return body


def post(client, body):
    return client.post("/api/v1/score", data=json.dumps(body), content_type="application/json")


@settings(max_examples=examples(300), deadline=None)
@given(random_objects | mutated_bodies() | json_values)
def test_any_body_is_scored_or_refused_never_a_500(api_client, body):
    response = post(api_client, body)
    assert response.status_code in (200, 422), response.get_data(as_text=True)
    answer = response.get_json()
    if response.status_code == 422:
        assert set(answer) == {"error"} and answer["error"]
    else:
        for team in ("A", "B"):
            assert sum(line["points"] for line in answer["lines"] if line["team"] == team) == answer["scores"][team]


@settings(max_examples=examples(100), deadline=None)
@given(all_hands)
def test_a_valid_hand_sent_as_json_is_scored_as_the_engine_scores_it(api_client, hand):
    response = post(api_client, to_body(hand))
    assert response.status_code == 200, response.get_json()
    answer, result = response.get_json(), score(hand)
    assert answer["made"] is result.made
    assert answer["scores"] == {team.value: points for team, points in result.scores.items()}
