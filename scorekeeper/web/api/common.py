"""The JSON API under /api/v1 (docs/scoring.md "The scoring service", docs/api.md).

Bodies are JSON objects only: a write whose body is not JSON gets 415, which is what keeps other
sites from writing (a browser cannot send a cross-site JSON body without asking first). Errors are
`{"error": "<French sentence naming the field>"}`.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, jsonify, request
from werkzeug.exceptions import HTTPException

from scorekeeper.belote.errors import Refusal

bp = Blueprint("api", __name__, url_prefix="/api/v1")


class ApiError(Refusal):
    """A request the API refuses before any service sees it (not JSON, a bad header), with its status."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


MAX_KEY_LENGTH = 200


def idempotency_key() -> str | None:
    """The request's `Idempotency-Key` (docs/api.md): every creating write and every write on a
    game takes one; 1 to MAX_KEY_LENGTH characters, else 422."""
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 0 < len(key) <= MAX_KEY_LENGTH:
        raise ApiError(422, f"L'en-tête « Idempotency-Key » doit faire de 1 à {MAX_KEY_LENGTH} caractères.")
    return key


def json_body() -> Any:
    """The request's JSON body, or an ApiError: 415 when it is not sent as JSON, 422 when unreadable
    or when a string in it (a key too) holds a lone UTF-16 surrogate."""
    if not request.is_json:
        raise ApiError(415, "Le corps de la requête doit être du JSON (Content-Type: application/json).")
    raw = request.get_data(cache=True)
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        raise ApiError(422, "Le corps de la requête n'est pas du JSON valide.") from None
    try:  # JSON's "\ud800" escape reads as half a UTF-16 pair, which no string can be stored or sent as
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ApiError(
            422, "Le corps de la requête contient un caractère invalide (une moitié de paire UTF-16 seule)."
        ) from None
    except RecursionError:
        raise ApiError(422, "Le corps de la requête n'est pas du JSON valide.") from None
    return body


def error_response(status: int, message: str):
    return jsonify(error=message), status


API_HTTP_MESSAGES = {
    404: "Adresse inconnue dans l'API.",
    405: "Méthode non permise pour cette adresse.",
    413: "Le corps de la requête est trop gros.",
}


def http_error_as_json(error: HTTPException):
    """Werkzeug's errors under /api/v1 (unknown URL, wrong method, …) as French JSON."""
    status = error.code or 500
    return error_response(status, API_HTTP_MESSAGES.get(status, "Requête refusée."))
