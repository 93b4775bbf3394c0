"""Device cookies (OWASP's "Blocking Brute Force Attacks" cheat sheet, "device cookies"): a phone
that has entered the table password gets a signed cookie naming it, kept a year, and a login
carrying a valid one is let past the server-wide budget of wrong passwords (limits.py), which
strangers guessing from many addresses could otherwise keep spent all evening (issue 31, F3:
12 logins of 12 with the right password refused while 120 addresses guessed).

The cookie names a random id, signed with the app's secret key (itsdangerous, as Flask's session):
it cannot be made without the key, and says nothing but "this phone logged in before". Its wrong
passwords are limited on their own (LOGIN_ATTEMPTS per LOGIN_WINDOW_MINUTES, as an address's), so
a copied cookie is no way around the limits. It goes to /connexion only, HttpOnly, SameSite=Lax,
and Secure when the page came over HTTPS. "Sortir" keeps it: leaving does not make the phone a
stranger. A new secret key makes every phone unknown again (the budget then applies until it logs
in once more).
"""

from __future__ import annotations

import secrets

from flask import current_app, request
from itsdangerous import BadSignature, URLSafeTimedSerializer
from werkzeug.wrappers import Response

COOKIE = "appareil"
MAX_AGE_S = 365 * 24 * 3600
SALT = "scorekeeper.access.device"  # a signature for this cookie only, never taken for the session's
PATH = "/connexion"


def _signer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=SALT)


def known_device() -> str | None:
    """The id of this phone if its device cookie is one this server signed less than a year ago."""
    raw = request.cookies.get(COOKIE)
    if not raw:
        return None
    try:
        device = _signer().loads(raw, max_age=MAX_AGE_S)
    except BadSignature:  # forged, from another key, or older than a year (SignatureExpired)
        return None
    return device if isinstance(device, str) else None


def remember_device(response: Response, device: str | None) -> None:
    """After the right password: the device cookie, signed again for a year, on the phone's id (a
    new one for a phone the server did not know)."""
    response.set_cookie(
        COOKIE,
        _signer().dumps(device or secrets.token_urlsafe(16)),
        max_age=MAX_AGE_S,
        path=PATH,
        secure=bool(current_app.config["SESSION_COOKIE_SECURE"]) or request.is_secure,
        httponly=True,
        samesite="Lax",
    )
