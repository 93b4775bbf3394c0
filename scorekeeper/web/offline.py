"""Pages that open with no network: the service worker (templates/offline/sw.js, served at /sw.js
so that its scope is the whole app) and what it needs from the server.

The worker keeps the static files (the home-screen icons aside), at the versioned addresses the
pages use (`assets.py`), under a version that is a hash of their contents: when one changes, the
worker's text changes, the browser installs it again and it fetches them anew. It keeps blank
copies of the pages too (never one reached with a query string): the home page, the card counter
and the meld checker from its install, and the pages of the games last opened, except a page
showing a one-time message (a flash), which says `Cache-Control: no-store` so that the message is
not shown again from the copy.
"""

from __future__ import annotations

from typing import cast

from flask import Blueprint, Flask, Response, current_app, g, get_flashed_messages, render_template, url_for

from scorekeeper.web.assets import static_folder

bp = Blueprint("offline", __name__)


# The home-screen icons are the browser's, fetched when the app is installed: not needed offline.
# The screen-on video (static/wake_lock.js) is fetched only where the Wake Lock API is not offered,
# which is mostly where there is no service worker either (plain HTTP): kept, it would cost every
# phone over HTTPS its bytes for nothing.
NOT_KEPT = ("icons/", "screen_on/")

# The pages kept at install, blank, so that they open offline on a phone that never opened them:
# the home page, and the card counter and the meld checker (a dispute at the table with no
# network). A game's sheet and deal form are kept when the sheet opens (static/sheet.js).
PRECACHED_PAGES = ("pages.index", "tools.counter", "tools.meld_checker")


def static_files(folder: str) -> tuple[tuple[str, ...], str]:
    """The static files the worker keeps (their paths under the folder), and a hash of the contents
    of every file of the folder: the worker's version."""
    kept = static_folder(folder)
    return tuple(name for name in kept.files if not name.startswith(NOT_KEPT)), kept.version


@bp.get("/sw.js")
def service_worker() -> Response:
    folder = current_app.static_folder
    assert folder is not None  # create_app names it (web/paths.py)
    names, version = static_files(folder)
    text = render_template(
        "offline/sw.js",
        version=version,
        files=[url_for("static", filename=name) for name in names],
        pages=[url_for(endpoint) for endpoint in PRECACHED_PAGES],
    )
    response = current_app.response_class(text, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"  # the browser asks for it again on each visit
    return response


def flashes() -> list[tuple[str, str]]:
    """The page's one-time messages (base.html shows them), noted so the page is not kept."""
    # with_categories: (category, message) pairs, which Flask's annotation does not tell apart
    messages = cast(list[tuple[str, str]], get_flashed_messages(with_categories=True))
    if messages:
        g.page_has_flash = True
    return messages


def _not_kept_with_a_flash(response: Response) -> Response:
    if g.pop("page_has_flash", False):
        response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask) -> None:
    app.jinja_env.globals["flashes"] = flashes
    app.after_request(_not_kept_with_a_flash)
    app.register_blueprint(bp)
