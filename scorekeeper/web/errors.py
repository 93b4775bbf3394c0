"""Error pages in French, and JSON errors under /api/v1: never a bare server error."""

from __future__ import annotations

import sqlite3
from urllib.parse import urlsplit

from flask import Flask, current_app, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

from scorekeeper.belote.errors import Conflict, InvalidInput, NotFound, Refusal
from scorekeeper.services.figure_lists import BadFilter
from scorekeeper.web.api.common import error_response, http_error_as_json
from scorekeeper.web.csrf import french_reason
from scorekeeper.web.database import connection_failed
from scorekeeper.web.tools.links import local_path

PAGE_MESSAGES = {
    400: ("Requête invalide", "La page n'a pas compris ce qui a été envoyé. Revenez en arrière et réessayez."),
    404: ("Page introuvable", "Cette page n'existe pas, ou plus."),
    405: ("Action impossible", "Cette page ne s'utilise pas ainsi."),
    413: ("Envoi trop gros", "Ce qui a été envoyé est trop gros."),
    415: ("Format refusé", "Cette page prend un formulaire, pas ce format. Revenez en arrière et réessayez."),
    429: ("Trop de demandes", "Trop de demandes à la suite. Attendez un peu et réessayez."),
}


# What the disk said, in words for the table: SQLite's error names (sqlite3's `sqlite_errorname`)
# by prefix. Each is a 503: the request changed nothing (its transaction was rolled back), and the
# same request succeeds once the disk is fixed, with no restart: a fault closes the request's
# connection and the pool's idle ones (one opened on a read-only file stays read-only), and the
# next connection gives the `-wal` and `-shm` files the database's mode back (store/db.py).
NOTHING_SAVED = "rien n'a été enregistré. "
DISK_MESSAGES = {
    "SQLITE_READONLY": (
        "Base de données en lecture seule",
        "La base de données est en lecture seule : "
        + NOTHING_SAVED
        + "Vérifiez le disque et les droits du fichier de la base, puis réessayez.",
    ),
    "SQLITE_FULL": (
        "Disque plein",
        "Le disque est plein : "
        + NOTHING_SAVED
        + "Libérez de la place sur l'ordinateur qui sert le marqueur, puis réessayez.",
    ),
    "SQLITE_IOERR": (
        "Disque en erreur",
        "Le disque n'a pas pu écrire ou lire la base de données : "
        + NOTHING_SAVED
        + "Vérifiez le disque, puis réessayez.",
    ),
    "SQLITE_CANTOPEN": (
        "Base de données introuvable",
        "La base de données ne peut pas être ouverte : "
        + NOTHING_SAVED
        + "Vérifiez que le disque est branché et le chemin de la base, puis réessayez.",
    ),
    "SQLITE_BUSY": (
        "Base de données occupée",
        "Trop d'écritures à la fois : " + NOTHING_SAVED + "Réessayez dans un instant.",
    ),
    "SQLITE_LOCKED": (
        "Base de données occupée",
        "Trop d'écritures à la fois : " + NOTHING_SAVED + "Réessayez dans un instant.",
    ),
}
# The faults of the file or the disk, which may have left the process's connections unable to
# write even once fixed; a busy or locked database is only a moment's wait.
CONNECTION_FAULTS = ("SQLITE_READONLY", "SQLITE_FULL", "SQLITE_IOERR", "SQLITE_CANTOPEN")
RETRY_AFTER_SECONDS = "5"


def _is_api() -> bool:
    return request.path.startswith("/api/")


def _http_error(error: HTTPException):
    if _is_api():
        return http_error_as_json(error)
    status = error.code or 500
    title, message = PAGE_MESSAGES.get(status, ("Erreur", "La requête n'a pas abouti."))
    return render_template("error.html", title=title, message=message), status


def _csrf_error(error: CSRFError):
    """A form refused by CSRFProtect: why, in French, and the way back to the form to reload."""
    if _is_api():
        return http_error_as_json(error)
    title, _ = PAGE_MESSAGES[400]
    referrer = urlsplit(request.referrer or "")
    back = None
    if referrer.netloc == request.host:
        back = local_path(referrer.path + (f"?{referrer.query}" if referrer.query else ""))
    message = french_reason(error.description)
    return render_template("error.html", title=title, message=message, reload_path=back), 400


# What each kind of refusal is, in HTTP, and how its page is titled; its message is its own.
REFUSALS = (
    (InvalidInput, 422, "Saisie refusée"),
    (NotFound, 404, "Page introuvable"),
    (Conflict, 409, "Action impossible"),
    (BadFilter, 400, "Liste impossible"),
)


def refusal_status(error: Refusal) -> tuple[int, str]:
    """The (status, page title) of a refusal; the API's `ApiError` carries its own status."""
    for kind, status, title in REFUSALS:
        if isinstance(error, kind):
            return getattr(error, "status", status), title
    return getattr(error, "status", 422), "Requête refusée"


def _refused(error: Refusal):
    """Every refusal a view lets through, whatever the layer that said no: its French message, as
    JSON under /api/ and as a page elsewhere."""
    status, title = refusal_status(error)
    if _is_api():
        return error_response(status, error.message)
    return render_template("error.html", title=title, message=error.message), status


def disk_message(error: sqlite3.Error) -> tuple[str, str] | None:
    """The (title, message) for a fault of the disk or the database file, None for any other error."""
    name = getattr(error, "sqlite_errorname", "") or ""
    for prefix, words in DISK_MESSAGES.items():
        if name.startswith(prefix):
            return words
    return None


def database_fault(error: sqlite3.Error) -> tuple[str, str] | None:
    """What to say of a database error the request met (None: not the disk's); its connection is
    not reused, nor, after a fault of the disk, the process's idle ones."""
    name = getattr(error, "sqlite_errorname", "") or ""
    connection_failed(disk_fault=name.startswith(CONNECTION_FAULTS))
    return disk_message(error)


def _database_error(error: sqlite3.Error):
    words = database_fault(error)
    if words is None:
        return _server_error(error)
    current_app.logger.error("Database fault on %s %s: %s", request.method, request.path, error)
    title, message = words
    if _is_api():
        response, status = error_response(503, message)
    else:
        response, status = render_template("error.html", title=title, message=message), 503
    return response, status, {"Retry-After": RETRY_AFTER_SECONDS}


def _server_error(error: Exception):
    if isinstance(error, HTTPException) and not isinstance(error, InternalServerError):
        return _http_error(error)
    connection_failed()  # whatever state the error left the connection in, it is not reused
    current_app.logger.exception("Unhandled error on %s %s", request.method, request.path)
    if _is_api():
        return error_response(500, "Erreur interne : rien n'a été enregistré. Réessayez.")
    message = "Une erreur interne est survenue : rien n'a été enregistré. Réessayez dans un instant."
    return render_template("error.html", title="Erreur interne", message=message), 500


def init_app(app: Flask) -> None:
    app.register_error_handler(Refusal, _refused)
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(sqlite3.Error, _database_error)
    app.register_error_handler(Exception, _server_error)
