"""« Partager » on a finished game's sheet (docs/sharing.md, "On the pages"), in Chromium at 390×844:
over a table's plain-HTTP Wi-Fi address (http://belote.test:<port>/, mapped to 127.0.0.1 by the
browser's `--host-resolver-rules`: not a secure context, no Web Share API) the button downloads the
image; on a secure page whose browser can share files, it opens the share sheet with the image and
its sentence instead (the Web Share API stubbed: headless Chromium on Linux has none); and the bar
shows as soon as the sheet, redrawing itself from the server's answer, shows the game won.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
from tests.browser.helpers import new_phone
from tests.browser.test_accessibility import AXE, TAGS

HOST = "belote.test"
CAPOT_A = {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True}  # 500 / 0
GAME = {"teams": {"A": "Les Pies", "B": "Les Geais"}, "players": ["Ana", "Bruno", "Chloé", "David"], "target": 1000}
# What share.js hands navigator.share, kept for the test to read; canShare says yes to files.
SHARE_STUB = """
navigator.canShare = (data) => Array.isArray(data.files) && data.files.length > 0;
navigator.share = (data) => {
  window.shared = {names: data.files.map((file) => file.name), type: data.files[0].type,
                   size: data.files[0].size, text: data.text};
  return Promise.resolve();
};
"""


@pytest.fixture(autouse=True)
def answers_for_belote_test(app):
    app.config["TRUSTED_HOSTS"] = [HOST]


@pytest.fixture(scope="module")
def plain_http(browser):
    launched = browser.browser_type.launch(
        executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"]
    )
    yield launched
    launched.close()


def finished_game(client, hands: int = 2) -> str:
    game_id = client.post("/api/v1/games", json=GAME).get_json()["id"]
    for _ in range(hands):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=CAPOT_A).status_code == 201
    return game_id


def test_over_plain_http_partager_downloads_the_image(plain_http, server, client, screenshot):
    game_id = finished_game(client)
    context = plain_http.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"http://{HOST}:{server.port}/parties/{game_id}")
        assert page.evaluate("window.isSecureContext") is False
        button = page.locator("a.share-image")
        button.wait_for(state="visible")
        screenshot(page, "share-sheet-end")
        with page.expect_download() as waiting:
            button.click()
        download = waiting.value
        assert download.suggested_filename == f"belote-{game_id}.png"
        image = Image.open(io.BytesIO(Path(download.path()).read_bytes()))
        assert image.format == "PNG" and image.size == (1080, 1350)
    finally:
        context.close()


def test_where_files_can_be_shared_partager_opens_the_share_sheet(browser, server, client):
    game_id = finished_game(client)
    context, page = new_phone(browser)
    try:
        context.add_init_script(SHARE_STUB)
        page.goto(f"{server.url}/parties/{game_id}")  # 127.0.0.1: a secure context
        assert page.evaluate("window.isSecureContext") is True
        downloads = []
        page.on("download", lambda download: downloads.append(download))
        # share.js fetched the image ahead; the tap shares it
        page.wait_for_function(
            "() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/image.png'))"
        )
        page.wait_for_timeout(300)
        page.locator("a.share-image").click()
        page.wait_for_function("() => window.shared !== undefined")
        shared = page.evaluate("window.shared")
        assert (
            shared["names"] == [f"belote-{game_id}.png"] and shared["type"] == "image/png" and shared["size"] > 10_000
        )
        assert shared["text"] == "Les Pies gagnent 1000 à 0"
        assert downloads == []
    finally:
        context.close()


def test_the_bar_shows_when_the_sheet_shows_the_game_won(browser, server, client):
    game_id = finished_game(client, hands=1)
    context, page = new_phone(browser)
    try:
        page.goto(f"{server.url}/parties/{game_id}")
        page.locator("#sheet-status").wait_for(state="attached")
        assert page.locator(".share-bar").is_hidden()
        # the last deal, from another phone: the sheet redraws itself from the server's answer
        assert client.post(f"/api/v1/games/{game_id}/hands", json=CAPOT_A).status_code == 201
        page.locator("#rematch-form").wait_for(state="visible", timeout=10_000)  # polled every 2.5 s
        page.locator(".share-bar").wait_for(state="visible", timeout=2_000)
        assert page.locator("a.share-image").get_attribute("href") == f"/parties/{game_id}/image.png"
    finally:
        context.close()


def test_the_read_only_link_s_pages_pass_axe_and_fit_320_px(browser, server, client):
    """The pages a stranger sees (a game's sheet, its link ended), with names of 40 letters."""
    long_names = {"A": "Les Pies de l'Écurie Montmartroise à Zoé", "B": "Anticonstitutionnellementéèçàôïûëâœæ1234"}
    game_id = client.post("/api/v1/games", json={**GAME, "teams": long_names}).get_json()["id"]
    for _ in range(2):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=CAPOT_A).status_code == 201
    client.post(f"/parties/{game_id}/partage")
    token = re.findall(r"/partage/([\w-]{20,})\"", client.get(f"/parties/{game_id}/partage").text)[0]
    context = browser.new_context(viewport={"width": 320, "height": 700}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        for path in (f"/partage/{token}", "/partage/no-such-token-at-all"):
            page.goto(server.url + path)
            assert page.evaluate("document.documentElement.scrollWidth") <= 320, path
            results = AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
            assert [violation["id"] for violation in results.response["violations"]] == [], path
    finally:
        context.close()
