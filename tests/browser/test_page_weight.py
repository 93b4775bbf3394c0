"""What a phone downloads to open the sheet of a game near its end (issue 12: under 60 KB
uncompressed with every file it loads, the JSON API aside), and the deal form, and that nothing
comes from another host.

The sheet loads the scoring engine and the drawing of waiting saves (static/engine.js,
static/waiting.js) only when a save waits. The deal form scores every tap itself, so it carries the
engine from the start: it has a bound of its own, against growth (69.8 KB when the engine came
with issue 12; 84 KB after issue 13's checks of declarations no deal gives, +6 KB of engine, and
its own error summary and questions; 92 KB after issue 15's house rules, +3.4 KB of engine, and
issue 16's accessibility, +3.3 KB of labels, focus keeping and narrow-screen CSS). The sheet loads
the game's words (vocabulary.js) with the engine, only when a save waits, since issue 16.
Issue 23's outbox (every page's) checks that each answer is the API's (api_shape.js, 2.2 KB) and
numbers the deals kept after a 409: +7.2 KB on both pages, hence 70 KB for the sheet (68.0 KB then)
and 104 KB for the deal form (100.6 KB), until issue 23's own bounds (gzip, whole game) replace them.

Since issue 16 the sheet's JSON comes inside its page (data-sheet, which the sheet keeps on the
phone) rather than as a request of its own: still the JSON API's, and still aside.

The game: to 2000, 80 contracts taken in turn by each player (so each team in turn), melds or a
belote on some, one failed; fourteen hands, totals A 1,690 and B 1,960: B's next made contract
wins it. A game of 80s taken in turn lasts fifteen hands or so: this is its sheet before the last.
The sheet's HTML grows by about 1.5 KB a deal.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.browser.conftest import PHONE
from tests.browser.helpers import POINTS, hand

MAX_PAGE_BYTES = 70 * 1024
MAX_DEAL_FORM_BYTES = 104 * 1024
PLAYERS = ["Ana", "Bruno", "Chloé", "David"]


def a_game_near_its_end(client) -> tuple[str, dict]:
    sheet = client.post("/api/v1/games", json={"players": PLAYERS, "target": 2000}).get_json()
    game_id = sheet["id"]
    for index, points in enumerate(POINTS):
        response = client.post(f"/api/v1/games/{game_id}/hands", json=hand(index, points))
        assert response.status_code == 201, response.get_json()
        sheet = response.get_json()
        assert not sheet["finished"], f"won after hand {index + 1}: {sheet['totals']}"
    assert len(sheet["hands"]) == len(POINTS)
    assert any(not deal["made"] for deal in sheet["hands"])
    return game_id, sheet


def weigh(browser, url: str) -> tuple[dict[str, int], list[str], list[str]]:
    """Open url in a fresh phone (no cache, no service worker yet): the body size of each of the
    page's responses, every request the context saw, and those of them its service worker made."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        responses = []
        requests: list[str] = []
        worker: list[str] = []

        def seen(request):
            requests.append(request.url)
            if request.service_worker:
                worker.append(request.url)

        context.on("request", seen)
        page.on("response", lambda response: responses.append(response))  # bodies read once all is quiet
        page.goto(url)
        page.wait_for_load_state("networkidle")
        page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_load_state("networkidle")
        sizes = {response.url: len(response.body()) - embedded_json(response.body()) for response in responses}
        assert len(sizes) == len(responses), [response.url for response in responses]  # each file once
        return sizes, requests, worker
    finally:
        context.close()


def embedded_json(body: bytes) -> int:
    """The bytes of the API's JSON of the sheet that a sheet page carries (data-sheet)."""
    found = re.search(rb"data-sheet='([^']*)'", body)
    return len(found.group(1)) if found else 0


def report(
    what: str, sizes: dict[str, int], base_url: str, worker: list[str], static_folder: str, bound: int = MAX_PAGE_BYTES
) -> int:
    counted = {url: size for url, size in sizes.items() if url.startswith(base_url) and "/api/" not in url}
    total = sum(counted.values())
    lines = [f"{what}: {total:,} bytes ({total / 1024:.1f} KB) of {bound:,}"]
    lines += [f"  {size:>7,}  {url.removeprefix(base_url)}" for url, size in sorted(counted.items())]
    lines += [
        f"  ({size:>6,}  {url.removeprefix(base_url)}: not counted)"
        for url, size in sizes.items()
        if url not in counted
    ]
    # Told, not counted: on a first visit the service worker fetches besides every file of static/
    # (its install; their bytes as on disk) and the pages it keeps.
    files = [path for path in Path(static_folder).rglob("*") if path.is_file()]
    lines.append(
        f"  (besides, the service worker's first install: {len(worker)} requests; static/ is "
        f"{len(files)} files, {sum(path.stat().st_size for path in files):,} bytes)"
    )
    print("\n" + "\n".join(lines))
    return total


def only_the_app(requests: list[str], base_url: str) -> list[str]:
    return [url for url in requests if not (url.startswith(base_url + "/") or url.startswith("data:"))]


def test_the_sheet_of_a_game_near_its_end_weighs_under_its_bound(browser, app, client, base_url):
    game_id, sheet = a_game_near_its_end(client)
    sizes, requests, worker = weigh(browser, f"{base_url}/parties/{game_id}")
    what = f"sheet, {len(sheet['hands'])} deals, totals {sheet['totals']}"
    total = report(what, sizes, base_url, worker, app.static_folder)
    assert only_the_app(requests, base_url) == []
    assert f"{base_url}/parties/{game_id}" in sizes
    assert total < MAX_PAGE_BYTES, f"{total:,} bytes"


def test_the_deal_form_of_that_game_weighs_under_its_bound(browser, app, client, base_url):
    game_id, sheet = a_game_near_its_end(client)
    url = f"{base_url}/parties/{game_id}/donnes/nouvelle"
    sizes, requests, worker = weigh(browser, url)
    what = f"deal form, deal {len(sheet['hands']) + 1}"
    total = report(what, sizes, base_url, worker, app.static_folder, MAX_DEAL_FORM_BYTES)
    assert only_the_app(requests, base_url) == []
    assert url in sizes
    assert total < MAX_DEAL_FORM_BYTES, f"{total:,} bytes"
