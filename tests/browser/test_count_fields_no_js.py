"""Without JavaScript a meld or belote count is empty until typed (issue 30): pre-filled « 0 »,
typing 1 gave « 01 ». An empty count is none, as the server reads it.

Scores from docs/scoring.md: A takes 80 ♥ with 92 points (170 / 70), belote for A: +20, 190 / 70.
"""

from __future__ import annotations

import re

from tests.browser.conftest import PHONE

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
COUNTS = "#f-melds-A input[type=number], #f-melds-B input[type=number]"


def test_a_count_is_empty_until_typed_and_read_as_none(browser, base_url, client, screenshot):
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
        page.locator("#f-taker_player label", has_text="Ana").click()
        page.locator("#f-contract label", has_text="80").first.click()
        page.locator("#f-mode label").nth(1).click()  # ♥
        page.fill("#points", "92")
        page.click("text=Annonces et belote")
        counts = page.locator(COUNTS)
        assert counts.count() >= 10
        assert set(counts.evaluate_all("inputs => inputs.map(input => input.value)")) == {""}
        page.click("#belote_A")
        page.keyboard.type("1")  # as a thumb does: at the end of what is there
        assert page.input_value("#belote_A") == "1"
        screenshot(page, "count-fields-no-js")
        page.click("#save")
        page.wait_for_url(re.compile(rf".*/parties/{game_id}(#.*)?$"))
        hands = client.get(f"/api/v1/games/{game_id}").get_json()["hands"]
        assert [hand["input"].get("belote") for hand in hands] == [{"A": 1, "B": 0}]
        assert "melds" not in hands[0]["input"]
        assert hands[0]["totals"] == {"A": 190, "B": 70}

        # The deal's edit: the counts it has, and the others empty.
        page.goto(f"{base_url}/parties/{game_id}/donnes/1/modifier")
        page.click("text=Annonces et belote")
        assert page.input_value("#belote_A") == "1"
        values = page.locator(COUNTS).evaluate_all("inputs => inputs.map(input => input.value)")
        assert sorted(values)[-1] == "1" and set(values) == {"", "1"}
    finally:
        context.close()
