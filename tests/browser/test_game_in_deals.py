"""Issue 25 in Chromium at 390×844: a game in 12 deals created on the new-game form and played
through the pages to a draw (a redeal among its hands, not counted), then exported from the archive
and imported into another instance, where it reads the same and exports the same bytes; and the
sheets of a game in deals under way and of a game stopped by an organiser, photographed; a sheet
open on a phone follows the organiser's stop by itself.

The hands, worked on paper (docs/scoring.md's example 1 and its mirror): Ana takes 80 ♥ and makes
92 card points, rounded to 90: Nous 90 + 80 = 170, Eux 162 − 92 = 70; Bruno does the same for Eux
(Nous 70, Eux 170). In turn, the totals are equal after every second hand, and 12 hands end
6 × 170 + 6 × 70 = 1440 to 1440: « Partie nulle : 1440 à 1440. »
"""

from __future__ import annotations

import urllib.request

from scorekeeper.store.db import connect
from tests.browser.conftest import Server
from tests.browser.helpers import new_phone, wait_for_an_empty_outbox
from tests.helpers import stop_game

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
A80 = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}
B80 = {"taker": "B", "taker_player": 1, "contract": 80, "mode": "hearts", "taker_points": 92}


def totals(page) -> tuple[int, int]:
    return tuple(int(page.locator(f'[data-total="{team}"]').inner_text()) for team in "AB")


def choose(page, fieldset: str, text: str) -> None:
    page.locator(f"#f-{fieldset} label", has_text=text).first.click()


def play(page, taker: str) -> None:
    """`taker` takes 80 ♥ and makes 92, entered on the deal form."""
    page.click("#new-deal")
    choose(page, "taker_player", taker)
    choose(page, "contract", "80")
    choose(page, "mode", "♥")
    page.fill("#points", "92")
    page.locator("#preview", has_text="Contrat fait").wait_for()
    page.click("#save")
    page.wait_for_selector("#sheet")


def test_a_game_in_twelve_deals_played_to_a_draw_then_exported_and_imported(
    browser, server, make_app, screenshot, tmp_path
):
    context, page = new_phone(browser)
    other = Server(make_app())
    try:
        page.goto(server.url + "/parties/nouvelle")
        for index, name in enumerate(PLAYERS):
            page.fill(f"#player_{index}", name)
        page.locator("#f-target label", has_text="en 12 donnes").click()
        page.click("text=Commencer la partie")
        page.wait_for_url("**/parties/*")
        game_id = page.url.rsplit("/", 1)[-1]
        assert "Donne 1 sur 12" in page.inner_text(".totals")
        assert "Partie en 12 donnes" in page.inner_text("p.target")

        for number in range(1, 13):
            play(page, "Ana" if number % 2 else "Bruno")
            if number == 5:  # everyone passes once: a row of the sheet, not one of the 12
                page.click('#redeals button[value="all_pass"]')
                page.wait_for_selector("#sheet")
            if number < 12:
                page.locator(".deal-count", has_text=f"Donne {number + 1} sur 12").wait_for()
        wait_for_an_empty_outbox(page)
        page.locator(".banner", has_text="Partie nulle").wait_for()
        assert page.inner_text(".banner") == "Partie nulle : 1440 à 1440."
        assert totals(page) == (1440, 1440) and page.locator("#donnes > li").count() == 13
        assert "Donnes jouées : 12 sur 12" in page.inner_text(".totals")
        assert page.locator("#new-deal-bar").is_hidden() and page.locator("#rematch-form").is_visible()
        served = urllib.request.urlopen(f"{server.url}/api/v1/games/{game_id}").read()
        assert b'"draw":true' in served and b'"hands_played":12' in served
        screenshot(page, "deals-game-draw")

        page.goto(f"{server.url}/archives/parties/{game_id}")
        assert "Objectif" not in page.inner_text("figure.chart")
        with page.expect_download() as download:
            page.click("a:text-is('JSON')")
        exported = tmp_path / "partie.json"
        download.value.save_as(exported)

        page.goto(other.url + "/archives/importer")
        page.set_input_files("input[type=file]", str(exported))
        page.click("button:text-is('Importer')")
        page.wait_for_selector("h1:text-is('Import terminé')")  # the answer of the form's own request
        assert "1 partie(s) importée(s), 13 donne(s)" in page.inner_text("main")
        page.goto(f"{other.url}/parties/{game_id}")
        assert page.inner_text(".banner") == "Partie nulle : 1440 à 1440."
        assert totals(page) == (1440, 1440) and "Donnes jouées : 12 sur 12" in page.inner_text(".totals")
        again = urllib.request.urlopen(f"{other.url}/archives/parties/{game_id}/export.json").read()
        assert again == exported.read_bytes()
    finally:
        other.stop()
        context.close()


def test_the_sheets_of_a_game_in_deals_and_of_a_stopped_game(browser, server, client, app, screenshot):
    playing = client.post("/api/v1/games", json={"players": PLAYERS, "end": {"deals": 12}}).get_json()["id"]
    stopped = client.post("/api/v1/games", json={"players": PLAYERS, "end": {"points": 1500}}).get_json()["id"]
    for game_id, hands in ((playing, 7), (stopped, 3)):
        for index in range(hands):
            answer = client.post(f"/api/v1/games/{game_id}/hands", json=A80 if index % 2 == 0 else B80)
            assert answer.status_code == 201
    db = connect(app.config["DATABASE"])
    try:
        stop_game(db, stopped)  # Nous 410, Eux 310: the organiser closed the partie
    finally:
        db.close()
    context, page = new_phone(browser)
    try:
        page.goto(f"{server.url}/parties/{playing}")
        page.locator("#sheet-status").wait_for(state="attached")
        assert "Donne 8 sur 12" in page.inner_text(".totals") and totals(page) == (4 * 170 + 3 * 70, 4 * 70 + 3 * 170)
        assert page.locator(".totals progress").count() == 1
        screenshot(page, "deals-game-playing")
        db = connect(app.config["DATABASE"])
        try:
            stop_game(db, playing)  # the organiser closes the partie: the open sheet follows
        finally:
            db.close()
        page.locator(".banner", has_text="Partie arrêtée par l'organisateur").wait_for(timeout=15_000)
        assert page.inner_text(".banner") == "Partie arrêtée par l'organisateur : gagnée par Nous, 890 à 790 (+100)."
        assert page.locator("#new-deal-bar").is_hidden()

        page.goto(f"{server.url}/parties/{stopped}")
        page.locator("#sheet-status").wait_for(state="attached")
        assert page.inner_text(".banner") == "Partie arrêtée par l'organisateur : gagnée par Nous, 410 à 310 (+100)."
        assert page.locator("#new-deal-bar").is_hidden() and page.locator("#redeals").is_hidden()
        screenshot(page, "stopped-game")
    finally:
        context.close()
