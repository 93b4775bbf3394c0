"""Every creating write of the JSON API honours `Idempotency-Key` as a game's writes do (issue 31,
F5; docs/api.md, "Idempotency-Key"): a retry with the same key gets the same answer and creates
nothing more; the same key with another body, or on another creating route, is refused (422) and
creates nothing; a refused creation leaves its key unused. Before, a retried concours's creation
made a second concours."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass

import pytest

from scorekeeper.store.db import connect
from tests.helpers import api_concours, api_draw

CONCOURS = "/api/v1/concours"
REUSED = "La clé « Idempotency-Key » a déjà servi pour une autre requête : celle-ci n'a rien changé."


def concours_body(name: str = "Concours du vendredi") -> dict:
    teams = [{"name": team, "players": [f"{team} 1", f"{team} 2"]} for team in ("Les As", "Les Rois", "Les Dames")]
    return {"name": name, "parties": 2, "end": {"points": 1000}, "teams": teams}


@dataclass
class Creation:
    path: str
    body: dict
    other_body: dict
    counted: str  # a query counting what it creates
    other_path: str | None = None  # where the other request goes (None: the same path)


def new_game(client) -> Creation:
    return Creation(
        "/api/v1/games",
        {"teams": {"A": "Nous", "B": "Eux"}},
        {"teams": {"A": "Nous", "B": "Les autres"}},
        "select count(*) from games",
    )


def new_concours(client) -> Creation:
    return Creation(CONCOURS, concours_body(), concours_body("Concours du samedi"), "select count(*) from concours")


def new_team(client) -> Creation:
    concours_id = api_concours(client, ["Les As", "Les Rois"])["id"]
    return Creation(
        f"{CONCOURS}/{concours_id}/teams",
        {"name": "Les Valets", "players": ["Val 1", "Val 2"]},
        {"name": "Les Dix", "players": ["Dix 1", "Dix 2"]},
        "select count(*) from concours_teams",
    )


def new_draw(client) -> Creation:
    concours_id = api_concours(client, ["Les As", "Les Rois", "Les Dames", "Les Valets"])["id"]
    # a draw has no body of its own: the other request is another concours's draw
    other = api_concours(client, ["Pique", "Cœur"], name="Concours du samedi")["id"]
    return Creation(
        f"{CONCOURS}/{concours_id}/rounds", {}, {}, "select count(*) from concours_rounds", f"{CONCOURS}/{other}/rounds"
    )


def melee_body(name: str = "Mêlée du jeudi", players: int = 8) -> dict:
    names = [{"name": f"Joueur {n}"} for n in range(1, players + 1)]
    return {"name": name, "parties": 2, "end": {"points": 1000}, "format": "melee", "players": names}


def new_melee(client) -> Creation:
    return Creation(CONCOURS, melee_body(), melee_body("Mêlée du samedi"), "select count(*) from concours")


def new_player(client) -> Creation:
    concours_id = client.post(CONCOURS, json=melee_body()).get_json()["id"]
    return Creation(
        f"{CONCOURS}/{concours_id}/players",
        {"name": "Inès"},
        {"name": "Jules"},
        "select count(*) from concours_players",
    )


def new_melee_draw(client) -> Creation:
    concours_id = client.post(CONCOURS, json=melee_body()).get_json()["id"]
    other = client.post(CONCOURS, json=melee_body("Mêlée du samedi", 4)).get_json()["id"]
    return Creation(
        f"{CONCOURS}/{concours_id}/rounds", {}, {}, "select count(*) from concours_rounds", f"{CONCOURS}/{other}/rounds"
    )


CREATIONS: dict[str, Callable] = {
    "game": new_game,
    "concours": new_concours,
    "team": new_team,
    "draw": new_draw,
    "melee": new_melee,
    "player": new_player,
    "melee draw": new_melee_draw,
}


def count(app, query: str) -> int:
    with closing(connect(app.config["DATABASE"])) as db:
        return db.execute(query).fetchone()[0]


@pytest.mark.parametrize("kind", CREATIONS)
def test_a_retry_with_the_same_key_gets_the_same_answer_and_creates_one_thing(app, client, kind):
    creation = CREATIONS[kind](client)
    before = count(app, creation.counted)
    first = client.post(creation.path, json=creation.body, headers={"Idempotency-Key": f"{kind}-1"})
    assert first.status_code == 201, first.get_json()
    again = client.post(creation.path, json=creation.body, headers={"Idempotency-Key": f"{kind}-1"})
    assert again.status_code == 201
    assert again.get_json() == first.get_json()
    assert count(app, creation.counted) == before + 1
    if kind == "concours":  # its three teams, registered once
        assert count(app, "select count(*) from concours_teams") == 3
    if kind == "melee":  # its eight players, registered once
        assert count(app, "select count(*) from concours_players") == 8
    if kind in ("draw", "melee draw"):  # four teams, or eight players: two tables, two games, made once
        assert count(app, "select count(*) from concours_tables") == 2
        assert count(app, "select count(*) from games") == 2
    fresh = client.post(creation.path, json=creation.other_body, headers={"Idempotency-Key": f"{kind}-2"})
    if kind not in (
        "draw",
        "melee draw",
    ):  # another key: another thing (a second draw waits for the first partie's end)
        assert fresh.status_code == 201
        assert count(app, creation.counted) == before + 2


@pytest.mark.parametrize("kind", CREATIONS)
def test_the_same_key_with_another_request_is_refused_and_creates_nothing(app, client, kind):
    creation = CREATIONS[kind](client)
    first = client.post(creation.path, json=creation.body, headers={"Idempotency-Key": "k"})
    assert first.status_code == 201
    before = count(app, creation.counted)
    reused = client.post(
        creation.other_path or creation.path, json=creation.other_body, headers={"Idempotency-Key": "k"}
    )
    assert reused.status_code == 422
    assert reused.get_json()["error"].startswith(REUSED)
    assert count(app, creation.counted) == before


def test_a_concours_s_key_is_refused_on_a_game_s_creation(app, client):
    assert client.post(CONCOURS, json=concours_body(), headers={"Idempotency-Key": "k"}).status_code == 201
    refused = client.post("/api/v1/games", json={}, headers={"Idempotency-Key": "k"})
    assert refused.status_code == 422 and refused.get_json()["error"].startswith(REUSED)
    assert count(app, "select count(*) from games") == 0


def test_a_refused_creation_leaves_its_key_unused(app, client):
    refused = client.post(CONCOURS, json={**concours_body(), "parties": 0}, headers={"Idempotency-Key": "k"})
    assert refused.status_code == 422
    made = client.post(CONCOURS, json=concours_body(), headers={"Idempotency-Key": "k"})
    assert made.status_code == 201
    assert count(app, "select count(*) from concours") == 1


def test_a_retry_gets_what_was_made_as_it_stands(app, client):
    """As a game's retry: the concours now, with the team registered since, not a copy of the first
    answer (docs/api.md)."""
    first = client.post(CONCOURS, json=concours_body(), headers={"Idempotency-Key": "k"}).get_json()
    client.post(f"{CONCOURS}/{first['id']}/teams", json={"name": "Les Valets", "players": ["V 1", "V 2"]})
    again = client.post(CONCOURS, json=concours_body(), headers={"Idempotency-Key": "k"}).get_json()
    assert again["id"] == first["id"]
    assert [team["name"] for team in again["teams"]] == ["Les As", "Les Rois", "Les Dames", "Les Valets"]
    api_draw(client, first["id"])  # without a key: drawn as before


def test_without_a_key_each_request_creates(app, client):
    for _ in range(2):
        assert client.post(CONCOURS, json=concours_body()).status_code == 201
    assert count(app, "select count(*) from concours") == 2


@pytest.mark.parametrize("key, status", [("", 422), ("x" * 201, 422), ("x" * 200, 201)])
def test_the_key_s_length_is_checked_on_a_creation_too(client, key, status):
    assert client.post(CONCOURS, json=concours_body(), headers={"Idempotency-Key": key}).status_code == status
