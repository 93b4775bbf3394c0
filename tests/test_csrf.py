"""CSRF for real (issue 3): the app as it runs, tokens on. Each HTML form write works with the token
the page gave and is refused without it (a French 400 page, nothing saved); the JSON API takes no
token but only JSON bodies (docs/api.md)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.store.db import connect

HAND = {"taker_player": "0", "contract": "80", "mode": "hearts", "points": "92", "enregistrer": "1"}


@pytest.fixture
def app(make_app):
    """The conftest's app without WTF_CSRF_ENABLED = False: CSRF is checked as in production."""
    app = make_app(SECRET_KEY="x", WTF_CSRF_ENABLED=True)
    assert app.config.get("WTF_CSRF_ENABLED", True)
    return app


def count(app, table: str, where: str = "") -> int:
    database = connect(app.config["DATABASE"])
    try:
        return database.execute(f"select count(*) from {table} {where}").fetchone()[0]
    finally:
        database.close()


def live_deals(app) -> int:
    return count(app, "deals", "where deleted_at is null")


def token_in(html: str, action: str | None = None) -> str:
    """The csrf_token of the page's form posting to `action` (None: the form posting to itself), or
    of the form a button posting there with `formaction` belongs to (the sheet's "Supprimer")."""
    button = re.search(rf'<button [^>]*form="([^"]+)" formaction="{re.escape(action or "")}"', html)
    for form in re.findall(r"<form\b[^>]*>.*?</form>", html, re.S):
        head = form.split(">", 1)[0]
        form_action = re.search(r'action="([^"]*)"', head)
        if button and f'id="{button.group(1)}"' in head or (form_action.group(1) if form_action else None) == action:
            return unescape(re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form).group(1))
    raise AssertionError(f"no form posting to {action!r}")


def assert_refused(response) -> None:
    assert response.status_code == 400
    assert '<html lang="fr">' in response.text
    assert "Requête invalide" in response.text


def new_game(client) -> str:
    page = client.get("/parties/nouvelle").text
    response = client.post("/parties/nouvelle", data={"team_a": "Nous", "csrf_token": token_in(page)})
    assert response.status_code == 302
    return response.headers["Location"].rsplit("/", 1)[1]


def record_hand(client, game_id: str) -> None:
    url = f"/parties/{game_id}/donnes/nouvelle"
    page = client.get(url).text
    response = client.post(url, data={**HAND, "csrf_token": token_in(page)})
    assert response.status_code == 302


# --- the new-game form ---------------------------------------------------------------------


def test_new_game_with_the_pages_token_is_created(client, app):
    game_id = new_game(client)
    assert client.get(f"/parties/{game_id}").status_code == 200
    assert count(app, "games") == 1


@pytest.mark.parametrize("token", [None, "", "forged"])
def test_new_game_without_a_valid_token_is_refused(client, app, token):
    client.get("/parties/nouvelle")  # the session exists; only the token is missing or wrong
    data = {"team_a": "Nous", "team_b": "Eux"}
    if token is not None:
        data["csrf_token"] = token
    assert_refused(client.post("/parties/nouvelle", data=data))
    assert count(app, "games") == 0


def test_a_token_from_another_phones_session_is_refused(app):
    phone, other = app.test_client(), app.test_client()
    token = token_in(phone.get("/parties/nouvelle").text)
    other.get("/parties/nouvelle")
    assert_refused(other.post("/parties/nouvelle", data={"team_a": "Nous", "csrf_token": token}))
    assert count(app, "games") == 0


# --- the deal form and the sheet's buttons --------------------------------------------------


def test_deal_form_with_and_without_its_token(client, app):
    game_id = new_game(client)
    url = f"/parties/{game_id}/donnes/nouvelle"
    client.get(url)
    assert_refused(client.post(url, data=HAND))
    assert live_deals(app) == 0
    record_hand(client, game_id)
    assert live_deals(app) == 1
    assert re.search(r'data-total="A">170<', client.get(f"/parties/{game_id}").text)  # ex 1: 170 / 70


def test_edit_form_with_and_without_its_token(client, app):
    game_id = new_game(client)
    record_hand(client, game_id)
    url = f"/parties/{game_id}/donnes/1/modifier"
    page = client.get(url).text
    data = {**HAND, "points": "85", "version": "1"}  # ex 2: 170 / 80
    assert_refused(client.post(url, data=data))
    assert re.search(r'data-total="B">70<', client.get(f"/parties/{game_id}").text)
    assert client.post(url, data={**data, "csrf_token": token_in(page)}).status_code == 302
    assert re.search(r'data-total="B">80<', client.get(f"/parties/{game_id}").text)


def test_delete_button_with_and_without_its_token(client, app):
    game_id = new_game(client)
    record_hand(client, game_id)
    action = f"/parties/{game_id}/donnes/1/supprimer"
    page = client.get(f"/parties/{game_id}").text
    assert_refused(client.post(action, data={"version": "1"}))
    assert live_deals(app) == 1
    response = client.post(action, data={"version": "1", "csrf_token": token_in(page, action)})
    assert response.status_code == 302
    assert live_deals(app) == 0


def test_undo_button_with_and_without_its_token(client, app):
    game_id = new_game(client)
    record_hand(client, game_id)
    action = f"/parties/{game_id}/annuler"
    page = client.get(f"/parties/{game_id}").text
    assert_refused(client.post(action))
    assert live_deals(app) == 1
    assert count(app, "actions") == 1
    assert client.post(action, data={"csrf_token": token_in(page, action)}).status_code == 302
    assert live_deals(app) == 0


def test_redeal_button_with_and_without_its_token(client, app):
    game_id = new_game(client)
    action = f"/parties/{game_id}/redonne"
    page = client.get(f"/parties/{game_id}").text
    assert_refused(client.post(action, data={"reason": "all_pass"}))
    assert count(app, "deals") == 0
    response = client.post(action, data={"reason": "all_pass", "csrf_token": token_in(page, action)})
    assert response.status_code == 302
    assert live_deals(app) == 1


# --- the JSON API ---------------------------------------------------------------------------


def test_the_json_api_needs_no_token(client, app):
    response = client.post("/api/v1/games", json={"players": ["Ana", "Bruno", "Chloé", "David"]})
    assert response.status_code == 201
    game_id = response.get_json()["id"]
    hand = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}
    response = client.post(f"/api/v1/games/{game_id}/hands", json=hand)
    assert response.status_code == 201
    assert response.get_json()["totals"] == {"A": 170, "B": 70}
    assert (
        client.put(f"/api/v1/games/{game_id}/hands/1", json={**hand, "taker_points": 85, "version": 1}).status_code
        == 200
    )
    assert client.delete(f"/api/v1/games/{game_id}/hands/1").status_code == 200
    assert live_deals(app) == 0
    response = client.post(f"/api/v1/games/{game_id}/undo", json={})
    assert response.status_code == 200
    assert live_deals(app) == 1


def test_the_json_api_undo_refuses_a_form_post(client, app):
    game_id = client.post("/api/v1/games", json={}).get_json()["id"]
    hand = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}
    assert client.post(f"/api/v1/games/{game_id}/hands", json=hand).status_code == 201
    response = client.post(f"/api/v1/games/{game_id}/undo", data={})
    assert response.status_code == 415
    assert live_deals(app) == 1


@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        ({"teams": "x"}, None),  # what a cross-site HTML form can send
        ("players=Ana", "text/plain"),
        ('{"target": 1000}', "text/plain"),
    ],
)
def test_the_json_api_takes_only_json_bodies(client, app, data, content_type):
    kwargs = {"data": data} if content_type is None else {"data": data, "content_type": content_type}
    response = client.post("/api/v1/games", **kwargs)
    assert response.status_code == 415
    assert "JSON" in response.get_json()["error"]
    assert count(app, "games") == 0


def test_a_hand_posted_to_the_api_as_a_form_is_refused(client, app):
    game_id = client.post("/api/v1/games", json={}).get_json()["id"]
    response = client.post(f"/api/v1/games/{game_id}/hands", data={"taker": "A", "contract": "80"})
    assert response.status_code == 415
    assert count(app, "deals") == 0
