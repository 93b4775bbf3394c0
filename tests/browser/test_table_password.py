"""The table password in a phone's browser (issue 6): sent to /connexion, back to the form once
it is entered, under the Content-Security-Policy with no violation reported."""

from __future__ import annotations

from werkzeug.security import generate_password_hash


def test_a_phone_enters_the_password_then_creates_a_game(app, page, base_url, screenshot):
    app.config["TABLE_PASSWORD_HASH"] = generate_password_hash("belote", method="pbkdf2:sha256:1000")
    messages = []
    page.on("console", lambda message: messages.append(message.text))
    page.goto(f"{base_url}/parties/nouvelle")
    assert page.url.startswith(f"{base_url}/connexion?next=")
    assert "Entrez le mot de passe de la table pour noter les scores." in page.inner_text("main")
    page.fill("input[name=password]", "pas-le-bon")
    page.click("text=Entrer")
    assert "Mot de passe incorrect." in page.inner_text("main")
    page.fill("input[name=password]", "belote")
    page.click("text=Entrer")
    assert page.url == f"{base_url}/parties/nouvelle"
    screenshot(page, "access-after-login")
    page.click("button[type=submit] >> text=Commencer")
    page.wait_for_selector("#sheet")
    page.click("text=Sortir")
    assert "Déconnecté" in page.inner_text("main")
    assert not [text for text in messages if "Content Security Policy" in text]


def test_no_page_breaks_the_content_security_policy(page, base_url, client):
    """Every script and style comes from static/: the browser reports no blocked inline code."""
    game_id = client.post("/api/v1/games", json={}).get_json()["id"]
    client.post(
        f"/api/v1/games/{game_id}/hands", json={"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}
    )
    messages = []
    page.on("console", lambda message: messages.append(message.text))
    for path in [
        "/",
        f"/parties/{game_id}",
        f"/parties/{game_id}/donnes/nouvelle",
        "/outils/compter?mode=hearts",
        "/outils/annonces",
        "/soirees",
        "/statistiques",
    ]:
        page.goto(base_url + path)
        page.wait_for_load_state("networkidle")
    page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
    page.click("label:has-text('100')")  # the live preview is drawn as the form is tapped
    page.wait_for_timeout(300)
    # The sheet's panel, its preview and the card counter drawn in place (static/deal_panel.js, disputes.js).
    page.goto(f"{base_url}/parties/{game_id}")
    page.click("#new-deal")
    page.locator("#deal-panel label", has_text="100").first.click()
    page.locator("#deal-panel #count-link[aria-expanded]").wait_for(state="attached")
    page.click("#deal-panel #count-link")
    page.locator("#counter-panel").wait_for()
    page.wait_for_timeout(300)
    assert not [text for text in messages if "Content Security Policy" in text], messages
