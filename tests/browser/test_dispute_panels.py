"""The card counter and the meld checker as panels of a game's deal form (static/disputes.js), at
390×844 on a phone that never opened the tools pages, with the network cut once the form has loaded:
each opens in place, computes on the phone, and "Reporter dans la donne" fills the form, whose preview
then scores the reported points and melds. No request, no navigation of the main frame.

Worked on paper, ♥ trump:
- the counter: the defense's pile J♥ 20 + 9♥ 14 + A♠ 11 + J♠ 2 + 7♠ 8♠ 7♦ 8♦ 0, and the last
  trick 10: 57, so 105 for the takers. Bruno (Garçons, B) took 80: B 110 + 80 = 190, A 57 → 60.
- the meld checker: Filles' player holds 8♠ 9♠ 10♠ (tierce au 10) and R♥ D♥ (the belote);
  Garçons' player 8♥ 9♥ 10♥, a tierce au 10 in trump, which wins the tie: Garçons score their
  tierce, best_meld B. Ana (Filles, A) took 80 with 100 points: A 100 + 80 + belote 20 = 200,
  B 62 → 60 + tierce 20 = 80.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, SCREENSHOTS
from tests.browser.layout import small_tap_targets
from tests.browser.test_accessibility import violations
from tests.browser.test_meld_checker_back_to_deal import create_game

DEFENSE_PILE = ("JH", "9H", "AS", "JS", "7S", "8S", "7D", "8D")


def card(page, panel: str, code: str, deck: int = 0):
    """A card of the panel's deck (`deck`: 0 for the first, 1 for the second hand)."""
    return page.locator(f"#{panel} .dispute-deck").nth(deck).locator(f"[data-card='{code}']")


# Counts the panels put into the form (two listeners on a button would each open one, the second
# replacing the first).
ADDED_PANELS = """() => {
  window.addedPanels = 0;
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach((node) => {
    if (node.classList && node.classList.contains("dispute")) window.addedPanels++;
  }))).observe(document.getElementById("deal-form"), {childList: true, subtree: true});
}"""


def choose(page, fieldset: str, text: str) -> None:
    page.locator(f"#f-{fieldset} label", has_text=text).first.click()


@pytest.fixture
def offline_form(page, base_url):
    """The deal form of a new game, loaded, then the network cut; the main frame's navigations and
    every request after that are counted."""
    game_id = create_game(page, base_url)
    page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
    page.wait_for_load_state("networkidle")  # the form's modules are in (disputes.js among them)
    page.wait_for_selector("#count-link[aria-expanded]", state="attached")  # disputes.js has attached
    moves, asked = [], []
    page.on("framenavigated", lambda frame: frame == page.main_frame and moves.append(frame.url))
    page.on("request", lambda request: asked.append(request.url))
    page.context.set_offline(True)
    yield page, moves, asked
    page.context.set_offline(False)


def test_the_counter_counts_and_reports_offline(offline_form, screenshot):
    page, moves, asked = offline_form
    choose(page, "taker_player", "Bruno")
    choose(page, "contract", "80")
    page.locator("#f-mode label").nth(1).click()  # ♥
    page.locator("#f-points label", has_text="Défense").click()
    page.click("#count-link")

    panel = page.locator("#counter-panel")
    expect(panel.get_by_role("heading", name="Compter les plis")).to_be_focused()
    expect(panel.get_by_role("button", name="♥ cœur")).to_have_attribute("aria-pressed", "true")  # the form's
    expect(panel.get_by_role("button", name="Défense")).to_have_attribute("aria-pressed", "true")
    for code in DEFENSE_PILE:
        card(page, "counter-panel", code).click()
    panel.get_by_role("button", name="Ce tas a fait le dernier pli (dix de der, +10)").click()
    result = panel.locator(".dispute-count")
    expect(result).to_contain_text("Défense : 57 points · 8 cartes")
    expect(result).to_contain_text("Preneurs : 105 points · 24 cartes")
    expect(result).to_contain_text("♥ cœur · dix de der : Défense")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert small_tap_targets(page) == []
    screenshot(page, "deal-form-counter-panel")
    page.screenshot(path=str(SCREENSHOTS / "deal-form-counter-panel-in-view.png"))

    panel.get_by_role("button", name="Reporter dans la donne").click()
    expect(panel).to_have_count(0)
    expect(page.locator("#points")).to_have_value("57")
    expect(page.locator("#points")).to_be_focused()
    expect(page.locator("input[name=points_team][value=defense]")).to_be_checked()
    expect(page.locator("input[name=mode][value=hearts]")).to_be_checked()
    expect(page.locator("#other-points")).to_contain_text("Donc 105 pour les preneurs")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Contrat fait")
    expect(preview.locator("h2").nth(0)).to_contain_text("60")
    expect(preview.locator("h2").nth(1)).to_contain_text("190")
    assert moves == [] and asked == []


def test_the_meld_checker_checks_and_reports_offline(offline_form, screenshot):
    page, moves, asked = offline_form
    choose(page, "taker_player", "Ana")
    choose(page, "contract", "80")
    page.locator("#f-mode label").nth(0).click()  # ♠: the checker's trump is changed to ♥ below
    page.fill("#points", "100")
    page.click("text=Annonces et belote")
    page.locator("#f-melds-A .adder", has_text="Cent").click()  # an old meld the report replaces
    page.click("#check-melds")

    panel = page.locator("#melds-panel")
    expect(panel.get_by_role("heading", name="Vérifier les annonces")).to_be_focused()
    expect(panel.get_by_role("button", name="♠ pique")).to_have_attribute("aria-pressed", "true")
    panel.get_by_role("button", name="♥ cœur").click()
    expect(panel.locator(".dispute-legend", has_text="main d'un joueur").nth(0)).to_have_text(
        "Filles — main d'un joueur"
    )
    expect(panel.locator(".dispute-legend", has_text="main d'un joueur").nth(1)).to_have_text(
        "Garçons — main d'un joueur"
    )
    for code in ("8S", "9S", "10S", "KH", "QH"):
        card(page, "melds-panel", code).click()
    for code in ("8H", "9H", "10H"):
        card(page, "melds-panel", code, deck=1).click()
    card(page, "melds-panel", "8H").click(force=True)  # in Garçons' hand already: refused
    expect(card(page, "melds-panel", "8H")).to_have_attribute("aria-pressed", "false")
    expect(card(page, "melds-panel", "8H")).to_have_attribute("aria-disabled", "true")

    hands = panel.locator(".dispute-hand")
    expect(hands.nth(0)).to_contain_text("tierce au 10 8♠ 9♠ 10♠")
    expect(hands.nth(0)).to_contain_text("Annonces : 20")
    expect(hands.nth(0)).to_contain_text("Belote (20 de plus). 5 cartes sur 8.")
    expect(hands.nth(1)).to_contain_text("Pas de belote. 3 cartes sur 8.")
    verdict = panel.locator(".dispute-verdict")
    expect(verdict).to_contain_text(
        "Annonces marquées par Garçons — suites égales (tierce au 10) : celle à l'atout (♥ cœur) l'emporte."
    )
    for line in ("Filles : tierce, belote", "Garçons : tierce", "Meilleure annonce : Garçons"):
        expect(verdict).to_contain_text(line)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert small_tap_targets(page) == []
    verdict.scroll_into_view_if_needed()
    screenshot(page, "deal-form-meld-checker-panel")
    page.screenshot(path=str(SCREENSHOTS / "deal-form-meld-checker-panel-in-view.png"))

    panel.get_by_role("button", name="Reporter dans la donne").click()
    expect(panel).to_have_count(0)
    expect(page.locator("#check-melds")).to_be_focused()
    expect(page.locator("input[name=mode][value=hearts]")).to_be_checked()
    for field, value in (("melds_A_tierce", "1"), ("melds_B_tierce", "1"), ("melds_A_cent", "0")):
        expect(page.locator(f"#{field}")).to_have_value(value)
    expect(page.locator("#belote_A")).to_have_value("1")
    expect(page.locator("#belote_B")).to_have_value("0")
    expect(page.locator("input[name=best_meld][value='B']")).to_be_checked()
    expect(page.locator("#f-best_meld")).to_be_visible()
    chips = page.locator("#f-melds-A .chips")
    expect(chips).to_contain_text("Tierce")
    expect(chips).not_to_contain_text("Cent")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Contrat fait")
    expect(preview.locator("h2").nth(0)).to_contain_text("200")
    expect(preview.locator("h2").nth(1)).to_contain_text("80")
    assert moves == [] and asked == []


def test_closing_a_panel_changes_nothing_and_a_second_attach_adds_nothing(offline_form):
    page, moves, asked = offline_form
    choose(page, "contract", "80")
    page.evaluate("""import("/static/disputes.js").then((m) => m.attach(document.getElementById("deal-form")))""")
    page.evaluate(ADDED_PANELS)
    page.click("#count-link")
    expect(page.locator("#counter-panel")).to_have_count(1)
    assert page.evaluate("() => window.addedPanels") == 1  # a second listener would open a second one
    expect(page.locator("#count-link")).to_have_attribute("aria-expanded", "true")
    card(page, "counter-panel", "AS").click()
    page.locator("#counter-panel").get_by_role("button", name="Fermer").click()
    expect(page.locator("#counter-panel")).to_have_count(0)
    expect(page.locator("#count-link")).to_be_focused()
    expect(page.locator("#points")).to_have_value("")
    page.keyboard.press("Enter")  # the focused button opens it again; Escape closes it
    expect(page.locator(".dispute")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator(".dispute")).to_have_count(0)
    assert moves == [] and asked == []  # the import above: the module already loaded


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_open_panels_pass_axe_and_fit_360_px(browser, base_url, scheme):
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
    )
    page = context.new_page()
    try:
        game_id = create_game(page, base_url)
        page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
        page.wait_for_selector("#count-link[aria-expanded]", state="attached")  # disputes.js has attached
        page.locator("#f-mode label").nth(1).click()
        page.click("#count-link")
        for code in DEFENSE_PILE:
            card(page, "counter-panel", code).click()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert small_tap_targets(page) == []
        assert violations(page) == []
        page.screenshot(path=str(SCREENSHOTS / f"deal-form-counter-panel-360-{scheme}.png"))
        page.locator("#counter-panel").get_by_role("button", name="Fermer").click()
        page.click("text=Annonces et belote")
        page.click("#check-melds")
        for code in ("8S", "9S", "10S", "KH", "QH"):
            card(page, "melds-panel", code).click()
        card(page, "melds-panel", "8H", deck=1).click()
        page.screenshot(path=str(SCREENSHOTS / f"deal-form-meld-checker-panel-360-{scheme}.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert small_tap_targets(page) == []
        assert violations(page) == []
    finally:
        context.close()


def test_from_the_sheets_panel_offline_the_counter_reports_and_the_deal_is_drawn(page, base_url, screenshot):
    """The same counter opened from the deal panel of the sheet (static/deal_panel.js), offline:
    reported into the panel's form, saved, the row and its scores drawn at once (the defense's 57:
    Filles 60, Garçons 190, worked above), all in the sheet's page."""
    game_id = create_game(page, base_url)
    page.goto(f"{base_url}/parties/{game_id}")
    page.wait_for_load_state("networkidle")  # the sheet's modules are in (the panel's among them)
    moves, asked = [], []
    page.on("framenavigated", lambda frame: frame == page.main_frame and moves.append(frame.url))
    page.on("request", lambda request: asked.append(request.url))
    page.context.set_offline(True)
    try:
        page.click("#new-deal")
        page.locator("#deal-panel #count-link[aria-expanded]").wait_for(state="attached")
        choose(page, "taker_player", "Bruno")
        choose(page, "contract", "80")
        page.locator("#f-mode label").nth(1).click()  # ♥
        page.locator("#f-points label", has_text="Défense").click()
        page.click("#count-link")
        panel = page.locator("#counter-panel")
        expect(panel.get_by_role("heading", name="Compter les plis")).to_be_focused()
        for code in DEFENSE_PILE:
            card(page, "counter-panel", code).click()
        panel.get_by_role("button", name="Ce tas a fait le dernier pli (dix de der, +10)").click()
        expect(panel.locator(".dispute-count")).to_contain_text("Défense : 57 points · 8 cartes")
        screenshot(page, "sheet-panel-counter-offline")
        panel.get_by_role("button", name="Reporter dans la donne").click()
        expect(panel).to_have_count(0)
        expect(page.locator("#deal-panel #points")).to_have_value("57")
        expect(page.locator("#deal-panel #points")).to_be_focused()
        expect(page.locator("#save")).to_contain_text("Filles +60 · Garçons +190")
        page.click("#save")
        expect(page.locator("#deal-panel")).to_have_count(0)
        expect(page.locator("#donnes li.waiting")).to_have_count(1)
        expect(page.locator('[data-total="A"]')).to_contain_text("60")
        expect(page.locator('[data-total="B"]')).to_contain_text("190")
        # offline: kept on the phone, not "enregistrée" (issue 30)
        kept = "Donne 1 gardée sur ce téléphone, pas encore envoyée : Filles +60, Garçons +190."
        expect(page.locator("#sheet-status")).to_have_text(kept)
        expect(page.locator("#new-deal")).to_be_focused()
    finally:
        page.context.set_offline(False)
    assert moves == [], moves
    assert not [url for url in asked if "/outils/" in url], (
        asked
    )  # computed on the phone: the outbox's and polls' tries only
