"""The evening on a table's plain-HTTP Wi-Fi address (issue 23, "What it must show"), in Chromium
at 390×844: the app opened at http://belote.test:<port>/ (mapped to 127.0.0.1 by the browser's
`--host-resolver-rules`, so not a secure context and no service worker, as `make run`'s address on
a table's Wi-Fi). With JavaScript the sheet is the one page: the network is cut for six deals that
include an edit, an undo, a redeal and a dispute through the card counter's panel; the main frame
never navigates after the sheet opened (hence no browser error page), and once the network is
back every deal lands once, in order. Without JavaScript the same evening is played online through
the pages (links and POSTs), as before issue 23.

The evening, worked on paper (docs/scoring.md, "A numeric contract", rounding to the nearest ten;
a failed contract gives the defense 160 + the contract, the takers 0):
- deal 1 (through the API, before): Ana (A) takes 80 ♥, makes 92: 92 ≥ 80 and > 70: A 90 + 80 =
  170, B 70. Totals 170 / 70.
- deal 2: Bruno (B) takes 90 ♠, makes 100: 100 ≥ 90 and > 62: B 100 + 90 = 190, A 62 → 60.
  Totals 230 / 260.
- deal 3: "Tout le monde passe", a redeal: 0 / 0. Totals 230 / 260.
- deal 4, disputed: Chloé (A) takes 80 ♥; the counter gets A's pile J♥ 20 + 9♥ 14 + A♠ 11 +
  10♠ 10 + A♦ 11 + 10♦ 10 + K♣ 4 + J♣ 2 = 82, and the last trick 10: 92 (the card values of
  docs/scoring.md's "Card points", ♥ trump). 92 ≥ 80 and > 70: A 90 + 80 = 170, B 70.
  Totals 400 / 330.
- deal 5: David (B) takes 80 ♦, makes 70: 70 < 80, failed: A 160 + 80 = 240, B 0. Totals 640 / 330;
  then undone: 400 / 330 (offline, the undo forgets the save still on the phone).
- deal 5 again: Ana (A) takes 110 ♠, makes 120: 120 ≥ 110 and > 42: A 120 + 110 = 230, B 42 → 40.
  Totals 630 / 370.
- deal 1 edited (the server has it; a deal still waiting is abandoned, not edited) to 70 points:
  70 < 80, failed: A 0, B 160 + 80 = 240 (was 170 / 70). Totals 630 - 170 = 460 / 370 - 70 + 240 = 540.
- deal 6: Bruno (B) takes 80 ♣, makes 90: 90 ≥ 80 and > 72: B 90 + 80 = 170, A 72 → 70.
  Totals 530 / 710.
On the server, deal by deal (scores, then totals): 1: 0 / 240 (0 / 240); 2: 60 / 190 (60 / 430);
3: 0 / 0 (60 / 430); 4: 170 / 70 (230 / 500); 5: 230 / 40 (460 / 540); 6: 70 / 170 (530 / 710).
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
HOST = "belote.test"
PILE = ("JH", "9H", "AS", "10S", "AD", "10D", "KC", "JC")  # 82 at ♥, and the last trick: 92
DEAL_1 = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}

DEAL_1_AS_RECORDED = (1, "hand", 0, 80, "hearts", 92, 1, (170, 70), (170, 70))
# What the server must hold at the end: (number, kind, taker_player, contract, mode, taker_points,
# version, scores, totals), from the working above.
EXPECTED = [
    (1, "hand", 0, 80, "hearts", 70, 2, (0, 240), (0, 240)),
    (2, "hand", 1, 90, "spades", 100, 1, (60, 190), (60, 430)),
    (3, "redeal", None, None, None, None, 1, (0, 0), (60, 430)),
    (4, "hand", 2, 80, "hearts", 92, 1, (170, 70), (230, 500)),
    (5, "hand", 0, 110, "spades", 120, 1, (230, 40), (460, 540)),
    (6, "hand", 1, 80, "clubs", 90, 1, (70, 170), (530, 710)),
]


@pytest.fixture(autouse=True)
def answers_for_belote_test(app):
    """belote.test stands for the table's Wi-Fi address: a name the app must be told it answers for."""
    app.config["TRUSTED_HOSTS"] = [HOST]


@pytest.fixture(scope="module")
def plain_http(browser):
    """A Chromium of its own that resolves belote.test to 127.0.0.1 (the session's playwright)."""
    launched = browser.browser_type.launch(
        executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"]
    )
    yield launched
    launched.close()


def new_game(client) -> str:
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    assert client.post(f"/api/v1/games/{game_id}/hands", json=DEAL_1).status_code == 201
    return game_id


def totals(page) -> tuple[int, int]:
    return tuple(int(page.locator(f'[data-total="{team}"] >> visible=true').inner_text()) for team in "AB")


def choose(page, seat: int, contract: int, mode: str) -> None:
    page.locator(f'#f-taker_player label:has(input[value="{seat}"])').click()
    page.locator(f'#f-contract label:has(input[value="{contract}"])').click()
    page.locator(f'#f-mode label:has(input[value="{mode}"])').click()


def the_servers_deals(client, game_id: str) -> list[tuple]:
    sheet = client.get(f"/api/v1/games/{game_id}").get_json()
    rows = []
    for deal in sheet["hands"]:
        given = deal.get("input", {})
        rows.append(
            (
                deal["number"],
                deal["kind"],
                given.get("taker_player"),
                given.get("contract"),
                given.get("mode"),
                given.get("taker_points"),
                deal["version"],
                (deal["scores"]["A"], deal["scores"]["B"]),
                (deal["totals"]["A"], deal["totals"]["B"]),
            )
        )
    return rows


def until_the_server_has(page, client, game_id: str, deals: int, seconds: float = 30) -> None:
    for _ in range(int(seconds * 10)):
        if len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"]) >= deals:
            return
        page.wait_for_timeout(100)


# --- with JavaScript: the sheet is the one page -----------------------------------------------------


def save_in_the_panel(page, seat: int, contract: int, mode: str, points: int) -> None:
    page.locator("#new-deal").click()
    page.locator("#deal-panel #deal-form").wait_for()
    choose(page, seat, contract, mode)
    page.fill("#points", str(points))
    page.click("#save")
    page.locator("#deal-panel").wait_for(state="hidden")


def dispute_through_the_counter(page) -> None:
    """Deal 4: Chloé takes 80 ♥; the counter panel counts A's pile and reports 92 into the form."""
    page.locator("#new-deal").click()
    page.locator("#deal-panel #deal-form").wait_for()
    choose(page, 2, 80, "hearts")
    page.click("#deal-form #count-link")
    counter = page.locator("#counter-panel")  # a panel over the form, computed on the phone
    for card in PILE:
        counter.locator(f'[data-card="{card}"]').click()
    counter.locator(".dispute-last").click()  # this pile took the last trick
    counter.locator("button", has_text="Reporter dans la donne").click()
    assert page.locator("#points").input_value() == "92"
    page.click("#save")
    page.locator("#deal-panel").wait_for(state="hidden")


def edit_deal_1(page) -> None:
    page.locator("#donne-1 summary").click()
    page.locator("#donne-1 a.edit-deal").click()
    page.locator("#deal-panel #deal-form").wait_for()
    assert page.locator("#points").input_value() == "92"
    page.fill("#points", "70")
    page.click("#save")
    page.locator("#deal-panel").wait_for(state="hidden")


def test_six_deals_offline_on_plain_http_land_once_in_order_without_a_navigation(plain_http, server, client):
    game_id = new_game(client)
    context = plain_http.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(f"http://{HOST}:{server.port}/parties/{game_id}")
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => window.isSecureContext") is False
        assert page.evaluate("() => 'serviceWorker' in navigator") is False  # no service worker here
        navigations = []
        page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)
        assert totals(page) == (170, 70)

        context.set_offline(True)
        save_in_the_panel(page, 1, 90, "spades", 100)
        assert totals(page) == (230, 260)
        page.click('button[name="reason"][value="all_pass"]')
        page.locator("#donne-3").wait_for()
        assert totals(page) == (230, 260)
        dispute_through_the_counter(page)
        assert totals(page) == (400, 330)
        save_in_the_panel(page, 3, 80, "diamonds", 70)
        assert totals(page) == (640, 330)
        page.click("#undo")
        page.locator("#donne-5").wait_for(state="detached")
        assert totals(page) == (400, 330)
        save_in_the_panel(page, 0, 110, "spades", 120)
        assert totals(page) == (630, 370)
        edit_deal_1(page)
        assert totals(page) == (460, 540)
        save_in_the_panel(page, 1, 80, "clubs", 90)
        assert totals(page) == (530, 710)
        assert "pas encore envoyée" in page.locator("#pending-note").inner_text()
        assert page.locator("#net-status").inner_text().strip()  # what the phone knows: no network
        assert the_servers_deals(client, game_id) == [DEAL_1_AS_RECORDED]  # nothing has left the phone

        context.set_offline(False)
        until_the_server_has(page, client, game_id, len(EXPECTED))
        page.locator("#pending-note").wait_for(state="hidden")
        assert the_servers_deals(client, game_id) == EXPECTED
        assert totals(page) == (530, 710)
        assert page.locator("#donnes > li").count() == 6
        assert navigations == []  # the sheet stayed the one page: no error page could show
    finally:
        context.close()


# --- without JavaScript: the pages, as before ---------------------------------------------------


def save_through_the_form(page, sheet_url: str, seat: int, contract: int, mode: str, points: int) -> None:
    page.click("#new-deal")
    page.wait_for_url("**/donnes/nouvelle")
    choose(page, seat, contract, mode)
    page.fill("#points", str(points))
    page.click("#save")
    page.wait_for_url(sheet_url + "*")  # the sheet again (its own address, not a deal's page)


def test_the_same_evening_without_javascript_works_online_through_the_pages(plain_http, server, client):
    game_id = new_game(client)
    context = plain_http.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, java_script_enabled=False
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    sheet_url = f"http://{HOST}:{server.port}/parties/{game_id}"
    try:
        page.goto(sheet_url)
        assert totals(page) == (170, 70)
        save_through_the_form(page, sheet_url, 1, 90, "spades", 100)
        assert totals(page) == (230, 260)
        page.click('button[name="reason"][value="all_pass"]')
        page.locator("#donne-3").wait_for()
        assert totals(page) == (230, 260)

        # deal 4, disputed: the whole form goes to the counter page (a GET), which reports back
        page.click("#new-deal")
        page.wait_for_url("**/donnes/nouvelle")
        choose(page, 2, 80, "hearts")
        page.click("#count-link")
        page.wait_for_url("**/outils/compter*")
        for card in PILE:
            page.locator(f'label.pc:has(input[value="{card}"])').click()
        page.locator('label:has(input[name="last_trick"])').click()
        page.click('button[name="compter"]')
        page.click("text=Reporter dans la donne")
        page.wait_for_url("**/donnes/nouvelle*")
        assert page.locator("#points").input_value() == "92"
        page.click("#save")
        page.wait_for_url(sheet_url + "*")
        assert totals(page) == (400, 330)

        save_through_the_form(page, sheet_url, 3, 80, "diamonds", 70)
        assert totals(page) == (640, 330)
        page.click("button:has-text('Annuler la dernière action')")
        page.locator("#donne-5").wait_for(state="detached")
        assert totals(page) == (400, 330)
        save_through_the_form(page, sheet_url, 0, 110, "spades", 120)
        assert totals(page) == (630, 370)

        page.locator("#donne-1 summary").click()
        page.locator("#donne-1 a", has_text="Modifier").click()
        page.wait_for_url("**/donnes/1/modifier")
        assert page.locator("#points").input_value() == "92"
        page.fill("#points", "70")
        page.click("#save")
        page.wait_for_url(sheet_url + "*")
        assert totals(page) == (460, 540)

        save_through_the_form(page, sheet_url, 1, 80, "clubs", 90)
        assert totals(page) == (530, 710)
        assert the_servers_deals(client, game_id) == EXPECTED
    finally:
        context.close()
