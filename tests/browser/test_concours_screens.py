"""The organiser's pages in Chromium (issue 25): each at a phone's size (390×844) with nothing wider
than the screen, screenshots to look at; the table slips printed, two tables to an A4 page (a PDF,
and a print-media screenshot at 1754×1240, a landscape A4 page at 150 dpi); and the organiser's page
following a table's phone by itself (static/concours.js), its totals put in as text."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import SCREENSHOTS
from tests.browser.helpers import wait_until
from tests.browser.layout import off_screen
from tests.browser.test_accessibility import phone, violations
from tests.browser.test_every_page_fits import TEXT_200
from tests.helpers import fixed_draws

TEAMS = [
    ("Les As", "Ana", "Alain"),
    ("Les Rois", "Rémi", "Rose"),
    ("Les Dames", "Dora", "Diane"),
    ("Les Valets", "Vic", "Val"),
    ("Les Cinq de la rue Jean-Baptiste-Pigalle", "Eve", "Éric"),
    ("Les Six", "Sam", "Sue"),
    ("Les Sept", "Théo", "Tom"),
    ("Les Huit", "Hugo", "Hélène"),
    ("Les Neuf", "Nina", "Noé"),
]
HAND_170_70 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # docs/scoring.md example 1
A4_AT_150_DPI = {"width": 1123, "height": 794}, 1754 / 1123  # CSS pixels of a landscape A4, and the scale to 1754 px


@pytest.fixture
def concours(app, monkeypatch):
    """Nine teams, 4 parties in 12 deals, partie 1 drawn: table 1 has played a deal, table 2's slip
    is typed, team 9 rests."""
    order = fixed_draws(monkeypatch)
    client = app.test_client()
    body = {
        "name": "Concours du vendredi",
        "parties": 4,
        "end": {"deals": 12},
        "time_limit": 45,
        "teams": [{"name": name, "players": [one, two]} for name, one, two in TEAMS],
    }
    concours_id = client.post("/api/v1/concours", json=body).get_json()["id"]
    order(list(range(1, 10)))
    tables = client.post(f"/api/v1/concours/{concours_id}/rounds", json={}).get_json()["rounds"][0]["tables"]
    client.post(f"/api/v1/games/{tables[0]['game']}/hands", json=HAND_170_70)
    client.put(f"/api/v1/concours/{concours_id}/rounds/1/tables/2/slip", json={"totals": {"A": 1030, "B": 720}})
    return {"id": concours_id, "client": client, "tables": tables}


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_organiser_pages_fit_a_phone(page, base_url, screenshot, concours):
    concours_id = concours["id"]
    page.goto(base_url + "/concours")
    fits(page)
    screenshot(page, "concours-list")

    page.goto(base_url + "/concours/nouveau")
    fits(page)
    screenshot(page, "concours-new")
    page.fill("#name", "")
    page.fill("#teams", "Les As : Ana\nLes Rois : Rémi, Rose")
    page.locator("button[type=submit]").last.click()
    assert "le concours a besoin d'un nom" in page.locator("p.error").first.inner_text()
    assert page.input_value("#teams") == "Les As : Ana\nLes Rois : Rémi, Rose"
    fits(page)
    screenshot(page, "concours-new-refused")

    page.goto(f"{base_url}/concours/{concours_id}")
    assert page.locator("h1").inner_text() == "Concours du vendredi"
    fits(page)
    screenshot(page, "concours-organiser")
    page.locator("#table-p1-t3 .slip summary").click()
    page.fill("#p1-t3-b", "720")  # A's left empty
    page.locator("#table-p1-t3 button[type=submit]").click()
    assert page.locator("#table-p1-t3 p.error").first.inner_text() == (
        "« Les Cinq de la rue Jean-Baptiste-Pigalle » : donnez un nombre de 0 à 10000."
    )
    assert page.input_value("#p1-t3-b") == "720"
    fits(page)
    screenshot(page, "concours-organiser-slip-refused")

    page.goto(f"{base_url}/concours/{concours_id}/parties/1/arreter")
    fits(page)
    screenshot(page, "concours-close")
    page.goto(f"{base_url}/concours/{concours_id}/classement")
    fits(page)
    screenshot(page, "concours-ranking")
    page.goto(f"{base_url}/parties/{concours['tables'][0]['game']}")
    assert page.locator(".concours-line").inner_text() == "Concours « Concours du vendredi » · Partie 1 · Table 1"
    screenshot(page, "concours-table-sheet")


def test_the_slips_print_two_tables_to_an_a4_page(browser, base_url, concours):
    viewport, scale = A4_AT_150_DPI
    context = browser.new_context(viewport=viewport, device_scale_factor=scale)
    page = context.new_page()
    page.goto(f"{base_url}/concours/{concours['id']}/parties/1/imprimer")
    assert page.locator(".slip-sheet").count() == 4
    assert page.locator(".slip-sheet svg").count() == 4
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pdf = page.pdf(path=str(SCREENSHOTS / "concours-slips.pdf"), format="A4", prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 2  # four tables, two to a page
    page.emulate_media(media="print")
    page.screenshot(path=str(SCREENSHOTS / "concours-slips-print.png"), full_page=False)
    # The first page's two slips side by side within its 210 mm (the slips of 12 deals print two to a
    # landscape page: tests/browser/test_concours_slips.py), the third starts the next page.
    tops = page.evaluate("[...document.querySelectorAll('.slip-sheet')].map(e => e.getBoundingClientRect().bottom)")
    assert tops[1] <= viewport["height"] + 1, tops
    assert tops[2] > viewport["height"], tops
    context.close()


def test_the_organiser_page_follows_a_table_by_itself(page, base_url, concours):
    page.goto(f"{base_url}/concours/{concours['id']}")
    total = page.locator('#table-p1-t3 [data-total="A"]')
    assert total.inner_text() == "0"
    game = concours["tables"][2]["game"]
    assert concours["client"].post(f"/api/v1/games/{game}/hands", json=HAND_170_70).status_code == 201
    wait_until(page, "() => document.querySelector('#table-p1-t3 [data-total=\"A\"]').textContent === '170'", 15)
    assert page.locator('#table-p1-t3 [data-total="B"]').inner_text() == "70"
    assert page.locator("#refresh").inner_text() == "Nouveaux résultats : rafraîchir"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_organiser_pages_pass_axe(browser, base_url, concours, scheme):
    """WCAG 2.1 AA (issue 16), as tests/browser/test_accessibility.py checks every other page."""
    context = phone(browser, scheme)
    page = context.new_page()
    concours_id = concours["id"]
    seen = {}
    for path in (
        "/concours",
        "/concours/nouveau",
        f"/concours/{concours_id}",
        f"/concours/{concours_id}/parties/1/arreter",
        f"/concours/{concours_id}/parties/1/imprimer",
        f"/concours/{concours_id}/classement",
    ):
        page.goto(base_url + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        seen[path] = violations(page)
    page.goto(f"{base_url}/concours/nouveau")
    page.fill("#name", "")
    page.locator("button[type=submit]").last.click()
    seen["refused"] = violations(page)
    context.close()
    assert all(found == [] for found in seen.values()), seen


def test_the_organiser_pages_stay_whole_with_the_text_at_200_percent(page, base_url, concours):
    """A phone's text at 200 % (390 × 844 laid out as 195 × 422, tests/browser/test_every_page_fits.py):
    nothing reaches past the screen's sides but what scrolls in its own focusable box (the ranking)."""
    page.set_viewport_size(TEXT_200)
    concours_id = concours["id"]
    for path in ("/concours", "/concours/nouveau", f"/concours/{concours_id}", f"/concours/{concours_id}/classement"):
        page.goto(base_url + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        boxes = page.evaluate(
            "() => [...document.querySelectorAll('.ranking-scroll')]"
            ".map(e => [e.getBoundingClientRect().right, e.tabIndex])"
        )
        assert all(right <= TEXT_200["width"] + 0.5 and tab == 0 for right, tab in boxes), boxes
        page.evaluate("() => document.querySelectorAll('.ranking-scroll').forEach(e => e.remove())")
        outside = off_screen(page, TEXT_200["width"])
        assert outside == [], (path, outside)
