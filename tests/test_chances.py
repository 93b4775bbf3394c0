"""The chances (docs/chances.md): the worked examples of the docs computed through the code, the
properties any answer must have (symmetry, more lead never less chance), a calibration against
simulated games, and the 200-hand threshold, the table kept per archive revision, the game's JSON,
the sheet and the API, on a club archive recorded through the service layer."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.belote.chances import MIN_HANDS, DealsTable, PointsTable, distribution, table
from scorekeeper.belote.ending import End, outcome_of
from scorekeeper.services import chances as chances_service
from scorekeeper.services import games as service
from scorekeeper.services.export import export_json
from scorekeeper.store import chances as chances_store
from scorekeeper.store import games as games_store
from scorekeeper.store.db import write_transaction
from tests.helpers import api_concours, api_draw, import_data, page_text, stop_game

DOCS = Path(__file__).resolve().parents[1] / "docs" / "chances.md"


# --- the docs' worked examples ----------------------------------------------------------------


def worked_examples() -> list[str]:
    return re.findall(r"```chances\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)


def parse_end(text: str) -> End:
    kind, value = text.split(":")
    return End(points=int(value)) if kind == "points" else End(deals=int(value))


@pytest.mark.parametrize("block", worked_examples())
def test_a_worked_example_of_the_docs_is_what_the_code_computes(block):
    fields = dict(line.split(": ", 1) for line in block.strip().splitlines() if ": " in line)
    hands = []
    for part in fields["hands"].split(", "):
        score, count = part.split(" x")
        x, y = score.split("-")
        hands.append((int(x), int(y), int(count)))
    club = distribution(hands)
    at = dict(pair.split("=") for pair in fields["at"].split())
    if block.strip().endswith("none"):
        assert club is None
        return
    assert club is not None
    found = table(club, parse_end(fields["end"]))
    if isinstance(found, PointsTable):
        chances = found.chances(int(at["a"]), int(at["b"]))
    else:
        chances = found.chances(int(at["k"]), int(at["d"]))
    for name, value in (("A", chances.a), ("B", chances.b), ("draw", chances.draw)):
        assert value == pytest.approx(float(Fraction(fields[name])), abs=1e-12), name


def test_the_docs_hold_worked_examples_for_points_for_deals_and_for_too_few_hands():
    blocks = worked_examples()
    assert any("end: points:" in block for block in blocks)
    assert any("end: deals:" in block for block in blocks)
    assert any(block.strip().endswith("none") for block in blocks)


# --- properties -------------------------------------------------------------------------------

# A club's hands as the scoring gives them: points to both sides, in tens, never 0 to 0.
HAND = st.tuples(st.integers(0, 40), st.integers(0, 40), st.integers(1, 30)).filter(lambda h: h[0] + h[1] > 0)
CLUB = st.lists(HAND, min_size=1, max_size=12).map(lambda hands: [(10 * x, 10 * y, n * MIN_HANDS) for x, y, n in hands])


@given(CLUB, st.integers(0, 49), st.integers(0, 49))
def test_in_points_the_chances_of_a_and_b_swapped_add_up_to_one(club, a, b):
    found = table(distribution(club), End(points=500))
    assert isinstance(found, PointsTable)
    ab, ba = found.chances(10 * a, 10 * b), found.chances(10 * b, 10 * a)
    assert ab.a + ba.a == pytest.approx(1.0, abs=1e-9)
    assert ab.draw == 0.0 and ab.a + ab.b == pytest.approx(1.0, abs=1e-12)
    if a == b:
        assert ab.a == pytest.approx(0.5, abs=1e-9)


@given(CLUB, st.integers(0, 48), st.integers(0, 49))
def test_in_points_more_lead_is_never_less_chance(club, a, b):
    found = table(distribution(club), End(points=500))
    here = found.chances(10 * a, 10 * b).a
    assert found.chances(10 * (a + 1), 10 * b).a >= here - 1e-9
    assert found.chances(10 * b, 10 * (a + 1)).a <= found.chances(10 * b, 10 * a).a + 1e-9


@given(CLUB, st.integers(0, 11), st.integers(-150, 150))
def test_in_deals_the_chances_are_symmetric_and_grow_with_the_lead(club, k, d):
    found = table(distribution(club), End(deals=12))
    assert isinstance(found, DealsTable)
    ahead, behind = found.chances(k, 10 * d), found.chances(k, -10 * d)
    assert ahead.a == pytest.approx(behind.b, abs=1e-9) and ahead.draw == pytest.approx(behind.draw, abs=1e-9)
    assert ahead.a + ahead.b + ahead.draw == pytest.approx(1.0, abs=1e-9)
    assert found.chances(k, 10 * (d + 1)).a >= ahead.a - 1e-9


def test_a_finished_state_is_certain_and_follows_the_games_own_end():
    club = distribution([(170, 70, 100), (250, 0, 100)])
    points = table(club, End(points=1000))
    assert points.chances(1000, 990).a == 1.0  # ending.winner_of: at the target, more than the other
    assert points.chances(1000, 1000).a == 0.5  # equal totals past the target play on: ½
    deals = table(club, End(deals=4))
    assert (deals.chances(4, 0).draw, deals.chances(4, -10).b) == (1.0, 1.0)


def test_a_hand_that_scores_nothing_is_a_redeal_in_points_and_one_of_the_hands_in_deals():
    with_nothing = distribution([(500, 0, 100), (250, 250, 100), (0, 0, 50)])
    assert with_nothing.hands == 250
    # In points it leaves the totals as they were: the chances are those without it.
    one = table(with_nothing, End(points=1000)).chances(500, 0)
    other = table(distribution([(500, 0, 100), (250, 250, 100)]), End(points=1000)).chances(500, 0)
    assert one.a == pytest.approx(other.a, abs=1e-12) == pytest.approx(13 / 16)
    # In deals it is a hand played, of difference 0, as 250 to 250 is.
    one = table(with_nothing, End(deals=4)).chances(2, 500)
    other = table(distribution([(500, 0, 100), (250, 250, 150)]), End(deals=4)).chances(2, 500)
    assert (one.a, one.b, one.draw) == pytest.approx((other.a, other.b, other.draw), abs=1e-12)
    with pytest.raises(ValueError):
        distribution([(-10, 170, 300)])


def test_below_200_hands_there_is_no_distribution_and_at_200_there_is():
    assert distribution([(170, 70, MIN_HANDS - 1)]) is None
    club = distribution([(170, 70, MIN_HANDS)])
    assert club is not None and club.hands == MIN_HANDS and club.weights.sum() == pytest.approx(1.0)


def test_points_that_keep_their_units_are_taken_to_their_ten():
    club = distribution([(84, 78, 150), (162, 0, 50)])  # raw rounding: 80-80 and 160-0
    assert sorted(zip(club.xs.tolist(), club.ys.tolist(), strict=True)) == [(0, 16), (8, 8), (16, 0)]


# --- calibration: predicted against observed, on simulated games --------------------------------

# A known distribution, as a club under the rules text scores (made contracts, failures, a capot).
KNOWN = [(170, 70, 160), (250, 0, 32), (0, 250, 24), (90, 160, 120), (0, 160, 56), (110, 60, 100), (500, 0, 8)]


def simulate(rng: random.Random, pairs: list[tuple[int, int]], weights: list[float], end: End):
    """One game drawn from the distribution: the states it passed through (totals, hands played)
    and its winner."""
    totals, hands, states = {"A": 0, "B": 0}, 0, []
    while True:
        outcome = outcome_of(totals, hands, end)
        if outcome.finished:
            return states, outcome.winner
        states.append((dict(totals), hands))
        x, y = rng.choices(pairs, weights)[0]
        totals = {"A": totals["A"] + x, "B": totals["B"] + y}
        hands += 1


@pytest.mark.parametrize("end", [End(points=2000), End(deals=12)])
def test_predicted_chances_match_simulated_games_bin_by_bin(end):
    """4,000 games drawn (seeded) from a known distribution, one state taken at random in each
    (so that the samples are independent): in each tenth of predicted chance holding 100 states
    or more, A's observed share of wins is within 4 standard errors (binomial) of the mean
    prediction, plus 0.01."""
    club = distribution(KNOWN)
    found = table(club, end)
    pairs = list(zip(club.xs.tolist(), club.ys.tolist(), strict=True))
    pairs = [(10 * x, 10 * y) for x, y in pairs]
    rng = random.Random(33)
    bins: list[list[tuple[float, float]]] = [[] for _ in range(10)]
    for _ in range(4000):
        states, winner = simulate(rng, pairs, club.weights.tolist(), end)
        totals, hands = rng.choice(states)
        if end.points is not None:
            predicted = found.chances(totals["A"], totals["B"])
        else:
            predicted = found.chances(hands, totals["A"] - totals["B"])
        won = 1.0 if winner == "A" else 0.5 if winner is None else 0.0
        bins[min(int(predicted.a * 10), 9)].append((predicted.a + predicted.draw / 2, won))
    checked = 0
    for content in bins:
        if len(content) < 100:
            continue
        checked += 1
        mean = sum(p for p, _ in content) / len(content)
        observed = sum(w for _, w in content) / len(content)
        error = (max(mean * (1 - mean), 0.01) / len(content)) ** 0.5
        assert abs(observed - mean) <= 4 * error + 0.01, (mean, observed, len(content))
    assert checked >= 5


# --- on a club's archive: the threshold, the table kept, the JSON, the sheet, the API -----------

WON_BY_A = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # 170 / 70
WON_BY_B = {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 92}  # 70 / 170
TEAMS = {"A": "Nous", "B": "Eux"}


def play(db, deals: int, hands: list[dict] | None = None) -> str:
    """A game in `deals` deals, its hands recorded (by default A and B taking in turn)."""
    game_id = service.create_game(db, {"teams": TEAMS, "end": {"deals": deals}}).game.id
    for number in range(len(hands) if hands is not None else deals):
        service.record_hand(db, game_id, hands[number] if hands is not None else (WON_BY_A, WON_BY_B)[number % 2])
    return game_id


def club_of(db, hands: int) -> None:
    """Finished games of the club holding `hands` scored hands (games of 30 deals, then one of the
    rest, at least 4), each hand 170 to 70 for the side that took, A and B in turn."""
    while hands >= 34 or hands == 30:
        play(db, 30)
        hands -= 30
    if hands:
        play(db, hands)


def test_no_chances_below_200_of_the_clubs_hands_and_chances_from_200(db):
    club_of(db, 199)
    game_id = play(db, 4, [WON_BY_A, WON_BY_A])
    assert service.sheet_json(db, service.get_sheet(db, game_id))["chances"] is None
    # One more hand in a finished game: an organiser stops a game of one hand.
    stopped = play(db, 4, [WON_BY_B])
    stop_game(db, stopped)
    # Each hand is ±100 for A, half the time each: two hands to go at +200, A wins unless both are
    # B's (then a draw): 3/4, a draw 1/4, B never.
    assert service.sheet_json(db, service.get_sheet(db, game_id))["chances"] == {
        "A": 0.75,
        "B": 0.0,
        "draw": 0.25,
        "hands": 200,
    }


def test_the_hands_of_games_still_played_are_not_the_clubs_and_those_of_other_rules_are(db):
    club_of(db, 180)
    play(db, 30, [WON_BY_A] * 25)  # unfinished: 25 hands that do not count
    game_id = play(db, 4, [WON_BY_A])
    assert service.sheet_json(db, service.get_sheet(db, game_id))["chances"] is None
    # A finished game under the rounding that keeps the units: its 30 hands, 172 to 70 each (92 made
    # + 80), are the club's as any others, taken to their ten: 170 to 70.
    other = service.create_game(db, {"end": {"deals": 30}, "rules": {"rounding": "raw"}}).game.id
    for _ in range(30):
        service.record_hand(db, other, WON_BY_A)
    # 210 hands, each +100 or −100 for A half the time. At +100 with three hands to go, they add up
    # to +300 (1/8), +100 (3/8), −100 (3/8) or −300 (1/8): A wins on the first two, a draw on −100,
    # B on −300.
    assert service.sheet_json(db, service.get_sheet(db, game_id))["chances"] == {
        "A": 0.5,
        "B": 0.125,
        "draw": 0.375,
        "hands": 210,
    }


def chances_revision(db) -> str:
    return db.execute("select value from app_info where key = 'chances_revision'").fetchone()[0]


def test_the_chances_revision_moves_when_a_finished_games_hands_change_and_only_then(db):
    game_id = play(db, 4, [WON_BY_A, WON_BY_B])
    other = play(db, 4)  # finished
    revision = chances_revision(db)
    service.record_hand(db, game_id, WON_BY_A)  # a hand in a game still played
    service.sheet_json(db, service.get_sheet(db, game_id))
    assert chances_revision(db) == revision
    moves = [
        ("a game finishing", lambda: service.record_hand(db, game_id, WON_BY_A)),
        ("a finished game corrected", lambda: service.edit_deal(db, other, 1, {**WON_BY_B, "version": 1})),
        ("its last hand deleted: no longer finished", lambda: service.delete_deal(db, other, 4, 1)),
        ("finished again", lambda: service.record_hand(db, other, WON_BY_B)),
    ]
    for what, write in moves:
        write()
        assert chances_revision(db) != revision, what
        revision = chances_revision(db)
    exported = export_json(db)
    with write_transaction(db):
        games_store.delete_games(db, [other])
    assert chances_revision(db) != revision, "a finished game deleted"
    revision = chances_revision(db)
    import_data(db, exported)
    assert db.execute("select finished from game_summaries where game_id = ?", [other]).fetchone()[0] == 1
    assert chances_revision(db) != revision, "a finished game imported"


def test_the_table_is_computed_again_only_when_the_clubs_deals_change(db):
    club_of(db, 200)
    game_id = play(db, 12, [WON_BY_A])
    computed = chances_service.TABLES.computed
    # The write's answer computed the table of the archive it left: reads look it up.
    for _ in range(3):
        assert service.sheet_json(db, service.get_sheet(db, game_id))["chances"]["hands"] == 200
    assert chances_service.TABLES.computed == computed
    # A hand in a game still played: a new revision, the same club's deals, the same table.
    service.record_hand(db, game_id, WON_BY_B)
    assert chances_service.TABLES.computed == computed
    # A game finished: its hands are the club's now, the table is computed again, once.
    play(db, 12)  # a game of the same end: its own answers need the same table
    after = service.sheet_json(db, service.get_sheet(db, game_id))["chances"]
    assert after["hands"] == 212 and chances_service.TABLES.computed == computed + 1
    service.sheet_json(db, service.get_sheet(db, game_id))
    assert chances_service.TABLES.computed == computed + 1


def test_a_hand_in_a_game_still_played_never_reads_the_clubs_deals_again(db, monkeypatch):
    club_of(db, 200)
    game_id = play(db, 12, [WON_BY_A])
    reads = []
    monkeypatch.setattr(chances_store, "deal_distribution", lambda *args: reads.append(1) or [])
    for hand in (WON_BY_B, WON_BY_A, WON_BY_B):
        assert json.loads(service.record_hand(db, game_id, hand).text)["chances"]["hands"] == 200  # the answer's
    assert reads == []
    play(db, 4)  # a game finished: the next answer reads them (here, none: no chances)
    assert service.sheet_json(db, service.get_sheet(db, game_id))["chances"] is None
    assert reads == [1]


def test_the_games_json_carries_the_chances_with_four_decimals_and_null_once_over(client, db):
    club_of(db, 200)
    game_id = play(db, 4, [WON_BY_A, WON_BY_A])
    sheet = client.get(f"/api/v1/games/{game_id}").get_json()
    assert sheet["chances"] == {"A": 0.75, "B": 0.0, "draw": 0.25, "hands": 200}
    answer = client.post(f"/api/v1/games/{game_id}/hands", json=WON_BY_B).get_json()
    # one hand to go at +100: A wins unless it is B's (a draw): ½, ½
    assert answer["chances"] == {"A": 0.5, "B": 0.0, "draw": 0.5, "hands": 200}
    points = service.create_game(db, {"teams": TEAMS}).game.id
    service.record_hand(db, points, WON_BY_A)
    found = client.get(f"/api/v1/games/{points}").get_json()["chances"]
    assert found["A"] > 0.5 and found["A"] + found["B"] == pytest.approx(1.0, abs=1e-4)
    assert all(round(value, 4) == value for value in found.values())
    assert found == client.get("/api/v1/chances?end=points:2000&a=170&b=70").get_json()["chances"]
    client.post(f"/api/v1/games/{game_id}/hands", json=WON_BY_A)
    assert client.get(f"/api/v1/games/{game_id}").get_json()["chances"] is None  # over


def test_the_sheet_shows_the_chances_under_the_totals_with_why(client, db):
    club_of(db, 200)
    game_id = play(db, 4, [WON_BY_A, WON_BY_A])
    page = client.get(f"/parties/{game_id}").get_data(as_text=True)
    line = re.search(r'<p class="chances-line">(.*?)</p>', page, re.S).group(1)
    assert line == "Chances : Nous\u00a075\u202f% ·\u00a0Eux\u00a00\u202f% ·\u00a0nulle\u00a025\u202f%"
    assert "<summary>Pourquoi ?</summary>" in page and "Calculé sur les 200 donnes" in page
    totals = page.index('class="totals card"')
    assert totals < page.index('class="chances-line"') < page.index('class="target"')  # in the totals' card


def test_the_sheet_says_nothing_of_chances_without_the_club_or_once_over(client, db):
    game_id = play(db, 4, [WON_BY_A])
    page = client.get(f"/parties/{game_id}").get_data(as_text=True)
    assert '<div class="chances" id="chances" hidden>' in page and "Chances :" not in page
    club_of(db, 200)
    over = play(db, 4)
    page = client.get(f"/parties/{over}").get_data(as_text=True)
    assert '<div class="chances" id="chances" hidden>' in page and "Chances :" not in page
    assert "Chances :" in client.get(f"/parties/{game_id}").get_data(as_text=True)


def test_the_api_answers_any_state(client, db):
    assert client.get("/api/v1/chances?end=deals:4&k=2&d=200").get_json()["chances"] is None
    club_of(db, 200)
    answer = client.get("/api/v1/chances?end=deals:4&k=2&d=200").get_json()
    assert answer == {
        "end": {"deals": 4},
        "k": 2,
        "d": 200,
        "chances": {"A": 0.75, "B": 0.0, "draw": 0.25, "hands": 200},
    }
    behind = client.get("/api/v1/chances?end=deals:4&k=2&d=-200").get_json()["chances"]
    assert (behind["A"], behind["B"], behind["draw"]) == (0.0, 0.75, 0.25)
    over = client.get("/api/v1/chances?end=points:1000&a=1000&b=990").get_json()["chances"]
    assert (over["A"], over["B"]) == (1.0, 0.0)


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("", "end"),
        ("end=points", "end"),
        ("end=points:2005&a=0&b=0", "end"),
        ("end=points:400&a=0&b=0", "end"),
        ("end=deals:31&k=0&d=0", "end"),
        ("end=tours:12&k=0&d=0", "end"),
        ("end=points:2000&a=100", "b"),
        ("end=points:2000&a=-10&b=0", "a"),
        ("end=points:2000&a=1e3&b=0", "a"),
        ("end=points:2000&a=²&b=0", "a"),
        ("end=deals:12&k=13&d=0", "k"),
        ("end=deals:12&k=3", "d"),
        ("end=deals:12&k=3&d=--5", "d"),
    ],
)
def test_the_api_refuses_a_bad_parameter_in_french_naming_it(client, query, named):
    response = client.get(f"/api/v1/chances?{query}")
    assert response.status_code == 422
    assert f"« {named} »" in response.get_json()["error"]


def test_the_concours_screen_shows_each_unfinished_tables_chances_beside_its_totals(client, db):
    club_of(db, 200)
    teams = ["Les As", "Les Rois", "Les Dames", "Les Valets"]
    concours = api_draw(client, api_concours(client, teams, end={"deals": 4})["id"])
    first, second = concours["rounds"][0]["tables"]
    for _ in range(2):
        assert client.post(f"/api/v1/games/{first['game']}/hands", json=WON_BY_A).status_code == 201
    for _ in range(4):  # the second table's game over: no chances
        assert client.post(f"/api/v1/games/{second['game']}/hands", json=WON_BY_A).status_code == 201
    for url in (f"/concours/{concours['id']}/ecran", f"/concours/{concours['id']}/ecran/tableau"):
        html = client.get(url).get_data(as_text=True)
        playing = re.search(rf'<li class="table" data-game="{first["game"]}">.*?</li>', html, re.S).group(0)
        names = {team["number"]: team["name"] for team in concours["teams"]}
        a, b = (names[number] for number in first["teams"])
        # +200 with two hands left: A 75 %, B never (a draw, 25 %, is neither's)
        expected = f"1 {a} 340 75 % {b} 140 0 % donne 3 sur 4"
        assert page_text(playing).replace("\u202f", " ") == expected
        over = re.search(rf'<li class="table finished" data-game="{second["game"]}">.*?</li>', html, re.S).group(0)
        assert 'class="chance"' not in over
