"""The room's screen in headless Chromium at a TV's 1920×1080 and a projector's 1280×720: nothing
scrolls or spills out of the screen, a deal recorded on a table's phone shows on the screen within
3 s with no reload, the script's paint is the server's (static/concours_screen.js swaps in the board
the server draws, board.py), its pages turn by themselves, its clock runs out, it says
« hors ligne » when the server stops answering; and « Quelle table ? » at 390×844;
axe-core finds nothing on them (as tests/browser/test_accessibility.py on the other pages).

Screenshots: test-artifacts/screenshots/concours-screen-1920.png, -1280.png, -before-draw.png,
-final.png and concours-tables.png."""

from __future__ import annotations

import re
from contextlib import closing
from datetime import UTC, datetime, timedelta

from scorekeeper.store.db import connect
from tests.browser.test_accessibility import violations
from tests.browser.test_join_qr import listen
from tests.helpers import CONCOURS, api_concours, api_draw

SIZES = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]
HAND_170_70 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # docs/scoring.md example 1
NAMES = ["Les As de Trèfle", "Les Rois du Comptoir", "Les Dames de Cœur", "Les Valets"]
FITS = (
    "() => document.scrollingElement.scrollHeight <= innerHeight && document.scrollingElement.scrollWidth <= innerWidth"
)
# Every line of the lists inside the screen: none hidden under another or cut off by its panel.
LINES_INSIDE = (
    "() => [...document.querySelectorAll('.table, .rank, .teams li, .join, .bar')].every(e => {"
    " const box = e.getBoundingClientRect();"
    " return box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5; })"
)


def teams(count: int) -> list[str]:
    return [NAMES[n % len(NAMES)] + (f" {n // len(NAMES) + 1}" if n >= len(NAMES) else "") for n in range(count)]


def open_screen(browser, base_url: str, concours_id: str, size: dict, query: str = "", scripts: bool = True):
    context = browser.new_context(viewport=size, device_scale_factor=1, java_script_enabled=scripts)
    page = context.new_page()
    problems = listen(page) if scripts else []
    page.goto(f"{base_url}/concours/{concours_id}/ecran{query}")
    if scripts:
        page.wait_for_function("() => Number(document.body.dataset.painted) >= 1")  # the script's first paint
    return context, page, problems


def test_the_screen_follows_the_tables_fits_both_sizes_and_paints_as_the_server(browser, base_url, client, screenshot):
    concours = api_draw(client, api_concours(client, teams(41), end={"deals": 12}, time_limit=45)["id"])
    first = concours["rounds"][0]["tables"][0]
    for size in SIZES:
        context, page, problems = open_screen(browser, base_url, concours["id"], size, "?page=1")
        assert page.evaluate(FITS), size
        assert page.evaluate(LINES_INSIDE), size
        assert page.locator(".table").count() == 16 and page.locator(".rank").count() == 12
        total = page.locator(".table").first.locator(".total")
        before = total.all_inner_texts()
        page.evaluate("window.notReloaded = true")
        response = client.post(f"/api/v1/games/{first['game']}/hands", json=HAND_170_70)
        assert response.status_code == 201
        page.wait_for_function(
            "(before) => document.querySelector('.table .total').textContent !== before", arg=before[0], timeout=3000
        )
        assert page.evaluate("window.notReloaded === true")
        assert total.all_inner_texts() != before
        assert page.locator(".table").first.locator(".status").inner_text() in ("donne 2 sur 12", "donne 3 sur 12")
        assert page.evaluate(FITS) and page.evaluate(LINES_INSIDE), size
        screenshot(page, f"concours-screen-{size['width']}")
        assert violations(page) == []
        assert not problems, problems
        context.close()

    # The script's paint is the server's, page by page (page 2: tables 17 to 20, the ranking's second page).
    shown = {}
    for scripts in (False, True):
        context, page, _ = open_screen(browser, base_url, concours["id"], SIZES[1], "?page=2", scripts)
        shown[scripts] = [page.locator(selector).inner_text() for selector in ("#heading", "#main", "#ranking")]
        context.close()
    assert shown[True] == shown[False]
    assert "Table" not in shown[True][1] or "17" in shown[True][1]


def test_a_ranking_by_wins_paints_as_the_server_a_draw_counted_half(browser, base_url, client):
    concours = api_concours(client, teams(4), end={"deals": 4}, ranking="wins")
    table = api_draw(client, concours["id"])["rounds"][0]["tables"][0]
    for taker in "ABAB":  # 170 to 70 and back, twice: 480 to 480 after the 4 deals, a draw
        hand = {**HAND_170_70, "taker": taker}
        assert client.post(f"/api/v1/games/{table['game']}/hands", json=hand).status_code == 201
    shown = {}
    for scripts in (False, True):
        context, page, _ = open_screen(browser, base_url, concours["id"], SIZES[0], "", scripts)
        shown[scripts] = page.locator("#ranking").inner_text()
        context.close()
    assert shown[True] == shown[False]
    # Table 1 drawn, table 2 not started: 0 to 0, a draw as it stands (provisional): ½ win each.
    assert shown[True].count("0½ v.") == 4 and "provisoire" in shown[True]


def test_past_the_time_limit_the_clock_says_so(browser, base_url, app, client):
    concours = api_draw(client, api_concours(client, teams(4), time_limit=45)["id"])
    with closing(connect(app.config["DATABASE"])) as db:  # drawn two hours ago (a stored input, moved back)
        db.execute("update concours_rounds set drawn_at = ?", [(datetime.now(UTC) - timedelta(hours=2)).isoformat()])
        db.conn.commit()
    for scripts in (False, True):
        context, page, _ = open_screen(browser, base_url, concours["id"], SIZES[1], "", scripts)
        if scripts:
            page.wait_for_timeout(1100)  # a tick of the script's own clock
        assert re.fullmatch(r"depuis (1 h 59|2 h 00)", page.locator("#elapsed").inner_text())
        left = page.locator("#left")
        assert left.inner_text() == "temps écoulé" and "out" in left.get_attribute("class")
        context.close()


def test_the_pages_turn_by_themselves(browser, base_url, client):
    concours = api_draw(client, api_concours(client, teams(40))["id"])  # 20 tables: two pages
    context, page, problems = open_screen(browser, base_url, concours["id"], SIZES[1])
    pager = page.locator("#main .pager")
    seen = pager.inner_text()
    page.evaluate("window.notReloaded = true")
    page.wait_for_function(
        "(seen) => document.querySelector('#main .pager').textContent !== seen", arg=seen, timeout=17000
    )
    assert {seen, pager.inner_text()} == {"page 1 sur 2", "page 2 sur 2"}
    assert page.evaluate("window.notReloaded === true")
    assert not problems, problems
    context.close()


def test_before_the_draw_and_after_the_last_partie(browser, base_url, client, screenshot):
    concours = api_concours(client, teams(24), parties=1)
    for size in SIZES:
        context, page, _ = open_screen(browser, base_url, concours["id"], size)
        assert page.locator(".teams li").count() == 24
        assert page.evaluate(FITS) and page.evaluate(LINES_INSIDE), size
        if size["width"] == 1920:
            screenshot(page, "concours-screen-before-draw")
            assert violations(page) == []
        context.close()
    drawn = api_draw(client, concours["id"])
    assert client.post(f"{CONCOURS}/{concours['id']}/rounds/1/close", json={}).status_code == 200
    context, page, _ = open_screen(browser, base_url, drawn["id"], SIZES[0], "?page=1")
    assert page.locator("#heading").inner_text() == "Classement final"
    assert page.locator(".ranks.final .rank").count() == 16
    assert page.evaluate(FITS) and page.evaluate(LINES_INSIDE)
    screenshot(page, "concours-screen-final")
    assert violations(page) == []
    context.close()


def test_which_table_on_a_phone(page, base_url, client, screenshot):
    concours = api_draw(client, api_concours(client, teams(9))["id"])
    page.goto(f"{base_url}/concours/{concours['id']}/tables")
    links = page.locator(".table-links a")
    assert links.count() == 4
    assert all(box["height"] >= 48 for box in (links.nth(n).bounding_box() for n in range(4)))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "concours-tables")
    assert violations(page) == []
    links.first.click()
    page.wait_for_url(f"**/parties/{concours['rounds'][0]['tables'][0]['game']}")


def test_with_the_server_out_of_reach_the_screen_says_so_then_follows_again(browser, base_url, client):
    concours = api_draw(client, api_concours(client, teams(4))["id"])
    context, page, _ = open_screen(browser, base_url, concours["id"], SIZES[1], "", True)
    page.route("**/ecran/tableau*", lambda route: route.abort())  # the board the script asks for
    page.wait_for_function("() => document.body.classList.contains('stale')", timeout=15000)
    assert page.locator(".table").count() == 2  # what it showed stays
    page.unroute("**/ecran/tableau*")
    page.wait_for_function("() => !document.body.classList.contains('stale')", timeout=5000)
    context.close()
