"""What the app tells the server of a body before it is read (web/bodies.py, issue 31, F4): how
large it may be for its URL, and for the import whether the phone entered the password, from its
cookies alone. tests/test_connection_and_body_limits.py has the real server refusing them."""

from __future__ import annotations

import time

from scorekeeper.web.access.password import fingerprint
from scorekeeper.web.bodies import body_allowance
from tests.helpers import HASH, login

IMPORT = "/archives/importer"


def session_cookie(client) -> str:
    cookie = client.get_cookie("session")
    return f"other=1; session={cookie.value}" if cookie else ""


def test_without_a_password_the_import_takes_64_mb_and_every_other_url_256_kb(app):
    assert body_allowance(app, IMPORT, "") == 64 * 1024 * 1024
    for path in ("/", "/parties/abc/donnes", "/api/v1/games", "/archives/importer/", "/connexion"):
        assert body_allowance(app, path, "") == 256 * 1024, path


def test_with_a_password_the_import_takes_a_body_only_from_a_phone_that_entered_it(app):
    app.config["TABLE_PASSWORD_HASH"] = HASH
    client = app.test_client()
    assert body_allowance(app, IMPORT, "") is None
    assert body_allowance(app, "/api/v1/games", "") == 256 * 1024  # the app's guard refuses it after
    assert login(client).status_code == 302
    entered = session_cookie(client)
    assert body_allowance(app, IMPORT, entered) == 64 * 1024 * 1024
    forged = entered.replace("session=", "session=x")
    assert body_allowance(app, IMPORT, forged) is None
    signed = app.session_interface.get_signing_serializer(app).dumps
    table = fingerprint(HASH)
    assert (
        body_allowance(app, IMPORT, "session=" + signed({"table": table, "table_until": time.time() + 60}))
        == 64 * 1024 * 1024
    )
    assert body_allowance(app, IMPORT, "session=" + signed({"table": table, "table_until": time.time() - 60})) is None
    assert body_allowance(app, IMPORT, "session=" + signed({"_flashes": []})) is None  # a session, no password


def test_a_phone_that_entered_a_former_password_may_not_send_the_import(app):
    app.config["TABLE_PASSWORD_HASH"] = HASH
    client = app.test_client()
    login(client)
    app.config["TABLE_PASSWORD_HASH"] = HASH.replace("pbkdf2:sha256:1000", "pbkdf2:sha256:1001")
    assert body_allowance(app, IMPORT, session_cookie(client)) is None


def test_with_no_ordinary_limit_set_every_url_takes_what_the_server_takes(app):
    app.config["MAX_CONTENT_LENGTH"] = None  # Flask's "no limit": not a password to enter
    assert body_allowance(app, "/api/v1/games", "") == 64 * 1024 * 1024
