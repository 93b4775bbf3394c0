"""The app runs one request at a time per process, and only once the whole request has arrived.

The server's worker (`scorekeeper.web.server_worker`) gives each connection a thread, so a phone
that stops sending mid-request (it left the Wi-Fi, or trickles) holds one thread and no more.
Those threads must not all run the app at once, though: SQLite has one writer, and many threads
writing in one process queue up and slow every table (bench/load.py: gunicorn's threaded worker,
16 threads running the app, missed its p99 target). So this middleware

1. reads the request's whole body into memory first, outside any lock: a slow phone costs its own
   thread only, and the app never waits on a socket (the body is bounded by the app's
   MAX_CONTENT_LENGTH: a body over it, announced or chunked, is not read to its end, and the app
   answers its own French 413);
2. then runs the app holding the process's one slot, as a sync worker would, and materialises its
   answer (our pages and JSON are already in memory) before letting the slot go: the answer is
   written to the phone, however slowly, after the slot is free.

A file served as is (`wsgi.file_wrapper`) is handed back unread, after the slot is free: reading
it needs no lock. The worker is told when a request has been read (`on_read`) and when no request
waits for the slot any more (`on_idle`): it takes new connections only then. `environ[BODY_READ]`
says whether the body was read to its end: only then may the connection carry another request.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterable

READ_SIZE = 64 * 1024
BODY_READ = "scorekeeper.body_read"  # in the environ: the request's body was read to its end


def declared_length(environ: dict) -> int | None:
    """The body's Content-Length, or None when it has none (chunked) or an unreadable one."""
    try:
        return int(environ["CONTENT_LENGTH"])
    except (KeyError, TypeError, ValueError):
        return None


def read_body(stream, limit: int) -> bytes:
    """Up to `limit` + 1 bytes of the body: a body longer than `limit` shows as such to the app
    (werkzeug's MAX_CONTENT_LENGTH check then answers 413) without being read to its end."""
    parts: list[bytes] = []
    size = 0
    while size <= limit:
        part = stream.read(min(READ_SIZE, limit + 1 - size))
        if not part:
            break
        parts.append(part)
        size += len(part)
    return b"".join(parts)


class OneAtATime:
    """WSGI middleware: the whole request read first, then the app alone in this process."""

    def __init__(
        self,
        app: Callable,
        max_body: int,
        on_read: Callable[[dict], None] | None = None,
        on_idle: Callable[[], None] | None = None,
    ):
        self.app = app
        self.max_body = max_body
        self.slot = threading.Lock()  # one per process: each gunicorn worker builds its own app
        self.queued = 0  # requests read whole, waiting for the slot or in it
        self.count_lock = threading.Lock()
        self.on_read, self.on_idle = on_read, on_idle

    def body_limit(self, environ: dict) -> int:
        """How many bytes of body this request may bring: `max_body`, or more for the few paths
        that take a whole file (the archive's import), as the app's config LARGER_BODIES says."""
        larger = getattr(self.app, "config", {}).get("LARGER_BODIES") or {}
        return max(self.max_body, larger.get(environ.get("PATH_INFO", ""), 0))

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        max_body = self.body_limit(environ)
        length = declared_length(environ)
        if length is not None and length > max_body:
            body = b""  # never read: the app refuses it from its Content-Length alone (413)
            environ[BODY_READ] = False
        else:
            body = read_body(environ["wsgi.input"], max_body)
            environ[BODY_READ] = len(body) <= max_body
            if length is None and (body or "HTTP_TRANSFER_ENCODING" in environ):
                # A chunked body, now whole: the app sees its length, and so refuses one over the
                # limit as it refuses a Content-Length over it (werkzeug would cut it short).
                environ.pop("HTTP_TRANSFER_ENCODING", None)
                environ["CONTENT_LENGTH"] = str(len(body))
                if len(body) > max_body:
                    body = b""
        environ["wsgi.input"] = io.BytesIO(body)
        with self.count_lock:
            self.queued += 1
        if self.on_read is not None:
            self.on_read(environ)
        try:
            return self.run_alone(environ, start_response)
        finally:
            with self.count_lock:
                self.queued -= 1
                idle = self.queued == 0
            if idle and self.on_idle is not None:
                self.on_idle()

    def run_alone(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        file_wrapper = environ.get("wsgi.file_wrapper")
        with self.slot:
            # start_response only records the status and headers (a WSGI server sends them with
            # the first bytes of the body), so it may run under the slot.
            answer = self.app(environ, start_response)
            if isinstance(file_wrapper, type) and isinstance(answer, file_wrapper):
                return answer  # a file: sent (with sendfile) once the slot is free
            try:
                return list(answer)
            finally:
                close = getattr(answer, "close", None)
                if close is not None:
                    close()
