"""DNS rebinding, as the red team of issue 24 simulated it, in headless Chromium: a web site's name
(evil.test) made to resolve to the laptop (the browser's --host-resolver-rules, no traffic off
the machine). Its page, same-origin with whatever answers there, read /archives/export.json; now
the app answers it a French 400 and its script reads no archive. The laptop's own .local name is
answered, and the sheet's QR code, read by a camera's decoder, names the machine's LAN address,
not the name the page was opened by."""

from __future__ import annotations

import io

import pytest
import zxingcpp
from PIL import Image

from scorekeeper.web import hosts, join
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE

HOSTNAME = "portable-du-club"
LAN = "192.0.2.77"  # a documentation address: the QR code only names it
RULES = f"MAP evil.test 127.0.0.1, MAP {HOSTNAME}.local 127.0.0.1"


@pytest.fixture(scope="module")
def rebound(browser):
    """A Chromium of its own where evil.test and the laptop's .local name resolve to 127.0.0.1."""
    launched = browser.browser_type.launch(
        executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, f"--host-resolver-rules={RULES}"]
    )
    yield launched
    launched.close()


@pytest.fixture
def phone(rebound, monkeypatch):
    monkeypatch.setattr(hosts.socket, "gethostname", lambda: HOSTNAME)
    monkeypatch.setattr(join, "lan_address", lambda: LAN)
    context = rebound.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def read_export(page) -> dict:
    """What a script of the page gets when it fetches the archive from its own origin."""
    return page.evaluate(
        """async () => {
            const answer = await fetch('/archives/export.json');
            return {status: answer.status, type: answer.headers.get('Content-Type'), text: await answer.text()};
        }"""
    )


def test_a_rebound_page_gets_a_french_400_and_no_archive(phone, base_url, client):
    body = {"teams": {"A": "Les Ours", "B": "Les Loups"}, "players": ["Ana", "Bruno", "Chloé", "David"]}
    assert client.post("/api/v1/games", json=body).status_code == 201
    port = base_url.rsplit(":", 1)[1]

    answer = phone.goto(f"http://evil.test:{port}/")
    assert answer.status == 400
    assert phone.locator("h1").inner_text() == "Adresse inconnue"
    assert "ne répond pas sous ce nom" in phone.locator("main").inner_text()
    export = read_export(phone)
    assert export["status"] == 400 and "Les Ours" not in export["text"] and "Ana" not in export["text"]

    # The same fetch from the laptop's own address reads the archive: the refusal above is the Host's.
    phone.goto(f"{base_url}/")
    export = read_export(phone)
    assert export["status"] == 200 and "Les Ours" in export["text"]


def test_the_laptops_local_name_is_answered_and_its_qr_code_names_the_lan_address(phone, base_url, client):
    game_id = client.post("/api/v1/games", json={}).get_json()["id"]
    port = base_url.rsplit(":", 1)[1]
    answer = phone.goto(f"http://{HOSTNAME}.local:{port}/parties/{game_id}")
    assert answer.status == 200
    phone.wait_for_load_state("networkidle")
    address = f"http://{LAN}:{port}/parties/{game_id}"
    qr = phone.locator(".join .qr")
    decoded = [result.text for result in zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.screenshot())))]
    assert decoded == [address]
    assert phone.locator(".join-url a").get_attribute("href") == address
