"""A body over its URL's limit refused before it is read (issue 31, F4).

waitress buffers a request's body whole, up to `max_request_body_size` (the import's 64 MB: the
one limit it has), spilling it to a temporary file, before the app can see the URL or the
password: six anonymous connections could hold 241 MB of a small server's disk. Here, as soon as a
request's headers have arrived, the app says how much its URL takes from this phone
(`web/bodies.py`: MAX_CONTENT_LENGTH, or the import's limit once the password is entered); a
Content-Length over it is answered at once (413), a chunked body as soon as what has come passes
it, and a body for the import from a phone without the password is not read at all (303 to the
login page). Each answer is French (error_pages.py) and closes the connection, as waitress does
for its own refusals.

waitress internals used (pyproject.toml pins `waitress<4`): `HTTPRequestParser.parse_header` (the
headers parsed: `path`, `headers`, `content_length`, `chunked`), its `received` (the body's bytes,
`body_rcv` holding what has come), and `error`, `completed` and `expect_continue` (an error with
`completed` is what the channel answers with its error task; `expect_continue` left set would
make the channel ask for the body anyway).
"""

from __future__ import annotations

from collections.abc import Callable

from waitress.parser import HTTPRequestParser
from waitress.utilities import Error, RequestEntityTooLarge

from scorekeeper.server.error_pages import PasswordFirst

# The bytes a body sent to a path with these cookies may have; None: none before the password.
Allowance = Callable[[str, str], "int | None"]


class BodyCheckingParser(HTTPRequestParser):
    """waitress's parser for one request, which refuses a body over `allowance`'s limit."""

    limit: int | None = None  # none yet (headers still coming), or no body

    def __init__(self, adj, allowance: Allowance, login_path: str):
        super().__init__(adj)
        self.allowance, self.login_path = allowance, login_path

    def parse_header(self, header_plus: bytes) -> None:
        super().parse_header(header_plus)
        if not (self.chunked or self.content_length):
            return
        self.limit = self.allowance(self.path, self.headers.get("COOKIE", ""))
        if self.limit is None:
            self.refuse(PasswordFirst(self.login_path, self.path))
        elif self.content_length > self.limit:
            self.refuse(RequestEntityTooLarge(f"exceeds {self.limit}"))

    def received(self, data: bytes) -> int:
        consumed = super().received(data)
        # A chunked body says its length only at its end: what has come so far (decoded) is counted.
        if self.chunked and not self.error and self.limit is not None and len(self.body_rcv) > self.limit:
            self.refuse(RequestEntityTooLarge(f"exceeds {self.limit}"))
        return consumed

    def refuse(self, error: Error) -> None:
        """Answer `error` now, the rest of the body unread."""
        self.error = error
        self.completed = True
        self.expect_continue = False
