"""Two phones on one game, in two browser contexts at 390×844 (issue 11): both open "Nouvelle
donne" for deal 1 and enter it; the second to save is told what the first recorded, and chooses.

Scores from SCORING.md's example 1: A takes 80 ♥ with 92 points: 170 / 70. With 100 points:
A 100 + 80 = 180, B 62 → 60.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser


def new_phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    return context, context.new_page()


def enter_hand(page, points: str) -> None:
    page.locator("#f-taker_player label", has_text="Chloé").click()
    page.locator("#f-contract label", has_text="80").first.click()
    page.locator("#f-mode label").nth(1).click()  # ♥
    page.fill("#points", points)


def totals(page) -> tuple[int, int]:
    return int(page.locator('[data-total="A"]').inner_text()), int(page.locator('[data-total="B"]').inner_text())


def test_the_second_phone_to_save_deal_1_is_asked_and_records_nothing_unless_it_says_so(
    browser, base_url, client, screenshot
):
    game_id = client.post("/api/v1/games", json={"players": ["Ana", "Bruno", "Chloé", "David"]}).get_json()["id"]
    (context_a, phone_a), (context_b, phone_b) = new_phone(browser), new_phone(browser)
    try:
        for phone in (phone_a, phone_b):
            phone.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
            assert phone.locator("h1").inner_text() == "Donne 1"
        enter_hand(phone_a, "92")
        enter_hand(phone_b, "100")
        phone_a.click("#save")
        phone_a.wait_for_url(f"**/parties/{game_id}*")
        assert totals(phone_a) == (170, 70)

        phone_b.click("#save")
        phone_b.wait_for_selector(".taken")
        assert phone_b.locator("h1").inner_text() == "Donne 1 déjà enregistrée"
        said = " ".join(phone_b.locator(".taken").inner_text().split())
        assert "Un autre téléphone vient d'enregistrer la donne 1 : 80 ♥, Chloé, fait" in said
        screenshot(phone_b, "deal-taken")
        # "Voir la feuille" (the default, focused) records nothing
        assert phone_b.evaluate("document.activeElement.textContent") == "Voir la feuille"
        phone_b.click("text=Voir la feuille")
        phone_b.wait_for_url(f"**/parties/{game_id}")
        assert totals(phone_b) == (170, 70)
        assert len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"]) == 1

        # deal 2, the same race: this time "Enregistrer quand même comme donne 3"
        for phone in (phone_a, phone_b):
            phone.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
            assert phone.locator("h1").inner_text() == "Donne 2"
            enter_hand(phone, "92")
        phone_a.click("#save")
        phone_a.wait_for_url(f"**/parties/{game_id}*")
        phone_b.fill("#points", "100")
        phone_b.click("#save")
        phone_b.click("text=Enregistrer quand même comme donne 3")
        phone_b.wait_for_url(f"**/parties/{game_id}*")
        # 170 / 70 twice, then 80 ♥ with 100 points: A 100 + 80 = 180, B 62 → 60
        assert totals(phone_b) == (520, 200)
        hands = client.get(f"/api/v1/games/{game_id}").get_json()["hands"]
        assert [(deal["number"], deal["input"]["taker_points"]) for deal in hands] == [(1, 92), (2, 92), (3, 100)]
    finally:
        context_a.close()
        context_b.close()
