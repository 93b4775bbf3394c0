"""Joining from another phone (issue 11), in headless Chromium at 390×844: the sheet opened on the
laptop itself (http://127.0.0.1:…) shows a QR code a phone's camera reads as the game's address on
the machine's LAN address, same port; and the wake-lock script loads without a word in the console.
Screenshots: test-artifacts/screenshots/sheet-join.png (390 px wide) and sheet-join-360.png."""

from __future__ import annotations

import io

import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from scorekeeper.web import join
from scorekeeper.web.join import lan_address


def new_game(client) -> str:
    body = {"teams": {"A": "Les Ours", "B": "Les Loups"}, "players": ["Ana", "Bruno", "Chloé", "David"]}
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def listen(page) -> list[str]:
    """The console's errors and warnings (a CSP violation is one) and the page's uncaught errors."""
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    return problems


def test_the_sheet_on_the_laptop_shows_a_qr_code_of_the_lan_address(page, base_url, client, screenshot, monkeypatch):
    lan = lan_address()
    if lan is None:  # a machine on no network: it stands for one on a documentation address
        lan = "192.0.2.77"
        monkeypatch.setattr(join, "lan_address", lambda: lan)
    game_id = new_game(client)
    problems = listen(page)
    page.goto(f"{base_url}/parties/{game_id}")
    page.wait_for_load_state("networkidle")
    port = base_url.rsplit(":", 1)[1]
    address = f"http://{lan}:{port}/parties/{game_id}"

    qr = page.locator(".join .qr")
    assert qr.is_visible()  # open before the first deal
    box = qr.bounding_box()
    assert 180 <= box["width"] <= 220 and abs(box["width"] - box["height"]) < 2, box
    decoded = [result.text for result in zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.screenshot())))]
    assert decoded == [address]
    assert "127.0.0.1" not in decoded[0]
    link = page.locator(".join-url a")
    assert link.inner_text() == address and link.get_attribute("href") == address
    assert page.locator("summary", has_text="Rejoindre sur un autre téléphone").is_visible()

    # Below the sheet: the totals and "+ Nouvelle donne" come first.
    assert page.locator("#new-deal").bounding_box()["y"] < box["y"]
    assert page.evaluate("document.querySelectorAll('.join[style], .join [style]').length") == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "sheet-join")

    page.set_viewport_size({"width": 360, "height": 780})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "sheet-join-360")

    # Folded by a tap, like the other cards, and unfolded again.
    page.locator(".join summary").click()
    assert not qr.is_visible()
    page.locator(".join summary").click()
    assert qr.is_visible()
    assert not problems, problems


def test_the_wake_lock_script_is_silent_where_the_lock_is_refused(page, base_url, client):
    """Headless Chromium may refuse the screen lock (or grant it): either way, nothing is said."""
    game_id = new_game(client)
    problems = listen(page)
    loaded: list[int] = []
    page.on("response", lambda response: loaded.append(response.status) if "wake_lock.js" in response.url else None)
    for path in (f"/parties/{game_id}", f"/parties/{game_id}/donnes/nouvelle"):
        page.goto(base_url + path)
        page.wait_for_load_state("networkidle")
        page.locator("main").click(position={"x": 5, "y": 5})  # the retry on a tap
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_timeout(200)
    assert len(loaded) == 2 and set(loaded) <= {200, 304}, loaded  # 304: the cached copy
    assert not problems, problems


def test_a_server_on_this_machine_alone_says_no_phone_can_join(app, page, base_url, client, screenshot):
    """`make run HOST=127.0.0.1`: the panel says why no phone can join, with no address and no QR
    code a phone would try in vain."""
    app.config["LISTENING_ON"] = "127.0.0.1"  # as the server sets it once it listens there
    game_id = new_game(client)
    problems = listen(page)
    page.goto(f"{base_url}/parties/{game_id}")
    panel = page.locator("#rejoindre")
    expect(panel).to_contain_text(
        "Le serveur n'écoute que sur cette machine : les autres téléphones ne peuvent pas le rejoindre. "
        "Relancez-le avec HOST=0.0.0.0."
    )
    expect(panel.locator("svg")).to_have_count(0)
    expect(panel.locator("a")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    panel.scroll_into_view_if_needed()
    screenshot(page, "sheet-join-loopback")
    assert problems == []
