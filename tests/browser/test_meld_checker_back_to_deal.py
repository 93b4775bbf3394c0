"""The meld checker opened from a game's deal form at 390×844: the game's team names on the page,
and "Reporter dans la donne" back to the deal form with the melds filled.

Worked on paper, ♥ trump: Filles' player holds 8♠ 9♠ 10♠ (tierce au 10) and K♥ D♥ (the belote);
Garçons' player 8♥ 9♥ 10♥, a tierce au 10 too, in trump: equal sequences, the one in trump wins,
so Garçons score their melds and the deal form's "best meld" call is Garçons (B).
"""

from __future__ import annotations

from urllib.parse import quote

from playwright.sync_api import expect

from tests.browser.conftest import PHONE


def tap_card(page, deck: str, code: str) -> None:
    page.locator(f"#deck-{deck} input[value='{code}']").locator("xpath=..").tap()


def create_game(page, base_url) -> str:
    page.goto(base_url + "/parties/nouvelle")
    page.fill("#team_a", "Filles")
    page.fill("#team_b", "Garçons")
    for index, name in enumerate(["Ana", "Bruno", "Chloé", "David"]):
        page.fill(f"#player_{index}", name)
    page.click("text=Commencer la partie")
    page.wait_for_url("**/parties/*")
    return page.url.rsplit("/", 1)[-1]


def checker_url(game_id: str, state: str) -> str:
    back = f"/parties/{game_id}/donnes/nouvelle?{state}"
    return f"/outils/annonces?team_a=Filles&team_b={quote('Garçons')}&mode=hearts&return={quote(back, safe='')}"


def pick_the_hands(page) -> None:
    for code in ("8S", "9S", "10S", "KH", "QH"):
        tap_card(page, "a", code)
    for code in ("8H", "9H", "10H"):
        tap_card(page, "b", code)


def expect_the_melds_filled(page) -> None:
    expect(page.locator("input[name=contract][value='80']")).to_be_checked()
    expect(page.locator("input[name=taker_player][value='0']")).to_be_checked()
    expect(page.locator("input[name=mode][value='hearts']")).to_be_checked()
    expect(page.locator("#melds_A_tierce")).to_have_value("1")
    expect(page.locator("#melds_B_tierce")).to_have_value("1")
    expect(page.locator("#melds_A_cent")).to_have_value("")  # the deal's old meld is replaced: none, empty
    expect(page.locator("#belote_A")).to_have_value("1")
    expect(page.locator("#belote_B")).to_have_value("")
    expect(page.locator("input[name=best_meld][value='B']")).to_be_checked()


def test_checking_the_melds_of_a_deal(page, base_url, screenshot):
    game_id = create_game(page, base_url)
    page.goto(base_url + checker_url(game_id, "contract=80&taker_player=0&mode=spades&points=100&melds_A_cent=1"))
    expect(page.locator("input[name=mode][value='hearts']")).to_be_checked()  # the deal's mode
    expect(page.locator("#deck-a legend")).to_have_text("Filles — main d'un joueur")
    expect(page.locator("#deck-b legend")).to_have_text("Garçons — main d'un joueur (facultatif)")

    pick_the_hands(page)
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text(
        "Annonces marquées par Garçons — suites égales (tierce au 10) : celle à l'atout (♥ cœur) l'emporte."
    )
    expect(verdict).to_contain_text("Filles : tierce, belote")
    expect(verdict).to_contain_text("Garçons : tierce")
    expect(verdict).to_contain_text("Meilleure annonce : Garçons")
    report = page.get_by_role("link", name="Reporter dans la donne")
    expect(report).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert report.bounding_box()["height"] >= 44
    report.scroll_into_view_if_needed()
    screenshot(page, "tools-melds-for-a-deal")

    report.tap()
    page.wait_for_url(f"**/parties/{game_id}/donnes/nouvelle?**")
    expect_the_melds_filled(page)
    expect(page.locator("#points")).to_have_value("100")
    expect(page.locator("#preview")).to_contain_text("Contrat fait")
    screenshot(page, "deal-form-after-melds")


def test_the_report_without_javascript(browser, base_url, screenshot):
    context = browser.new_context(
        viewport=PHONE, java_script_enabled=False, is_mobile=True, has_touch=True, device_scale_factor=2
    )
    page = context.new_page()
    try:
        game_id = create_game(page, base_url)
        page.goto(base_url + checker_url(game_id, "contract=80&taker_player=0&melds_A_cent=1"))
        pick_the_hands(page)
        page.get_by_role("button", name="Vérifier").tap()
        expect(page.locator("#verdict")).to_contain_text("Annonces marquées par Garçons")
        page.get_by_role("link", name="Reporter dans la donne").tap()
        page.wait_for_url(f"**/parties/{game_id}/donnes/nouvelle?**")
        expect_the_melds_filled(page)
        screenshot(page, "deal-form-after-melds-no-js")
    finally:
        context.close()


def test_the_deal_form_opens_the_checker_and_gets_its_verdict_back(browser, base_url, screenshot):
    """From the deal form itself, without JavaScript (with it, the checker is a panel of the form:
    tests/browser/test_dispute_panels.py): "Vérifier les annonces avec les cartes" sends the whole
    form (the game's team names with it) to the checker, whose verdict comes back into the same form."""
    context = browser.new_context(
        viewport=PHONE, java_script_enabled=False, is_mobile=True, has_touch=True, device_scale_factor=2
    )
    page = context.new_page()
    try:
        game_id = create_game(page, base_url)
        page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
        page.locator("#f-taker_player label", has_text="Ana").click()
        page.locator("#f-contract label", has_text="80").first.click()
        page.locator("#f-mode label").nth(1).click()  # ♥
        page.fill("#points", "100")
        page.click("text=Annonces et belote")
        page.click("#check-melds")
        page.wait_for_url("**/outils/annonces?*")
        expect(page.locator("#deck-a legend")).to_have_text("Filles — main d'un joueur")
        expect(page.locator("input[name=mode][value='hearts']")).to_be_checked()
        pick_the_hands(page)
        page.get_by_role("button", name="Vérifier").tap()
        page.get_by_role("link", name="Reporter dans la donne").click()
        page.wait_for_url(f"**/parties/{game_id}/donnes/nouvelle?*")
        expect_the_melds_filled(page)
        expect(page.locator("#points")).to_have_value("100")
        screenshot(page, "deal-form-back-from-the-meld-checker")
    finally:
        context.close()
