"""What waitress answers by itself, before the app sees the request (headers too big, a body over
the server's limit, a malformed request, an error outside the app), in French and with the app's
security headers: waitress's own pages are English plain text and carry none."""

from __future__ import annotations

from http import HTTPStatus

from waitress.task import ErrorTask

from scorekeeper.web.errors import PAGE_MESSAGES
from scorekeeper.web.plain_page import plain_page
from scorekeeper.web.security import HEADERS

# The statuses of waitress.utilities' errors (400, 413, 431, 500, 501), in the app's words.
SERVER_MESSAGES = {
    **PAGE_MESSAGES,
    431: (
        "En-têtes trop gros",
        "La requête porte des en-têtes trop gros (une adresse trop longue, trop de cookies) : effacez "
        "les cookies de ce site dans le navigateur, revenez à l'accueil et réessayez.",
    ),
    500: ("Erreur interne", "Une erreur interne est survenue : rien n'a été enregistré. Réessayez dans un instant."),
    501: ("Requête non prise en charge", "Le serveur ne sait pas lire cette requête."),
}
CLIENT_ERROR = ("Requête refusée", "Le serveur n'a pas compris la requête. Revenez à l'accueil et réessayez.")


def error_page(status: int) -> tuple[str, list[tuple[str, str]], bytes]:
    """(status line, headers, body) of a short French page for `status`, with the app's headers."""
    title, message = SERVER_MESSAGES.get(status) or (CLIENT_ERROR if status < 500 else SERVER_MESSAGES[500])
    body = plain_page(title, message)
    headers = [("Content-Type", "text/html; charset=utf-8"), *HEADERS.items()]
    return f"{status} {HTTPStatus(status).phrase}", headers, body


class FrenchErrorTask(ErrorTask):
    """waitress's ErrorTask (waitress/task.py), with the page of `error_page`: the connection is
    closed after it, as waitress does."""

    def execute(self) -> None:
        self.status, headers, body = error_page(self.request.error.code)
        self.response_headers.extend(headers)
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)
