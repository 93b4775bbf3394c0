"""Declarations no deal of 32 cards gives are the server's to refuse (issue 30, docs/offline.md): the
phone's engine scores them as any deal, the save leaves, and the server's refusal stays on the phone
as a refused save, with the server's French sentence, as any refusal does; the sheet is unchanged.

Ana (Nous) takes 80 ♥ with 100 card points, Nous declare a carré de valets and Eux a cent: every
cent holds a jack, and the four jacks are in the carré (docs/scoring.md, "Melds").
"""

from __future__ import annotations

from tests.browser.helpers import new_phone

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
REFUSAL = (
    "« melds » : un carré de valets et un cent ne peuvent pas être annoncés ensemble : tout cent contient "
    "un valet, et les quatre valets sont dans le carré."
)


def test_a_set_of_declarations_no_deal_gives_is_a_refused_save_with_the_servers_sentence(browser, server, client):
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    context, page = new_phone(browser)
    try:
        page.goto(f"{server.url}/parties/{game_id}")
        page.locator("#sheet-status").wait_for(state="attached")  # static/sheet_app.js has drawn it
        page.click("#new-deal")
        page.locator("#f-taker_player label", has_text="Ana").click()
        page.locator("#f-contract label", has_text="80").first.click()
        page.locator("#f-mode label").nth(1).click()  # ♥
        page.keyboard.type("100")
        page.evaluate("() => { document.querySelector('details.extras').open = true; }")
        page.locator("#f-melds-A button.adder", has_text="Carré V").click()
        page.locator("#f-melds-B button.adder", has_text="Cent").click()
        page.click("#save")

        notice = page.locator(".waiting-box .notice.held")
        notice.wait_for()
        assert "refusée par le serveur" in notice.inner_text()
        assert REFUSAL in notice.inner_text()
        sheet = client.get(f"/api/v1/games/{game_id}").get_json()
        assert sheet["hands"] == [] and sheet["totals"] == {"A": 0, "B": 0}
        assert page.locator("#donnes > li:not(.waiting)").count() == 0
    finally:
        context.close()
