"""The guard before every view: with a table password, a write (and, with READ_REQUIRES_PASSWORD,
a read) from a phone that has not entered it is sent to /connexion (the API answers 401); and what
such a locked table answers is not kept by the browser."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import current_app, flash, jsonify, redirect, request, url_for

from scorekeeper.web.access.password import has_entered, password_hash
from scorekeeper.web.tools.links import local_path

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# POSTs that compute and store nothing (the deal form's live preview, the table's tools): reads.
COMPUTE_ONLY = frozenset({"api.score_hand", "api.count", "api.melds"})
# Files with no score in them, which a browser fetches without asking the person (the manifest
# without cookies), and the HTTPS root with its page (public, and needed before a phone can enter
# the password over HTTPS: web/certificate.py): open whatever the password.
OPEN_ENDPOINTS = frozenset(
    {None, "static", "install.webmanifest", "offline.service_worker", "certificate.page", "certificate.root"}
    # A read-only link's game or concours (web/share/links.py): the token is the key, not the password.
    | {"share.shared", "share.shared_image"}
)


def _is_write() -> bool:
    if request.method not in SAFE_METHODS:
        return request.endpoint not in COMPUTE_ONLY
    # A page whose form posts (a new game, a deal): asking first spares filling it in for nothing.
    rule = request.url_rule
    return not request.path.startswith("/api/") and rule is not None and "POST" in (rule.methods or ())


def _next_path() -> str:
    """Where to go back after entering the password: this page, or for a refused form the page it
    was sent from."""
    if request.method in SAFE_METHODS:
        return local_path(request.full_path.rstrip("?")) or "/"
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc == request.host:
        return local_path(referrer.path + (f"?{referrer.query}" if referrer.query else "")) or "/"
    return "/"


def guard():
    hashed = password_hash()
    if not hashed or request.endpoint in OPEN_ENDPOINTS or request.blueprint == "access":
        return None
    reading_locked = current_app.config["READ_REQUIRES_PASSWORD"]
    if not (reading_locked or _is_write()):
        return None
    if has_entered(hashed):
        return None
    if request.path.startswith("/api/"):
        message = "Mot de passe de la table requis : entrez-le sur la page /connexion."
        return jsonify(error=message), 401
    flash(
        "Entrez le mot de passe de la table pour "
        + ("voir les parties." if reading_locked and not _is_write() else "noter les scores."),
        "error",
    )
    return redirect(url_for("access.login", next=_next_path()))


def template_globals() -> dict:
    """What the pages show of the password: "Connexion" or "Sortir"; and whether "Sortir" clears
    what the phone kept (static/leave.js): with READ_REQUIRES_PASSWORD only, since otherwise
    anyone may read the sheets anyway, and the waiting saves leave once the password is entered."""
    hashed = password_hash()
    return {
        "table_access": {
            "locked": bool(hashed),
            "entered": has_entered(hashed) if hashed else False,
            "clears_phone": current_app.config["READ_REQUIRES_PASSWORD"],
        }
    }


def not_kept(response):
    """When reading needs the password, nothing the app answers stays in the browser's cache (a
    shared phone would show the names to the next person): `private, no-store`. The service worker
    keeps no such page either, so those pages do not open offline. Static files stay cached."""
    if current_app.config["READ_REQUIRES_PASSWORD"] and request.endpoint not in OPEN_ENDPOINTS and password_hash():
        response.headers["Cache-Control"] = "private, no-store"
    return response
