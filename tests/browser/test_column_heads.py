"""The sheet's column heads show long team names whole, wrapped, not cut « Les An… » (issue 30),
on a 390 px and a 360 px wide phone, as the server draws them and as the phone redraws them.
"""

from __future__ import annotations

import pytest

from tests.browser.helpers import new_phone

TEAMS = {"A": "Les Anciens Combattants", "B": "Bienheureuxdudimanche"}  # one word too long for a line
HAND = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}
# Each team's head: whole (nothing cut or hidden), and inside the phone's width.
HEADS = """() => Array.from(document.querySelectorAll('.deals-head span')).slice(2).map(head => ({
  text: head.textContent,
  cut: head.scrollWidth > head.clientWidth || getComputedStyle(head).textOverflow === 'ellipsis',
  right: head.getBoundingClientRect().right,
  lines: Math.round(head.getBoundingClientRect().height / parseFloat(getComputedStyle(head).lineHeight)),
}))"""


@pytest.mark.parametrize("width", [390, 360])
def test_long_team_names_are_wrapped_whole_in_the_column_heads(browser, base_url, client, screenshot, width):
    game = {"teams": TEAMS, "players": ["Ana", "Bruno", "Chloé", "David"]}
    game_id = client.post("/api/v1/games", json=game).get_json()["id"]
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 201
    context, page = new_phone(browser)
    try:
        page.set_viewport_size({"width": width, "height": 844})
        page.goto(f"{base_url}/parties/{game_id}")
        page.locator("#sheet-status").wait_for(state="attached")  # static/sheet_app.js has drawn the sheet
        heads = page.evaluate(HEADS)
        assert [head["text"] for head in heads] == [TEAMS["A"], TEAMS["B"]]
        for head in heads:
            assert not head["cut"], head
            assert head["right"] <= width, head
            assert head["lines"] >= 2, head  # wrapped, in its column
        screenshot(page, f"column-heads-{width}")
    finally:
        context.close()
