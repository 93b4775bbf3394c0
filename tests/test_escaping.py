"""Team and player names full of markup are shown as text on every page (issue 6): Jinja's
autoescape, and nothing that bypasses it (|safe, Markup) on a name's way to a page."""

from __future__ import annotations

import re

import pytest

NAMES = {
    "teams": {"A": "<script>alert(1)</script>", "B": '"><img src=x onerror=alert(1)>'},
    "players": ["<b>Ana</b>", "Bruno' onmouseover='alert(1)", "</textarea><svg onload=alert(1)>", "&amp; David"],
}
RAW = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<b>Ana</b>",
    "' onmouseover='alert(1)",
    "</textarea><svg",  # a page's own textarea may close, but never just before the name's markup
    "<svg onload=alert(1)>",
]
ESCAPED_TEAM = "&lt;script&gt;alert(1)&lt;/script&gt;"
HANDS = [
    {
        "taker": "A",
        "taker_player": 0,
        "contract": 80,
        "mode": "hearts",
        "taker_points": 92,
        "melds": {"A": ["tierce"], "B": []},
        "belote": {"A": 1, "B": 0},
    },
    {"taker": "B", "taker_player": 1, "contract": "generale", "mode": "spades", "all_tricks": True},
]
ARGUMENT = re.compile(r"<(?:(?P<converter>[a-z]+)(?:\([^)]*\))?:)?(?P<name>[a-z_]+)>")


@pytest.fixture
def game_id(client):
    response = client.post("/api/v1/games", json={**NAMES, "rules": {"misere": True}})
    assert response.status_code == 201, response.get_json()
    game_id = response.get_json()["id"]
    for hand in HANDS:
        assert client.post(f"/api/v1/games/{game_id}/hands", json=hand).status_code == 201
    redeal = client.post(f"/api/v1/games/{game_id}/redeals", json={"reason": "misere", "player": 2})
    assert redeal.status_code == 201
    return game_id


def page_urls(app, game_id: str) -> list[str]:
    """Every GET page of the url_map, its arguments filled with this game (deal 1, the first
    evening, its players): a page added later is checked too."""
    values = {
        "game_id": game_id,
        "number": "1",
        "evening_id": "1",
        "kind": "csv",
        "name": NAMES["players"][0],
        "first": NAMES["players"][0],
        "second": NAMES["players"][2],
    }
    urls = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint == "static" or rule.rule.startswith("/api/"):
            continue
        urls.append(ARGUMENT.sub(lambda match: values.get(match["name"], "x"), rule.rule))
    return urls


def test_every_page_shows_the_names_as_text(app, client, game_id):
    shown_on = []
    for url in page_urls(app, game_id) + [f"/parties/{game_id}/donnes/3/modifier"]:
        response = client.get(url)
        if "html" not in response.content_type:
            continue  # an export (CSV, JSON) is data, not a page
        text = response.text
        for raw in RAW:
            assert raw not in text, f"{url} shows {raw!r} unescaped"
        if ESCAPED_TEAM in text:
            shown_on.append(url)
    assert f"/parties/{game_id}" in shown_on
    assert "/" in shown_on
    assert f"/parties/{game_id}/donnes/nouvelle" in shown_on
    assert f"/parties/{game_id}/donnes/1/modifier" in shown_on


def test_the_sheet_escapes_names_in_attributes_too(client, game_id):
    text = client.get(f"/parties/{game_id}").text
    assert "&#34;&gt;&lt;img src=x onerror=alert(1)&gt;" in text or "&quot;&gt;&lt;img" in text
    assert "Bruno&#39; onmouseover=&#39;alert(1)" in text
    assert "&amp;amp; David" in text  # shown as typed: "&amp; David"


def test_the_api_answers_names_as_json_never_as_html(client, game_id):
    response = client.get(f"/api/v1/games/{game_id}")
    assert response.content_type == "application/json"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.get_json()["teams"] == NAMES["teams"]
