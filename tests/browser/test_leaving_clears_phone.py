"""With READ_REQUIRES_PASSWORD, "Sortir" clears what the phone kept: the last sheets and the saves
not yet sent, after asking when some wait (issue 24). Without it, the sheets stay (anyone may read
them on the server anyway)."""

from __future__ import annotations

import pytest

from tests.helpers import HASH, PASSWORD

KEPT = "() => Object.keys(localStorage).filter((key) => key.startsWith('belote.')).sort()"
WAITING_REDEAL = """(game) => import("/static/outbox.js").then((outbox) => {
  outbox.add({ game: game, op: "redeal", number: 2, body: { reason: "all_pass" }, label: "Redonne" });
})"""


@pytest.fixture
def game(app, client):
    """A game with a deal, made before the password was set, and the password."""
    game_id = client.post("/api/v1/games", json={}).get_json()["id"]
    client.post(f"/api/v1/games/{game_id}/redeals", json={"reason": "all_pass"})
    app.config["TABLE_PASSWORD_HASH"] = HASH
    return game_id


def enter_and_open(page, base_url, game):
    """Enter the password, land on the game's sheet, and wait for the phone to keep it."""
    page.goto(f"{base_url}/parties/{game}")
    assert page.url.startswith(f"{base_url}/connexion?next=")
    page.fill("input[name=password]", PASSWORD)
    page.click("text=Entrer")
    assert page.url == f"{base_url}/parties/{game}"
    page.wait_for_function("(game) => (localStorage.getItem('belote.sheets') || '').includes(game)", arg=game)


def test_leaving_clears_the_kept_sheets(app, page, base_url, game):
    app.config["READ_REQUIRES_PASSWORD"] = True
    enter_and_open(page, base_url, game)
    assert "belote.sheets" in page.evaluate(KEPT)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.accept()))
    page.click("text=Sortir")
    page.wait_for_url(f"{base_url}/connexion?next=/")  # out: reading asks for the password again
    assert page.evaluate(KEPT) == []
    assert dialogs == []  # nothing waited: nothing asked


def test_waiting_saves_are_asked_about_first(app, page, base_url, game):
    app.config["READ_REQUIRES_PASSWORD"] = True
    page.route("**/api/v1/games/*/redeals", lambda route: route.abort())  # the save cannot leave
    enter_and_open(page, base_url, game)
    page.evaluate(WAITING_REDEAL, game)
    page.evaluate(WAITING_REDEAL, game)
    page.wait_for_function("() => JSON.parse(localStorage.getItem('belote.outbox') || '[]').length === 2")

    dialogs = []
    page.once("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.click("text=Sortir")
    page.wait_for_timeout(300)
    assert dialogs == ["2 donnes ne sont pas encore envoyées : sortir quand même les effacera."]
    assert page.url == f"{base_url}/parties/{game}"  # staying keeps everything
    assert page.evaluate(KEPT) == ["belote.outbox", "belote.sheets"]
    assert "Sortir" in page.inner_text("header")

    page.once("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.accept()))
    page.click("text=Sortir")
    page.wait_for_url(f"{base_url}/connexion?next=/")
    assert len(dialogs) == 2
    assert page.evaluate(KEPT) == []


def test_without_read_requires_password_the_sheets_stay(app, page, base_url, game):
    page.goto(f"{base_url}/connexion?next=/parties/{game}")
    page.fill("input[name=password]", PASSWORD)
    page.click("text=Entrer")
    page.wait_for_function("(game) => (localStorage.getItem('belote.sheets') || '').includes(game)", arg=game)
    page.click("text=Sortir")
    page.wait_for_url(f"{base_url}/")
    assert "belote.sheets" in page.evaluate(KEPT)
