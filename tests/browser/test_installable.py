"""Chromium would offer to install the app: its own installability checks, through the DevTools
protocol, find nothing wrong once the service worker controls the home page, and the manifest it
parsed is ours, in French.

Two things about Chromium in a test:
- Playwright's `browser.new_context()` is an off-the-record profile, for which Chromium always
  answers `in-incognito` (never installable there). A persistent context (a profile folder of its
  own) is what a phone's browser is.
- Chromium no longer requires a service worker with a fetch handler to install (dropped around
  version 108); `Page.getInstallabilityErrors` is empty before ours is even registered. So the
  worker's part (it controls the start URL and answers its navigations) is checked on its own.
"""

from __future__ import annotations

import json

import pytest

from tests.browser.helpers import phone_with_a_profile


@pytest.fixture
def installable_page(browser, tmp_path):
    """A page in a persistent (not incognito) profile, with the same Chromium and options (`browser`:
    skipped where Chromium is missing, as the other browser tests)."""
    context, page = phone_with_a_profile(browser, tmp_path / "profile")
    yield page
    context.close()


def controlled_by_the_worker(page, url):
    """Open url and reload it until the service worker controls it (the first load registers it)."""
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("() => navigator.serviceWorker.controller !== null"):
        page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def test_chromium_finds_the_app_installable(installable_page, base_url):
    page = installable_page
    controlled_by_the_worker(page, base_url + "/")
    cdp = page.context.new_cdp_session(page)

    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], f"Chromium's installability errors: {errors}"

    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == base_url + "/manifest.webmanifest"
    assert manifest["errors"] == [], manifest["errors"]
    data = json.loads(manifest["data"])
    assert data["name"] == "Belote bridgée · Marqueur"
    assert data["short_name"] == "Belote"
    parsed = manifest["manifest"]  # Chromium's reading of it
    assert parsed["name"] == "Belote bridgée · Marqueur"
    assert parsed["display"] == "kStandalone"
    assert parsed["startUrl"] == base_url + "/"
    assert parsed["scope"] == base_url + "/"
    assert parsed["id"] == base_url + "/"


def test_the_worker_controls_the_start_url_and_answers_its_navigations(installable_page, base_url):
    page = installable_page
    controlled_by_the_worker(page, base_url + "/")
    assert page.evaluate("() => navigator.serviceWorker.controller.scriptURL") == base_url + "/sw.js"
    assert page.evaluate("() => navigator.serviceWorker.ready.then(r => r.scope)") == base_url + "/"
    response = page.reload()  # its fetch handler answers the start URL's navigation
    assert response.ok and response.from_service_worker

    # A 144 px PNG icon or more, for any purpose, that loads (the installability rule).
    icons = page.evaluate(
        """() => fetch('/manifest.webmanifest').then(r => r.json()).then(m => Promise.all(
            m.icons.filter(i => i.type === 'image/png' && i.purpose.split(' ').includes('any'))
              .map(i => new Promise(done => {
                const image = new Image();
                image.onload = () => done([i.src, image.naturalWidth, image.naturalHeight]);
                image.onerror = () => done([i.src, 0, 0]);
                image.src = i.src;
              }))))"""
    )
    assert any(width >= 144 and height >= 144 for _, width, height in icons), icons


def test_the_check_does_find_a_manifest_that_will_not_do(installable_page, base_url):
    """The empty list above means something: a manifest for a browser tab is refused."""
    page = installable_page

    def tab_manifest(route):
        body = {
            "name": "x",
            "start_url": "/",
            "display": "browser",
            "icons": [{"src": "/static/icons/icon-192.png", "sizes": "192x192", "type": "image/png"}],
        }
        route.fulfill(status=200, content_type="application/manifest+json", body=json.dumps(body))

    page.context.route("**/manifest.webmanifest", tab_manifest)
    page.goto(base_url + "/")
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert {"errorId": "manifest-display-not-supported", "errorArguments": []} in errors, errors
