"""The sheet's confirmation line belongs to its action (issue 30, static/sheet_said.js): a deal
not yet on the server says it is kept on this phone, « enregistrée » only once the server has it,
and the line goes when the sheet moves on (it was seen four deals old, above the game's end).

Scores from docs/scoring.md's example 1: A takes 80 ♥ with 92 points: 170 / 70.
"""

from __future__ import annotations

from tests.browser.helpers import wait_until
from tests.browser.test_two_phones import NONE_KEPT, enter_hand, open_the_panel
from tests.helpers import HASH

HAND = {"taker": "A", "taker_player": 2, "contract": 80, "mode": "hearts", "taker_points": 92}


def said(page) -> str:
    return " ".join(page.locator("#sheet-status").inner_text().split())


def test_a_deal_is_kept_then_recorded_and_its_line_goes_when_the_sheet_moves_on(page, base_url, client, screenshot):
    game = {"players": ["Ana", "Bruno", "Chloé", "David"], "end": {"deals": 4}}
    game_id = client.post("/api/v1/games", json=game).get_json()["id"]
    open_the_panel(page, f"{base_url}/parties/{game_id}")
    enter_hand(page, "92")
    saves = f"**/api/v1/games/{game_id}/hands"
    page.route(saves, lambda route: route.abort())  # the server out of reach for the saves
    page.click("#save")
    page.locator("#deal-panel").wait_for(state="detached")
    line = page.locator("#sheet-status")
    line.filter(has_text="gardée").wait_for()
    assert said(page) == "Donne 1 gardée sur ce téléphone, pas encore envoyée : Nous +170, Eux +70."
    screenshot(page, "confirmation-line-kept")
    assert client.get(f"/api/v1/games/{game_id}").get_json()["hands"] == []

    page.unroute(saves)  # the outbox tries again within 5 s
    line.filter(has_text="enregistrée").wait_for()
    wait_until(page, NONE_KEPT)
    assert said(page) == "Donne 1 enregistrée : Nous +170, Eux +70."
    screenshot(page, "confirmation-line-recorded")
    page.wait_for_timeout(3000)  # a poll or more: the sheet as the server has it, the same
    assert said(page) == "Donne 1 enregistrée : Nous +170, Eux +70."

    # The other phone enters deals 2 to 4, the last: the line about deal 1 goes.
    for _ in range(3):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 201
    page.locator("#sheet-body .banner").wait_for()
    screenshot(page, "confirmation-line-gone")
    assert line.is_hidden()
    assert "Donne 1 enregistrée" not in page.inner_text("body")


def test_a_deal_refused_for_the_password_is_never_called_recorded(app, page, base_url, client, screenshot):
    """D11: a phone that has not entered the table password saves a deal; the server refuses it
    (401): the line says, in red, that the deal is kept and not recorded, the network line that it
    leaves once the password is entered, and « enregistrée » comes only once the server has it."""
    game = {"players": ["Ana", "Bruno", "Chloé", "David"], "end": {"deals": 4}}
    game_id = client.post("/api/v1/games", json=game).get_json()["id"]
    open_the_panel(page, f"{base_url}/parties/{game_id}")  # reading needs no password
    app.config["TABLE_PASSWORD_HASH"] = HASH  # set meanwhile: this phone has not entered it
    enter_hand(page, "92")
    page.click("#save")
    page.locator("#deal-panel").wait_for(state="detached")
    line = page.locator("#sheet-status")
    line.filter(has_text="mot de passe").wait_for()
    assert said(page) == (
        "Donne 1 gardée sur ce téléphone, pas encore envoyée : Nous +170, Eux +70. "
        "Pas enregistrée : le serveur demande le mot de passe de la table."
    )
    assert "flash-error" in line.get_attribute("class")
    assert "partiront une fois le mot de passe entré" in page.inner_text("#net-status")
    assert "d'elles-mêmes" not in page.inner_text("#net-status")
    page.wait_for_timeout(2500)  # the outbox's retries, refused again: the words stay
    assert said(page).startswith("Donne 1 gardée") and "flash-error" in line.get_attribute("class")
    screenshot(page, "confirmation-line-password")
    assert client.get(f"/api/v1/games/{game_id}").get_json()["hands"] == []

    app.config["TABLE_PASSWORD_HASH"] = None  # the password lifted: the next retry lands
    line.filter(has_text="Donne 1 enregistrée").wait_for(timeout=8000)
    assert said(page) == "Donne 1 enregistrée : Nous +170, Eux +70."
    assert "flash-error" not in line.get_attribute("class")
