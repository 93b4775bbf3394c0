"""A plain made contract costs at most 5 taps + its digits on the sheet (issue 23, item 7), in
Chromium at 390×844: "+ Nouvelle donne" opens the deal panel in place, the taker, the contract, the
trump (after which the points field has the focus by itself), the digits, "Enregistrer"; the totals
then show the deal's score at once. And "+ Nouvelle donne" stays within the thumb's reach (the
bottom 40 % of the screen) on a long game, without scrolling.

Worked on paper from docs/scoring.md ("A numeric contract", rounding to the nearest ten):
- Ana (A) takes 80 ♥ and makes 100 card points: 100 ≥ 80 and 100 > 162 - 100 = 62: made. A scores
  round(100) + 80 = 100 + 80 = 180; B scores round(62) = 60. On a new game the totals are 180 / 60.
- The long game: 16 hands, Ana then Bruno taking 80 ♥ and making 100 (180 / 60, then 60 / 180),
  and a redeal (0 / 0) after every fourth hand: 20 deals, 8 × 180 + 8 × 60 = 1920 each, short of
  the 2000 that would win it (a won game shows "Revanche" instead).
"""

from __future__ import annotations

from tests.browser.conftest import PHONE
from tests.browser.helpers import new_phone

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
THUMB_SHARE = 0.4  # the bottom 40 % of the screen, where a thumb reaches holding the phone


class Taps:
    """The page's taps counted: each a click the player makes (digits typed are not counted)."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.count += 1


def main_frame_navigations(page) -> list:
    """The main frame's navigations from now on (history.pushState and replaceState included)."""
    seen = []
    page.on("framenavigated", lambda frame: seen.append(frame.url) if frame == page.main_frame else None)
    return seen


def test_a_plain_made_contract_costs_five_taps_and_its_digits(browser, server, client):
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    context, page = new_phone(browser)
    page.set_default_timeout(10_000)
    try:
        page.goto(f"{server.url}/parties/{game_id}")
        page.wait_for_load_state("networkidle")
        navigations = main_frame_navigations(page)
        tap = Taps(page)

        tap("#new-deal")
        page.locator("#deal-panel #deal-form").wait_for()  # in place: a panel of the sheet
        tap('#f-taker_player label:has(input[value="0"])')  # Ana
        tap('#f-contract label:has(input[value="80"])')
        tap('#f-mode label:has(input[value="hearts"])')
        page.wait_for_function("() => document.activeElement && document.activeElement.id === 'points'")
        page.keyboard.type("100")
        tap("#save")

        assert tap.count <= 5, tap.count
        page.locator("#donne-1").wait_for()
        assert page.locator('[data-total="A"]').inner_text().strip() == "180"
        assert page.locator('[data-total="B"]').inner_text().strip() == "60"
        assert navigations == []
        sheet = recorded(page, client, game_id, 1)
        assert [(hand["number"], hand["input"]["taker_points"]) for hand in sheet["hands"]] == [(1, 100)]
        assert sheet["totals"] == {"A": 180, "B": 60}
    finally:
        context.close()


def recorded(page, client, game_id: str, deals: int, seconds: float = 15) -> dict:
    """The game's sheet on the server once it has `deals` deals (sent in the background)."""
    for _ in range(int(seconds * 10)):
        sheet = client.get(f"/api/v1/games/{game_id}").get_json()
        if len(sheet["hands"]) >= deals:
            return sheet
        page.wait_for_timeout(100)
    return sheet


def a_long_game(client) -> str:
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    for index in range(16):
        seat = index % 2
        hand = {"taker": "AB"[seat], "taker_player": seat, "contract": 80, "mode": "hearts", "taker_points": 100}
        assert client.post(f"/api/v1/games/{game_id}/hands", json=hand).status_code == 201
        if index % 4 == 3:
            assert client.post(f"/api/v1/games/{game_id}/redeals", json={"reason": "all_pass"}).status_code == 201
    sheet = client.get(f"/api/v1/games/{game_id}").get_json()
    assert len(sheet["hands"]) == 20 and sheet["totals"] == {"A": 1920, "B": 1920} and not sheet["finished"]
    return game_id


def test_new_deal_is_within_the_thumbs_reach_on_a_long_game(browser, server, client):
    game_id = a_long_game(client)
    context, page = new_phone(browser)
    try:
        page.goto(f"{server.url}/parties/{game_id}")
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => window.scrollY") == 0  # as opened: nothing scrolled
        box = page.locator("#new-deal").bounding_box()
        assert box is not None  # shown
        assert box["y"] >= PHONE["height"] * (1 - THUMB_SHARE), box
        assert box["y"] + box["height"] <= PHONE["height"], box
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    finally:
        context.close()
