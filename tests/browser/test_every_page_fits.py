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
open, the login page when a password is set. The sheet app's states (issue #23), reached by tapping
on the sheet: its deal panel with chips and the preview, a deal's edit in it, the counter and the meld checker opened
from the panel, a save waiting, another phone's deal first (the notice), the server down (#net-status)."""

from __future__ import annotations

import pytest
from werkzeug.security import generate_password_hash

from tests.browser.helpers import PAGES, deal_form_with_chips_and_preview, sheet_with_a_waiting_save
from tests.browser.layout import clipped, off_screen, scroll_width, seed_archive, small_tap_targets, too_wide

NARROW = {"width": 360, "height": 800}
SMALLEST = {"width": 320, "height": 640}
TEXT_200 = {"width": 195, "height": 422}  # 390 × 844 at 200 %
PASSWORD = "belote-du-jeudi"


# The sheet app's own states (issue #23): what the sheet shows in place, with its script, each
# reached by tapping from the sheet of the game in progress: (name, reach(page, base_url, ids, client)).
DEFENSE_PILE = ("JH", "9H", "AS", "JS", "7S", "8S", "7D", "8D")


def open_the_panel(page, base_url, ids):
    page.goto(f"{base_url}/parties/{ids['live']}")
    page.click("#new-deal")
    page.locator("#deal-panel #f-melds-A button.adder").first.wait_for(state="attached")  # deal_form.js has run


def panel_with_chips_and_preview(page, base_url, ids, client):
    open_the_panel(page, base_url, ids)
    deal_form_with_chips_and_preview(page)


def panel_counter(page, base_url, ids, client):
    open_the_panel(page, base_url, ids)
    page.locator("#f-mode label").nth(1).click()  # ♥
    page.click("#count-link")
    for code in DEFENSE_PILE:
        page.locator(f"#counter-panel .dispute-deck [data-card='{code}']").click()
    page.locator("#counter-panel .dispute-count").wait_for()


def panel_meld_checker(page, base_url, ids, client):
    open_the_panel(page, base_url, ids)
    page.locator("#f-mode label").nth(1).click()  # ♥
    page.click("#deal-panel details.extras summary")
    page.click("#check-melds")
    decks = page.locator("#melds-panel .dispute-deck")
    for code in ("8S", "9S", "10S", "KH", "QH"):
        decks.nth(0).locator(f"[data-card='{code}']").click()
    for code in ("8H", "9H", "10H"):
        decks.nth(1).locator(f"[data-card='{code}']").click()
    page.locator("#melds-panel .dispute-verdict").wait_for()


def panel_editing_a_deal(page, base_url, ids, client):
    """Deal 2 (a surcoinche, melds) opened for an edit from its row's "Modifier", filled."""
    page.goto(f"{base_url}/parties/{ids['live']}")
    page.locator('#donnes details[data-deal="2"] summary').click()
    page.locator('#donnes details[data-deal="2"] a.edit-deal').click()
    page.locator("#panel-title", has_text="Modifier la donne 2").wait_for()
    page.locator("#deal-panel .chip").first.wait_for(state="attached")  # its melds drawn as chips
    page.evaluate("() => { document.querySelector('#deal-panel details.extras').open = true; }")


def a_save_waiting(page, base_url, ids, client):
    """A redeal kept on the phone, its POST refused by the network: the waiting row open (its
    "Abandonner"), the network line saying once that the saves will leave."""
    sheet_with_a_waiting_save(page, base_url, ids["live"])
    page.evaluate("() => document.querySelectorAll('#donnes li.waiting details').forEach(d => d.open = true)")
    line = page.locator("#net-status", has_text="Serveur injoignable")
    line.wait_for()
    assert line.inner_text().count("partiront") == 1, line.inner_text()


def another_phones_deal_first(page, base_url, ids, client):
    """The deal entered in the panel while another phone records one under the same number: the
    outbox's 409 is held for the player, in the waiting row's notice."""
    open_the_panel(page, base_url, ids)
    number = int(page.inner_text("#panel-title").rsplit(" ", 1)[-1])
    page.locator("#f-taker_player label", has_text="Ana").click()
    page.locator("#f-contract label", has_text="100").first.click()
    page.locator("#f-mode label").nth(1).click()  # ♥
    page.fill("#points", "110")
    body = {"taker": "B", "taker_player": 1, "contract": 80, "mode": "spades", "taker_points": 90, "number": number}
    assert client.post(f"/api/v1/games/{ids['live']}/hands", json=body).status_code == 201
    page.click("#save")
    page.locator(".waiting-box .notice.held").wait_for()
    # The notice says the deal was not recorded; the confirmation of the save no longer says it was.
    assert not page.locator("#sheet-status", has_text="enregistrée").is_visible()


def server_down(page, base_url, ids, client):
    page.goto(f"{base_url}/parties/{ids['live']}")
    page.locator("#sheet-status").wait_for(state="attached")  # static/sheet_app.js has drawn the sheet
    page.route("**/*", lambda route: route.abort("connectionfailed"))
    page.locator("#net-status", has_text="Serveur injoignable").wait_for()  # the next poll finds nobody


SHEET_APP = [
    ("sheet-deal-panel", panel_with_chips_and_preview),
    ("sheet-panel-counter", panel_counter),
    ("sheet-panel-meld-checker", panel_meld_checker),
    ("sheet-panel-edit", panel_editing_a_deal),
    ("sheet-save-waiting", a_save_waiting),
    ("sheet-another-phones-deal", another_phones_deal_first),
    ("sheet-server-down", server_down),
]


# A button whose words reach past its own edges (its box visible, the text over the border).
TEXT_PAST_ITS_BUTTON = """() => Array.from(document.querySelectorAll('button, a.button'))
    .filter(b => b.getClientRects().length && b.scrollWidth > b.clientWidth + 1)
    .map(b => b.textContent.trim() + ' ' + b.clientWidth + ' < ' + b.scrollWidth)"""


@pytest.fixture
def seeded(app):
    return seed_archive(app)


def check(page, name, width=NARROW["width"]):
    assert scroll_width(page) <= width, (name, too_wide(page))
    assert small_tap_targets(page) == [], name
    assert page.evaluate(TEXT_PAST_ITS_BUTTON) == [], name


@pytest.mark.parametrize("screen", [NARROW, SMALLEST], ids=["360", "320"])
@pytest.mark.parametrize(("name", "path", "action"), PAGES, ids=[name for name, _, _ in PAGES])
def test_the_page_fits_360_and_320_px_with_big_tap_targets(page, base_url, seeded, name, path, action, screen):
    page.set_viewport_size(screen)
    response = page.goto(base_url + path.format(**seeded))
    assert response.ok, (name, response.status)
    if action:
        action(page)
    check(page, name, screen["width"])


@pytest.mark.parametrize("screen", [NARROW, SMALLEST], ids=["360", "320"])
@pytest.mark.parametrize(("name", "reach"), SHEET_APP, ids=[name for name, _ in SHEET_APP])
def test_the_sheet_apps_states_fit_360_and_320_px_with_big_tap_targets(
    page, base_url, client, seeded, screenshot, name, reach, screen
):
    page.set_viewport_size(screen)
    reach(page, base_url, seeded, client)
    check(page, name, screen["width"])
    screenshot(page, f"{name}-{screen['width']}")


AT_THE_TABLE = [
    page
    for page in PAGES
    if page[0] in {"new-game", "sheet", "sheet-finished", "sheet-deals", "sheet-stopped", "deal-form", "deal-edit"}
]


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


def test_the_sheets_deal_panel_stays_whole_with_the_text_at_200_percent(page, base_url, client, seeded, screenshot):
    page.set_viewport_size(TEXT_200)
    panel_with_chips_and_preview(page, base_url, seeded, client)
    assert off_screen(page, TEXT_200["width"]) == []
    assert clipped(page) == []
    check(page, "sheet's deal panel", TEXT_200["width"])
    screenshot(page, "text-200-sheet-deal-panel")
