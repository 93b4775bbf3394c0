"""Wrong passwords are limited per address and for the whole server, looked at before any hash, one
hash at a time, and counted in memory so that the limits hold on a read-only disk (issue 24)."""

from __future__ import annotations

import sqlite3
import threading
from contextlib import closing
from html import unescape

import pytest

from scorekeeper.store import db as db_module
from scorekeeper.web.access import views as access
from tests.helpers import HASH, login

T0 = 1_750_000_000.0


@pytest.fixture
def clock(monkeypatch):
    """The login's clock, frozen: clock["now"] is what time.time() says."""
    now = {"now": T0}
    monkeypatch.setattr(access.time, "time", lambda: now["now"])
    return now


@pytest.fixture
def hashes(monkeypatch):
    """The passwords hashed, in order: check_password_hash, counted."""
    hashed = []
    real = access.check_password_hash

    def counted(stored, password):
        hashed.append(password)
        return real(stored, password)

    monkeypatch.setattr(access, "check_password_hash", counted)
    return hashed


@pytest.fixture
def locked(app, clock):
    app.config.update(TABLE_PASSWORD_HASH=HASH, LOGIN_ATTEMPTS=5, LOGIN_WINDOW_MINUTES=15, LOGIN_GUESSES_PER_MINUTE=30)
    return app


@pytest.fixture
def read_only(monkeypatch):
    """Every connection opened from now on cannot write, as on a read-only disk."""
    real_connect = db_module.connect

    def connect(path):
        database = real_connect(path)
        database.execute("PRAGMA query_only = ON")
        return database

    monkeypatch.setattr(db_module, "connect", connect)
    db_module.pool.clear()
    yield
    monkeypatch.setattr(db_module, "connect", real_connect)
    db_module.pool.clear()


def stored_attempts(app) -> int:
    with closing(sqlite3.connect(app.config["DATABASE"])) as conn:
        return conn.execute("select count(*) from login_attempts").fetchone()[0]


def refusal(response) -> str:
    assert response.status_code == 429
    return unescape(response.text)


# --- per address -----------------------------------------------------------------------------


def test_the_address_limit_tells_when_to_come_back(locked, client, clock):
    for minute in range(5):  # one wrong password a minute
        clock["now"] = T0 + minute * 60
        assert login(client, password="faux").status_code == 401
    clock["now"] = T0 + 5 * 60
    blocked = login(client)
    assert "Trop d'essais depuis cet appareil : réessayez dans 10 min." in refusal(blocked)
    assert blocked.headers["Retry-After"] == "600"  # the first guess leaves the window at T0 + 15 min
    clock["now"] = T0 + 15 * 60 - 30
    assert "réessayez dans 30 s." in refusal(login(client))
    clock["now"] = T0 + 15 * 60 + 1
    assert login(client).status_code == 302


def test_on_a_read_only_disk_wrong_passwords_are_still_limited(locked, client, read_only, hashes):
    for _ in range(5):
        assert login(client, password="faux").status_code == 401
    assert "Trop d'essais depuis cet appareil" in refusal(login(client, password="faux"))
    assert "Trop d'essais depuis cet appareil" in refusal(login(client))  # the right one too, for now
    assert len(hashes) == 5  # the refused ones were not hashed
    assert login(client, address="192.0.2.99").status_code == 302  # another phone enters
    assert stored_attempts(locked) == 0  # nothing could be written: memory held the count


def test_the_right_password_forgives_the_address(locked, client, read_only):
    for _ in range(4):
        login(client, password="faux")
    assert login(client).status_code == 302
    for _ in range(4):  # the four before no longer count against it
        assert login(client, password="faux").status_code == 401


# --- the whole server ------------------------------------------------------------------------


def test_the_servers_budget_holds_whatever_the_addresses(locked, client, clock, hashes):
    locked.config["LOGIN_GUESSES_PER_MINUTE"] = 3
    for n in range(3):  # three strangers, one guess each, ten seconds apart
        clock["now"] = T0 + n * 10
        assert login(client, password="faux", address=f"198.51.100.{n}").status_code == 401
    clock["now"] = T0 + 30
    blocked = login(client, password="faux", address="198.51.100.3")
    assert "Trop d'essais : réessayez dans 30 s." in refusal(blocked)  # the first leaves the minute at T0 + 60
    assert blocked.headers["Retry-After"] == "30"
    assert refusal(login(client, address="192.0.2.7"))  # the table's phone too waits, unhashed
    assert len(hashes) == 3
    clock["now"] = T0 + 60
    assert login(client, address="192.0.2.7").status_code == 302  # one guess left the minute


def test_forgiven_guesses_still_count_in_the_budget(locked, client):
    locked.config["LOGIN_GUESSES_PER_MINUTE"] = 3
    login(client, password="faux")
    login(client, password="faux")
    assert login(client).status_code == 302  # this phone is forgiven, the server's minute is not
    strangers = locked.test_client()  # without this phone's device cookie (test_device_cookie.py)
    assert login(strangers, password="faux", address="198.51.100.1").status_code == 401
    assert refusal(login(strangers, password="faux", address="198.51.100.2"))


def test_the_budget_holds_on_a_read_only_disk(locked, client, read_only):
    locked.config["LOGIN_GUESSES_PER_MINUTE"] = 2
    for n in range(2):
        assert login(client, password="faux", address=f"198.51.100.{n}").status_code == 401
    assert "Trop d'essais : réessayez dans 60 s." in refusal(login(client, address="198.51.100.9"))


# --- one hash at a time ----------------------------------------------------------------------


def test_a_login_during_another_ones_hash_is_told_to_retry_unhashed(locked, monkeypatch):
    """While a password is being hashed, a second login answers at once, and counts nothing: the
    server's other threads stay free for the tables."""
    hashing, release = threading.Event(), threading.Event()
    real = access.check_password_hash
    hashed = []

    def slow(stored, password):
        hashed.append(password)
        hashing.set()
        assert release.wait(10)
        return real(stored, password)

    monkeypatch.setattr(access, "check_password_hash", slow)
    first = {}
    thread = threading.Thread(
        target=lambda: first.update(response=login(locked.test_client(), password="faux", address="198.51.100.1"))
    )
    thread.start()
    assert hashing.wait(10)
    second = login(locked.test_client(), password="faux", address="198.51.100.2")
    assert "Trop d'essais : réessayez dans 1 s." in refusal(second)
    assert second.headers["Retry-After"] == "1"
    release.set()
    thread.join(10)
    assert first["response"].status_code == 401
    assert hashed == ["faux"]
    assert stored_attempts(locked) == 1  # the first one only
    assert login(locked.test_client(), password="faux", address="198.51.100.2").status_code == 401  # now it may


# --- a real server: the tables keep reading --------------------------------------------------


@pytest.mark.slow
@pytest.mark.serial
def test_a_table_reads_its_sheet_while_many_addresses_guess_most_refused_unhashed():
    """bench/password_guessing.py, shorter: 40 addresses guessing for 8 s. How fast the table is
    served meanwhile is the benchmark's figure (docs/performance.md), not a test's."""
    from tests.bench_scripts import bench_module

    bench_module("app_server")
    guessing = bench_module("password_guessing")
    result = guessing.measure(addresses=40, per_address=1, seconds=8)
    assert result["outcomes"][429] > result["outcomes"][401] > 0  # most were refused unhashed
    assert result["outcomes"][401] <= 30  # the server's budget a minute
    assert result["busy"], "the table's reads were answered meanwhile"
