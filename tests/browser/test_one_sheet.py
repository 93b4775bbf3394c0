"""One sheet for the phone (issue 30): once the sheet is open, the phone reads the game as the API's
JSON alone. A save's answer is the new sheet (no read after it), the poll is GET /api/v1/games/<id>
with the ETag of the revision drawn (a 304 while nothing changed), and no HTML page is fetched.

The page's clock is Playwright's (page.clock): the poll (every 2.5 s) runs only when the test moves
time on, between two deals, so that no poll can cross a save. Scores from docs/scoring.md: 80 ♥ made
with 100 card points, takers 100 + 80 = 180, defence 62 → 60.
"""

from __future__ import annotations

import re

from tests.browser.helpers import new_phone

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
POLL_MS = 2500


def enter(page, taker: str) -> None:
    """80 ♥ and 100 card points for `taker`'s team, through the sheet's panel."""
    page.click("#new-deal")
    page.locator("#f-taker_player label", has_text=taker).click()
    page.locator("#f-contract label", has_text="80").first.click()
    page.locator('#f-mode label:has(input[value="hearts"])').click()
    page.keyboard.type("100")  # the points field has the focus once the trump is chosen
    page.click("#save")


def test_ten_deals_and_their_polls_fetch_no_page_and_no_sheet_after_a_save(browser, server, client):
    game_id = client.post("/api/v1/games", json={"players": PLAYERS, "end": {"points": 2000}}).get_json()["id"]
    api = f"/api/v1/games/{game_id}"
    context, page = new_phone(browser)
    requests: list = []
    page.on("request", lambda request: requests.append(request))
    try:
        page.clock.install()
        page.goto(f"{server.url}/parties/{game_id}")
        page.locator("#sheet-status").wait_for(state="attached")  # static/sheet_app.js has drawn it
        page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # from now, time moves when the test says
        first = len(requests)
        polls = []
        for number in range(1, 11):
            with page.expect_response(lambda r: r.url.endswith(f"{api}/hands") and r.request.method == "POST") as saved:
                enter(page, "Ana" if number % 2 else "Bruno")
            assert saved.value.status == 201
            page.wait_for_function(
                "(n) => document.querySelectorAll('#donnes > li').length === n"
                " && !document.querySelector('#donnes li.waiting')",
                arg=number,
            )
            revision = saved.value.json()["revision"]
            with page.expect_response(lambda r: r.url.endswith(api) and r.request.method == "GET") as polled:
                page.clock.run_for(POLL_MS)
            polls.append((polled.value.status, polled.value.request.headers["if-none-match"]))
            assert polls[-1] == (304, f'W/"{game_id}-{revision}"')  # the save's answer was the sheet drawn

        later = requests[first:]
        assert [r.url for r in later if r.resource_type == "document"] == []
        assert all(not r.url.removeprefix(server.url).startswith("/parties/") for r in later), later
        reads = [r for r in later if r.method == "GET" and r.url.endswith(api)]
        assert len(reads) == len(polls) == 10  # the polls alone: no read after a save
        assert len([r for r in later if r.method == "POST"]) == 10

        # The sheet drawn from the saves' answers, with each hand's "why" as the server wrote it.
        assert [page.inner_text(f'[data-total="{team}"]') for team in "AB"] == ["1200", "1200"]
        server_why = client.get(api).get_json()["hands"][9]["why"]
        page.locator('#donnes details[data-deal="10"] summary').click()
        shown = page.locator('#donnes details[data-deal="10"] ul.why li').all_inner_texts()
        assert shown == server_why and re.match(r"Preneurs : Eux, contrat 80 ♥", shown[0])
    finally:
        context.close()
