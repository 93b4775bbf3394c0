"""What gunicorn answers by itself, before the app sees the request (an address or headers too
long, a malformed request, an error outside the app), in French and with the app's security
headers: gunicorn's own pages are in English and carry none.

`FrenchErrors.handle_error` lets gunicorn do what it does (pick the status, log, count the access)
and only replaces the page it writes.
"""

from __future__ import annotations

import html
import socket
from http import HTTPStatus

from gunicorn import util

from scorekeeper.web.errors import PAGE_MESSAGES
from scorekeeper.web.security import HEADERS

# The statuses of gunicorn.workers.base.Worker.handle_error, in the words of the app's error pages.
SERVER_MESSAGES = {
    **PAGE_MESSAGES,
    403: ("Accès refusé", "Le serveur refuse cette requête."),
    414: ("Adresse trop longue", "L'adresse demandée est trop longue. Revenez à l'accueil et réessayez."),
    417: ("Requête refusée", "Le serveur ne peut pas satisfaire ce que la requête attend."),
    431: (
        "En-têtes trop gros",
        "La requête porte des en-têtes trop gros ou trop nombreux : effacez les cookies de ce site "
        "dans le navigateur, puis réessayez.",
    ),
    500: ("Erreur interne", "Une erreur interne est survenue : rien n'a été enregistré. Réessayez dans un instant."),
    501: ("Requête non prise en charge", "Le serveur ne sait pas lire cette requête."),
}
CLIENT_ERROR = ("Requête refusée", "Le serveur n'a pas compris la requête. Revenez à l'accueil et réessayez.")
SERVER_ERROR = SERVER_MESSAGES[500]


def error_answer(status: int) -> bytes:
    """A whole HTTP answer: a short French page, closing the connection, with the app's headers."""
    title, message = SERVER_MESSAGES.get(status) or (CLIENT_ERROR if status < 500 else SERVER_ERROR)
    page = (
        '<!doctype html>\n<html lang="fr">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)} · Marqueur</title>\n"
        '<link rel="stylesheet" href="/static/style.css">\n</head>\n<body>\n<main>\n<section class="card">\n'
        f"<h1>{html.escape(title)}</h1>\n<p>{html.escape(message)}</p>\n"
        '<p><a class="button" href="/">Retour à l\'accueil</a></p>\n</section>\n</main>\n</body>\n</html>\n'
    ).encode()
    headers = {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": str(len(page)),
        "Connection": "close",
        **HEADERS,
    }
    head = f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\n"
    head += "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    return (head + "\r\n").encode("latin-1") + page


class WrittenAnswer:
    """Stands for the client's socket while gunicorn writes its English page: keeps the bytes (to
    read the status from) and lends every other attribute of the real socket."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.data = b""

    def gettimeout(self) -> float:
        return 0.0  # gunicorn's write_nonblock then writes at once, without touching the socket

    def sendall(self, data: bytes) -> None:
        self.data += data

    def status(self) -> int | None:
        try:
            return int(self.data.split(b" ", 2)[1])
        except (IndexError, ValueError):
            return None

    def __getattr__(self, name: str):
        return getattr(self.sock, name)


class FrenchErrors:
    """A gunicorn worker's mixin: its own error pages in French."""

    def handle_error(self, req, client, addr, exc) -> None:
        written = WrittenAnswer(client)
        super().handle_error(req, written, addr, exc)  # gunicorn logs it and picks the status
        status = written.status()
        if status is None:
            return
        try:
            util.write_nonblock(client, error_answer(status))
        except Exception:  # the phone is gone: nothing to answer, as gunicorn itself does
            self.log.debug("Failed to send error message.")
