"""D14: the room's screen follows every save (CONCOURS.md: within 3 s) and marks for a few seconds
the table that just changed. 30 deals recorded through the API on two tables in turn, the screen
open at 1920×1080 with its script: each save shows on the screen (its table's new total) before
the next one is made, its table marked (.changed) and the other not, and the marks go by
themselves a few seconds after the last save. No time is asserted: bench/screen_follow.py prints
the delays (docs/performance.md).

Screenshot: test-artifacts/screenshots/concours-screen-changed.png."""

from __future__ import annotations

from tests.browser.test_concours_screen_live import SIZES, open_screen
from tests.helpers import api_concours, api_draw

HAND_170_70 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # docs/scoring.md example 1
SAVES = 30
SHOWN = "([game, total]) => document.querySelector(`[data-game='${game}'] .total`).textContent === total"


def test_the_screen_shows_each_save_and_marks_its_table(browser, base_url, client, screenshot):
    names = ["Les As", "Les Rois", "Les Dames", "Les Valets"]
    concours = api_draw(client, api_concours(client, names, end={"deals": 30})["id"])
    games = [table["game"] for table in concours["rounds"][0]["tables"]]
    context, page, problems = open_screen(browser, base_url, concours["id"], SIZES[0])
    page.evaluate("window.notReloaded = true")
    assert page.locator(".table.changed").count() == 0  # the first paint marks nothing
    for save in range(SAVES):
        game, other = games[save % 2], games[1 - save % 2]
        hands = save // 2 + 1  # this table's hands, each 170 to 70
        assert client.post(f"/api/v1/games/{game}/hands", json=HAND_170_70).status_code == 201
        page.wait_for_function(SHOWN, arg=[game, str(170 * hands)])
        line = page.locator(f"[data-game='{game}']")
        assert "changed" in line.get_attribute("class")
        assert line.locator(".total").all_inner_texts() == [str(170 * hands), str(70 * hands)]
        if save == 0:
            assert "changed" not in page.locator(f"[data-game='{other}']").get_attribute("class")
            screenshot(page, "concours-screen-changed")
    page.wait_for_function("() => document.querySelectorAll('.table.changed').length === 0", timeout=15000)
    assert page.evaluate("window.notReloaded === true")
    assert not problems, problems
    context.close()
