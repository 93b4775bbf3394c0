"""Cheap revisits on a poor connection (issue 16), in Chromium: a sheet another phone changed is
fetched once, in one answer (the API's JSON of the sheet, issue 30); while nothing changes, its
refresh costs a 304; a revisit takes the static files from the cache, asking nothing.

Requests are counted with page.on("request"); no time is measured (bench/slow_line.py does).
"""

from __future__ import annotations

import json
import re
import urllib.request

from tests.browser.conftest import PHONE

HAND = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}


def record(base_url: str, game_id: str) -> None:
    """Another phone records a hand, through the API."""
    request = urllib.request.Request(
        f"{base_url}/api/v1/games/{game_id}/hands",
        data=json.dumps(HAND).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request) as response:
        assert response.status == 201


def test_a_sheet_another_phone_changed_is_fetched_once_in_one_answer(page, client, base_url):
    game_id = client.post("/api/v1/games", json={"players": ["Ana", "Bruno", "Chloé", "David"]}).get_json()["id"]
    page.goto(f"{base_url}/parties/{game_id}")
    page.wait_for_load_state("networkidle")
    seen: list[tuple[str, str]] = []
    answers: list[int] = []
    page.on("request", lambda request: seen.append((request.method, request.url.removeprefix(base_url))))
    page.on("response", lambda response: answers.append(response.status))

    # Nothing changed: the refresh asks with the ETag of the sheet's revision (0), and is answered
    # 304, no body.
    with page.expect_response(lambda response: response.url.endswith(f"/api/v1/games/{game_id}")) as polled:
        pass
    assert polled.value.status == 304
    assert polled.value.request.headers["if-none-match"] == f'W/"{game_id}-0"'

    seen.clear()
    answers.clear()
    record(base_url, game_id)
    page.locator('[data-total="A"]', has_text=re.compile(r"^\s*170\s*$")).wait_for(timeout=10_000)
    assert seen == [("GET", f"/api/v1/games/{game_id}")], seen  # the sheet alone, no page, no second fetch
    assert answers == [200]
    # The JSON came along, kept on the phone for the sheet as it will be (static/outbox.js).
    kept = page.evaluate(f"() => JSON.parse(localStorage.getItem('belote.sheets'))['{game_id}'].sheet")
    assert kept["totals"] == {"A": 170, "B": 70} and len(kept["hands"]) == 1


def test_a_revisit_asks_for_the_page_alone(browser, client, base_url):
    """The static files, at versioned addresses kept a year, come from the cache without a request,
    and the unchanged page costs a 304's headers (no service worker: the table's phones on plain
    HTTP have none). What crossed the network, from the page's own timing entries."""
    game_id = client.post("/api/v1/games", json={}).get_json()["id"]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block")
    try:
        page = context.new_page()
        url = f"{base_url}/parties/{game_id}"
        page.goto(url)
        page.wait_for_load_state("networkidle")
        first = page.evaluate("() => performance.getEntriesByType('navigation')[0].transferSize")
        page.goto(base_url + "/")
        page.goto(url)
        page.wait_for_load_state("load")
        document, files = page.evaluate(
            """() => [performance.getEntriesByType('navigation')[0].transferSize,
                      performance.getEntriesByType('resource').filter(e => e.name.includes('/static/'))
                        .map(e => [e.name, e.transferSize])]"""
        )
        assert files and all("?v=" in name and size == 0 for name, size in files), files
        assert 0 < document < 1000 < first  # a 304: its headers, not the page
    finally:
        context.close()
