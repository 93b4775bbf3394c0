"""Scoring through a Wi-Fi drop (issue 12), in Chromium at 390×844: the sheet open, the network
goes (or the server stops); three saves are made in the sheet's deal panel and its buttons (issue
23: the sheet is the game's one page), a deal with melds and belote, a redeal and an edit of an
earlier deal; the sheet shows them waiting, with the totals they will give, across a reload; when
the server answers again they land once each, in order, and a second phone sees them.

The game, worked on paper (rounding to the nearest ten, docs/scoring.md):
- deal 1 (recorded online): Ana (A) takes 80 ♥ with 92 points: A 90 + 80 = 170, B 70 → 70.
- deal 2 (online): Bruno (B) takes 90 ♠ with 100: B 100 + 90 = 190, A 62 → 60. Totals 230 / 260.
- deal 3 (offline): Ana takes 100 ♥ with 110, a cinquante and the belote for A: 110 + 50 + 20 =
  180 ≥ 100 and more than 52: A 110 + 100 + 50 + 20 = 280, B 52 → 50. Totals 510 / 310.
- deal 4 (offline): a redeal, everyone passed: 0 / 0.
- deal 1 edited offline to 60 points: 60 < 80, failed: B 160 + 80 = 240, A 0 (was 170 / 70).
  Totals 510 − 170 = 340 / 310 + 170 = 480.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import PHONE
from tests.browser.helpers import new_phone, open_sheet_ready_for_offline, wait_for_the_kept_sheet, wait_until

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
DEAL_1 = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}
DEAL_2 = {"taker": "B", "taker_player": 1, "contract": 90, "mode": "spades", "taker_points": 100}


def new_game(client) -> str:
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    for deal in (DEAL_1, DEAL_2):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=deal).status_code == 201
    return game_id


# The outbox's entries (all games), from the page's own instance of static/outbox.js.
NONE_KEPT = "() => import('/static/outbox.js').then(outbox => outbox.entries().length === 0)"
ALL_SENT = (
    "() => import('/static/outbox.js').then(outbox => outbox.entries().length === 0"
    " && !document.querySelector('#donnes li.waiting'))"
)


def kept_entries(page) -> int:
    return page.evaluate("() => import('/static/outbox.js').then(outbox => outbox.entries().length)")


def totals(page) -> tuple[int, int]:
    """The totals shown (with JavaScript, the projected ones: the waiting saves count)."""
    return tuple(int(page.locator(f'[data-total="{team}"] >> visible=true').inner_text()) for team in "AB")


def open_the_deal_form(page):
    """Tap "+ Nouvelle donne" until the deal panel is there (sheet_app.js may still be loading)."""
    for _ in range(3):
        if page.locator("#deal-panel #deal-form").count():
            break
        try:
            page.locator("#new-deal").click(timeout=5000)
            page.wait_for_selector("#deal-panel #deal-form", timeout=5000)
        except PlaywrightTimeout:
            continue
    page.wait_for_selector("#deal-panel #deal-form")


def enter_deal_3(page):
    """Deal 3 in the sheet's panel; saved, the panel closes and the row is drawn at once."""
    open_the_deal_form(page)
    page.locator("#f-taker_player label", has_text="Ana").click()
    page.locator("#f-contract label", has_text="100").click()
    page.locator("#f-mode label").nth(1).click()  # ♥
    page.fill("#points", "110")
    page.click("text=Annonces et belote")
    page.locator("#f-melds-A button.adder", has_text="Cinquante").click()
    page.locator("#f-melds-A button.adder", has_text="Belote").click()
    assert page.locator("#preview").inner_text().count("280") == 1  # A's score, before saving
    page.click("#save")
    page.locator("#deal-panel").wait_for(state="detached")
    page.locator("#donne-3.waiting").wait_for()


def edit_deal_1(page):
    page.locator('#donnes details[data-deal="1"] summary').click()  # the sheet as it will be
    page.locator('#donnes details[data-deal="1"] a.edit-deal', has_text="Modifier").click()
    page.locator("#deal-panel h2", has_text="Modifier la donne 1").wait_for()  # in place, offline too
    assert page.locator("#points").input_value() == "92"
    page.fill("#points", "60")
    page.click("#save")
    page.locator("#deal-panel").wait_for(state="detached")
    page.locator("#donne-1.waiting").wait_for()


def waiting_rows(page):
    return page.locator("#donnes li.waiting").all_inner_texts()


def go_offline(context):
    context.set_offline(True)


def back_online(context):
    context.set_offline(False)


@pytest.mark.parametrize("cut", ["offline", "server_stopped"])
def test_three_saves_wait_on_the_phone_and_land_once_each_when_the_server_answers(
    browser, server, client, screenshot, cut
):
    game_id = new_game(client)
    game_url = f"{server.url}/parties/{game_id}"
    context, page = new_phone(browser)
    page.on("dialog", lambda dialog: dialog.accept())  # the reload, asked first while saves wait
    try:
        open_sheet_ready_for_offline(page, game_url)
        if cut == "offline":
            go_offline(context)
        else:
            server.stop()

        enter_deal_3(page)
        assert totals(page) == (510, 310)
        page.click("button:has-text('Tout le monde passe')")
        page.locator("#donne-4.waiting").wait_for()
        edit_deal_1(page)
        assert page.evaluate("() => location.href") == game_url  # nothing navigated: all in place
        assert totals(page) == (340, 480)
        rows = waiting_rows(page)
        assert len(rows) == 3, rows
        assert all("en attente d'envoi" in row for row in rows), rows
        assert page.locator("#pending-note").inner_text() == "dont 3 saisies pas encore envoyées"
        screenshot(page, f"offline-sheet-waiting-{cut}")

        page.reload()
        page.locator("#donnes li.waiting").nth(2).wait_for()
        assert totals(page) == (340, 480)
        assert len(waiting_rows(page)) == 3

        if cut == "offline":
            back_online(context)
        else:
            server.start()
        page.evaluate("() => import('/static/outbox.js').then(outbox => outbox.flush())")
        wait_until(page, ALL_SENT)
        page.wait_for_function("() => document.querySelectorAll('#donnes > li').length === 4")
        page.locator("#pending-note").wait_for(state="hidden")
        assert totals(page) == (340, 480)

        sheet = client.get(f"/api/v1/games/{game_id}").get_json()
        assert [d["kind"] for d in sheet["hands"]] == ["hand", "hand", "hand", "redeal"]
        assert sheet["hands"][0]["input"]["taker_points"] == 60 and sheet["hands"][0]["version"] == 2
        assert sheet["hands"][2]["input"]["melds"] == {"A": ["cinquante"], "B": []}
        assert sheet["totals"] == {"A": 340, "B": 480}

        other_context, other = new_phone(browser)
        try:
            other.goto(game_url)
            assert totals(other) == (340, 480)
            assert other.locator(".deals > li").count() == 4
        finally:
            other_context.close()
    finally:
        context.close()


def test_a_save_whose_answer_is_lost_is_sent_again_and_recorded_once(browser, server, client):
    """The server records deal 3 but its answer never reaches the phone (the connection drops):
    the outbox sends it again with the same Idempotency-Key, and the server replays its answer."""
    game_id = new_game(client)
    context, page = new_phone(browser)
    dropped = []

    def drop_the_first_answer(route):
        if route.request.method == "POST" and not dropped:
            route.fetch()  # the server receives and records it
            dropped.append(route.request.headers["idempotency-key"])
            route.abort("connectionreset")  # and the phone never hears back
        else:
            route.continue_()

    try:
        page.route("**/api/v1/games/*/hands", drop_the_first_answer)
        page.goto(f"{server.url}/parties/{game_id}")
        wait_for_the_kept_sheet(page)
        enter_deal_3(page)
        wait_until(page, ALL_SENT)
        page.locator('[data-total="A"]', has_text="510").wait_for()
        assert totals(page) == (510, 310)
        assert len(dropped) == 1
        hands = client.get(f"/api/v1/games/{game_id}").get_json()["hands"]
        assert len(hands) == 3 and hands[2]["input"]["taker_points"] == 110
    finally:
        context.close()


def test_with_no_service_worker_the_deal_form_keeps_each_deal_and_takes_the_next(browser, server, client, screenshot):
    """The table's plain-HTTP LAN: browsers give no service worker there (blocked here), so no page
    opens offline; the deal form open when the Wi-Fi drops keeps each deal, shows the totals it
    gives and takes the next; the deals go when the network is back. Deal 4: Bruno (B) takes 80 ♠
    and makes 40: failed, A 160 + 80 = 240."""
    game_id = new_game(client)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, service_workers="block"
    )
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    try:
        page.goto(f"{server.url}/parties/{game_id}/donnes/nouvelle")
        wait_for_the_kept_sheet(page)
        context.set_offline(True)
        page.locator("#f-taker_player label", has_text="Ana").click()
        page.locator("#f-contract label", has_text="100").click()
        page.locator("#f-mode label").nth(1).click()  # ♥
        page.fill("#points", "110")
        page.click("text=Annonces et belote")
        page.locator("#f-melds-A .adder", has_text="Cinquante").click()
        page.locator("#f-melds-A .adder", has_text="Belote").click()
        page.click("#save")
        saving = page.locator(".saving")
        saving.locator("text=Serveur injoignable").wait_for()
        assert " ".join(saving.locator(".saving-totals").inner_text().split()) == "Nous 510 Eux 310"
        screenshot(page, "offline-deal-form-kept")

        saving.locator("button", has_text="Donne suivante").click()
        assert page.locator("h1").inner_text() == "Donne 4"
        assert page.locator("#points").input_value() == "" and page.locator(".chip").count() == 0
        page.locator("#f-taker_player label", has_text="Bruno").click()
        page.locator("#f-contract label", has_text="80").click()
        page.locator("#f-mode label").nth(0).click()  # ♠
        page.fill("#points", "40")  # failed: A 160 + 80 = 240, B 0
        page.click("#save")
        saving.locator("text=Serveur injoignable").wait_for()
        assert " ".join(saving.locator(".saving-totals").inner_text().split()) == "Nous 750 Eux 310"
        assert kept_entries(page) == 2

        context.set_offline(False)  # the outbox sends both, in order; the sheet opens when deal 4 lands
        page.wait_for_url(f"{server.url}/parties/{game_id}*", timeout=20000)
        wait_until(page, NONE_KEPT)
        hands = client.get(f"/api/v1/games/{game_id}").get_json()["hands"]
        assert len(hands) == 4 and hands[2]["input"]["melds"] == {"A": ["cinquante"], "B": []}
        assert hands[3]["input"]["taker_points"] == 40
        assert totals(page) == (750, 310)
    finally:
        context.close()


def test_a_waiting_save_can_be_abandoned_and_is_never_sent(browser, server, client):
    game_id = new_game(client)
    context, page = new_phone(browser)
    page.on("dialog", lambda dialog: dialog.accept())  # "Abandonner cette saisie ?"
    try:
        open_sheet_ready_for_offline(page, f"{server.url}/parties/{game_id}")
        server.stop()
        page.click("button:has-text('Tout le monde passe')")
        page.locator("#donnes li.waiting").wait_for()  # drawn by the phone, with no server
        page.click("button:has-text('Tout le monde passe')")
        page.locator("#donnes li.waiting").nth(1).wait_for()
        assert len(waiting_rows(page)) == 2
        # Ana dealt first: Chloé deals deal 3, David deal 4, Ana the next
        assert "Prochaine donne : Ana distribue" in page.inner_text("#sheet-body")
        page.locator('#donnes details[data-deal="4"] summary').click()
        page.locator('#donnes details[data-deal="4"] button', has_text="Abandonner cette saisie").click()
        page.locator("#donne-4").wait_for(state="detached")
        assert len(waiting_rows(page)) == 1
        assert kept_entries(page) == 1
        server.start()
        page.evaluate("() => import('/static/outbox.js').then(outbox => outbox.flush())")
        wait_until(page, ALL_SENT)
        hands = client.get(f"/api/v1/games/{game_id}").get_json()["hands"]
        assert [hand["kind"] for hand in hands] == ["hand", "hand", "redeal"]
    finally:
        context.close()


def test_with_no_service_worker_the_open_sheet_takes_each_deal_in_its_panel_and_sends_them_later(
    browser, server, client
):
    """The same LAN, the sheet open when the Wi-Fi drops (issue 23: the sheet is the game's one page,
    nothing navigates): each deal is entered in its panel, drawn waiting with the totals it gives,
    the phone says it has no network; back online, both land in order. Deal 4 as above: 750 / 310."""
    game_id = new_game(client)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, service_workers="block"
    )
    page = context.new_page()
    try:
        page.goto(f"{server.url}/parties/{game_id}")
        wait_for_the_kept_sheet(page)
        context.set_offline(True)
        enter_deal_3(page)
        assert totals(page) == (510, 310)
        page.locator("#net-status", has_text="Ce téléphone n'a plus de réseau").wait_for()
        open_the_deal_form(page)
        assert page.locator("#panel-title").inner_text() == "Donne 4"
        page.locator("#f-taker_player label", has_text="Bruno").click()
        page.locator("#f-contract label", has_text="80").first.click()
        page.locator("#f-mode label").nth(0).click()  # ♠
        page.fill("#points", "40")  # failed: A 160 + 80 = 240, B 0
        page.click("#save")
        page.locator("#donne-4.waiting").wait_for()
        assert totals(page) == (750, 310)
        assert page.locator("#pending-note").inner_text() == "dont 2 donnes pas encore envoyées"
        assert kept_entries(page) == 2

        context.set_offline(False)
        wait_until(page, ALL_SENT)
        hands = client.get(f"/api/v1/games/{game_id}").get_json()["hands"]
        assert [hand["input"]["taker_points"] for hand in hands] == [92, 100, 110, 40]
        assert totals(page) == (750, 310)
        page.locator("#net-status").wait_for(state="hidden")  # once the sheet's refresh hears the server
    finally:
        context.close()
