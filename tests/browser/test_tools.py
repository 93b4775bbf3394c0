"""The card counter and the meld checker on a phone (390×844, and 360 wide): tap cards, read the answer."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect


def watch_requests(page, base_url) -> list[str]:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    return requests


def tap_card(page, deck: str, code: str) -> None:
    page.locator(f"#deck-{deck} input[value='{code}']").locator("xpath=..").tap()


def test_counting_a_pile_by_tapping(page, base_url, screenshot):
    requests = watch_requests(page, base_url)
    page.goto(base_url + "/outils/compter")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "tools-counter-empty")

    page.get_by_text("♥ cœur").tap()
    result = page.locator("#count-result")
    for code in ("JH", "9H", "AS", "JS", "7S", "8S", "7D", "8D"):
        tap_card(page, "cards", code)
    expect(result).to_contain_text("Équipe A : 47 points")
    expect(result).to_contain_text("8 cartes")
    expect(result).to_contain_text("Équipe B : 115 points")
    page.get_by_text("Ce tas a fait le dernier pli").tap()
    expect(result).to_contain_text("Équipe A : 57 points")
    expect(result).to_contain_text("Équipe B : 105 points")
    expect(result).to_contain_text("24 cartes")

    tap_card(page, "cards", "JH")  # untapped: 20 points less
    expect(result).to_contain_text("Équipe A : 37 points")
    assert page.locator("#deck-cards input:checked").count() == 7
    assert "compter=1" in page.url and "cards=9H" in page.url  # a reload keeps the pile
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "tools-counter-pile")
    assert all(url.startswith(base_url) for url in requests), requests


def test_the_counter_without_javascript(browser, base_url, screenshot):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        java_script_enabled=False,
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    page = context.new_page()
    try:
        page.goto(base_url + "/outils/compter?mode=spades&team=B&return=/parties/x/donnes/nouvelle")
        for code in ("JS", "9S", "AS"):
            tap_card(page, "cards", code)
        page.get_by_role("button", name="Compter").tap()
        result = page.locator("#count-result")
        expect(result).to_contain_text("Équipe B : 45 points")
        expect(page.get_by_role("link", name="Reporter dans la donne")).to_have_attribute(
            "href", "/parties/x/donnes/nouvelle?points=45&team=B"
        )
        screenshot(page, "tools-counter-no-js")
    finally:
        context.close()


@pytest.mark.parametrize("width", [360, 390])
def test_the_32_cards_fit_the_screen(page, base_url, screenshot, width):
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(base_url + "/outils/compter?mode=hearts")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    boxes = page.locator("#deck-cards .pc").evaluate_all(
        "cards => cards.map(card => { const box = card.getBoundingClientRect();"
        " return [box.left, box.right, box.width, box.height]; })"
    )
    assert len(boxes) == 32
    assert min(left for left, _, _, _ in boxes) >= 0
    assert max(right for _, right, _, _ in boxes) <= width
    assert min(box_width for _, _, box_width, _ in boxes) >= 44  # tap targets
    assert min(height for _, _, _, height in boxes) >= 44
    screenshot(page, f"tools-counter-{width}")


def test_checking_two_hands(page, base_url, screenshot):
    requests = watch_requests(page, base_url)
    page.goto(base_url + "/outils/annonces")
    page.get_by_text("♥ cœur").tap()
    for code in ("8S", "9S", "10S", "AD"):
        tap_card(page, "a", code)
    result_a = page.locator("#result-a")
    expect(result_a).to_contain_text("tierce au 10 8♠ 9♠ 10♠")
    expect(result_a).to_contain_text("Annonces : 20")
    expect(result_a).to_contain_text("Pas de belote.")

    for code in ("8H", "9H", "10H", "KH", "QH"):
        tap_card(page, "b", code)
    expect(page.locator("#result-b")).to_contain_text("Belote (20 de plus).")
    expect(page.locator("#verdict")).to_contain_text(
        "L'équipe B marque ses annonces — suites égales (tierce au 10) : celle à l'atout (♥ cœur) l'emporte."
    )
    # A card in one hand cannot be tapped in the other.
    assert page.locator("#deck-b input[value='8S']").is_disabled()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "tools-melds")
    assert all(url.startswith(base_url) for url in requests), requests


def test_a_hand_stops_at_eight_cards(page, base_url):
    page.goto(base_url + "/outils/annonces?mode=clubs")
    for code in ("JS", "JH", "JD", "JC", "7S", "8S", "9S", "10S"):
        tap_card(page, "a", code)
    expect(page.locator("#result-a")).to_contain_text("carré de valets")
    expect(page.locator("#result-a")).to_contain_text("cinquante au 10 7♠ 8♠ 9♠ 10♠")
    expect(page.locator("#result-a")).to_contain_text("Annonces : 250")
    assert page.locator("#deck-a input[value='AS']").is_disabled()
    assert not page.locator("#deck-a input[value='JS']").is_disabled()
