"""The mêlée through the API (CONCOURS.md, "The mêlée", and the JSON API's mêlée paragraph):
CONCOURS.md's 8-player example partie by partie, a ranking of players worked by hand (a resting
player's bye, head-to-head between two players who met as opponents), the players added late,
withdrawn and reinstated, undo, closing and reopening, Idempotency-Key on every creating write,
and the refusals in French.

The random order of each partie is fixed by `drawn_order` (tests.helpers.fixed_draws), as the team
concours's tests fix theirs; each table's result is typed as its paper slip."""

from __future__ import annotations

import pytest

from tests.helpers import fixed_draws

CONCOURS = "/api/v1/concours"
NAMES = ["Ana", "Bruno", "Céline", "Denis", "Emma", "Félix", "Gaël", "Hugo"]


@pytest.fixture
def drawn_order(monkeypatch):
    return fixed_draws(monkeypatch)


def create(client, names: list[str], **fields) -> dict:
    body = {"name": "Mêlée du jeudi", "parties": 3, "end": {"points": 1000}, "format": "melee", **fields}
    body["players"] = [{"name": name} for name in names]
    response = client.post(CONCOURS, json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def draw(client, concours_id: str) -> dict:
    response = client.post(f"{CONCOURS}/{concours_id}/rounds", json={})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["rounds"][-1]


def slip(client, concours_id: str, partie: int, table: int, a: int, b: int) -> dict:
    path = f"{CONCOURS}/{concours_id}/rounds/{partie}/tables/{table}/slip"
    response = client.put(path, json={"totals": {"A": a, "B": b}, "confirm": True})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def tables(round_: dict) -> list[list[list[int]]]:
    return [table["teams"] for table in round_["tables"]]


def row(concours: dict, player: int) -> dict:
    return next(standing for standing in concours["standings"] if standing["player"] == player)


def test_concours_md_example_eight_players_two_parties(client, drawn_order):
    concours = create(client, NAMES)
    assert concours["format"] == "melee" and concours["pairing"] == "random" and "teams" not in concours
    assert concours["players"][4] == {"number": 5, "name": "Emma", "active": True}
    cid = concours["id"]
    # Partie 1, order 5, 2, 8, 1, 7, 3, 6, 4: partners 5–2, 8–1, 7–3, 6–4; every table costs 0.
    drawn_order([5, 2, 8, 1, 7, 3, 6, 4])
    partie_1 = draw(client, cid)
    assert tables(partie_1) == [[[5, 2], [8, 1]], [[7, 3], [6, 4]]]
    assert partie_1["rests"] == [] and partie_1["bye"] is None
    # The table's game: « Emma et Bruno » against « Hugo et Ana », seated A1 B1 A2 B2.
    game = client.get(f"/api/v1/games/{partie_1['tables'][0]['game']}").get_json()
    assert game["teams"] == {"A": "Emma et Bruno", "B": "Hugo et Ana"}
    assert game["players"] == ["Emma", "Hugo", "Bruno", "Ana"]
    slip(client, cid, 1, 1, 1000, 800)
    slip(client, cid, 1, 2, 700, 1000)
    # Partie 2, order 1 to 8: 1–2, 3–4, 5–6, 7–8 never partners; every way to seat them costs 2,
    # so the top-down first: 1–2 against 3–4, 5–6 against 7–8.
    drawn_order([1, 2, 3, 4, 5, 6, 7, 8])
    partie_2 = draw(client, cid)
    assert tables(partie_2) == [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
    assert partie_2["rests"] == []


def play_five(client, drawn_order, **fields) -> dict:
    """Five players, two parties to 1000 (worked in `test_the_ranking_of_players_by_hand`)."""
    cid = create(client, NAMES[:5], parties=2, **fields)["id"]
    drawn_order([1, 2, 3, 4, 5])
    partie_1 = draw(client, cid)
    assert tables(partie_1) == [[[1, 2], [3, 4]]] and partie_1["rests"] == [5]
    slip(client, cid, 1, 1, 1020, 700)
    drawn_order([5, 4, 3, 2, 1])
    partie_2 = draw(client, cid)
    assert tables(partie_2) == [[[5, 4], [3, 2]]] and partie_2["rests"] == [1]
    return slip(client, cid, 2, 1, 880, 1040)


def test_the_ranking_of_players_by_hand(client, drawn_order):
    """Partie 1, order 1 to 5: 5 players, one rests, the last: Emma (5). Ana and Bruno (1–2) beat
    Céline and Denis (3–4) 1020 – 700; Emma's bye is the partie's winners' mean and losers' mean:
    1020 and 700. Partie 2, order 5, 4, 3, 2, 1: Emma has rested, so among the others (0 rests) the
    last, Ana, rests. Partners 5–4 and 3–2 (never partners); one table, 5–4 against 3–2, which
    Céline and Bruno win 1040 – 880; Ana's bye: 1040 and 880.

    Ana: 1020/700 won, bye 1040/880: 2 won, 2060 scored, 1580 conceded, +480, best 1040.
    Bruno: 1020/700 won, 1040/880 won: the same figures as Ana (no bye).
    Emma: bye 1020/700, 880/1040 lost: 1 won, 1900, 1740, +160, best 1020.
    Céline: 700/1020 lost, 1040/880 won: 1 won, 1740, 1900, −160, best 1040.
    Denis: lost twice: 0 won, 1580, 2060, −480, best 880.

    By points: Ana and Bruno level on points, difference and best: the first partie's order puts
    Ana (1st) before Bruno (2nd); then Emma, Céline, Denis."""
    concours = play_five(client, drawn_order)
    assert [r["bye"] for r in concours["rounds"]] == [
        {"points": 1020, "conceded": 700},
        {"points": 1040, "conceded": 880},
    ]
    figures = {
        p: tuple(row(concours, p)[k] for k in ("played", "won", "lost", "points", "conceded", "difference", "best"))
        for p in range(1, 6)
    }
    assert figures == {
        1: (2, 2, 0, 2060, 1580, 480, 1040),
        2: (2, 2, 0, 2060, 1580, 480, 1040),
        3: (2, 1, 1, 1740, 1900, -160, 1040),
        4: (2, 0, 2, 1580, 2060, -480, 880),
        5: (2, 1, 1, 1900, 1740, 160, 1020),
    }
    assert [row(concours, p)["byes"] for p in range(1, 6)] == [1, 0, 0, 0, 1]
    assert [standing["player"] for standing in concours["standings"]] == [1, 2, 5, 3, 4]


def test_head_to_head_between_two_players_who_met(client, drawn_order):
    """Ranked by wins: Ana and Bruno 2 wins, Emma and Céline 1, Denis 0. Usually the difference
    splits Emma (+160) and Céline (−160); with `head_to_head` first, Céline goes first: she met Emma
    as an opponent in partie 2 and won. Ana and Bruno never met as opponents (partners once):
    head-to-head leaves them to the drawn order."""
    usual = play_five(client, drawn_order, ranking="wins")
    assert [standing["player"] for standing in usual["standings"]] == [1, 2, 5, 3, 4]
    chosen = play_five(client, drawn_order, ranking="wins", tiebreaks=["head_to_head", "difference"])
    assert [standing["player"] for standing in chosen["standings"]] == [1, 2, 3, 5, 4]


def test_a_fixed_bye_for_each_resting_player(client, drawn_order):
    """Seven players: three rest, the last three of the order, each credited the organiser's bye."""
    cid = create(client, NAMES[:7], bye={"points": 500, "conceded": 300})["id"]
    drawn_order([7, 6, 5, 4, 3, 2, 1])
    partie = draw(client, cid)
    assert partie["rests"] == [3, 2, 1] and tables(partie) == [[[7, 6], [5, 4]]]
    concours = slip(client, cid, 1, 1, 1000, 600)
    for player in (1, 2, 3):
        assert (row(concours, player)["points"], row(concours, player)["conceded"]) == (500, 300)
        assert row(concours, player)["byes"] == 1


def test_late_withdrawn_and_reinstated_players(client, drawn_order):
    cid = create(client, NAMES)["id"]
    drawn_order(list(range(1, 9)))
    draw(client, cid)
    response = client.post(f"{CONCOURS}/{cid}/players", json={"name": "Inès"})
    assert response.status_code == 201 and response.get_json() == {"number": 9, "name": "Inès", "active": True}
    assert client.post(f"{CONCOURS}/{cid}/players/3/withdraw", json={}).status_code == 200
    answer = client.post(f"{CONCOURS}/{cid}/players/3/reinstate", json={})
    assert answer.status_code == 200 and answer.get_json()["players"][2]["active"] is True
    concours = client.post(f"{CONCOURS}/{cid}/players/4/withdraw", json={}).get_json()
    assert concours["players"][3] == {"number": 4, "name": "Denis", "active": False}
    assert client.post(f"{CONCOURS}/{cid}/rounds/1/close", json={}).status_code == 200
    # Partie 2 from the 8 active players: 1, 2, 3, 5, 6, 7, 8 and the late Inès (9); Denis is out.
    drawn_order([9, 8, 7, 6, 5, 3, 2, 1])
    partie_2 = draw(client, cid)
    seated = sorted(p for table in tables(partie_2) for side in table for p in side)
    assert seated == [1, 2, 3, 5, 6, 7, 8, 9]
    again = client.post(f"{CONCOURS}/{cid}/players/4/reinstate", json={})
    assert again.status_code == 409 and "tirée depuis l'abandon de Denis" in again.get_json()["error"]
    final = client.get(f"{CONCOURS}/{cid}").get_json()
    assert row(final, 4)["active"] is False and row(final, 4)["played"] == 1
    assert row(final, 9)["played"] == 1  # late: partie 2 only


def test_undo_close_and_reopen(client, drawn_order):
    cid = create(client, NAMES)["id"]
    drawn_order(list(range(1, 9)))
    first = draw(client, cid)
    assert client.delete(f"{CONCOURS}/{cid}/rounds/1").status_code == 200
    drawn_order([8, 7, 6, 5, 4, 3, 2, 1])
    again = draw(client, cid)
    assert tables(again) == [[[8, 7], [6, 5]], [[4, 3], [2, 1]]] != tables(first)
    closed = client.post(f"{CONCOURS}/{cid}/rounds/1/close", json={}).get_json()
    assert closed["rounds"][0]["state"] == "closed"
    game = again["tables"][0]["game"]
    hand = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92, "taker_player": 0}
    assert client.post(f"/api/v1/games/{game}/hands", json=hand).status_code == 409
    assert client.post(f"{CONCOURS}/{cid}/rounds/1/reopen", json={}).get_json()["rounds"][0]["state"] == "playing"
    assert client.post(f"/api/v1/games/{game}/hands", json=hand).status_code == 201
    # 8 and 7 took 170 – 70 (docs/scoring.md example 1), the table's live totals
    concours = client.get(f"{CONCOURS}/{cid}").get_json()
    assert concours["rounds"][0]["tables"][0]["totals"] == {"A": 170, "B": 70}
    assert (row(concours, 8)["points"], row(concours, 5)["conceded"]) == (170, 170)
    assert row(concours, 8)["provisional"] is True


def test_every_creating_write_takes_an_idempotency_key(client, drawn_order):
    body = {
        "name": "Mêlée",
        "parties": 2,
        "end": {"points": 1000},
        "format": "melee",
        "players": [{"name": n} for n in NAMES],
    }
    first = client.post(CONCOURS, json=body, headers={"Idempotency-Key": "creation-1"})
    retry = client.post(CONCOURS, json=body, headers={"Idempotency-Key": "creation-1"})
    assert first.status_code == retry.status_code == 201 and first.get_json()["id"] == retry.get_json()["id"]
    cid = first.get_json()["id"]
    for _ in range(2):
        answer = client.post(f"{CONCOURS}/{cid}/players", json={"name": "Inès"}, headers={"Idempotency-Key": "p-9"})
        assert answer.status_code == 201 and answer.get_json()["number"] == 9
    drawn_order([1, 2, 3, 4, 5, 6, 7, 8, 9])
    for _ in range(2):
        drawn = client.post(f"{CONCOURS}/{cid}/rounds", json={}, headers={"Idempotency-Key": "draw-1"})
        assert drawn.status_code == 201
    concours = client.get(f"{CONCOURS}/{cid}").get_json()
    assert len(concours["players"]) == 9 and len(concours["rounds"]) == 1


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"format": "melee", "teams": []}, "teams", "une mêlée n'a pas d'équipes"),
        ({"players": [{"name": "Ana"}]}, "players", "seule une mêlée"),
        ({"format": "mixte"}, "format", "« format » doit valoir « teams » ou « melee »"),
        ({"format": "melee", "players": "Ana"}, "players", "liste de joueurs"),
        ({"format": "melee", "players": [{"name": ""}]}, "players.0.name", "le joueur a besoin d'un nom"),
        ({"format": "melee", "players": ["Ana"]}, "players.0", '{"name": nom}'),
        ({"format": "melee", "players": [{"name": "A" * 41}]}, "players.0.name", "40 caractères au plus"),
        ({"format": "melee", "players": [{"name": "Ana"}, {"name": "ANA"}]}, None, "Un joueur s'appelle déjà « Ana »"),
        ({"format": "melee", "pairing": "ranking"}, "pairing", "une mêlée se tire toujours au hasard"),
    ],
)
def test_bad_creations_are_refused_in_french(client, body, field, words):
    response = client.post(CONCOURS, json={"name": "Mêlée", "parties": 2, **body})
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert words in error and (field is None or f"« {field} »" in error), error


def test_team_routes_on_a_melee_and_player_routes_on_teams_are_refused(client):
    melee = create(client, NAMES[:3])["id"]
    team = client.post(f"{CONCOURS}/{melee}/teams", json={"players": ["Ana", "Alain"]})
    assert team.status_code == 409 and "est une mêlée" in team.get_json()["error"]
    assert client.post(f"{CONCOURS}/{melee}/teams/1/withdraw", json={}).status_code == 409
    short = client.post(f"{CONCOURS}/{melee}/rounds", json={})
    assert short.status_code == 422 and "quatre joueurs" in short.get_json()["error"]
    teams = client.post(
        CONCOURS, json={"name": "Équipes", "parties": 2, "teams": [{"players": ["Ana", "Alain"]}]}
    ).get_json()["id"]
    for path, body in (("players", {"name": "Ana"}), ("players/1/withdraw", {}), ("players/1/reinstate", {})):
        answer = client.post(f"{CONCOURS}/{teams}/{path}", json=body)
        assert answer.status_code == 409 and "par équipes" in answer.get_json()["error"], path
    assert client.post(f"{CONCOURS}/{melee}/players/7/withdraw", json={}).status_code == 404
