""" "Sortir" ends the session on the server (issue 14, item 4): a cookie copied before it no longer
writes, after a restart too; changing the password still ends every session."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from html import unescape

import pytest
from werkzeug.security import generate_password_hash

from scorekeeper.store import db as db_module
from scorekeeper.web import create_app
from tests.helpers import HASH, PASSWORD

HAND = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}


@pytest.fixture
def locked(make_app):
    """An app of a table with a password, and one game made before it was set."""
    app = make_app()
    app.game = app.test_client().post("/api/v1/games", json={}).get_json()["id"]
    app.config["TABLE_PASSWORD_HASH"] = HASH
    return app


def login(client):
    response = client.post("/connexion", data={"password": PASSWORD, "next": "/"})
    assert response.status_code == 302
    return client.get_cookie("session").value


def copy_of(app, cookie: str):
    """Another browser holding a copy of the cookie (or the same one after the phone left)."""
    client = app.test_client()
    client.set_cookie("session", cookie)
    return client


def record(client, app) -> int:
    return client.post(f"/api/v1/games/{app.game}/redeals", json={"reason": "all_pass"}).status_code


def ended(app) -> int:
    with closing(sqlite3.connect(app.config["DATABASE"])) as conn:
        return conn.execute("select count(*) from ended_sessions").fetchone()[0]


def test_a_cookie_copied_before_leaving_no_longer_writes(locked):
    phone = locked.test_client()
    cookie = login(phone)
    thief = copy_of(locked, cookie)
    assert record(thief, locked) == 201  # the copy works while the phone is in
    assert phone.post("/connexion/sortie").status_code == 302
    assert record(phone, locked) == 401
    assert record(thief, locked) == 401
    assert "Sortir" not in thief.get("/").text


def test_leaving_holds_across_a_restart(locked):
    restarted = create_app(dict(locked.config))
    phone = locked.test_client()
    cookie = login(phone)
    assert record(copy_of(restarted, cookie), locked) == 201
    phone.post("/connexion/sortie")
    assert record(copy_of(restarted, cookie), locked) == 401


def test_entering_again_opens_a_new_session(locked):
    phone = locked.test_client()
    old = login(phone)
    phone.post("/connexion/sortie")
    new = login(phone)
    assert new != old
    assert record(phone, locked) == 201
    assert record(copy_of(locked, old), locked) == 401


def test_each_phone_leaves_alone(locked):
    first, second = locked.test_client(), locked.test_client()
    login(first)
    login(second)
    first.post("/connexion/sortie")
    assert record(first, locked) == 401
    assert record(second, locked) == 201


def test_a_new_password_still_ends_every_session(locked):
    phone = locked.test_client()
    login(phone)
    locked.config["TABLE_PASSWORD_HASH"] = generate_password_hash("autre", method="pbkdf2:sha256:1000")
    assert record(phone, locked) == 401


def test_a_cookie_from_before_session_ids_must_enter_again(locked):
    """A session signed before this change (no session id) no longer writes: enter once more."""
    phone = locked.test_client()
    login(phone)
    with phone.session_transaction() as session:
        session.pop("table_session")
    assert record(phone, locked) == 401


def test_ended_sessions_are_pruned_once_they_would_have_expired(locked, monkeypatch):
    from scorekeeper.web.access import views as access

    phone = locked.test_client()
    login(phone)
    phone.post("/connexion/sortie")
    assert ended(locked) == 1
    later = access.time.time() + locked.config["TABLE_SESSION_HOURS"] * 3600 + 1
    monkeypatch.setattr(access.time, "time", lambda: later)
    login(phone)
    phone.post("/connexion/sortie")
    assert ended(locked) == 1  # the first one, expired anyway, is gone


def test_leaving_on_a_read_only_disk_still_leaves_this_phone(locked, monkeypatch):
    phone = locked.test_client()
    cookie = login(phone)
    real_connect = db_module.connect

    def read_only(path):
        database = real_connect(path)
        database.execute("PRAGMA query_only = ON")
        return database

    monkeypatch.setattr(db_module, "connect", read_only)
    db_module.pool.clear()
    response = phone.post("/connexion/sortie", follow_redirects=True)
    assert response.status_code == 200
    assert "Déconnecté de ce téléphone, mais le serveur n'a pas pu l'enregistrer" in unescape(response.text)
    assert "Sortir" not in response.text
    monkeypatch.setattr(db_module, "connect", real_connect)
    db_module.pool.clear()
    assert record(copy_of(locked, cookie), locked) == 201  # what the warning says stays open


def test_a_poll_answered_after_leaving_does_not_bring_the_session_back(locked):
    """A sheet's poll sent before "Sortir" and answered after it carries no session cookie: the
    browser keeps the one "Sortir" set, with its message (« Déconnecté »), which a refreshed copy
    of the old cookie replaced in a browser test now and then."""
    phone = locked.test_client()
    login(phone)
    poll = phone.get(f"/api/v1/games/{locked.game}")
    assert poll.status_code == 200
    assert "Set-Cookie" not in poll.headers
    leaving = phone.post("/connexion/sortie")
    assert "Set-Cookie" in leaving.headers
    assert "Déconnecté" in unescape(phone.get(leaving.headers["Location"]).text)
