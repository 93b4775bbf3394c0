"""Pages with validators (issue 16): a phone that kept a page asks for it again with its ETag
(If-None-Match) and, while the page would show the same, is answered 304 with no body: a revisit
of an unchanged sheet on a poor Wi-Fi costs a round trip of headers, not the page.

Pages say `Cache-Control: private, no-cache`: kept by the phone alone and asked again on every
visit (a live score sheet is never shown stale), unless another part of the app said `no-store` (a
page showing a one-time message, `offline.py`; reading behind the password, `access/`).

- A game's sheet and its deal form carry a CSRF token signed with the time (Flask-WTF) and a new
  request id in their forms: two renderings of an unchanged sheet differ by those alone. Their
  ETag names what they show instead, from the game's revision: the view asks `not_modified(…)`
  before building anything, and `validated_by(…)` tags the page it renders. The copy the phone
  keeps stays good to post: its token is the session's (WTF_CSRF_TIME_LIMIT is None: an evening
  is longer than an hour), and its request id was never used, since a deal recorded with it would
  have changed the revision.
- The statistics pages show the derived rows alone: their ETag names the archive's revision
  (`stats.archive_revision`), asked before any figure is read (`archive/routes.py`).
- Every other page (home, archive, tools): a hash of its body, which is the same twice.

A tag also names the phone's session token and whether it entered the table password (the page
shows "Sortir" or "Connexion"), the address, the server's HTTPS port (a page over plain HTTP
points to it), and the static files' version (a page names their versioned addresses); a code or
template change with none of those is seen at the game's next write. A phone with a one-time
message waiting is never answered 304: the page must show it.
"""

from __future__ import annotations

import hashlib
import json

from flask import Flask, Response, current_app, g, request, session
from flask_wtf.csrf import generate_csrf

from scorekeeper.web.access.password import has_entered, password_hash
from scorekeeper.web.assets import static_folder

CACHE_CONTROL = "private, no-cache"


def _tag(state: tuple) -> str:
    generate_csrf()  # the session's token, made now if the phone has none yet (the page would make it)
    token = session.get(current_app.config["WTF_CSRF_FIELD_NAME"])
    hashed = password_hash()
    entered = has_entered(hashed) if hashed else False
    # HTTPS_PORT: a page over plain HTTP names the HTTPS address once the server serves one (web/join.py)
    https = current_app.config["HTTPS_PORT"]
    named = [static_folder(current_app.static_folder).version, request.full_path, token, entered, https, *state]
    return hashlib.sha256(json.dumps(named).encode()).hexdigest()[:24]


def not_modified(*state) -> Response | None:
    """A 304 for a phone whose copy of this page shows `state` (a game and its revision), else None."""
    if not request.if_none_match or "_flashes" in session:
        return None
    tag = _tag(state)
    if not request.if_none_match.contains_weak(tag):
        return None
    response = current_app.response_class(status=304)
    response.set_etag(tag, weak=True)
    response.headers["Cache-Control"] = CACHE_CONTROL
    return response


def validated_by(*state) -> str:
    """Tag the page about to be rendered as showing `state`; its ETag, as the header says it (the
    sheet gives it to its script, which asks with it whether the sheet changed)."""
    g.page_etag = _tag(state)
    return f'W/"{g.page_etag}"'


def _with_validator(response: Response) -> Response:
    tag = g.pop("page_etag", None)
    if (
        request.method not in ("GET", "HEAD")
        or response.status_code != 200
        or response.mimetype != "text/html"
        or response.is_streamed
    ):
        return response
    if tag is not None:
        response.set_etag(tag, weak=True)
    elif "no-store" not in response.headers.get("Cache-Control", ""):
        response.add_etag(weak=True)  # werkzeug's: a hash of the body
        response.make_conditional(request)  # a 304 for the phone's copy: the response itself, changed
    response.headers.setdefault("Cache-Control", CACHE_CONTROL)
    return response


def init_app(app: Flask) -> None:
    # Registered before offline.py's and access/guard.py's hooks, so it runs after them (Flask runs them
    # last registered first) and sees the `no-store` they set.
    app.after_request(_with_validator)
