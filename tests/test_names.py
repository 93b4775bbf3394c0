"""A name's "|" is refused (it joins two partners' names into their team's key), in French, by the
API and the form alike; a "/" is kept, and the statistics' addresses still find its owner."""

from __future__ import annotations

import pytest

from scorekeeper.store.db import connect


def game_count(app) -> int:
    return connect(app.config["DATABASE"]).execute("select count(*) from games").fetchone()[0]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": ["Jean|Paul", None, None, None]}, "players.0"),
        ({"players": [None, None, None, "A|B"]}, "players.3"),
        ({"teams": {"A": "Nous|Vous"}}, "teams.A"),
    ],
)
def test_the_api_refuses_a_bar_in_a_name(app, client, body, field):
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 422
    assert f"« {field} »" in response.get_json()["error"]
    assert "le caractère « | » ne va pas dans un nom" in response.get_json()["error"]
    assert game_count(app) == 0


def test_the_form_says_so_next_to_the_name(app, client):
    response = client.post(
        "/parties/nouvelle",
        data={
            "team_a": "Nous",
            "team_b": "Eux",
            "player_0": "Jean|Paul",
            "dealer": "0",
            "target": "2000",
            "rounding": "nearest",
        },
    )
    assert response.status_code == 200
    assert "« Joueur 1 » : le caractère « | » ne va pas dans un nom." in response.get_data(as_text=True)
    assert game_count(app) == 0


def test_other_punctuation_is_kept(client):
    players = ["Anne-Sophie", "O'Neil", "Zoé & co", "Jean/Paul"]
    response = client.post("/api/v1/games", json={"players": players})
    assert response.status_code == 201
    assert response.get_json()["players"] == players


def test_statistics_pages_find_a_name_with_a_slash(client):
    players = ["Jean/Paul", "Bruno", "Chloé", "David"]
    game_id = client.post("/api/v1/games", json={"players": players}).get_json()["id"]
    # Example 1 of docs/scoring.md: Jean/Paul (A) takes 80 ♥ with 92 points.
    body = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}
    assert client.post(f"/api/v1/games/{game_id}/hands", json=body).status_code == 201
    player_page = client.get("/statistiques/joueurs/Jean/Paul")
    assert player_page.status_code == 200
    assert "Jean/Paul" in player_page.get_data(as_text=True)
    assert client.get("/statistiques/equipes/Jean/Paul|Chloé").status_code == 200
    assert client.get("/statistiques/equipes/Chloé|Jean/Paul").status_code == 200
    assert client.get("/statistiques/equipes/Chloé").status_code == 404
