"""The home page renders at phone size, with nothing wider than the screen."""

from __future__ import annotations


def test_home_page_fits_a_phone(page, base_url, screenshot):
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(base_url + "/")
    assert page.locator("h1").inner_text().startswith("Marqueur")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "home")
    assert all(url.startswith(base_url) for url in requests), requests
