"""Error pages in French, and JSON errors under /api/v1: never a bare server error."""

from __future__ import annotations

from flask import Flask, current_app, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError

from .api import error_response, http_error_as_json

PAGE_MESSAGES = {
    400: ("Requête invalide", "La page n'a pas compris ce qui a été envoyé. Revenez en arrière et réessayez."),
    404: ("Page introuvable", "Cette page n'existe pas, ou plus."),
    405: ("Action impossible", "Cette page ne s'utilise pas ainsi."),
    413: ("Envoi trop gros", "Ce qui a été envoyé est trop gros."),
}

MAX_BODY_BYTES = 256 * 1024


def _is_api() -> bool:
    return request.path.startswith("/api/")


def _http_error(error: HTTPException):
    if _is_api():
        return http_error_as_json(error)
    status = error.code or 500
    title, message = PAGE_MESSAGES.get(status, ("Erreur", "La requête n'a pas abouti."))
    return render_template("error.html", title=title, message=message), status


def _server_error(error: Exception):
    if isinstance(error, HTTPException) and not isinstance(error, InternalServerError):
        return _http_error(error)
    current_app.logger.exception("Unhandled error on %s %s", request.method, request.path)
    if _is_api():
        return error_response(500, "Erreur interne : rien n'a été enregistré. Réessayez.")
    message = "Une erreur interne est survenue : rien n'a été enregistré. Réessayez dans un instant."
    return render_template("error.html", title="Erreur interne", message=message), 500


def init_app(app: Flask) -> None:
    if app.config.get("MAX_CONTENT_LENGTH") is None:  # Flask's defaults hold the key, set to None
        app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _server_error)
