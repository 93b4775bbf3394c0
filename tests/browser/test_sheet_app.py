"""The sheet as the table's app (issue 23): what the phone shows is built from the latest sheet it
has seen and the saves it keeps, it says what it knows of the network, and a game won on the
phone is won there, offline too.

Scores from docs/scoring.md (nearest rounding): 80 ♥ made by the takers with 100 card points:
takers 100 + 80 = 180, defence 62 → 60. With 92: 92 + 80 = 172 → 170, 70.
"""

from __future__ import annotations

import json

from tests.browser.helpers import new_phone

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
EIGHTY_HEARTS = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 100}


def a_game(client, *hands, target=2000) -> str:
    game_id = client.post("/api/v1/games", json={"players": PLAYERS, "target": target}).get_json()["id"]
    for hand in hands:
        assert client.post(f"/api/v1/games/{game_id}/hands", json=hand).status_code == 201
    return game_id


def totals(page) -> tuple[int, int]:
    return tuple(int(page.locator(f'[data-total="{team}"]').inner_text()) for team in "AB")


def open_sheet(page, url):
    page.goto(url)
    page.locator("#sheet-status").wait_for(state="attached")  # static/sheet_app.js has drawn it


def enter(page, taker: str, contract: str, trump: int, points: str) -> None:
    """A deal through the sheet's panel: + Nouvelle donne, taker, contract, trump, points, save."""
    page.click("#new-deal")
    page.locator("#f-taker_player label", has_text=taker).click()
    page.locator("#f-contract label", has_text=contract).first.click()
    page.locator("#f-mode label").nth(trump).click()
    page.keyboard.type(points)  # the points field has the focus once the trump is chosen
    page.click("#save")


def test_an_abandoned_save_keeps_the_other_phones_deals_on_screen(browser, server, client):
    """The stale sheet: phone 1 drew the sheet, phone 2 recorded three deals, phone 1 (server down)
    enters one, then abandons it: the sheet drawn is the latest it saw, with phone 2's deals."""
    game_id = a_game(client)
    context, page = new_phone(browser)
    page.on("dialog", lambda dialog: dialog.accept())
    try:
        open_sheet(page, f"{server.url}/parties/{game_id}")
        for _ in range(3):  # the other phone's deals, seen by this one's poll
            assert client.post(f"/api/v1/games/{game_id}/hands", json=EIGHTY_HEARTS).status_code == 201
        page.wait_for_function("() => document.querySelectorAll('#donnes > li').length === 3")
        assert totals(page) == (540, 180)
        server.stop()
        enter(page, "Bruno", "80", 0, "92")  # Eux take 80 ♠: 92 + 80 → 170, Nous 70
        page.locator("#donnes li.waiting").wait_for()
        assert totals(page) == (610, 350)
        assert page.inner_text("#pending-note") == "dont 1 donne pas encore envoyée"
        page.locator('#donnes details[data-deal="4"] summary').click()
        page.locator('#donnes details[data-deal="4"] button', has_text="Abandonner cette saisie").click()
        page.wait_for_function("() => !document.querySelector('#donnes li.waiting')")
        assert totals(page) == (540, 180)
        assert page.locator("#donnes > li").count() == 3
        assert page.locator("#pending-note").is_hidden()
    finally:
        context.close()


def test_every_phone_says_when_the_server_goes_and_catches_up_when_it_comes_back(browser, server, client):
    """An idle phone says the server is gone within a poll (2.5 s) and, once it answers again,
    shows what was recorded meanwhile within a poll, without a tap."""
    game_id = a_game(client, EIGHTY_HEARTS)
    context, page = new_phone(browser)
    try:
        open_sheet(page, f"{server.url}/parties/{game_id}")
        assert page.locator("#net-status").is_hidden()
        server.stop()
        page.locator("#net-status", has_text="Serveur injoignable").wait_for(timeout=6000)
        assert client.post(f"/api/v1/games/{game_id}/hands", json=EIGHTY_HEARTS).status_code == 201
        server.start()
        page.wait_for_function("() => document.querySelectorAll('#donnes > li').length === 2", timeout=6000)
        assert totals(page) == (360, 120)
        page.locator("#net-status").wait_for(state="hidden", timeout=6000)
        context.set_offline(True)  # the phone's own Wi-Fi off: it says so, not "serveur injoignable"
        page.locator("#net-status", has_text="n'a plus de réseau").wait_for(timeout=6000)
    finally:
        context.close()


def test_a_game_won_on_the_phone_offers_no_new_deal_but_a_rematch(browser, server, client):
    """To 1000: five 80 ♥ made with 100 points give Nous 900; a sixth, offline, wins it on the phone."""
    game_id = a_game(client, *[EIGHTY_HEARTS] * 5, target=1000)
    context, page = new_phone(browser)
    try:
        open_sheet(page, f"{server.url}/parties/{game_id}")
        assert totals(page) == (900, 300)
        context.set_offline(True)
        enter(page, "Ana", "80", 1, "100")
        page.locator("#donnes li.waiting").wait_for()
        assert totals(page) == (1080, 360)
        assert page.locator("#new-deal").is_hidden()
        assert page.locator("#rematch").is_visible()
        assert "Partie gagnée par Nous, 1080 à 360 (+720), une fois les saisies envoyées." in page.inner_text("#sheet")
        context.set_offline(False)
        page.wait_for_function("() => !document.querySelector('#donnes li.waiting')", timeout=15000)
        assert client.get(f"/api/v1/games/{game_id}").get_json()["winner"] == "A"
    finally:
        context.close()


def test_a_forged_refusal_and_a_forged_sheet_put_no_element_in_the_sheet(browser, server, client):
    """A refusal whose words are markup, and a poll answered with a page whose sheet has markup for
    names: drawn as text, nothing more in the page (a forged 409: tests/browser/test_outbox_answers.py)."""
    game_id = a_game(client, EIGHTY_HEARTS)
    context, page = new_phone(browser)
    markup = "<img src=x id=planted>"
    refusal = {"error": markup}  # a refusal's words are shown: as text
    try:
        page.route(
            f"**/api/v1/games/{game_id}/hands",
            lambda route: (
                route.fulfill(status=422, json=refusal) if route.request.method == "POST" else route.continue_()
            ),
        )
        open_sheet(page, f"{server.url}/parties/{game_id}")
        enter(page, "Ana", "80", 1, "100")
        page.locator(".waiting-box .notice.held").wait_for()
        assert markup in page.inner_text(".waiting-box")
        assert page.locator("#planted").count() == 0

        sheet = client.get(f"/api/v1/games/{game_id}").get_json()
        sheet["teams"]["A"] = markup
        sheet["players"][0] = markup
        sheet["revision"] += 10
        page.route(f"**/api/v1/games/{game_id}", lambda route: route.fulfill(status=200, json=sheet))  # the poll
        page.wait_for_function(
            f"() => document.querySelector('.totals .team-name').textContent === {json.dumps(markup)}", timeout=10000
        )
        assert page.locator("#planted").count() == 0
        assert page.locator("#sheet img").count() == 0
    finally:
        context.close()
