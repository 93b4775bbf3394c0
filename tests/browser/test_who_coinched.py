"""« Coinché par » on a phone (issue 33, docs/bidding.md), in Chromium at 390×844: one optional tap,
shown once a coinche level and the taker are tapped, with the defenders' two names (the takers'
for « Surcoinché par »); the hand saved names the coincher, and the player's page counts it. The
same with the keyboard alone, and on a page without JavaScript.

Worked on paper (docs/scoring.md, "A numeric contract"): Bruno (seat 1, team B) takes 100 ♠,
coinched by Ana, and makes 70 card points: 70 < 100, failed. Ana's coinche made it fall: on her page,
« Coinches dites » 1 and « … contrat chuté » 1 (100 %).
"""

from __future__ import annotations

import re

from tests.browser.helpers import new_phone
from tests.browser.test_sheet_taps import recorded

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]


def visible_names(page, fieldset: str) -> list[str]:
    labels = page.locator(f"#deal-form #{fieldset} label")
    return [labels.nth(i).inner_text().strip() for i in range(labels.count()) if labels.nth(i).is_visible()]


def figure(page, term: str) -> str:
    """The figure beside the term (the whole term: « Coinches dites » is not « Surcoinches dites »)."""
    term_cell = page.locator("dt", has_text=re.compile(f"^{re.escape(term)}"))
    return page.locator("#encheres .figure-grid > div", has=term_cell).locator("dd").inner_text()


def test_coinche_par_is_one_tap_and_the_players_page_counts_it(browser, server, client):
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    context, page = new_phone(browser)
    page.set_default_timeout(10_000)
    try:
        page.goto(f"{server.url}/parties/{game_id}")
        page.wait_for_load_state("networkidle")
        page.locator("#new-deal").click()
        page.locator("#deal-panel #deal-form").wait_for()
        assert not page.locator("#f-coinched_by").is_visible()  # nothing coinched yet
        page.locator('#f-taker_player label:has(input[value="1"])').click()  # Bruno
        page.locator('#f-contract label:has(input[value="100"])').click()
        page.locator('#f-mode label:has(input[value="spades"])').click()
        assert not page.locator("#f-coinched_by").is_visible()
        page.locator('#f-coinche label:has(input[value="coinche"])').click()
        assert visible_names(page, "f-coinched_by") == ["Ana", "Chloé", "Je ne sais pas"]
        assert not page.locator("#f-surcoinched_by").is_visible()  # coinched, not surcoinched
        box = page.locator('#f-coinched_by label:has(input[value="0"])').bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44  # a thumb's tap
        page.locator('#f-coinche label:has(input[value="surcoinche"])').click()
        assert visible_names(page, "f-surcoinched_by") == ["Bruno", "David", "Je ne sais pas"]
        page.locator('#f-coinche label:has(input[value="coinche"])').click()
        page.locator('#f-coinched_by label:has(input[value="0"])').click()  # Ana
        page.locator("#points").fill("70")
        page.locator("#save").click()
        sheet = recorded(page, client, game_id, 1)
        hand = sheet["hands"][0]["input"]
        assert (hand["taker_player"], hand["coinche"], hand["coinched_by"]) == (1, "coinche", 0)
        assert "surcoinched_by" not in hand and sheet["hands"][0]["made"] is False

        page.goto(f"{server.url}/statistiques/joueurs/Ana")
        assert figure(page, "Coinches dites").strip() == "1"
        assert figure(page, "… contrat chuté").split() == ["1", "(100", "%)"]
    finally:
        context.close()


def test_coinche_par_with_the_keyboard_alone(browser, server, client):
    """Tab and the arrows, as a screen reader's user moves: the fieldset is a group of radios named
    by its legend, reached after the coinche, with « Je ne sais pas » checked until changed."""
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    context, page = new_phone(browser)
    page.set_default_timeout(10_000)
    try:
        page.goto(f"{server.url}/parties/{game_id}/donnes/nouvelle")
        page.wait_for_load_state("networkidle")
        page.locator('#f-taker_player input[value="1"]').focus()
        page.keyboard.press("Space")  # Bruno
        page.locator('#f-contract input[value="100"]').focus()
        page.keyboard.press("Space")
        page.locator('#f-mode input[value="spades"]').focus()
        page.keyboard.press("Space")
        page.locator('#f-coinche input[value="none"]').focus()
        page.keyboard.press("ArrowRight")  # « Coinche ×2 »
        assert page.locator('#f-coinche input[value="coinche"]').is_checked()
        page.keyboard.press("Tab")  # into « Coinché par »: its checked radio, « Je ne sais pas »
        focused = page.evaluate(
            "() => [document.activeElement.name, document.activeElement.value,"
            " document.activeElement.closest('fieldset').querySelector('legend').textContent]"
        )
        assert focused == ["coinched_by", "inconnu", "Coinché par (facultatif)"]
        page.keyboard.press("ArrowRight")  # the first visible choice after it, round the group: Ana
        assert page.locator('#f-coinched_by input[value="0"]').is_checked()
        page.keyboard.press("Tab")  # on to the points (the surcoinche's fieldset is not shown)
        assert page.evaluate("() => document.activeElement.id") == "points"
        page.keyboard.type("70")
        page.keyboard.press("Enter")
        sheet = recorded(page, client, game_id, 1)
        assert sheet["hands"][0]["input"]["coinched_by"] == 0
    finally:
        context.close()


def test_coinche_par_without_javascript(browser, server, client):
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(f"{server.url}/parties/{game_id}/donnes/nouvelle")
        assert not page.locator("#f-coinched_by").is_visible()
        page.locator('#f-taker_player label:has(input[value="1"])').click()
        page.locator('#f-contract label:has(input[value="100"])').click()
        page.locator('#f-mode label:has(input[value="spades"])').click()
        page.locator('#f-coinche label:has(input[value="surcoinche"])').click()
        assert visible_names(page, "f-coinched_by") == ["Ana", "Chloé", "Je ne sais pas"]
        assert visible_names(page, "f-surcoinched_by") == ["Bruno", "David", "Je ne sais pas"]
        page.locator('#f-coinched_by label:has(input[value="2"])').click()  # Chloé
        page.locator('#f-surcoinched_by label:has(input[value="3"])').click()  # David
        page.locator("#points").fill("70")
        page.locator("#save").click()
        page.wait_for_load_state()
        hand = client.get(f"/api/v1/games/{game_id}").get_json()["hands"][0]["input"]
        assert (hand["coinche"], hand["coinched_by"], hand["surcoinched_by"]) == ("surcoinche", 2, 3)
    finally:
        context.close()
