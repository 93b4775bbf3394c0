"""Security headers on every answer, and the session cookie's flags.

The pages load their scripts and styles from static/ only, so the Content-Security-Policy allows
no inline script or style: markup slipped into a team's name could not run even if it escaped.
"""

from __future__ import annotations

import io
from typing import IO

from flask import Flask, Response, abort, request
from flask import Request as FlaskRequest
from flask.sessions import SecureCookieSessionInterface
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.utils import cached_property
from werkzeug.wsgi import get_input_stream

from scorekeeper.web.assets import module_map_hash

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",  # base.html's empty favicon, data:, spares a request per page
        "connect-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "Cross-Origin-Opener-Policy": "same-origin",
}


class SessionInterface(SecureCookieSessionInterface):
    """The session cookie is Secure whenever the page came over HTTPS, without having to say so:
    the same laptop may serve plain HTTP on the club's Wi-Fi and HTTPS behind a proxy."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


class AtMost(io.RawIOBase):
    """A body sent in chunks, read up to `limit` bytes: one byte more is a 413."""

    def __init__(self, stream: IO[bytes], limit: int):
        super().__init__()
        self.stream, self.limit, self.read_so_far = stream, limit, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        # At the limit, one more byte is asked for: the end of the body, or a body too long.
        data = self.stream.read(min(len(buffer), self.limit + 1 - self.read_so_far))
        self.read_so_far += len(data)
        if self.read_so_far > self.limit:
            raise RequestEntityTooLarge()
        buffer[: len(data)] = data
        return len(data)


class Request(FlaskRequest):
    """A chunked body (no Content-Length) over the request's limit is a 413, as one that announces
    its length is. Werkzeug reads such a body up to `max_content_length` and stops there without a
    word: the app got the body cut short, and answered 422 for broken JSON or an empty form. The
    limit is read when the body is, so that a view may raise it first (the import's).

    Flask 3.1 checks the Host against `TRUSTED_HOSTS` by itself, through `trusted_hosts`: here
    that stays None, since `hosts.py` has checked the Host against the same setting before the
    request came in, IP literals accepted, which Flask's check would refuse."""

    trusted_hosts = property(lambda self: None, lambda self, names: None)

    @cached_property
    def stream(self) -> IO[bytes]:
        limit = self.max_content_length
        if limit is not None and self.content_length is None and "wsgi.input_terminated" in self.environ:
            return io.BufferedReader(AtMost(self.environ["wsgi.input"], limit))
        return get_input_stream(self.environ, max_content_length=limit)


def _refuse_json_for_pages() -> None:
    """The pages' forms are posted as forms; JSON is the API's. Flask-WTF would read a JSON body as
    the form's data and fail on anything but an object, so a page refuses it outright (415)."""
    if request.method not in ("GET", "HEAD", "OPTIONS") and request.is_json and not request.path.startswith("/api/"):
        abort(415)


def content_security_policy() -> str:
    """The policy, with the one inline script the pages carry allowed by its hash: their import map
    (`assets.module_map`), which is data for the browser, written by the server alone."""
    return CONTENT_SECURITY_POLICY.replace("script-src 'self'", f"script-src 'self' {module_map_hash()}")


# A script or a style sheet is no document: the policies above govern what a document may load,
# frame, refer to and open, and mean nothing on them (a browser reads a script's or a sheet's CSP
# nowhere), while they cost 400 bytes of headers on each of the twenty files a sheet's first open
# loads (docs/performance.md). nosniff stays: it keeps a file from being run as another type.
SUBRESOURCES = frozenset({"text/javascript", "text/css"})


def _add_headers(response: Response) -> Response:
    if request.endpoint == "static" and response.mimetype in SUBRESOURCES:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        return response
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY:
        response.headers["Content-Security-Policy"] = content_security_policy()
    return response


def init_app(app: Flask) -> None:
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.session_interface = SessionInterface()
    app.request_class = Request
    # Behind a reverse proxy that terminates HTTPS, PROXY_COUNT = 1 makes the client's address
    # (for the login rate limit) and the scheme (for Secure cookies) those the proxy saw. Off by
    # default: without a proxy, trusting X-Forwarded-For would let anyone pick their address.
    proxies = int(app.config["PROXY_COUNT"])
    if proxies:
        # Flask's documented way to add a middleware, which mypy reads as replacing a method
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)  # type: ignore[method-assign]
    app.before_request(_refuse_json_for_pages)
    app.after_request(_add_headers)
