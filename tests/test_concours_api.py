"""The concours API (docs/concours.md) end to end: CONCOURS.md's three worked examples partie by
partie (the standings, both rankings, the pairings, the bye's figures), then the draws, undo,
closing and reopening, teams added late and withdrawn, and every refusal.

The tables' results of the worked examples are typed as paper slips (`…/slip`), which gives each
game the exact totals of the examples; the last tests play real hands on a table's game. Every
expected figure is the spec's, or worked on paper in the test's comment.
"""

from __future__ import annotations

from scorekeeper.services import stats
from scorekeeper.store.db import connect
from tests.helpers import api_concours, api_draw

CONCOURS = "/api/v1/concours"
GAMES = "/api/v1/games"
HAND_170_70 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # docs/scoring.md example 1


create = api_concours


def draw(client, concours_id: str) -> dict:
    """The next partie drawn; its round's JSON."""
    return api_draw(client, concours_id)["rounds"][-1]


def pairs(round_: dict) -> list[list[int]]:
    return [table["teams"] for table in round_["tables"]]


def enter(client, concours_id: str, round_: dict, results: dict[int, int]) -> dict:
    """Type each table's slip: `results` maps team numbers to their points."""
    concours = None
    for table in round_["tables"]:
        a, b = table["teams"]
        if a not in results:
            continue
        path = f"{CONCOURS}/{concours_id}/rounds/{round_['number']}/tables/{table['table']}/slip"
        # confirmed: the examples' 1050 – 1020 in a game to 1000 is asked about first (issue 32, D15)
        response = client.put(path, json={"totals": {"A": results[a], "B": results[b]}, "confirm": True})
        assert response.status_code == 200, response.get_json()
        concours = response.get_json()
    return concours


def ranking(concours: dict) -> list[int]:
    return [standing["team"] for standing in concours["standings"]]


def figures(concours: dict, team: int) -> tuple:
    standing = next(s for s in concours["standings"] if s["team"] == team)
    return tuple(standing[key] for key in ("played", "won", "points", "conceded", "difference", "best"))


AS, ROIS, DAMES, VALETS = 1, 2, 3, 4


def test_worked_example_1_four_teams_three_parties_ranked_by_points(client, drawn_order):
    concours = create(client, ["Les As", "Les Rois", "Les Dames", "Les Valets"])
    cid = concours["id"]
    assert [t["number"] for t in concours["teams"]] == [1, 2, 3, 4]
    drawn_order([AS, VALETS, ROIS, DAMES])

    first = draw(client, cid)
    assert pairs(first) == [[AS, VALETS], [ROIS, DAMES]] and first["rests"] is None
    concours = enter(client, cid, first, {AS: 1030, VALETS: 720, ROIS: 880, DAMES: 1100})
    assert concours["rounds"][0]["state"] == "closed"  # every table finished
    assert ranking(concours) == [DAMES, AS, ROIS, VALETS]
    assert figures(concours, DAMES)[4] == 220 and figures(concours, AS)[4] == 310

    second = draw(client, cid)
    assert pairs(second) == [[DAMES, AS], [ROIS, VALETS]]  # Dames take the highest not met, As
    concours = enter(client, cid, second, {DAMES: 1010, AS: 960, ROIS: 1240, VALETS: 600})
    assert ranking(concours) == [ROIS, DAMES, AS, VALETS]
    assert figures(concours, ROIS)[:5] == (2, 1, 2120, 1700, 420)
    assert figures(concours, DAMES)[:5] == (2, 2, 2110, 1840, 270)
    assert figures(concours, AS)[:5] == (2, 1, 1990, 1730, 260)
    assert figures(concours, VALETS)[2:5] == (1320, 2270, -950)

    third = draw(client, cid)
    assert pairs(third) == [[ROIS, AS], [DAMES, VALETS]]  # Rois have met Dames
    concours = enter(client, cid, third, {ROIS: 1050, AS: 1020, DAMES: 700, VALETS: 1000})
    assert figures(concours, ROIS) == (3, 2, 3170, 2720, 450, 1240)
    assert figures(concours, AS) == (3, 1, 3010, 2780, 230, 1030)
    assert figures(concours, DAMES) == (3, 2, 2810, 2840, -30, 1100)
    assert figures(concours, VALETS) == (3, 1, 2320, 2970, -650, 1000)
    assert ranking(concours) == [ROIS, AS, DAMES, VALETS]
    assert [s["rank"] for s in concours["standings"]] == [1, 2, 3, 4]
    assert not any(s["provisional"] for s in concours["standings"])
    refused = client.post(f"{CONCOURS}/{cid}/rounds", json={})
    assert refused.status_code == 409 and "3 parties" in refused.get_json()["error"]


def test_worked_example_1_ranked_by_wins(client, drawn_order):
    concours = create(client, ["Les As", "Les Rois", "Les Dames", "Les Valets"], ranking="wins")
    cid = concours["id"]
    drawn_order([AS, VALETS, ROIS, DAMES])
    enter(client, cid, draw(client, cid), {AS: 1030, VALETS: 720, ROIS: 880, DAMES: 1100})
    # One win each for As (+310) and Dames (+220): As first by the difference, then Dames.
    second = draw(client, cid)
    assert pairs(second) == [[AS, DAMES], [ROIS, VALETS]]
    concours = enter(client, cid, second, {DAMES: 1010, AS: 960, ROIS: 1240, VALETS: 600})
    assert ranking(concours) == [DAMES, ROIS, AS, VALETS]
    third = draw(client, cid)
    assert pairs(third) == [[DAMES, VALETS], [ROIS, AS]]  # Dames have met Rois and As
    concours = enter(client, cid, third, {ROIS: 1050, AS: 1020, DAMES: 700, VALETS: 1000})
    # The spec's `wins` ranking of the same results: Rois (2 wins, +450), Dames (2, -30), As, Valets.
    assert ranking(concours) == [ROIS, DAMES, AS, VALETS]


def test_worked_example_2_the_bye_and_a_pairing_that_looks_ahead(client, drawn_order):
    concours = create(client, ["Un", "Deux", "Trois", "Quatre", "Cinq"])
    cid = concours["id"]
    drawn_order([3, 1, 5, 2, 4])
    first = draw(client, cid)
    assert pairs(first) == [[3, 1], [5, 2]] and first["rests"] == 4
    concours = enter(client, cid, first, {3: 1050, 1: 900, 5: 980, 2: 1020})
    assert concours["rounds"][0]["bye"] == {"points": 1040, "conceded": 940}  # 1035 → 1040, 940
    four = next(s for s in concours["standings"] if s["team"] == 4)
    assert (four["played"], four["won"], four["points"], four["conceded"], four["byes"]) == (1, 1, 1040, 940, 1)
    assert ranking(concours) == [3, 4, 2, 5, 1]
    second = draw(client, cid)
    assert second["rests"] == 1  # the lowest-ranked of those who have not rested
    assert pairs(second) == [[3, 2], [4, 5]]  # 3-4 would force the rematch 2-5


def test_worked_example_2_bye_is_provisional_while_the_partie_plays(client, drawn_order):
    cid = create(client, ["Un", "Deux", "Trois", "Quatre", "Cinq"])["id"]
    drawn_order([3, 1, 5, 2, 4])
    concours = enter(client, cid, draw(client, cid), {3: 1050, 1: 900})
    # Table 2 has no deal yet: it is left out of the means, and the bye's figures are provisional.
    assert concours["rounds"][0]["state"] == "playing"
    assert concours["rounds"][0]["bye"] == {"points": 1050, "conceded": 900}
    assert next(s for s in concours["standings"] if s["team"] == 4)["provisional"]


def test_a_fixed_bye(client, drawn_order):
    cid = create(client, ["Un", "Deux", "Trois"], bye={"points": 1000, "conceded": 500})["id"]
    drawn_order([1, 2, 3])
    concours = enter(client, cid, draw(client, cid), {1: 1010, 2: 300})
    assert concours["rounds"][0]["rests"] == 3
    assert concours["rounds"][0]["bye"] == {"points": 1000, "conceded": 500}
    assert figures(concours, 3)[:4] == (1, 1, 1000, 500)


def test_worked_example_3_when_a_rematch_cannot_be_avoided(client, drawn_order):
    cid = create(client, ["Un", "Deux", "Trois", "Quatre"], parties=4)["id"]
    drawn_order([1, 2, 3, 4])
    # Each partie's results keep the ranking 1, 2, 3, 4 (worked on paper: 1000/900/800/700 each time).
    points = {1: 1000, 2: 900, 3: 800, 4: 700}
    expected = [[[1, 2], [3, 4]], [[1, 3], [2, 4]], [[1, 4], [2, 3]], [[1, 2], [3, 4]]]
    for wanted in expected:
        round_ = draw(client, cid)
        assert pairs(round_) == wanted
        concours = enter(client, cid, round_, points)
        assert ranking(concours) == [1, 2, 3, 4]


# --- the draws, closing and the teams --------------------------------------------------------


def test_a_table_game_is_an_ordinary_game_with_the_concours_rules_and_seats(client, drawn_order):
    cid = create(client, ["Les As", "Les Rois"], end={"deals": 12}, rules={"rounding": "complement"})["id"]
    drawn_order([2, 1])
    table = draw(client, cid)["tables"][0]
    assert table["teams"] == [2, 1] and table["totals"] == {"A": 0, "B": 0}
    sheet = client.get(f"{GAMES}/{table['game']}").get_json()
    assert sheet["teams"] == {"A": "Les Rois", "B": "Les As"}
    assert sheet["players"] == ["Les Rois 1", "Les As 1", "Les Rois 2", "Les As 2"]
    assert sheet["dealer"] == 0 and sheet["end"] == {"deals": 12} and sheet["rules"]["rounding"] == "complement"


def test_the_tables_totals_follow_the_deals_and_closing_ends_an_unfinished_game(client, drawn_order):
    cid = create(client, ["Les As", "Les Rois", "Les Dames", "Les Valets"])["id"]
    drawn_order([1, 2, 3, 4])
    round_ = draw(client, cid)
    game = round_["tables"][0]["game"]
    assert client.post(f"{GAMES}/{game}/hands", json=HAND_170_70).status_code == 201
    concours = client.get(f"{CONCOURS}/{cid}").get_json()
    table = concours["rounds"][0]["tables"][0]
    assert table["totals"] == {"A": 170, "B": 70} and not table["finished"]
    assert concours["standings"][0]["team"] == 1 and concours["standings"][0]["provisional"]
    assert client.delete(f"{CONCOURS}/{cid}/rounds/1").status_code == 409  # a game has a deal

    closed = client.post(f"{CONCOURS}/{cid}/rounds/1/close", json={}).get_json()
    table = closed["rounds"][0]["tables"][0]
    assert closed["rounds"][0]["state"] == "closed"
    assert table["finished"] and table["winner"] == 1 and table["stopped"]
    assert closed["rounds"][0]["tables"][1]["finished"] and closed["rounds"][0]["tables"][1]["winner"] is None
    refused = client.post(f"{GAMES}/{game}/hands", json=HAND_170_70)
    assert refused.status_code == 409
    assert (
        client.put(f"{GAMES}/{game}/hands/1", json={**HAND_170_70, "taker_points": 84, "version": 1}).status_code == 200
    )
    totals = client.get(f"{CONCOURS}/{cid}").get_json()["rounds"][0]["tables"][0]["totals"]
    assert totals == {"A": 160, "B": 80}  # a correction moves the results

    reopened = client.post(f"{CONCOURS}/{cid}/rounds/1/reopen", json={}).get_json()
    assert reopened["rounds"][0]["state"] == "playing"
    assert client.post(f"{GAMES}/{game}/hands", json=HAND_170_70).status_code == 201
    client.post(f"{CONCOURS}/{cid}/rounds/1/close", json={})
    draw(client, cid)
    refused = client.post(f"{CONCOURS}/{cid}/rounds/1/reopen", json={})
    assert refused.status_code == 409 and "partie 2" in refused.get_json()["error"]


def test_a_draw_is_taken_back_until_a_deal_and_drawn_again(client, drawn_order):
    cid = create(client, ["Un", "Deux", "Trois", "Quatre"])["id"]
    drawn_order([1, 2, 3, 4])
    drawn_order([4, 3, 2, 1])
    games = [t["game"] for t in draw(client, cid)["tables"]]
    undone = client.delete(f"{CONCOURS}/{cid}/rounds/1")
    assert undone.status_code == 200 and undone.get_json()["rounds"] == []
    assert all(client.get(f"{GAMES}/{game}").status_code == 404 for game in games)
    assert pairs(draw(client, cid)) == [[4, 3], [2, 1]]  # `random` order, drawn anew


def test_refusals(client, drawn_order):
    cid = create(client, ["Un", "Deux", "Trois", "Quatre"], parties=2)["id"]
    assert client.delete(f"{CONCOURS}/{cid}/rounds/1").status_code == 404
    drawn_order([1, 2, 3, 4])
    round_ = draw(client, cid)
    playing = client.post(f"{CONCOURS}/{cid}/rounds", json={})
    assert playing.status_code == 409 and "partie 1" in playing.get_json()["error"]
    assert client.post(f"{CONCOURS}/{cid}/rounds/1/reopen", json={}).status_code == 409  # not closed
    assert client.post(f"{CONCOURS}/{cid}/rounds", data="").status_code == 415
    enter(client, cid, round_, {1: 1000, 2: 0, 3: 1000, 4: 0})
    assert client.put(f"{CONCOURS}/{cid}/rounds/1/tables/9/slip", json={"totals": None}).status_code == 404
    assert client.get(f"{CONCOURS}/nope").status_code == 404


def test_fewer_than_two_active_teams_cannot_be_drawn(client):
    cid = create(client, ["Seuls"])["id"]
    refused = client.post(f"{CONCOURS}/{cid}/rounds", json={})
    assert refused.status_code == 422 and "deux équipes" in refused.get_json()["error"]


def test_late_and_withdrawn_teams(client, drawn_order):
    cid = create(client, ["Un", "Deux", "Trois", "Quatre"], parties=3)["id"]
    drawn_order([1, 2, 3, 4])
    enter(client, cid, draw(client, cid), {1: 1000, 2: 500, 3: 1000, 4: 500})
    late = client.post(f"{CONCOURS}/{cid}/teams", json={"players": ["Léa", "Luc"]})
    assert late.status_code == 201 and late.get_json() == {
        "number": 5,
        "name": "Équipe 5",
        "players": ["Léa", "Luc"],
        "active": True,
    }
    withdrawn = client.post(f"{CONCOURS}/{cid}/teams/2/withdraw", json={}).get_json()
    assert [t["active"] for t in withdrawn["teams"]] == [True, False, True, True, True]
    # Ranking: 1 and 3 (1000, +500, best 1000: 1 drawn first), then 2 and 4 (500, -500: 2 drawn
    # second, 4 fourth), then the late team 5, which has played nothing (0 points).
    assert ranking(withdrawn) == [1, 3, 2, 4, 5]
    second = draw(client, cid)
    # Active: 1, 3, 4, 5 in ranking order; 1 and 3 have not met, nor 4 and 5.
    assert pairs(second) == [[1, 3], [4, 5]] and second["rests"] is None
    assert all(2 not in pair for pair in pairs(second))


def test_bad_bodies_are_refused_in_french(client):
    for body, field in (
        ({"parties": 3}, "name"),
        ({"name": "X", "parties": 0}, "parties"),
        ({"name": "X", "parties": 13}, "parties"),
        ({"name": "X", "parties": 3, "end": {"points": 999}}, "end"),
        ({"name": "X", "parties": 3, "end": {"deals": 31}}, "end"),
        ({"name": "X", "parties": 3, "ranking": "elo"}, "ranking"),
        ({"name": "X", "parties": 3, "pairing": "swiss"}, "pairing"),
        ({"name": "X", "parties": 3, "bye": {"points": 10}}, "bye"),
        ({"name": "X", "parties": 3, "time_limit": 0}, "time_limit"),
        ({"name": "X", "parties": 3, "teams": [{"players": ["Seul"]}]}, "teams.0.players"),
        ({"name": "X", "parties": 3, "colour": "red"}, "colour"),
        ({"name": "X", "parties": 3, "evening": 999}, "evening"),
    ):
        response = client.post(CONCOURS, json=body)
        assert response.status_code == 422, body
        assert f"« {field}" in response.get_json()["error"], (body, response.get_json())


def test_a_team_name_is_taken_once(client):
    cid = create(client, ["Les As", "Les Rois"])["id"]
    refused = client.post(f"{CONCOURS}/{cid}/teams", json={"name": "les as", "players": ["A", "B"]})
    assert refused.status_code == 422 and "Les As" in refused.get_json()["error"]
    assert len(client.get(f"{CONCOURS}/{cid}").get_json()["teams"]) == 2


def test_a_table_stopped_before_its_first_deal_is_no_draw_in_its_players_figures(app, client, drawn_order):
    """Partie closed at its time limit: table 1 (Un 170 - Deux 70 after ex 1) is won by Un; table 2
    never dealt: its game is over at 0 - 0, a draw for the concours, but no game its players drew."""
    cid = create(client, ["Un", "Deux", "Trois", "Quatre"])["id"]
    drawn_order([1, 2, 3, 4])
    first, second = (table["game"] for table in draw(client, cid)["tables"])
    assert client.post(f"{GAMES}/{first}/hands", json=HAND_170_70).status_code == 201
    closed = client.post(f"{CONCOURS}/{cid}/rounds/1/close", json={}).get_json()
    assert [t["winner"] for t in closed["rounds"][0]["tables"]] == [1, None]
    db = connect(app.config["DATABASE"])
    try:
        played = stats.player(db, "Un 1").figures
        idle = stats.player(db, "Trois 1").figures
    finally:
        db.close()
    assert (played.games, played.finished, played.won, played.drawn) == (1, 1, 1, 0)
    assert (idle.games, idle.finished, idle.won, idle.drawn) == (1, 0, 0, 0)


def test_a_table_whose_result_was_typed_from_its_slip_takes_no_deal_until_it_is_cleared(client, drawn_order):
    cid = create(client, ["Un", "Deux", "Trois", "Quatre"])["id"]
    drawn_order([1, 2, 3, 4])
    round_ = draw(client, cid)
    game = round_["tables"][0]["game"]
    slip = f"{CONCOURS}/{cid}/rounds/1/tables/1/slip"
    assert client.put(slip, json={"totals": {"A": 1010, "B": 620}}).status_code == 200
    refused = client.post(f"{GAMES}/{game}/hands", json=HAND_170_70)
    assert refused.status_code == 409 and "feuille papier" in refused.get_json()["error"]
    assert client.get(f"{GAMES}/{game}").get_json()["hands"] == []
    cleared = client.put(slip, json={"totals": None}).get_json()
    assert cleared["rounds"][0]["tables"][0]["totals"] == {"A": 0, "B": 0}
    assert client.post(f"{GAMES}/{game}/hands", json=HAND_170_70).status_code == 201
    refused = client.put(slip, json={"totals": {"A": 1010, "B": 620}})
    assert refused.status_code == 409 and "corrigez-les" in refused.get_json()["error"]
