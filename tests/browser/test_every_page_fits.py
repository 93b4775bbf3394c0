"""Every page at 360 px, the narrowest phone the table uses (issue #13, item 12), and at 320 px
(issue #16): nothing scrolls sideways (`scrollWidth <= 360`) and every tap target is at least
44 × 44 px, by the rule written in tests/browser/layout.py (links inside a sentence exempt, as
WCAG 2.5.8 allows).

The pages the table plays on, the new game, the sheet and the deal form, also with a phone's text
at 200 % (issue #16, WCAG 1.4.4 and 1.4.10): a 390 × 844 phone zoomed twice lays the same CSS out
on 195 × 422 px. Nothing there reaches past the screen's sides, nor cuts its own text (a points
field too narrow for its number, a team's name cut short), and the tap targets stay 44 px.

The database holds an evening with a finished game and a game in progress with deals of every
kind (layout.seed_archive); each page is shown in the state that has the most to tap: the deal
form with its meld chips and its preview, the counter with cards chosen, an evening's edit form
open, the login page when a password is set."""

from __future__ import annotations

import pytest
from werkzeug.security import generate_password_hash

from tests.browser.helpers import PAGES
from tests.browser.layout import clipped, off_screen, scroll_width, seed_archive, small_tap_targets, too_wide

NARROW = {"width": 360, "height": 800}
SMALLEST = {"width": 320, "height": 640}
TEXT_200 = {"width": 195, "height": 422}  # 390 × 844 at 200 %
PASSWORD = "belote-du-jeudi"


@pytest.fixture
def seeded(app):
    return seed_archive(app)


def check(page, name, width=NARROW["width"]):
    assert scroll_width(page) <= width, (name, too_wide(page))
    assert small_tap_targets(page) == [], name


@pytest.mark.parametrize("screen", [NARROW, SMALLEST], ids=["360", "320"])
@pytest.mark.parametrize(("name", "path", "action"), PAGES, ids=[name for name, _, _ in PAGES])
def test_the_page_fits_360_and_320_px_with_big_tap_targets(page, base_url, seeded, name, path, action, screen):
    page.set_viewport_size(screen)
    response = page.goto(base_url + path.format(**seeded))
    assert response.ok, (name, response.status)
    if action:
        action(page)
    check(page, name, screen["width"])


AT_THE_TABLE = [page for page in PAGES if page[0] in {"new-game", "sheet", "sheet-finished", "deal-form", "deal-edit"}]


@pytest.mark.parametrize(("name", "path", "action"), AT_THE_TABLE, ids=[name for name, _, _ in AT_THE_TABLE])
def test_the_pages_at_the_table_stay_whole_with_the_text_at_200_percent(
    page, base_url, seeded, screenshot, name, path, action
):
    page.set_viewport_size(TEXT_200)
    page.goto(base_url + path.format(**seeded))
    if action:
        action(page)
    assert off_screen(page, TEXT_200["width"]) == [], name
    assert clipped(page) == [], name
    check(page, name, TEXT_200["width"])
    if name in {"sheet", "deal-form"}:
        screenshot(page, f"text-200-{name}")


def test_the_login_page_and_the_top_bar_with_a_password(app, page, base_url, seeded):
    app.config["TABLE_PASSWORD_HASH"] = generate_password_hash(PASSWORD, method="pbkdf2:sha256:1000")
    page.set_viewport_size(NARROW)
    page.goto(f"{base_url}/parties/{seeded['live']}")
    check(page, "sheet, locked")  # with "Connexion" in the top bar
    page.goto(base_url + "/connexion")
    page.fill("input[type=password]", "pas le bon")
    page.click("text=Entrer")
    page.locator(".error, .flash-error").first.wait_for()  # the page with its error
    check(page, "login, refused")
    page.fill("input[type=password]", PASSWORD)
    page.click("text=Entrer")
    page.wait_for_load_state()
    page.goto(base_url + "/soirees")
    check(page, "evenings, entered")  # with "Sortir" in the top bar


def test_the_archive_pills_stay_on_one_line_at_360_px(page, base_url, seeded):
    page.set_viewport_size(NARROW)
    page.goto(base_url + "/soirees")
    tops = page.evaluate("() => Array.from(document.querySelectorAll('.archive-nav a')).map(a => a.offsetTop)")
    assert len(tops) == 3 and len(set(tops)) == 1, tops
