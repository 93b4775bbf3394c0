"""The deal form through an evening's mishaps (issue 13), in Chromium at 390×844, with and without
JavaScript: counting the pile keeps what was entered, "Tous les plis" with points typed is refused,
a refusal says why at the top of the screen, and after a save the sheet shows the totals, who deals
next and the new deal.

Scores worked on paper from docs/scoring.md (rounding to the nearest ten):
- the pile: Ana (A) takes 100 ♥ coinché; A's pile is J♥ 20 + 9♥ 14 + A♠ 11 + 10♠ 10 + A♦ 11
  + 10♦ 10 + K♣ 4 + J♣ 2 + the last trick 10 = 92. A declared a cinquante, B holds the belote:
  92 + 50 = 142 ≥ 100 and more than 70 + 20: made, coinché: A 90 + 100 × 2 + 50 = 340, B keeps
  70 + 20 = 90. Without the cinquante it would fail (92 < 100): A 0, B 160 + 200 + 20 = 380.
"""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, SCREENSHOTS
from tests.browser.helpers import POINTS, hand

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
PILE = ("JH", "9H", "AS", "10S", "AD", "10D", "KC", "JC")  # 82, and the last trick: 92


def api(base_url: str, path: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(
        base_url + path,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json"},
        method="POST" if body is not None else "GET",
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def new_game(base_url: str) -> str:
    return api(base_url, "/api/v1/games", {"players": PLAYERS})["id"]


@pytest.fixture
def no_js(browser):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, java_script_enabled=False
    )
    yield context.new_page()
    context.close()


def screen(page, name: str) -> None:
    """What the player sees, the screen only (the `screenshot` fixture takes the whole page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def choose(page, fieldset: str, text: str) -> None:
    page.locator(f"#f-{fieldset} label", has_text=text).first.click()


def count_the_pile(page) -> None:
    """On the counter: tap the pile's cards and the last trick, then "Reporter dans la donne"."""
    page.wait_for_url("**/outils/compter**")
    for code in PILE:
        page.locator(f"#deck-cards input[value='{code}']").locator("xpath=..").click()
    page.get_by_text("Ce tas a fait le dernier pli").click()
    page.get_by_role("button", name="Compter").click()  # without JavaScript; with it, a recount
    expect(page.locator("#count-result")).to_contain_text("92 points")
    page.get_by_role("link", name="Reporter dans la donne").click()
    page.wait_for_url("**/donnes/nouvelle**")


def count_the_pile_in_the_panel(page) -> None:
    """With JavaScript the counter is a panel over the form (static/disputes.js): the same taps, then
    "Reporter dans la donne" fills the form in place."""
    panel = page.locator("#counter-panel")
    for code in PILE:
        panel.locator(f"[data-card='{code}']").click()
    panel.get_by_role("button", name=re.compile("Ce tas a fait le dernier pli")).click()
    expect(panel.locator(".dispute-count")).to_contain_text("92 points")
    panel.get_by_role("button", name="Reporter dans la donne").click()
    expect(panel).to_have_count(0)


def assert_the_form_is_as_left(page) -> None:
    assert page.locator("input[name=taker_player][value='0']").is_checked()
    assert page.locator("input[name=contract][value='100']").is_checked()
    assert page.locator("input[name=mode][value=hearts]").is_checked()
    assert page.locator("input[name=coinche][value=coinche]").is_checked()
    assert page.locator("input[name=points_team][value=takers]").is_checked()
    assert page.locator("#points").input_value() == "92"
    assert page.locator("#melds_A_cinquante").input_value() == "1"
    assert page.locator("#belote_B").input_value() == "1"
    assert page.locator("#melds_A_tierce").input_value() == ""  # none: empty (issue 30)


def test_counting_the_pile_keeps_the_melds_and_belote_entered(page, base_url, screenshot):
    game_id = new_game(base_url)
    page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
    choose(page, "taker_player", "Ana")
    choose(page, "contract", "100")
    choose(page, "mode", "♥")
    choose(page, "coinche", "Coinche")
    page.click("text=Annonces et belote")
    page.locator("#f-melds-A .adder", has_text="Cinquante").click()
    page.locator("#f-melds-B .adder", has_text="Belote").click()
    page.wait_for_selector("#count-link[aria-expanded]", state="attached")  # static/disputes.js is in
    page.click("#count-link")
    count_the_pile_in_the_panel(page)

    assert_the_form_is_as_left(page)
    expect(page.locator(".chips").first).to_contain_text("Cinquante")
    expect(page.locator("#preview")).to_contain_text("340")
    screenshot(page, "deal-form-back-from-the-counter")
    page.click("#save")
    page.wait_for_url(re.compile(rf".*/parties/{game_id}(#.*)?$"))
    page.locator('[data-total="A"]', has_text=re.compile(r"^\s*340\s*$")).wait_for()
    assert api(base_url, f"/api/v1/games/{game_id}")["totals"] == {"A": 340, "B": 90}


def test_counting_the_pile_keeps_the_melds_and_belote_entered_without_javascript(no_js, base_url, screenshot):
    page = no_js
    game_id = new_game(base_url)
    page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
    choose(page, "taker_player", "Ana")
    choose(page, "contract", "100")
    choose(page, "mode", "♥")
    choose(page, "coinche", "Coinche")
    page.click("text=Annonces et belote")
    page.fill("#melds_A_cinquante", "1")
    page.fill("#belote_B", "1")
    page.click("#count-link")
    count_the_pile(page)

    assert_the_form_is_as_left(page)
    screenshot(page, "deal-form-back-from-the-counter-no-js")
    page.click("#save")
    page.wait_for_url(re.compile(rf".*/parties/{game_id}(#.*)?$"))
    assert api(base_url, f"/api/v1/games/{game_id}")["totals"] == {"A": 340, "B": 90}


def open_deal_form(page, base_url: str, game_id: str, in_the_panel: bool = False) -> None:
    """The deal form's own page, or the sheet's panel (static/deal_panel.js), Ana's 80 ♥ chosen."""
    if in_the_panel:
        page.goto(f"{base_url}/parties/{game_id}")
        page.click("#new-deal")
        page.locator("#deal-panel #deal-form").wait_for()
    else:
        page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
    choose(page, "taker_player", "Ana")
    choose(page, "contract", "80")
    choose(page, "mode", "♥")


def assert_refused_at_the_top(page, message: str, field: str) -> None:
    """The one summary (role=alert) in view at the top, the message next to its field, the focus on it."""
    summary = page.locator("#problems")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text(message)
    assert page.locator("[role=alert]").count() == 1
    box = summary.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    words = page.inner_text("body")
    assert "taker_points" not in words and "« melds »" not in words
    assert words.count(message) == 2  # the summary, and next to the field
    focused = page.evaluate("() => document.activeElement.id")
    assert focused == field
    focus_box = page.locator(f"#{field}").bounding_box()
    bar = page.locator(".savebar").bounding_box()
    assert focus_box["y"] >= box["y"] + box["height"] - 1 and focus_box["y"] + focus_box["height"] <= bar["y"]


@pytest.mark.parametrize("way", ["panel", "js", "no-js"])
def test_all_the_tricks_with_100_points_is_refused_where_it_shows(page, no_js, base_url, screenshot, way):
    phone = no_js if way == "no-js" else page
    game_id = new_game(base_url)
    open_deal_form(phone, base_url, game_id, in_the_panel=way == "panel")
    phone.fill("#points", "100")
    phone.locator("label.check", has_text="Tous les plis").click()
    phone.click("#save")
    message = "« Points faits » doit valoir 162 quand les preneurs ont fait tous les plis."
    assert_refused_at_the_top(phone, message, "points")
    screen(phone, f"deal-form-refused-{way}")
    assert api(base_url, f"/api/v1/games/{game_id}")["hands"] == []


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_points_out_of_range_are_refused_once_at_the_top(page, no_js, base_url, screenshot, script):
    phone = page if script else no_js
    game_id = new_game(base_url)
    open_deal_form(phone, base_url, game_id)
    phone.fill("#points", "163")
    phone.click("#save")
    message = "Entre 0 et 162 points." if not script else "« Points faits » doit être"
    expect(phone.locator("#problems")).to_contain_text(message)
    assert phone.locator("[role=alert]").count() == 1
    assert "taker_points" not in phone.inner_text("body")
    assert phone.evaluate("() => document.activeElement.id") == "points"
    screen(phone, f"deal-form-163-{'js' if script else 'no-js'}")
    assert api(base_url, f"/api/v1/games/{game_id}")["hands"] == []


def test_a_missing_taker_is_said_and_focused(page, base_url):
    game_id = new_game(base_url)
    page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
    choose(page, "contract", "80")
    choose(page, "mode", "♥")
    page.fill("#points", "92")
    page.click("#save")
    expect(page.locator("#problems")).to_contain_text("Touchez le joueur qui a pris.")
    assert page.evaluate("() => document.activeElement.id") == "taker_player-0"
    choose(page, "taker_player", "Ana")  # fixed: the summary goes, the save goes through
    expect(page.locator("#problems")).to_be_hidden()
    page.click("#save")
    page.wait_for_url(re.compile(rf".*/parties/{game_id}(#enregistree-1)?$"))  # deal_page.js: once landed
    assert api(base_url, f"/api/v1/games/{game_id}")["totals"] == {"A": 170, "B": 70}


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_162_without_all_the_tricks_asks_and_one_tap_ticks_it(page, no_js, base_url, screenshot, script):
    """Ana takes 80 ♥ and her team makes 162: asked "tous les plis ?", yes: a capot made, 250 + 80
    = 330 for A (docs/scoring.md: all the tricks), 0 for B."""
    phone = page if script else no_js
    game_id = new_game(base_url)
    open_deal_form(phone, base_url, game_id)
    phone.fill("#points", "162")
    if not script:
        phone.click("#calc")
    question = phone.locator("#capot-question")
    expect(question).to_be_visible()
    expect(question).to_contain_text("162 points : tous les plis ?")
    screen(phone, f"deal-form-162-asks-{'js' if script else 'no-js'}")
    phone.click("#capot-yes")
    expect(phone.locator("#all_tricks")).to_be_checked()
    expect(question).to_be_hidden()
    expect(phone.locator("#preview")).to_contain_text("330")
    phone.click("#save")
    phone.wait_for_url(re.compile(rf".*/parties/{game_id}(#.*)?$"))
    assert api(base_url, f"/api/v1/games/{game_id}")["totals"] == {"A": 330, "B": 0}


def a_long_game(base_url: str) -> str:
    """The fourteen deals of test_page_weight's game to 2000 (totals 1690 / 1960): the fifteenth
    is entered through the form."""
    game_id = api(base_url, "/api/v1/games", {"players": PLAYERS, "target": 2000})["id"]
    for index, points in enumerate(POINTS):
        api(base_url, f"/api/v1/games/{game_id}/hands", hand(index, points))
    return game_id


# With JavaScript the deal is entered in the sheet's panel ("panel") or on the deal form's own page
# ("page", which goes back to the sheet once the save landed); without it, through the pages.
@pytest.mark.parametrize("way", ["panel", "page", "no-js"])
def test_after_a_save_the_sheet_shows_totals_dealer_and_the_new_deal(page, no_js, base_url, screenshot, way):
    phone = no_js if way == "no-js" else page
    game_id = a_long_game(base_url)
    before = api(base_url, f"/api/v1/games/{game_id}")["totals"]
    if way == "panel":
        phone.goto(f"{base_url}/parties/{game_id}")
        phone.click("#new-deal")
        phone.locator("#deal-panel #deal-form").wait_for()
    else:
        phone.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
    choose(phone, "taker_player", "Chloé")  # A: 80 ♠ with 152: A 150 + 80 = 230, B 10
    choose(phone, "contract", "80")
    choose(phone, "mode", "♠")
    phone.fill("#points", "152")
    phone.click("#save")
    if way == "panel":
        phone.locator("#deal-panel").wait_for(state="detached")
        assert phone.url == f"{base_url}/parties/{game_id}"  # saved in place
    else:
        # No anchor that scrolls: the page's (#enregistree-15 names no element) or none.
        phone.wait_for_url(re.compile(rf".*/parties/{game_id}(#enregistree-15)?$"))
    line = phone.locator("p.flash", has_text="Donne 15 enregistrée")
    expect(line).to_contain_text("Donne 15 enregistrée : Nous +230, Eux +10.")
    assert phone.evaluate("() => window.scrollY") == 0
    for seen in (line, phone.locator('[data-total="A"]'), phone.locator(".dealer")):
        box = seen.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], seen
    assert phone.locator('[data-total="A"]').inner_text().strip() == str(before["A"] + 230)
    screen(phone, f"sheet-after-save-{way}")


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_a_declaration_no_deal_gives_is_refused_naming_the_clash(page, no_js, base_url, script):
    """Item 4 as the player meets it: Nous declare the carré de valets, Eux a cent; every cent holds
    a jack and the four jacks are in the carré. Refused in words, nothing saved: without JavaScript at
    the form's top; with it, the check being the server's alone (issue 30), as a refused save on the
    sheet with the server's sentence."""
    phone = page if script else no_js
    game_id = new_game(base_url)
    open_deal_form(phone, base_url, game_id)
    phone.fill("#points", "100")
    phone.click("text=Annonces et belote")
    if script:
        phone.locator("#f-melds-A .adder", has_text="Carré V").click()
        phone.locator("#f-melds-B .adder", has_text="Cent").click()
    else:
        phone.fill("#melds_A_carre_J", "1")
        phone.fill("#melds_B_cent", "1")
    phone.click("#save")
    clash = "un carré de valets et un cent ne peuvent pas être annoncés ensemble"
    if script:
        expect(phone.locator(".waiting-box .notice.held")).to_contain_text(
            f"refusée par le serveur. « melds » : {clash}"
        )
    else:
        expect(phone.locator("#problems")).to_contain_text(clash)
        assert "« melds »" not in phone.inner_text("body")
    assert api(base_url, f"/api/v1/games/{game_id}")["hands"] == []
