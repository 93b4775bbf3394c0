"""The web app manifest: a phone can put the score-keeper on its home screen and open it full screen,
on the games in progress, like an app.

The icons are static/icons/, drawn from icon.svg by scripts/make_icons.py. The colours are
static/style.css's: the felt of the top bar for the phone's status bar, the paper of the pages for
the splash screen shown while the first page loads.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request, url_for

bp = Blueprint("install", __name__)

FELT = "#1f6b45"  # style.css's --felt
PAPER = "#f6f3ea"  # style.css's --paper
ICONS = [  # (file in static/icons, sizes, purpose)
    ("icon-192.png", "192x192", "any"),
    ("icon-512.png", "512x512", "any"),
    ("maskable-512.png", "512x512", "maskable"),
    ("icon.svg", "any", "any"),
]
TYPES = {"png": "image/png", "svg": "image/svg+xml"}
# Chromium asks for the manifest, and for one of its icons, on every page that links it: kept in
# the phone's cache (the manifest a day, the icons a year at their versioned addresses, a week at
# a bare one), they cost a phone on a poor connection no request at all; after that, the ETags
# make asking again cost a 304.
MAX_AGE = 24 * 3600
ICON_MAX_AGE = 7 * 24 * 3600


def manifest() -> dict:
    home = url_for("pages.index")  # the games in progress, then the evenings
    return {
        "id": home,
        "name": "Belote bridgée · Marqueur",
        "short_name": "Belote",
        "description": "Le marqueur de belote bridgée : chaque donne comptée et expliquée, chaque soirée gardée.",
        "lang": "fr",
        "dir": "ltr",
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "background_color": PAPER,
        "theme_color": FELT,
        "icons": [
            {
                "src": url_for("static", filename=f"icons/{name}"),
                "sizes": sizes,
                "type": TYPES[name.rpartition(".")[2]],
                "purpose": purpose,
            }
            for name, sizes, purpose in ICONS
        ],
    }


@bp.get("/manifest.webmanifest")
def webmanifest() -> Response:
    response = jsonify(manifest())
    response.mimetype = "application/manifest+json"
    response.cache_control.max_age = MAX_AGE
    response.add_etag()
    response.make_conditional(request)  # a 304 for a phone that has it: the response itself, changed
    return response


@bp.after_app_request
def keep_icons(response: Response) -> Response:
    """static/icons/ asked for at an address without its version (`assets.py`: the manifest and the
    pages give it) kept a week, where the other static files are then asked again every time (a new
    style.css must reach the phones at once; an icon may wait: the installed app's own is updated by
    the phone, from the manifest, at its own pace)."""
    if (
        request.endpoint == "static"
        and "v" not in request.args
        and (request.view_args or {}).get("filename", "").startswith("icons/")
    ):
        response.cache_control.no_cache = None
        response.cache_control.max_age = ICON_MAX_AGE
    return response
