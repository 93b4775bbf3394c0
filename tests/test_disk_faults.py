"""A read-only or full disk (issue 6): a clear French 503, for pages and API alike; nothing
half-written; and the same request succeeds once the disk is back.

The faults are SQLite's own: `PRAGMA query_only` makes every write fail as on a read-only file
(SQLITE_READONLY), and `PRAGMA max_page_count` set to the file's size makes the next new page
fail as on a full disk (SQLITE_FULL). Running as root, chmod would not stop a write.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from html import unescape

import pytest

from scorekeeper.store import db as db_module
from scorekeeper.web import database as database_module
from scorekeeper.web.errors import DISK_MESSAGES, disk_message
from tests.helpers import connecting_to_a_faulty_disk

HAND = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}
FORM_HAND = {"taker_player": "0", "contract": "80", "mode": "hearts", "points": "92", "enregistrer": "1"}


def dump(app) -> str:
    with closing(sqlite3.connect(app.config["DATABASE"])) as conn:
        return "\n".join(conn.iterdump())


def deal_count(app) -> int:
    with closing(sqlite3.connect(app.config["DATABASE"])) as conn:
        return conn.execute("select count(*) from deals").fetchone()[0]


class Disk(dict):
    """disk["fault"] = "readonly" | "full" | None: what every new connection of the app meets.

    pytest-flask keeps one app context for the whole test, so the requests of a test share one
    connection; setting a fault closes it and the idle ones, so that the next request opens one
    that meets the fault, as every connection does when a real disk fails."""

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        database_module.close_db()
        db_module.pool.clear()


@pytest.fixture
def disk(app, monkeypatch):
    state = Disk(fault=None)
    monkeypatch.setattr(db_module, "connect", connecting_to_a_faulty_disk(state, db_module.connect))
    return state


def new_game(client, deals: int = 0) -> str:
    """A game of `deals` redeals."""
    game_id = client.post("/api/v1/games", json={}).get_json()["id"]
    for _ in range(deals):
        assert client.post(f"/api/v1/games/{game_id}/redeals", json={"reason": "all_pass"}).status_code == 201
    return game_id


def game_at_the_brim(app, client) -> tuple[str, int]:
    """A game of redeals, as many as leave the deals table's last page, once vacuumed as the full
    disk's connection does, less room than a hand's row (over 150 bytes, a redeal's about 125): the
    next hand needs a new page, which a full disk refuses. (Until issue 22, the idempotency key's
    stored answer, the whole sheet, needed new pages in any long game.) Returns it and its deals."""
    game_id, deals = new_game(client), 0
    while True:
        with closing(sqlite3.connect(app.config["DATABASE"])) as conn:
            conn.execute("VACUUM")
            room = conn.execute(
                "select unused from dbstat where name = 'deals' and pagetype = 'leaf' order by pageno desc limit 1"
            ).fetchone()[0]
        if room < 150:
            return game_id, deals
        assert client.post(f"/api/v1/games/{game_id}/redeals", json={"reason": "all_pass"}).status_code == 201
        deals += 1


EXPECTED = {"readonly": "La base de données est en lecture seule", "full": "Le disque est plein"}


@pytest.mark.parametrize("fault", ["readonly", "full"])
def test_api_write_on_a_faulty_disk_is_a_french_503_and_recovers(app, client, disk, fault):
    game_id, deals = game_at_the_brim(app, client)
    before = dump(app)
    url = f"/api/v1/games/{game_id}/hands"
    headers = {"Idempotency-Key": "donne-31"}

    disk["fault"] = fault
    response = client.post(url, json=HAND, headers=headers)
    assert response.status_code == 503
    assert response.get_json()["error"].startswith(EXPECTED[fault])
    assert "rien n'a été enregistré" in response.get_json()["error"]
    assert response.headers["Retry-After"]
    assert dump(app) == before  # the deal and its action were written before the fault: rolled back

    disk["fault"] = None
    retried = client.post(url, json=HAND, headers=headers)
    assert retried.status_code == 201
    assert len(retried.get_json()["hands"]) == deals + 1
    assert deal_count(app) == deals + 1


@pytest.mark.parametrize("fault", ["readonly", "full"])
def test_page_write_on_a_faulty_disk_is_a_french_503_page_and_recovers(app, client, disk, fault):
    game_id, deals = game_at_the_brim(app, client)
    before = dump(app)
    url = f"/parties/{game_id}/donnes/nouvelle"
    form = {**FORM_HAND, "request_id": "la-meme-donne"}

    disk["fault"] = fault
    response = client.post(url, data=form)
    assert response.status_code == 503
    assert '<html lang="fr">' in response.text
    assert EXPECTED[fault] in unescape(response.text)
    assert "Retour à l'accueil" in unescape(response.text)
    assert dump(app) == before

    disk["fault"] = None
    assert client.post(url, data=form).status_code == 302
    assert client.post(url, data=form).status_code == 302  # a second tap replays, records nothing
    assert deal_count(app) == deals + 1


def test_creating_a_game_on_a_read_only_disk(app, client, disk):
    before = dump(app)
    disk["fault"] = "readonly"
    response = client.post("/parties/nouvelle", data={"team_a": "Nous", "team_b": "Eux"})
    assert response.status_code == 503
    assert "lecture seule" in unescape(response.text)
    assert dump(app) == before
    disk["fault"] = None
    assert client.post("/parties/nouvelle", data={"team_a": "Nous", "team_b": "Eux"}).status_code == 302


def test_reading_still_works_on_a_read_only_disk(app, client, disk):
    game_id = new_game(client, deals=2)
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 201
    disk["fault"] = "readonly"
    assert client.get(f"/api/v1/games/{game_id}").status_code == 200
    page = client.get(f"/parties/{game_id}")
    assert page.status_code == 200
    assert re.search(r'data-total="A"[^>]*>\s*170', page.text)


def error_named(name: str) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError("simulated")
    error.sqlite_errorname = name
    return error


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("SQLITE_READONLY", "Base de données en lecture seule"),
        ("SQLITE_READONLY_DBMOVED", "Base de données en lecture seule"),
        ("SQLITE_FULL", "Disque plein"),
        ("SQLITE_IOERR_WRITE", "Disque en erreur"),
        ("SQLITE_CANTOPEN", "Base de données introuvable"),
        ("SQLITE_BUSY", "Base de données occupée"),
    ],
)
def test_each_disk_fault_has_its_french_words(name, title):
    assert disk_message(error_named(name))[0] == title


def test_other_database_errors_stay_internal_errors():
    assert disk_message(error_named("SQLITE_ERROR")) is None
    assert disk_message(sqlite3.OperationalError("no such table: x")) is None


def test_every_message_says_nothing_was_saved():
    for _, message in DISK_MESSAGES.values():
        assert "rien n'a été enregistré" in message


def test_an_unexpected_database_error_is_a_french_500(app, client, monkeypatch):
    from scorekeeper.store import games as store

    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("no such table: games")

    game_id = new_game(client)
    monkeypatch.setattr(store, "live_deals", broken)
    response = client.get(f"/api/v1/games/{game_id}")
    assert response.status_code == 500
    assert response.get_json()["error"].startswith("Erreur interne")
