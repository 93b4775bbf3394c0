"""Two phones on one game, in two browser contexts at 390×844 (issue 11): both open "Nouvelle
donne" for deal 1 and enter it; the second to save is told what the first recorded, and chooses.
Since issue 12 the deal goes through the phone's outbox: the sheet shows the choice (the page
without JavaScript, templates/sheet/deal_taken.html, is tested in tests/test_deal_numbers.py).
Deal 1 is entered in the sheet's deal panel ("+ Nouvelle donne", issue 23), deal 2 on the deal
form's own page (a link, the service worker's copy), which still saves through the outbox.

Scores from docs/scoring.md's example 1: A takes 80 ♥ with 92 points: 170 / 70. With 100 points:
A 100 + 80 = 180, B 62 → 60.
"""

from __future__ import annotations

from tests.browser.helpers import new_phone, wait_until

NONE_KEPT = "() => import('/static/outbox.js').then(outbox => outbox.entries().length === 0)"


def enter_hand(page, points: str) -> None:
    page.locator("#f-taker_player label", has_text="Chloé").click()
    page.locator("#f-contract label", has_text="80").first.click()
    page.locator("#f-mode label").nth(1).click()  # ♥
    page.fill("#points", points)


def totals(page) -> tuple[int, int]:
    # visible: while the deal panel is open the sheet is hidden
    return tuple(int(page.locator(f'[data-total="{team}"] >> visible=true').inner_text()) for team in "AB")


def open_the_panel(page, sheet_url) -> None:
    page.goto(sheet_url)
    page.locator("#sheet-status").wait_for(state="attached")  # static/sheet_app.js has drawn the sheet
    page.click("#new-deal")
    page.locator("#deal-panel #deal-form").wait_for()


def test_the_second_phone_to_save_deal_1_is_asked_and_records_nothing_unless_it_says_so(
    browser, base_url, client, screenshot
):
    game_id = client.post("/api/v1/games", json={"players": ["Ana", "Bruno", "Chloé", "David"]}).get_json()["id"]
    (context_a, phone_a), (context_b, phone_b) = new_phone(browser), new_phone(browser)
    phone_b.on("dialog", lambda dialog: dialog.accept())  # "Abandonner cette saisie ?"
    try:
        sheet_url = f"{base_url}/parties/{game_id}"
        for phone in (phone_a, phone_b):
            open_the_panel(phone, sheet_url)
            assert phone.locator("#panel-title").inner_text() == "Donne 1"
        enter_hand(phone_a, "92")
        enter_hand(phone_b, "100")
        phone_a.click("#save")
        phone_a.locator("#deal-panel").wait_for(state="detached")
        wait_until(phone_a, NONE_KEPT)  # landed
        assert totals(phone_a) == (170, 70)

        # The outbox sends phone B's deal 1; the server answers 409 with the deal already there,
        # and the sheet shows both, the player's deal kept on the phone until they choose.
        phone_b.click("#save")
        phone_b.locator("#deal-panel").wait_for(state="detached")
        notice = phone_b.locator(".waiting-box .notice.held")
        said = " ".join(notice.inner_text().split())
        assert (
            "La donne 1 a déjà été enregistrée par un autre téléphone : 80 ♥ Chloé (Nous 170, Eux 70). "
            "La vôtre, 80 ♥ Chloé (Nous 180, Eux 60), n'a pas été enregistrée."
        ) in said
        # what the server has, once the sheet's refresh brings phone A's deal; the held deal counts for nothing
        phone_b.locator('#donne-1:not(.waiting) [aria-label*="Chloé fait"]').wait_for()
        screenshot(phone_b, "deal-taken")
        assert totals(phone_b) == (170, 70)
        assert phone_b.locator("#donnes > li").count() == 1
        phone_b.goto(base_url + "/")  # every other page says it waits, and leads back to it
        phone_b.locator(".waiting-elsewhere", has_text="1 saisie en attente d'envoi pour une partie").click()
        phone_b.click("text=Voir sa feuille")
        phone_b.wait_for_url(f"**/parties/{game_id}")
        notice = phone_b.locator(".waiting-box .notice.held")
        notice.locator("button", has_text="Abandonner").click()
        phone_b.locator(".waiting-box").wait_for(state="detached")
        assert len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"]) == 1

        # deal 2, the same race: this time "L'enregistrer comme donne suivante", recorded as deal 3
        for phone in (phone_a, phone_b):
            phone.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
            assert phone.locator("h1").inner_text() == "Donne 2"
            enter_hand(phone, "92")
        phone_a.click("#save")
        phone_a.wait_for_url(f"**/parties/{game_id}*")
        phone_b.fill("#points", "100")
        phone_b.click("#save")
        phone_b.wait_for_url(f"**/parties/{game_id}")
        phone_b.click("text=L'enregistrer comme donne suivante")
        phone_b.locator(".waiting-box").wait_for(state="detached")
        phone_b.locator('#sheet-body [data-total="A"]', has_text="520").wait_for()
        # 170 / 70 twice, then 80 ♥ with 100 points: A 100 + 80 = 180, B 62 → 60
        assert totals(phone_b) == (520, 200)
        wait_until(phone_b, NONE_KEPT)  # the totals are drawn as the save leaves: the server has it once sent
        hands = client.get(f"/api/v1/games/{game_id}").get_json()["hands"]
        assert [(deal["number"], deal["input"]["taker_points"]) for deal in hands] == [(1, 92), (2, 92), (3, 100)]
    finally:
        context_a.close()
        context_b.close()
