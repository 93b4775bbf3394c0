"""A sheet's row is drawn twice: by the server (templates/sheet/_deals.html, the page without
JavaScript) and by the phone (static/sheet_rows.js, from the sheet's JSON). On a game that plays
every kind of deal — made, failed, capot, générale, coinche and surcoinche, melds, belote, a hand
entered without its player, a générale lost last, each redeal with and without who asked — the two must be the same
markup, row for row, once the browser has read both: names, words, scores, breakdowns, the "why",
the buttons."""

from __future__ import annotations

import re

import pytest

from tests.browser.helpers import new_phone

PLAYERS = ["Ana", "Bruno", "Chloé", "David <b>"]  # a name with markup: text in both drawings
# Two games (one would be won before its last deal): each a list of hands, redeals between them.
GAMES = [
    [
        {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 100},
        {"reason": "all_pass"},
        {"taker": "B", "taker_player": 1, "contract": 80, "mode": "spades", "coinche": "coinche", "taker_points": 60},
        {"reason": "misere", "player": 2},
        {"taker": "A", "taker_player": 2, "contract": 100, "mode": "no_trump", "all_tricks": True, "taker_points": 162},
        {"reason": "carre_de_sept", "player": 3},
        {
            "taker": "A",
            "contract": 90,
            "mode": "diamonds",
            "taker_points": 95,
            "melds": {"A": ["tierce"], "B": ["cent"]},
            "belote": {"A": 1, "B": 0},
        },
        {
            "taker": "A",
            "taker_player": 0,
            "contract": 110,
            "mode": "hearts",
            "taker_points": 81,
            "melds": {"A": ["tierce"], "B": ["tierce"]},
            "best_meld": "B",
        },
    ],
    [
        {
            "taker": "B",
            "taker_player": 3,
            "contract": 80,
            "mode": "all_trump",
            "coinche": "surcoinche",
            "taker_points": 90,
        },
        {"taker": "A", "taker_player": 2, "contract": "capot", "mode": "clubs", "all_tricks": False},
        {"taker": "B", "taker_player": 1, "contract": "generale", "mode": "clubs", "all_tricks": False},
    ],
]


def a_game(client, deals) -> str:
    created = client.post(
        "/api/v1/games", json={"players": PLAYERS, "target": 2000, "rules": {"misere": True, "carre_de_sept": True}}
    )
    assert created.status_code == 201, created.get_json()
    game_id = created.get_json()["id"]
    for deal in deals:
        kind = "redeals" if "reason" in deal else "hands"
        answer = client.post(f"/api/v1/games/{game_id}/{kind}", json=deal)
        assert answer.status_code == 201, (deal, answer.get_json())
    return game_id


def tidy(html: str) -> str:
    return re.sub(r">\s+<", "><", html).strip()


@pytest.mark.parametrize("deals", GAMES, ids=["made-failed-melds-redeals", "coinches-capot-generale"])
def test_the_phone_draws_every_row_as_the_server_does(client, browser, base_url, deals):
    game_id = a_game(client, deals)
    context, page = new_phone(browser)
    try:
        page.goto(f"{base_url}/parties/{game_id}")
        page.locator("#sheet-status").wait_for(state="attached")  # the phone's view is drawn
        drawn = page.evaluate("() => [...document.querySelectorAll('#donnes > li')].map(li => li.outerHTML)")
        served = page.evaluate(
            """async () => {
                const html = await (await fetch(location.pathname, {cache: "no-store"})).text();
                const page = new DOMParser().parseFromString(html, "text/html");
                return [...page.querySelectorAll('#donnes > li')].map(li => li.outerHTML);
            }"""
        )
    finally:
        context.close()
    assert len(served) == len(deals) == len(drawn)
    assert "Pourquoi" in served[0] and "&lt;b&gt;" in "".join(served)
    for number, (server_row, phone_row) in enumerate(zip(served, drawn, strict=True), start=1):
        assert tidy(phone_row) == tidy(server_row), f"deal {number}"
