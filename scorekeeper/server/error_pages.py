"""What waitress answers by itself, before the app sees the request (headers too big, a body over
its URL's limit, a body for the import before the password, a malformed request, an error outside
the app), in French and with the app's security headers: waitress's own pages are English plain
text and carry none."""

from __future__ import annotations

from http import HTTPStatus
from urllib.parse import urlencode

from waitress.task import ErrorTask
from waitress.utilities import Error

from scorekeeper.web.errors import PAGE_MESSAGES
from scorekeeper.web.plain_page import plain_page
from scorekeeper.web.security import HEADERS

# The statuses of waitress.utilities' errors (400, 413, 431, 500, 501) and PasswordFirst's, in the
# app's words.
SERVER_MESSAGES = {
    **PAGE_MESSAGES,
    303: (
        "Mot de passe requis",
        "Entrez d'abord le mot de passe de la table, puis envoyez le fichier de nouveau.",
    ),
    431: (
        "En-têtes trop gros",
        "La requête porte des en-têtes trop gros (une adresse trop longue, trop de cookies) : effacez "
        "les cookies de ce site dans le navigateur, revenez à l'accueil et réessayez.",
    ),
    500: ("Erreur interne", "Une erreur interne est survenue : rien n'a été enregistré. Réessayez dans un instant."),
    501: ("Requête non prise en charge", "Le serveur ne sait pas lire cette requête."),
}
CLIENT_ERROR = ("Requête refusée", "Le serveur n'a pas compris la requête. Revenez à l'accueil et réessayez.")


class PasswordFirst(Error):
    """A body the server will not read before the table password is entered (server/bodies.py):
    the phone is sent to the login page, which brings it back to `path` once it is entered."""

    code = 303
    reason = "See Other"

    def __init__(self, login_path: str, path: str):
        super().__init__("password first")
        self.location = f"{login_path}?{urlencode({'next': path})}"


def error_page(status: int) -> tuple[str, list[tuple[str, str]], bytes]:
    """(status line, headers, body) of a short French page for `status`, with the app's headers."""
    title, message = SERVER_MESSAGES.get(status) or (CLIENT_ERROR if status < 500 else SERVER_MESSAGES[500])
    body = plain_page(title, message)
    headers = [("Content-Type", "text/html; charset=utf-8"), *HEADERS.items()]
    return f"{status} {HTTPStatus(status).phrase}", headers, body


class FrenchErrorTask(ErrorTask):
    """waitress's ErrorTask (waitress/task.py), with the page of `error_page`: the connection is
    closed after it, as waitress does, gracefully (the channel's `refused`: limits.Channel)."""

    def execute(self) -> None:
        self.channel.refused = True
        error = self.request.error
        self.status, headers, body = error_page(error.code)
        self.response_headers.extend(headers)
        if isinstance(error, PasswordFirst):
            self.response_headers.append(("Location", error.location))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)
