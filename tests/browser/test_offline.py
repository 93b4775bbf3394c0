"""Scoring through a Wi-Fi drop (issue 12), in Chromium at 390×844: the sheet open, the network
goes (or the server stops); three saves are made, a deal with melds and belote, a redeal and an
edit of an earlier deal; the sheet shows them waiting, with the totals they will give, across a
reload; when the server answers again they land once each, in order, and a second phone sees them.

The game, worked on paper (rounding to the nearest ten, SCORING.md):
- deal 1 (recorded online): Ana (A) takes 80 ♥ with 92 points: A 90 + 80 = 170, B 70 → 70.
- deal 2 (online): Bruno (B) takes 90 ♠ with 100: B 100 + 90 = 190, A 62 → 60. Totals 230 / 260.
- deal 3 (offline): Ana takes 100 ♥ with 110, a cinquante and the belote for A: 110 + 50 + 20 =
  180 ≥ 100 and more than 52: A 110 + 100 + 50 + 20 = 280, B 52 → 50. Totals 510 / 310.
- deal 4 (offline): a redeal, everyone passed: 0 / 0.
- deal 1 edited offline to 60 points: 60 < 80, failed: B 160 + 80 = 240, A 0 (was 170 / 70).
  Totals 510 − 170 = 340 / 310 + 170 = 480.
"""

from __future__ import annotations

import threading

import pytest
from werkzeug.serving import make_server

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
DEAL_1 = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}
DEAL_2 = {"taker": "B", "taker_player": 1, "contract": 90, "mode": "spades", "taker_points": 100}


class Server:
    """The app over real HTTP on a fixed port, which a test can stop and start again."""

    def __init__(self, app):
        self.app = app
        self.port = 0
        self.start()

    def start(self):
        self.server = make_server("127.0.0.1", self.port, self.app, threaded=True)
        self.port = self.server.server_port
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.thread.join()
        self.server.server_close()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture
def server(app):
    running = Server(app)
    yield running
    running.stop()


def new_phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    return context, context.new_page()


def new_game(client) -> str:
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    for deal in (DEAL_1, DEAL_2):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=deal).status_code == 201
    return game_id


def totals(page) -> tuple[int, int]:
    """The totals shown: the sheet as it will be (#waiting) while saves wait, else the server's."""
    return tuple(int(page.locator(f'[data-total="{team}"] >> visible=true').inner_text()) for team in "AB")


def open_sheet_ready_for_offline(page, url):
    """The sheet, once the service worker controls it and keeps its deal form, and the phone has
    the game's sheet."""
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function(
        "() => caches.open('belote-pages').then(c => c.match(location.pathname + '/donnes/nouvelle')).then(Boolean)"
    )
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('belote.sheets') || '{}')[document.querySelector('#sheet').dataset.game]"
    )


def enter_deal_3(page):
    page.click("#new-deal")
    page.wait_for_selector("#deal-form")
    page.locator("#f-taker_player label", has_text="Ana").click()
    page.locator("#f-contract label", has_text="100").click()
    page.locator("#f-mode label").nth(1).click()  # ♥
    page.fill("#points", "110")
    page.click("text=Annonces et belote")
    page.locator("#f-melds-A button.adder", has_text="Cinquante").click()
    page.locator("#f-melds-A button.adder", has_text="Belote").click()
    assert page.locator("#preview").inner_text().count("280") == 1  # A's score, before saving
    page.click("#save")


def edit_deal_1(page, game_url):
    page.locator('#waiting details[data-deal="1"] summary').click()  # the sheet as it will be
    page.locator('#waiting details[data-deal="1"] a', has_text="Modifier").click()
    page.wait_for_selector("#deal-form")
    assert page.locator("h1").inner_text() == "Modifier la donne 1"
    assert page.locator("#points").input_value() == "92"
    page.fill("#points", "60")
    page.click("#save")


def waiting_rows(page):
    return page.locator("#waiting li.waiting").all_inner_texts()


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
    try:
        open_sheet_ready_for_offline(page, game_url)
        if cut == "offline":
            go_offline(context)
        else:
            server.stop()

        enter_deal_3(page)
        page.wait_for_url(game_url + "*")
        page.wait_for_selector("#waiting")
        assert totals(page) == (510, 310)
        page.click("text=Tout le monde passe")
        edit_deal_1(page, game_url)
        page.wait_for_url(game_url + "*")
        page.wait_for_selector("#waiting")
        assert totals(page) == (340, 480)
        rows = waiting_rows(page)
        assert len(rows) == 3, rows
        assert "en attente d'envoi" in page.locator("#waiting").inner_text()
        screenshot(page, f"offline-sheet-waiting-{cut}")

        page.reload()
        page.wait_for_selector("#waiting")
        assert totals(page) == (340, 480)
        assert len(waiting_rows(page)) == 3

        if cut == "offline":
            back_online(context)
        else:
            server.start()
        page.evaluate("Outbox.flush()")
        page.wait_for_function(
            "() => !document.querySelector('#waiting') && Outbox.entries().length === 0", timeout=20000
        )
        page.wait_for_function("() => document.querySelectorAll('.deals > li').length === 4")
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
