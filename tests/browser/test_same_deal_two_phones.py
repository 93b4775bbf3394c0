"""Both phones of a table enter the same deal (issue 30): the second phone's save counts as
recorded, settled by itself. The phone says the other phone had it, offers no choice, quotes no
deal twice, and its totals never step back while the server says so. A different deal under the
same number still gets the choice (tests/browser/test_two_phones.py).

Scores from docs/scoring.md's example 1: A takes 80 ♥ with 92 points: 170 / 70.
"""

from __future__ import annotations

from tests.browser.helpers import new_phone, wait_until
from tests.browser.test_two_phones import NONE_KEPT, enter_hand, open_the_panel, totals

# Every value the sheet's total of team A shows, from now on (each redraw replaces the sheet's body).
WATCH_TOTALS = """() => {
  window.totalsSeen = [];
  const body = document.getElementById("sheet-body");
  new MutationObserver(() => {
    const total = body.querySelector('[data-total="A"]');
    if (total) window.totalsSeen.push(total.textContent);
  }).observe(body, { subtree: true, childList: true, characterData: true });
}"""


def test_the_same_deal_from_the_second_phone_is_settled_without_a_choice(browser, base_url, client, screenshot):
    game_id = client.post("/api/v1/games", json={"players": ["Ana", "Bruno", "Chloé", "David"]}).get_json()["id"]
    (context_a, phone_a), (context_b, phone_b) = new_phone(browser), new_phone(browser)
    try:
        sheet_url = f"{base_url}/parties/{game_id}"
        for phone in (phone_a, phone_b):
            open_the_panel(phone, sheet_url)
            enter_hand(phone, "92")
        phone_a.click("#save")
        phone_a.locator("#deal-panel").wait_for(state="detached")
        wait_until(phone_a, NONE_KEPT)

        phone_b.evaluate(WATCH_TOTALS)
        phone_b.click("#save")
        phone_b.locator("#deal-panel").wait_for(state="detached")
        said = phone_b.locator("#sheet-status")
        said.filter(has_text="Donne 1 déjà enregistrée par l'autre téléphone").wait_for()
        wait_until(phone_b, NONE_KEPT)  # recorded, as far as the phone is concerned
        phone_b.wait_for_timeout(3000)  # a poll or more: whatever the sheet would show after
        screenshot(phone_b, "same-deal-settled")
        assert " ".join(said.inner_text().split()) == "Donne 1 déjà enregistrée par l'autre téléphone."
        assert phone_b.locator(".waiting-box").count() == 0  # nothing to decide
        assert "L'enregistrer comme donne suivante" not in phone_b.content()
        assert "a déjà été enregistrée par un autre téléphone" not in phone_b.inner_text("body")
        assert totals(phone_b) == (170, 70)
        # no flicker: from the save on, the total showed the deal, never the sheet without it
        assert set(phone_b.evaluate("window.totalsSeen")) == {"170"}
        assert phone_b.locator("#donnes > li").count() == 1
        hands = client.get(f"/api/v1/games/{game_id}").get_json()["hands"]
        assert [(deal["number"], deal["input"]["taker_points"]) for deal in hands] == [(1, 92)]
    finally:
        context_a.close()
        context_b.close()
