"""How large a body a request may send, told from its URL and its cookies alone: the server asks
this once a request's headers have arrived (server/bodies.py), and refuses a larger body there,
before reading it, so that nobody's body beyond the ordinary limit is ever buffered.

Everywhere MAX_CONTENT_LENGTH (a phone's deals and forms are small); the archive's import
IMPORT_MAX_BYTES, and, when a table password is set, only to a phone that entered it: a stranger's
64 MB never reaches the server's disk (issue 31, F4). The app checks both again once the body is
there (its own 413, the guard), so this is a bound, not the rule."""

from __future__ import annotations

from flask import Flask

from scorekeeper.web.access.password import entered_by_cookie
from scorekeeper.web.access.views import bp as login_pages
from scorekeeper.web.archive.import_pages import IMPORT_MAX_BYTES, IMPORT_PATH

LOGIN_PATH = login_pages.url_prefix or "/"  # where a phone without the password is sent instead


def body_allowance(app: Flask, path: str, cookie_header: str) -> int | None:
    """The most bytes a body sent to `path` with these cookies may have; None: none before the
    table password is entered (the phone is sent to LOGIN_PATH, its body unread)."""
    if path != IMPORT_PATH:  # MAX_CONTENT_LENGTH None (Flask: no limit): the server's own, the import's
        return app.config["MAX_CONTENT_LENGTH"] or IMPORT_MAX_BYTES
    return IMPORT_MAX_BYTES if entered_by_cookie(app, cookie_header) else None
