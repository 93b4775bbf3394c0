"""Smaller holes of issue 14 (item 8): a chunked body over the limit is a 413, not a 422; a form
refused for its CSRF token says why, in French; and when reading needs the password, pages, exports
and API reads say `Cache-Control: private, no-store` (static files stay cached)."""

from __future__ import annotations

import io
import re
from html import unescape
from pathlib import Path

import flask_wtf.csrf
import pytest

from scorekeeper.web.csrf import DEFAULT_REASON, REASONS, french_reason
from tests.helpers import HASH, PASSWORD

# --- a chunked body over the limit -----------------------------------------------------------


def chunked(client, path: str, body: bytes, content_type: str):
    """A body sent with Transfer-Encoding: chunked, as a server hands it to the app: no
    Content-Length, a stream the server ends (wsgi.input_terminated)."""
    return client.post(
        path,
        input_stream=io.BytesIO(body),
        headers={"Content-Type": content_type, "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )


def game_body(size: int) -> bytes:
    """A new game's JSON, padded with spaces to `size` bytes and one more."""
    body = b'{"teams": {"A": "Nous"}}'
    return body + b" " * (size + 1 - len(body))


def test_a_chunked_api_body_over_the_limit_is_a_french_413(make_app):
    app = make_app()
    limit = app.config["MAX_CONTENT_LENGTH"]
    response = chunked(app.test_client(), "/api/v1/games", game_body(limit), "application/json")
    assert response.status_code == 413
    assert response.get_json() == {"error": "Le corps de la requête est trop gros."}


def test_a_chunked_api_body_at_the_limit_is_read_whole(make_app):
    app = make_app()
    assert chunked(app.test_client(), "/api/v1/games", game_body(100), "application/json").status_code == 201
    exact = game_body(app.config["MAX_CONTENT_LENGTH"] - 1)  # exactly the limit
    assert len(exact) == app.config["MAX_CONTENT_LENGTH"]
    assert chunked(app.test_client(), "/api/v1/games", exact, "application/json").status_code == 201


def test_a_chunked_form_over_the_limit_is_a_french_413_page(make_app):
    app = make_app()
    body = b"team_a=" + b"x" * app.config["MAX_CONTENT_LENGTH"]
    response = chunked(app.test_client(), "/parties/nouvelle", body, "application/x-www-form-urlencoded")
    assert response.status_code == 413
    assert "Envoi trop gros" in unescape(response.text)


# --- a form refused for its CSRF token -------------------------------------------------------


@pytest.fixture
def csrf_client(make_app):
    return make_app(WTF_CSRF_ENABLED=True).test_client()


def test_a_form_without_its_token_says_why_in_french(csrf_client):
    csrf_client.get("/parties/nouvelle")  # the session now holds a token
    response = csrf_client.post(
        "/parties/nouvelle", data={"team_a": "Nous"}, headers={"Referer": "http://localhost/parties/nouvelle"}
    )
    assert response.status_code == 400
    text = unescape(response.text)
    assert "Requête invalide" in text
    assert REASONS["The CSRF token is missing."] in text
    assert 'href="/parties/nouvelle">Recharger le formulaire' in text


def test_a_form_with_a_wrong_token_says_it_expired_or_came_from_elsewhere(csrf_client):
    csrf_client.get("/parties/nouvelle")
    response = csrf_client.post(
        "/parties/nouvelle",
        data={"team_a": "Nous", "csrf_token": "autre"},
        headers={"Referer": "https://example.com/piege"},
    )
    assert response.status_code == 400
    text = unescape(response.text)
    assert "Le formulaire a expiré ou vient d'un autre site : rechargez la page et recommencez." in text
    assert "Recharger le formulaire" not in text  # never a link to another site


def test_every_reason_flask_wtf_gives_is_in_french():
    source = Path(flask_wtf.csrf.__file__).read_text(encoding="utf-8")
    reasons = set(re.findall(r'(?:ValidationError|_error_response)\("([^"]+)"\)', source))
    assert reasons, "Flask-WTF's reasons were not found"
    assert reasons <= set(REASONS)
    assert french_reason("something new") == DEFAULT_REASON


# --- Cache-Control when reading needs the password -------------------------------------------


@pytest.fixture
def table(make_app):
    app = make_app()
    client = app.test_client()
    game = client.post("/api/v1/games", json={"teams": {"A": "Nous", "B": "Eux"}}).get_json()["id"]
    app.config["TABLE_PASSWORD_HASH"] = HASH
    return app, client, game


PRIVATE = [
    "/",
    "/parties/{game}",
    "/api/v1/games/{game}",
    "/soirees",
    "/archives/parties/{game}",
    "/archives/export.json",
    "/archives/export.csv",
    "/archives/parties/{game}/export.csv",
    "/statistiques",
    "/recherche?joueur=Nous",
    "/connexion",
]


@pytest.mark.parametrize("path", PRIVATE)
def test_nothing_with_names_is_kept_when_reading_needs_the_password(table, path):
    app, client, game = table
    app.config["READ_REQUIRES_PASSWORD"] = True
    client.post("/connexion", data={"password": PASSWORD, "next": "/"})
    response = client.get(path.format(game=game))
    assert response.status_code == 200, path
    assert response.headers["Cache-Control"] == "private, no-store"


def test_refusals_are_not_kept_either(table):
    app, client, game = table
    app.config["READ_REQUIRES_PASSWORD"] = True
    for path in (f"/parties/{game}", f"/api/v1/games/{game}"):
        assert client.get(path).headers["Cache-Control"] == "private, no-store"


@pytest.mark.parametrize("path", ["/static/style.css", "/manifest.webmanifest", "/sw.js"])
def test_static_files_stay_cached(table, path):
    app, client, _ = table
    app.config["READ_REQUIRES_PASSWORD"] = True
    response = client.get(path)
    response.close()
    assert response.status_code == 200
    assert "no-store" not in response.headers.get("Cache-Control", "")


@pytest.mark.parametrize("locked", [False, True])
def test_when_reading_is_open_pages_stay_for_offline_use(table, locked):
    """Without READ_REQUIRES_PASSWORD (with or without a password for writing) nothing changes:
    the service worker keeps the sheets for a Wi-Fi drop."""
    app, client, game = table
    if not locked:
        app.config["TABLE_PASSWORD_HASH"] = None
    response = client.get(f"/parties/{game}")
    assert response.status_code == 200
    assert "no-store" not in response.headers.get("Cache-Control", "")


def test_the_import_pages_csrf_refusal_says_why(app):
    """With the token check on (the tests turn it off), the import page sent without its token
    answers 400 with the reason in French, next to the file, and imports nothing."""
    app.config["WTF_CSRF_ENABLED"] = True
    with app.test_client() as client:
        response = client.post(
            "/archives/importer",
            data={"archive": (io.BytesIO(b"{}"), "archive.json")},
            content_type="multipart/form-data",
        )
    assert response.status_code == 400
    assert "Le formulaire" in response.text and "CSRF" not in response.text
