"""The table password (issue 6): writes need it once set, reads stay open unless configured, wrong
guesses are limited per address, across a restart too (in total too: tests/test_login_limits.py), entry
expires, and only the hash is stored."""

from __future__ import annotations

import os
import re
import sqlite3
from contextlib import closing
from html import unescape

import pytest
from flask import Flask
from werkzeug.security import generate_password_hash

from scorekeeper.store.migrate import migrate
from scorekeeper.web import create_app
from scorekeeper.web.access.password import PASSWORD_FILE
from tests.helpers import HASH, PASSWORD, csrf_token, login

HAND = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}


def dump(app) -> str:
    with closing(sqlite3.connect(app.config["DATABASE"])) as conn:
        return "\n".join(line for line in conn.iterdump() if "login_attempts" not in line)


def attempts(app) -> int:
    with closing(sqlite3.connect(app.config["DATABASE"])) as conn:
        return conn.execute("select count(*) from login_attempts").fetchone()[0]


@pytest.fixture
def game_id(app, client):
    """A game created before the password was set."""
    return client.post("/api/v1/games", json={}).get_json()["id"]


@pytest.fixture
def locked(app, game_id):
    app.config["TABLE_PASSWORD_HASH"] = HASH
    return app


# --- no password: nothing changes -----------------------------------------------------------


def test_without_a_password_everyone_writes(client, game_id):
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 201


def test_without_a_password_the_login_page_says_so(client):
    response = client.get("/connexion", follow_redirects=True)
    assert "Pas de mot de passe pour cette table" in unescape(response.text)


# --- a password: writes need it, reads stay open ---------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "/api/v1/games", {}),
        ("post", "/api/v1/games/{game}/hands", HAND),
        ("post", "/api/v1/games/{game}/redeals", {"reason": "all_pass"}),
        ("put", "/api/v1/games/{game}/hands/1", {**HAND, "version": 1}),
        ("delete", "/api/v1/games/{game}/hands/1", None),
        ("post", "/api/v1/games/{game}/undo", {}),
    ],
)
def test_an_api_write_without_the_password_is_a_french_401(locked, client, game_id, method, path, body):
    before = dump(locked)
    response = getattr(client, method)(path.format(game=game_id), json=body)
    assert response.status_code == 401
    assert response.get_json() == {"error": "Mot de passe de la table requis : entrez-le sur la page /connexion."}
    assert dump(locked) == before


@pytest.mark.parametrize(
    ("path", "form"),
    [
        ("/parties/nouvelle", {"team_a": "Nous"}),
        (
            "/parties/{game}/donnes/nouvelle",
            {"taker_player": "0", "contract": "80", "mode": "hearts", "points": "92", "enregistrer": "1"},
        ),
        ("/parties/{game}/redonne", {"reason": "all_pass"}),
        ("/parties/{game}/annuler", {}),
    ],
)
def test_a_page_write_without_the_password_goes_to_the_login_page(locked, client, game_id, path, form):
    before = dump(locked)
    sheet = f"http://localhost/parties/{game_id}"
    response = client.post(path.format(game=game_id), data=form, headers={"Referer": sheet})
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/connexion?next=")
    assert dump(locked) == before
    page = client.get(response.headers["Location"])
    assert "Entrez le mot de passe de la table pour noter les scores." in unescape(page.text)


def test_a_refused_form_comes_back_to_the_page_it_was_sent_from(locked, client, game_id):
    response = client.post(
        f"/parties/{game_id}/redonne",
        data={"reason": "all_pass"},
        headers={"Referer": f"http://localhost/parties/{game_id}"},
    )
    assert response.headers["Location"] == f"/connexion?next=/parties/{game_id}"


def test_the_form_pages_ask_for_the_password_before_being_filled_in(locked, client, game_id):
    response = client.get(f"/parties/{game_id}/donnes/nouvelle")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/connexion?next=/parties/{game_id}/donnes/nouvelle"


@pytest.mark.parametrize(
    "path", ["/", "/parties/{game}", "/api/v1/games/{game}", "/outils/compter", "/static/style.css"]
)
def test_reading_stays_open(locked, client, game_id, path):
    response = client.get(path.format(game=game_id))
    response.close()
    assert response.status_code == 200


def test_scoring_a_hand_stores_nothing_and_stays_open(locked, client):
    assert client.post("/api/v1/score", json=HAND).status_code == 200


def test_the_password_opens_writes(locked, client, game_id):
    response = login(client, next_path=f"/parties/{game_id}")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/parties/{game_id}"
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 201
    page = client.get(f"/parties/{game_id}")
    assert "Mot de passe accepté" in unescape(page.text)
    assert "Sortir" in page.text


def test_a_wrong_password_is_refused_in_french(locked, client, game_id):
    response = login(client, password="coinche")
    assert response.status_code == 401
    assert "Mot de passe incorrect." in unescape(response.text)
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 401


@pytest.mark.parametrize("target", ["//example.com/x", "https://example.com/", "/\\example.com", "javascript:x"])
def test_next_is_a_local_path_only(locked, client, target):
    response = login(client, next_path=target)
    assert response.status_code == 302
    assert response.headers["Location"] == "/"


def test_logging_out_closes_writes_again(locked, client, game_id):
    login(client)
    assert client.post("/connexion/sortie").status_code == 302
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 401


def test_entry_expires(locked, client, game_id, monkeypatch):
    login(client)
    from scorekeeper.web.access import views as access

    later = access.time.time() + locked.config["TABLE_SESSION_HOURS"] * 3600 + 1
    monkeypatch.setattr(access.time, "time", lambda: later)
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 401


def test_a_new_password_ends_every_session(locked, client, game_id):
    login(client)
    locked.config["TABLE_PASSWORD_HASH"] = generate_password_hash("autre", method="pbkdf2:sha256:1000")
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 401


# --- reading locked too ----------------------------------------------------------------------


@pytest.fixture
def read_locked(locked):
    locked.config["READ_REQUIRES_PASSWORD"] = True
    return locked


def test_reading_can_need_the_password_too(read_locked, client, game_id):
    assert client.get(f"/api/v1/games/{game_id}").status_code == 401
    assert client.post("/api/v1/score", json=HAND).status_code == 401
    response = client.get(f"/parties/{game_id}")
    assert response.headers["Location"] == f"/connexion?next=/parties/{game_id}"
    page = client.get(response.headers["Location"])
    assert page.status_code == 200
    assert "Entrez le mot de passe de la table pour voir les parties." in unescape(page.text)
    static = client.get("/static/style.css")
    static.close()
    assert static.status_code == 200
    login(client)
    assert client.get(f"/api/v1/games/{game_id}").status_code == 200


# --- rate limit ------------------------------------------------------------------------------


def test_wrong_guesses_are_limited_per_address(locked, client):
    for _ in range(locked.config["LOGIN_ATTEMPTS"]):
        assert login(client, password="faux").status_code == 401
    blocked = login(client)  # even the right password, until the window has passed
    assert blocked.status_code == 429
    assert "Trop d'essais depuis cet appareil : réessayez dans 15 min." in unescape(blocked.text)
    assert blocked.headers["Retry-After"] == "900"
    assert login(client, address="192.0.2.99").status_code == 302  # another phone is not blocked


def test_the_limit_holds_across_a_restart(locked, client):
    """Two apps on one database (the server before and after a restart): the count is in the database."""
    other = create_app(dict(locked.config))
    for _ in range(3):
        login(client, password="faux")
    for _ in range(2):
        login(other.test_client(), password="faux")
    assert login(client).status_code == 429
    assert login(other.test_client()).status_code == 429


def test_a_right_password_clears_the_address_and_old_guesses_are_pruned(locked, client, monkeypatch):
    for _ in range(3):
        login(client, password="faux")
    assert attempts(locked) == 3
    assert login(client).status_code == 302
    assert attempts(locked) == 0
    login(client, password="faux", address="192.0.2.50")
    from scorekeeper.web.access import views as access

    later = access.time.time() + locked.config["LOGIN_WINDOW_MINUTES"] * 60 + 1
    monkeypatch.setattr(access.time, "time", lambda: later)
    login(client, password="faux")
    assert attempts(locked) == 1  # the earlier address's guess was pruned, this one counted


# --- set-password ----------------------------------------------------------------------------


@pytest.fixture
def instance_app(tmp_path, monkeypatch):
    folder = tmp_path / "instance"
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(folder))
    for name in list(os.environ):
        if name.startswith("SCOREKEEPER_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "cli.db"))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "x")
    monkeypatch.setenv("SCOREKEEPER_WTF_CSRF_ENABLED", "false")
    migrate(str(tmp_path / "cli.db"))
    return create_app()


def test_set_password_stores_only_a_hash_and_the_running_server_sees_it(instance_app):
    runner = instance_app.test_cli_runner()
    result = runner.invoke(args=["set-password"], input=f"{PASSWORD}\n{PASSWORD}\n")
    assert result.exit_code == 0, result.output
    path = os.path.join(instance_app.instance_path, PASSWORD_FILE)
    with open(path, encoding="ascii") as file:
        stored = file.read()
    assert PASSWORD not in stored
    assert stored.startswith("scrypt:")
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"
    client = instance_app.test_client()
    assert client.post("/api/v1/games", json={}).status_code == 401  # read from the file, no restart
    assert login(client).status_code == 302
    assert client.post("/api/v1/games", json={}).status_code == 201

    result = runner.invoke(args=["set-password", "--remove"])
    assert result.exit_code == 0
    assert not os.path.exists(path)
    assert instance_app.test_client().post("/api/v1/games", json={}).status_code == 201


def test_set_password_refuses_a_mismatch_or_a_short_password(instance_app):
    runner = instance_app.test_cli_runner()
    mismatch = runner.invoke(args=["set-password"], input="abcdef\nabcdeg\nabcdef\nabcdef\n")
    assert "Encore une fois" in mismatch.output
    short = runner.invoke(args=["set-password"], input="abcdefg\nabcdefg\n")
    assert short.exit_code != 0
    assert "Le mot de passe doit avoir au moins 8 caractères." in short.output
    assert not os.path.exists(os.path.join(instance_app.instance_path, PASSWORD_FILE))
    assert runner.invoke(args=["set-password"], input="abcdefgh\nabcdefgh\n").exit_code == 0


def test_a_shorter_password_set_before_the_minimum_still_logs_in(locked, client):
    """Eight characters is asked where a password is set: one set before (4 were enough) works."""
    locked.config["TABLE_PASSWORD_HASH"] = generate_password_hash("rami", method="pbkdf2:sha256:1000")
    assert login(client, password="rami").status_code == 302


def test_login_and_logout_with_real_csrf_tokens(make_app):
    app = make_app(SECRET_KEY="x", WTF_CSRF_ENABLED=True, TABLE_PASSWORD_HASH=HASH)
    client = app.test_client()

    page = client.get("/connexion").text
    assert client.post("/connexion", data={"password": PASSWORD}).status_code == 400  # no token
    response = client.post("/connexion", data={"password": PASSWORD, "csrf_token": csrf_token(page), "next": "/"})
    assert response.status_code == 302
    home = client.get("/").text
    logout = re.search(r'<form class="topbar-form" method="post" action="/connexion/sortie">.*?</form>', home)
    assert logout, "a phone that entered the password can leave"
    assert client.post("/connexion/sortie").status_code == 400  # no token: another site cannot log out
    assert client.post("/connexion/sortie", data={"csrf_token": csrf_token(logout.group(0))}).status_code == 302
    assert 'href="/connexion?next=/"' in client.get("/").text
