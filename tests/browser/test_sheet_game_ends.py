"""Issue 24, item 2, in the sheet app (Chromium, 390×844): an edit made in place after which the
game would be won before its last deal is held on the phone with the server's sentence and its
offer, never taken for another phone's deal; applying it removes the later deals, and one
« Annuler » brings them all back.

The game of tests/test_correction_ends_game.py (its docstring works the scores from SCORING.md):
game to 1000, 170 / 70, then 170 / 570, then 170 / 2170; deal 1 edited to a générale tout atout
by David, coinchée and failed, gives Nous 1600 at deal 1.
"""

from __future__ import annotations

from tests.browser.helpers import new_phone, wait_for_an_empty_outbox
from tests.test_correction_ends_game import CAPOT_B, DEAL_1, GENERALE_B, PLAYERS, SENTENCE


def totals(page) -> tuple[int, int]:
    return tuple(int(page.locator(f'[data-total="{team}"]').inner_text()) for team in "AB")


def rows(page) -> int:
    return page.locator("#donnes > li").count()


def test_an_edit_in_place_that_ends_the_game_early_offers_the_removal_and_one_undo_restores(
    browser, server, client, screenshot
):
    game_id = client.post("/api/v1/games", json={"players": PLAYERS, "target": 1000}).get_json()["id"]
    for hand in (DEAL_1, CAPOT_B, GENERALE_B):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=hand).status_code == 201
    context, page = new_phone(browser)
    try:
        page.goto(f"{server.url}/parties/{game_id}")
        page.locator("#sheet-status").wait_for(state="attached")
        assert totals(page) == (170, 2170) and rows(page) == 3

        page.locator('details[data-deal="1"] summary').click()
        page.locator('details[data-deal="1"] a.edit-deal').click()
        page.locator('#f-taker_player label:has(input[value="3"])').click()
        page.locator('#f-contract label:has(input[value="generale"])').click()
        page.locator('#f-mode label:has(input[value="all_trump"])').click()
        page.locator('#f-coinche label:has(input[value="coinche"])').click()
        page.click("#save")

        offer = page.locator('.waiting-box button[data-action="apply-removal"]')
        offer.wait_for()
        box = page.locator(".waiting-box")
        assert SENTENCE in box.inner_text()
        assert "autre téléphone" not in box.inner_text()
        # read out (role=status) beside the notice: the save was held, nothing changed
        status = page.locator("#sheet-status")
        assert status.is_visible() and "attend votre décision" in status.inner_text()
        assert offer.inner_text() == "Appliquer et retirer les donnes 2 et 3"
        assert totals(page) == (170, 2170) and rows(page) == 3  # nothing changed, on the server neither
        assert client.get(f"/api/v1/games/{game_id}").get_json()["totals"] == {"A": 170, "B": 2170}
        screenshot(page, "game-ends-offer")

        offer.click()
        wait_for_an_empty_outbox(page)
        page.wait_for_function("() => document.querySelectorAll('#donnes > li').length === 1")
        assert totals(page) == (1600, 0)
        assert "Partie gagnée par Nous" in page.locator("#sheet-body").inner_text()
        served = client.get(f"/api/v1/games/{game_id}").get_json()
        assert served["totals"] == {"A": 1600, "B": 0} and len(served["hands"]) == 1

        page.click("#undo")
        wait_for_an_empty_outbox(page)
        page.wait_for_function("() => document.querySelectorAll('#donnes > li').length === 3")
        assert totals(page) == (170, 2170)
        served = client.get(f"/api/v1/games/{game_id}").get_json()
        assert [deal["input"] for deal in served["hands"]] == [DEAL_1, CAPOT_B, GENERALE_B]
    finally:
        context.close()
