"""A team or player name is shown everywhere and is part of its statistics' addresses and of a
team's key: "/" and "|" are refused with a French message, by the API and by the form alike."""

from __future__ import annotations

import pytest

from scorekeeper.db import connect


def game_count(app) -> int:
    return connect(app.config["DATABASE"]).execute("select count(*) from games").fetchone()[0]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": ["Jean/Paul", None, None, None]}, "players.0"),
        ({"players": [None, None, None, "A|B"]}, "players.3"),
        ({"teams": {"A": "Nous/Vous"}}, "teams.A"),
    ],
)
def test_the_api_refuses_a_slash_or_a_bar_in_a_name(app, client, body, field):
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 422
    assert f"« {field} »" in response.get_json()["error"]
    assert "ne vont pas dans un nom" in response.get_json()["error"]
    assert game_count(app) == 0


def test_the_form_says_so_next_to_the_name(app, client):
    response = client.post(
        "/parties/nouvelle",
        data={"team_a": "Nous", "team_b": "Eux", "player_0": "Jean/Paul", "dealer": "0", "target": "2000",
              "rounding": "nearest"},
    )
    assert response.status_code == 200
    assert "« Joueur 1 » : les caractères « / » et « | » ne vont pas dans un nom." in response.get_data(as_text=True)
    assert game_count(app) == 0


def test_other_punctuation_is_kept(client):
    response = client.post("/api/v1/games", json={"players": ["Anne-Sophie", "O'Neil", "Zoé & co", "J.-P."]})
    assert response.status_code == 201
    assert response.get_json()["players"] == ["Anne-Sophie", "O'Neil", "Zoé & co", "J.-P."]
