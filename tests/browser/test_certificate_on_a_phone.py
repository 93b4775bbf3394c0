"""/certificat and the plain-HTTP hint on a phone (issue 31): both fit a 360 and a 320 px screen
with big tap targets and pass axe, the hint closes with no script, the screenshots to look at."""

from __future__ import annotations

import pytest

from scorekeeper.server import certificates
from scorekeeper.services import games as service
from scorekeeper.store.db import connect
from scorekeeper.web import join
from tests.browser.conftest import PHONE
from tests.browser.helpers import open_details
from tests.browser.test_accessibility import violations
from tests.browser.test_every_page_fits import NARROW, SMALLEST, check

LAN = "192.0.2.2"


@pytest.fixture
def https_on(app, monkeypatch):
    """The server as `make run HTTPS=1` leaves it: a root in its instance folder, an HTTPS port."""
    monkeypatch.setattr(join, "lan_address", lambda: LAN)
    certificates.ensure_authority(certificates.https_folder(app.instance_path))
    app.config["HTTPS_PORT"] = 8443
    return app


def test_the_certificate_page_fits_a_phone(page, base_url, https_on, screenshot):
    page.goto(f"{base_url}/certificat")
    open_details(page)
    assert page.locator(".fingerprint span").count() == 4
    assert page.locator(".certificate-qr svg").is_visible()
    assert violations(page) == []
    screenshot(page, "certificate")
    for screen in (NARROW, SMALLEST):
        page.set_viewport_size(screen)
        check(page, "certificate", screen["width"])


def test_the_certificate_page_without_https_fits_a_phone(page, base_url, screenshot):
    page.goto(f"{base_url}/certificat")
    assert "make run HTTPS=1" in page.locator("main").inner_text()
    assert violations(page) == []
    screenshot(page, "certificate-without-https")
    page.set_viewport_size(NARROW)
    check(page, "certificate-without-https")


def test_the_plain_http_hint_closes_without_a_script(browser, base_url, https_on, screenshot):
    database = connect(https_on.config["DATABASE"])
    try:
        game_id = service.create_game(database, {}).game.id
    finally:
        database.close()
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, java_script_enabled=False
    )
    try:
        page = context.new_page()
        for path, name in (("/", "https-hint-home"), (f"/parties/{game_id}", "https-hint-sheet")):
            page.goto(base_url + path)
            line = page.locator(".https-hint-line")
            assert line.is_visible()
            assert line.locator("a").first.get_attribute("href") == f"https://{LAN}:8443{path}"
            screenshot(page, name)
            page.set_viewport_size(NARROW)
            check(page, name)
            page.set_viewport_size(PHONE)
            line.locator(".https-hint-close").click()
            assert not line.is_visible()
    finally:
        context.close()
