"""The names the app answers for (DNS rebinding): a page of any web site whose name is made to
resolve to this machine is same-origin with the app, and could read the archive or write a deal.
The app answers only when the Host is an IP address literal (a rebinding needs a name; a laptop's
Wi-Fi address changes from one evening to the next), `localhost`, this machine's host name (and
its `.local`), or a name listed in `TRUSTED_HOSTS` (docs/club.md); any other Host, a
missing one, or one werkzeug cannot read (`a..b`, a label over 63 characters) gets a 400 in
French: a page, or the API's JSON error.

Why a middleware and not Flask's own `TRUSTED_HOSTS` check (Flask 3.1, `create_url_adapter`,
through werkzeug's `host_is_trusted`): that check matches a list of names and cannot accept every
IP literal (no pattern for IPv4, and an IPv6 literal in brackets never matches: its colons are
taken for a port); and a Host it refuses, like one werkzeug cannot bind (`a..b`), leaves the
request without a URL adapter, so that every `url_for` of the error page fails: a 500. The check
here runs before Flask sees the request (inside ProxyFix, so behind a proxy it is the name the
proxy was asked for), with werkzeug's own matching for the listed names (a leading dot: the name
and its subdomains); nothing of the app runs for a refused Host. `web/security.py`'s Request
keeps Flask from applying the same setting a second time, its way.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Iterable
from typing import Any

from flask import Flask
from werkzeug.sansio.utils import host_is_trusted
from werkzeug.wrappers import Response

from scorekeeper.web.plain_page import plain_page
from scorekeeper.web.security import HEADERS

REFUSED_TITLE = "Adresse inconnue"
REFUSED_MESSAGE = (
    "Ce marqueur ne répond pas sous ce nom. Ouvrez-le par l'adresse qu'affiche l'ordinateur qui le "
    "sert (http://, ses chiffres et le port), ou ajoutez ce nom à TRUSTED_HOSTS dans sa configuration."
)
REFUSED_JSON = "Adresse inconnue : ce marqueur ne répond pas sous ce nom (Host), seulement par son adresse IP."

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def split_host(host: str) -> tuple[str, str]:
    """A Host header's name and port ("" without one): "[::1]:5000" → ("[::1]", "5000")."""
    if host.startswith("["):
        name, _, rest = host.partition("]")
        return name + "]", rest[1:] if rest.startswith(":") else ""
    name, _, port = host.partition(":")
    return name, port


def ip_literal(name: str) -> IPAddress | None:
    """The address a Host's name (without its port) writes out, or None for a name: IPv4 in dotted
    decimal, IPv6 in brackets ("[::1]"), as a browser sends them."""
    try:
        if name.startswith("[") and name.endswith("]"):
            return ipaddress.IPv6Address(name[1:-1])
        return ipaddress.IPv4Address(name)
    except ValueError:
        return None


def machine_names(hostname: str | None = None) -> set[str]:
    """The names this machine goes by on its own: localhost, its host name, and the `.local` name
    its network announces (mDNS, of the host name's first label)."""
    hostname = (socket.gethostname() if hostname is None else hostname).lower().rstrip(".")
    names = {"localhost"}
    if hostname:
        names |= {hostname, hostname.split(".")[0] + ".local"}
    return names


def listed_names(config: Any) -> list[str]:
    """`TRUSTED_HOSTS` as names, lowercased: a list (instance/config.py), or one string of names
    separated by commas or spaces (an environment variable that is not JSON)."""
    value = config.get("TRUSTED_HOSTS") or []
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, (list, tuple, set, frozenset)) or not all(isinstance(name, str) for name in value):
        raise ValueError(f"TRUSTED_HOSTS must be a list of host names, not {value!r}")
    return [name.strip().lower() for name in value if name.strip()]


def readable_name(name: str) -> bool:
    """Whether werkzeug can bind a URL map to this name: no empty label, none over 63 characters."""
    try:
        name.encode("idna")
    except UnicodeError:
        return False
    return True


def known_host(host: str, listed: Iterable[str]) -> bool:
    """Whether the app answers a request whose Host header is `host` (its port included)."""
    host = host.lower()
    if not host_is_trusted(host):  # werkzeug's check of the characters and the port
        return False
    name, _ = split_host(host)
    if ip_literal(name) is not None:
        return True
    return readable_name(name) and host_is_trusted(host, [*machine_names(), *listed])


def listed_host(host: str, listed: Iterable[str]) -> bool:
    """Whether `host` is one of the names `TRUSTED_HOSTS` lists (not this machine's own)."""
    listed = list(listed)
    return bool(listed) and host_is_trusted(host.lower(), listed)


def refusal(environ: dict) -> Response:
    """The 400 for an unknown Host: the API's JSON error under /api/, a French page elsewhere."""
    if environ.get("PATH_INFO", "").startswith("/api/"):
        body = json.dumps({"error": REFUSED_JSON}, ensure_ascii=False)
        response = Response(body, status=400, mimetype="application/json")
    else:
        response = Response(plain_page(REFUSED_TITLE, REFUSED_MESSAGE), status=400, mimetype="text/html")
    response.headers.update(HEADERS)
    response.headers["Cache-Control"] = "no-store"
    return response


class KnownHostsOnly:
    """WSGI middleware: the app behind it sees only the requests of a known Host (`known_host`);
    `TRUSTED_HOSTS` is read from the app's config at each request."""

    def __init__(self, app: Flask, wsgi_app):
        self.app, self.wsgi_app = app, wsgi_app

    def __call__(self, environ, start_response):
        if known_host(environ.get("HTTP_HOST", ""), listed_names(self.app.config)):
            return self.wsgi_app(environ, start_response)
        return refusal(environ)(environ, start_response)


def init_app(app: Flask) -> None:
    """Before ProxyFix wraps the app (`security.init_app`), so that it runs after it."""
    listed_names(app.config)  # a TRUSTED_HOSTS that is no list of names stops the app at its start
    # Flask's documented way to add a middleware, which mypy reads as replacing a method
    app.wsgi_app = KnownHostsOnly(app, app.wsgi_app)  # type: ignore[method-assign]
