"""A mêlée night in Chromium (issue 32, item 5; CONCOURS.md, "The mêlée"): ten players registered
on the new-concours form at a phone's size, partie 1 drawn and played on paper, partie 2 drawn;
a player finds their table on « Quelle table ? » on a 390×844 phone by typing part of their name;
the room's screen at 1920×1080 and 1280×720 names every side's two players whole; the slips print.

Screenshots (test-artifacts/screenshots/, and copied under MELEE_SHOTS when it is set): melee-form,
melee-organiser, melee-tables, melee-tables-found, melee-screen-1920, melee-screen-1280,
melee-slips (PDF and PNG), melee-ranking."""

from __future__ import annotations

import os
import shutil
import subprocess

from tests.browser.conftest import SCREENSHOTS
from tests.browser.test_accessibility import violations
from tests.browser.test_concours_screen_live import FITS, LINES_INSIDE, SIZES, open_screen
from tests.browser.test_concours_screen_names import CUT_NAMES
from tests.browser.test_concours_slips import inside, slips_on, words_of
from tests.helpers import fixed_draws

# Ten players, two of them with long names: their ends must show on the screen and the slips.
PLAYERS = [
    "Ana",
    "Bruno",
    "Chloé",
    "David",
    "Emma",
    "Fabien",
    "Gaëlle",
    "Hugo",
    "Marie-Christine de La Tour-Saint-Ygest",
    "Jean-Baptiste Vandenbroucke-Lefebvre",
]


def keep(path) -> None:
    """A copy of a screenshot where the person running the night asked (MELEE_SHOTS), outside the checkout."""
    if os.environ.get("MELEE_SHOTS"):
        shutil.copy(path, os.environ["MELEE_SHOTS"])


def test_a_melee_night_on_phones_and_on_the_room_screen(browser, page, base_url, app, monkeypatch, screenshot):
    draws = fixed_draws(monkeypatch)

    # The organiser creates the mêlée on a phone: « Mêlée », then the players one a line.
    page.goto(f"{base_url}/concours/nouveau")
    page.fill("#name", "Mêlée du jeudi")
    page.locator("label.tap", has_text="Mêlée (joueurs seuls)").click()
    assert page.locator("#teams-card").is_hidden() and page.locator("#players-card").is_visible()
    page.fill("#parties", "3")
    page.locator("label.tap", has_text="en 1000 points").click()
    page.fill("#players", "\n".join(PLAYERS))
    keep(screenshot(page, "melee-form"))
    assert violations(page) == []
    page.locator("button", has_text="Créer le concours").click()
    page.wait_for_url("**/concours/*")
    concours_id = page.url.rsplit("/", 1)[1]
    assert page.locator("#joueurs li").count() == 10

    # Partie 1, in the order 1 to 10: 9 and 10 rest (the last of those who rested least); partners
    # top down 1–2, 3–4, 5–6, 7–8; table 1 is Ana et Bruno against Chloé et David.
    draws(list(range(1, 11)))
    page.locator("#draw").click()
    first = page.locator("#table-p1-t1").inner_text()
    assert "Ana et Bruno" in first and "Chloé et David" in first
    assert "Exempts : Marie-Christine de La Tour-Saint-Ygest, Jean-Baptiste Vandenbroucke-Lefebvre" in (
        page.locator("#partie-1 .bye").inner_text()
    )
    keep(screenshot(page, "melee-organiser"))
    assert violations(page) == []

    # Partie 1 played on paper: both tables' slips typed, the partie closes by itself.
    client = app.test_client()
    for table, totals in ((1, {"A": 1020, "B": 640}), (2, {"A": 820, "B": 1010})):
        slip = f"/api/v1/concours/{concours_id}/rounds/1/tables/{table}/slip"
        assert client.put(slip, json={"totals": totals}).status_code == 200

    # Partie 2, order 10, 9, …, 1: two of those who have not rested rest (the last ones: 2 and 1).
    draws(list(range(10, 0, -1)))
    assert client.post(f"/api/v1/concours/{concours_id}/rounds", json={}).status_code == 201
    partie_2 = client.get(f"/api/v1/concours/{concours_id}").get_json()["rounds"][1]
    assert sorted(partie_2["rests"]) == [1, 2]
    seated = {number: table for table in partie_2["tables"] for side in table["teams"] for number in side}

    # A player finds their table on « Quelle table ? » on a phone, typing part of their name.
    page.goto(f"{base_url}/concours/{concours_id}/tables")
    assert page.locator(".player-seats li").count() == 10
    assert page.locator(".seat-name").all_inner_texts() == sorted(PLAYERS, key=lambda name: name.replace("é", "e"))
    keep(screenshot(page, "melee-tables"))
    assert violations(page) == []
    page.fill("#q", "vandenb")
    page.locator("button", has_text="Chercher").click()
    found = page.locator(".player-seats li")
    assert found.count() == 1
    line = found.inner_text()
    table = seated[10]
    assert f"Table {table['table']}" in line and "Jean-Baptiste Vandenbroucke-Lefebvre" in line
    keep(screenshot(page, "melee-tables-found"))
    found.locator("a").click()
    page.wait_for_url(f"**/parties/{table['game']}")
    assert f"Partie 2 · Table {table['table']}" in page.locator(".concours-line").inner_text()

    # The room's screen names every side's two players whole, at both sizes.
    for size in SIZES:
        context, screen, problems = open_screen(browser, base_url, concours_id, size)
        keep(screenshot(screen, f"melee-screen-{size['width']}"))
        assert screen.evaluate(CUT_NAMES) == [], size
        assert screen.evaluate(FITS) and screen.evaluate(LINES_INSIDE), size
        assert screen.locator(".table").count() == 2
        assert screen.locator("#rests").inner_text() in ("Exempts : Ana, Bruno", "Exempts : Bruno, Ana")
        assert sorted(screen.locator("#main .table .team-name").all_inner_texts()) == sorted(PLAYERS[2:])
        assert violations(screen) == []
        assert not problems, problems
        context.close()

    # The slips of partie 2, as Chromium prints them, turned into images to look at.
    printing = browser.new_context()
    slips = printing.new_page()
    slips.goto(f"{base_url}/concours/{concours_id}/parties/2/imprimer")
    assert slips.locator(".slip-sheet").count() == 2
    assert (
        "Jean-Baptiste Vandenbroucke-Lefebvre"
        in slips.locator(".slip-sheet").all_inner_texts()[0] + (slips.locator(".slip-sheet").all_inner_texts()[1])
    )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    slips.pdf(path=str(SCREENSHOTS / "melee-slips.pdf"), format="A4", prefer_css_page_size=True)
    printing.close()
    if shutil.which("pdftoppm"):
        pdf, images = SCREENSHOTS / "melee-slips.pdf", SCREENSHOTS / "melee-slips"
        subprocess.run(["pdftoppm", "-r", "60", "-png", str(pdf), str(images)], check=True, timeout=60)
        for image in SCREENSHOTS.glob("melee-slips*.png"):
            keep(image)

    page.goto(f"{base_url}/concours/{concours_id}/classement")
    assert page.locator("table.ranking tbody tr").count() == 10
    keep(screenshot(page, "melee-ranking"))


def long_names(count: int) -> list[str]:
    """`count` players' names of 30 to 40 characters, told apart at their end."""
    stems = ["Marie-Christine de La Tour-Saint", "Jean-Baptiste Vandenbroucke", "Anne-Sophie Lefebvre-Dumont"]
    return [f"{stems[n % 3]} {n + 1:02d}"[:40] for n in range(count)]


def test_a_full_room_of_long_names_fits_the_screen_whole(browser, base_url, app, monkeypatch, screenshot):
    """Thirty players of long names: before the draw the players registered, then seven tables and
    two resting, every name whole at both sizes."""
    client = app.test_client()
    names = long_names(30)
    body = {"name": "Grande mêlée du Foyer rural", "parties": 3, "format": "melee"}
    body["players"] = [{"name": name} for name in names]
    concours_id = client.post("/api/v1/concours", json=body).get_json()["id"]
    for size in SIZES:
        context, screen, _ = open_screen(browser, base_url, concours_id, size)
        keep(screenshot(screen, f"melee-screen-registered-{size['width']}"))
        assert screen.evaluate(CUT_NAMES) == [], size
        assert screen.evaluate(FITS) and screen.evaluate(LINES_INSIDE), size
        assert "Joueurs inscrits" in screen.locator("#main .panel-title").inner_text()
        context.close()
    fixed_draws(monkeypatch)(list(range(1, 31)))
    assert client.post(f"/api/v1/concours/{concours_id}/rounds", json={}).status_code == 201
    for size in SIZES:
        context, screen, _ = open_screen(browser, base_url, concours_id, size, "?page=1")
        keep(screenshot(screen, f"melee-screen-full-{size['width']}"))
        assert screen.evaluate(CUT_NAMES) == [], size
        assert screen.evaluate(FITS) and screen.evaluate(LINES_INSIDE), size
        assert screen.locator(".table").count() == 7
        shown = screen.locator("#main .team-name:visible").all_inner_texts()
        assert sorted(shown) == sorted(names)  # 28 at the tables, 2 resting: every one whole
        context.close()


def test_a_melee_slip_with_four_names_of_forty_characters_prints_whole(browser, base_url, app, monkeypatch):
    """Two to an A4 page in 2000 points (20 rows, the tightest): each side's two longest names wrap
    in the slip's head, and every row, « Final » and both signatures stay on the page (as D1's test
    of a team concours's slips, tests/browser/test_concours_slips.py)."""
    client = app.test_client()
    names = [f"{stem} {'x' * (39 - len(stem))}" for stem in ("Marie-Christine", "Jean-Baptiste", "Anne-Sophie")]
    names += [f"Joueur {n}" for n in range(4, 9)]
    body = {"name": "Mêlée du jeudi", "parties": 2, "format": "melee", "end": {"points": 2000}}
    body["players"] = [{"name": name} for name in names]
    concours_id = client.post("/api/v1/concours", json=body).get_json()["id"]
    fixed_draws(monkeypatch)(list(range(1, 9)))  # table 1: players 1, 2 against 3, 4
    assert client.post(f"/api/v1/concours/{concours_id}/rounds", json={}).status_code == 201
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base_url}/concours/{concours_id}/parties/1/imprimer")
    pdf = page.pdf(path=str(SCREENSHOTS / "melee-slips-long.pdf"), format="A4", prefer_css_page_size=True)
    context.close()
    (width, height, words), *others = words_of(pdf)
    assert others == []  # two slips, one page
    for slip in slips_on(height, words):
        assert [n for _, n in slip["numbers"]] == list(range(1, 21))
        assert len(slip["final"]) == 1 and len(slip["signatures"]) == 2
        assert all(inside(word, width, height) for word in slip["final"] + slip["signatures"])
    assert sum(word[4] == "Marie-Christine" for word in words) >= 2  # in the head and at a signature
