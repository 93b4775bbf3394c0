"""A phone that logged in before is never held by the server-wide budget of wrong passwords (issue
31, F3): its signed device cookie lets it past the budget that strangers guessing from many
addresses keep spent, while unknown devices stay limited, and the phone stays held by its
address's limit and by its own count of wrong passwords (docs/club.md, "The table password")."""

from __future__ import annotations

from html import unescape

import pytest
from itsdangerous import URLSafeTimedSerializer

from scorekeeper.web.access import devices
from scorekeeper.web.access import views as access
from tests.helpers import HASH, PASSWORD, login

T0 = 1_750_000_000.0
PHONE = "192.0.2.7"


@pytest.fixture
def clock(monkeypatch):
    now = {"now": T0}
    monkeypatch.setattr(access.time, "time", lambda: now["now"])
    return now


@pytest.fixture
def locked(app, clock):
    app.config.update(TABLE_PASSWORD_HASH=HASH, LOGIN_ATTEMPTS=5, LOGIN_WINDOW_MINUTES=15, LOGIN_GUESSES_PER_MINUTE=3)
    return app


def device_cookie(client) -> str:
    cookie = client.get_cookie(devices.COOKIE, path="/connexion")
    assert cookie is not None
    return cookie.value


def phone_back(app, cookie: str):
    """The phone later, its session over (a new evening), its device cookie kept."""
    client = app.test_client()
    client.set_cookie(devices.COOKIE, cookie, path="/connexion")
    return client


def spend_the_budget(client, clock, guesses: int = 3) -> None:
    for n in range(guesses):  # strangers, one guess each from an address of their own
        clock["now"] = T0 + 1 + n
        assert login(client, password="faux", address=f"198.51.100.{n}").status_code == 401
    assert login(client, password="faux", address="198.51.100.99").status_code == 429  # spent


def test_a_phone_that_logged_in_before_is_let_past_the_spent_budget(locked, clock):
    phone = locked.test_client()
    assert login(phone, address=PHONE).status_code == 302
    cookie = device_cookie(phone)
    spend_the_budget(locked.test_client(), clock)
    clock["now"] = T0 + 10
    assert login(phone_back(locked, cookie), address=PHONE).status_code == 302
    assert login(phone_back(locked, cookie), address="192.0.2.8").status_code == 302  # on another address too
    stranger = login(locked.test_client(), address="192.0.2.9")  # the right password, unknown device
    assert stranger.status_code == 429
    assert "Trop d'essais : réessayez dans 51 s." in unescape(stranger.text)  # the first guess leaves at T0+61


def test_the_device_cookie_is_signed_httponly_lax_and_kept_a_year(locked):
    phone = locked.test_client()
    answer = login(phone, address=PHONE)
    header = next(value for value in answer.headers.getlist("Set-Cookie") if value.startswith("appareil="))
    assert "HttpOnly" in header and "SameSite=Lax" in header and "Path=/connexion" in header
    assert "Max-Age=31536000" in header
    assert "Secure" not in header  # plain HTTP: a Secure cookie would never come back
    over_https = locked.test_client().post(
        "/connexion", data={"password": PASSWORD, "next": "/"}, base_url="https://localhost"
    )
    assert over_https.status_code == 302
    assert "Secure" in next(value for value in over_https.headers.getlist("Set-Cookie") if "appareil=" in value)
    device = URLSafeTimedSerializer(locked.secret_key, salt=devices.SALT).loads(device_cookie(phone))
    assert isinstance(device, str) and len(device) >= 16


@pytest.mark.parametrize(
    "cookie",
    [
        lambda key: "un-appareil",  # not signed
        lambda key: URLSafeTimedSerializer("another key", salt=devices.SALT).dumps("k3v9q2ab"),
        lambda key: URLSafeTimedSerializer(key, salt="cookie-session").dumps("k3v9q2ab"),  # the session's signature
    ],
    ids=["not signed", "another key", "another salt"],  # made at run time: their ids would differ per worker
)
def test_a_cookie_this_server_did_not_sign_is_an_unknown_device(locked, clock, cookie):
    spend_the_budget(locked.test_client(), clock)
    assert login(phone_back(locked, cookie(locked.config["SECRET_KEY"])), address=PHONE).status_code == 429


def test_a_cookie_older_than_a_year_is_an_unknown_device(locked, clock, monkeypatch):
    phone = locked.test_client()
    login(phone, address=PHONE)
    cookie = device_cookie(phone)
    spend_the_budget(locked.test_client(), clock)
    real = devices.URLSafeTimedSerializer.loads
    monkeypatch.setattr(
        devices.URLSafeTimedSerializer, "loads", lambda self, raw, max_age: real(self, raw, max_age=-1)
    )  # a year gone by: its signature's time is past max_age
    assert login(phone_back(locked, cookie), address=PHONE).status_code == 429


def test_a_known_device_has_its_own_limit_of_wrong_passwords(locked, clock):
    """A copied cookie is no way around the limits: five wrong passwords from the device, from five
    addresses, and even the right one waits, from any address; the other phones' cookies do not."""
    phone = locked.test_client()
    login(phone, address=PHONE)
    cookie = device_cookie(phone)
    other = locked.test_client()
    login(other, address="192.0.2.20")
    spend_the_budget(locked.test_client(), clock)
    for n in range(5):
        clock["now"] = T0 + 10 + n
        assert login(phone_back(locked, cookie), password="faux", address=f"203.0.113.{n}").status_code == 401
    refused = login(phone_back(locked, cookie), address="203.0.113.50")
    assert refused.status_code == 429
    assert "Trop d'essais depuis cet appareil" in unescape(refused.text)
    assert login(phone_back(locked, device_cookie(other)), address="192.0.2.20").status_code == 302
    clock["now"] = T0 + 10 + 15 * 60  # the first of the five leaves the window
    assert login(phone_back(locked, cookie), address="203.0.113.50").status_code == 302


def test_a_known_device_is_still_held_by_its_address_s_limit(locked, clock):
    locked.config["LOGIN_GUESSES_PER_MINUTE"] = 30
    phone = locked.test_client()
    login(phone, address=PHONE)
    cookie = device_cookie(phone)
    for n in range(5):  # five wrong passwords from the phone's address, by someone else
        clock["now"] = T0 + n
        login(locked.test_client(), password="faux", address=PHONE)
    refused = login(phone_back(locked, cookie), address=PHONE)
    assert refused.status_code == 429
    assert "depuis cet appareil" in unescape(refused.text)
