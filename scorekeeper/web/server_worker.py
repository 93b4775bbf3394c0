"""The gunicorn worker that `gunicorn.conf.py` names: a sync worker in many threads.

A sync worker serves one connection at a time: a phone that leaves the Wi-Fi mid-request, or any
slow client, held it until the 30 s timeout, and one such phone per worker stalled every table.
gunicorn's threaded worker (`gthread`) gives each connection a thread, but runs the app in all
its threads at once (4 workers of 16 threads queued on SQLite's one writer: bench/load.py's p99
over its target) and takes every connection it can and keeps it: the first worker to wake held
36 of load.py's 50 tables while two sat idle. This worker keeps what made the sync worker fast
and fair, and adds threads:

- `threads` threads each serve one connection from its first byte to its close, so a stalled
  phone holds one thread; a phone silent for SILENCE_S, while sending or while being answered,
  counts as gone and frees it (its socket times out);
- the app runs behind `OneAtATime`: the whole request is read first, then the app runs alone in
  the process, as in a sync worker, and the answer is written after;
- a connection is taken only when the app is free and the one taken before has sent its request
  (or has had FIRST_REQUEST_S to), one thread at a time, so each request waits in the kernel's
  queue for whichever worker is free first, as with sync workers;
- a connection is kept alive after an answer (issue 16: a page's files, the sheet after a save,
  come without a new connection, a round trip each on a poor Wi-Fi) only while nothing else waits
  for this worker's app and it holds at most one other connection (KEPT_WITH); the phone's next
  request must start within gunicorn's `keepalive` (2 s: a phone gone holds its thread no longer,
  and a sheet polling every 2.5 s holds none between polls). Otherwise the answer says
  `Connection: close`, as every answer did before: a connection kept goes to this worker whether
  or not another is free, so a busy worker lets its phones go (bench/load.py's tables, playing
  flat out, would otherwise each stay on one worker);
- gunicorn's own error pages are in French (`server_errors`).

On this project's 2-core machine it serves bench/load.py's club night at the sync worker's rate
(bench/slow_clients.py shows the stalled phones).
"""

from __future__ import annotations

import errno
import select
import socket
import ssl
import threading
import time
from contextlib import contextmanager
from datetime import datetime

from gunicorn import http, sock, util
from gunicorn.http import wsgi
from gunicorn.workers.sync import SyncWorker

from scorekeeper.web.errors import MAX_BODY_BYTES
from scorekeeper.web.one_at_a_time import BODY_READ, OneAtATime
from scorekeeper.web.server_errors import FrenchErrors

SILENCE_S = 10  # a phone that sends or takes nothing this long is let go
# How long a connection just taken keeps its worker from taking another, waiting for its request
# (a phone's arrives within milliseconds of its connection; a slow one stops no one for longer).
FIRST_REQUEST_S = 0.05
HEARTBEAT_S = 1.0  # how often the threads look at `alive`, and the worker tells the arbiter it lives
KEPT_WITH = 1  # other connections a worker may hold and still keep one alive


@contextmanager
def silence_means_gone():
    try:
        yield
    except TimeoutError as silence:
        raise ConnectionResetError(errno.ECONNRESET, "silent phone") from silence


class PhoneSocket(socket.socket):
    """An accepted connection whose silence (its timeout, SILENCE_S) reads as the phone leaving:
    gunicorn then closes it quietly, as when a phone resets its connection. The timeout bounds
    each wait, not a whole answer: a long export to a slow phone goes on as long as it moves."""

    def recv(self, *args):
        with silence_means_gone():
            return super().recv(*args)

    def recv_into(self, *args):
        with silence_means_gone():
            return super().recv_into(*args)

    def sendall(self, data, flags: int = 0) -> None:
        # socket.sendall's timeout bounds the whole answer; each send's bounds one wait.
        view = memoryview(data)
        with silence_means_gone():
            while view:
                view = view[self.send(view, flags) :]

    def sendfile(self, *args, **kwargs):
        with silence_means_gone():
            return super().sendfile(*args, **kwargs)


class Worker(FrenchErrors, SyncWorker):
    """gunicorn's sync worker in `threads` threads, the app one request at a time."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.turn = threading.Condition()  # the app became free, or a request arrived whole
        self.taking = threading.Lock()  # one thread at a time takes the next connection
        self.just_taken: dict[socket.socket, float] = {}  # request not yet read: when it was taken
        self.held = 0  # connections taken and not yet closed, kept alive or not

    def run(self) -> None:
        for listener in self.sockets:
            listener.setblocking(False)
        threads = [threading.Thread(target=self.serve, daemon=True) for _ in range(self.cfg.threads)]
        for thread in threads:
            thread.start()
        while self.alive and self.is_parent_alive():  # this thread: signals and the heartbeat
            self.notify()
            time.sleep(HEARTBEAT_S)
        self.alive = False
        with self.turn:
            self.turn.notify_all()  # the threads waiting for their turn stop now
        deadline = time.monotonic() + self.cfg.graceful_timeout  # the requests under way may end
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))

    def load_wsgi(self) -> None:
        super().load_wsgi()
        config = getattr(self.wsgi, "config", {})  # a Flask app: its MAX_CONTENT_LENGTH
        self.wsgi = OneAtATime(
            self.wsgi,
            config.get("MAX_CONTENT_LENGTH") or MAX_BODY_BYTES,
            on_read=self.request_read,
            on_idle=self.app_free,
        )

    def serve(self) -> None:
        while self.alive:
            taken = self.take_connection()
            if taken is not None:
                listener, client, addr = taken
                try:
                    self.handle(listener, client, addr)  # its requests, then close
                finally:
                    self.forget(client)

    def handle(self, listener, client, addr) -> None:
        """The sync worker's `handle` (gunicorn/workers/sync.py), serving the connection's requests
        one after another for as long as `handle_request` keeps it alive."""
        req = None
        try:
            if self.cfg.is_ssl:
                client = sock.ssl_wrap_socket(client, self.cfg)
            parser = http.get_parser(self.cfg, client, addr)
            while True:
                req = next(parser)  # the request line and headers
                client.settimeout(SILENCE_S)
                if not self.handle_request(listener, req, client, addr):
                    break
                req = None
                client.settimeout(self.cfg.keepalive)  # silent that long: the phone is done, let go
        except http.errors.NoMoreData as e:
            self.log.debug("Ignored premature client disconnection. %s", e)
        except StopIteration as e:
            self.log.debug("Closing connection. %s", e)
        except ssl.SSLError as e:
            if e.args[0] == ssl.SSL_ERROR_EOF:
                self.log.debug("ssl connection closed")
                client.close()
            else:
                self.log.debug("Error processing SSL request.")
                self.handle_error(req, client, addr, e)
        except OSError as e:
            if e.errno not in (errno.EPIPE, errno.ECONNRESET, errno.ENOTCONN):
                self.log.exception("Socket error processing request.")
            else:
                self.log.debug("Ignoring connection error %s", e)
        except BaseException as e:
            self.handle_error(req, client, addr, e)
        finally:
            util.close_graceful(client)

    def handle_request(self, listener, req, client, addr) -> bool:
        """The sync worker's `handle_request`, which closed every connection; here it stays open
        when `keep_alive` says so. Whether it does."""
        environ: dict = {}
        resp = None
        try:
            self.cfg.pre_request(self, req)
            request_start = datetime.now()
            resp, environ = wsgi.create(req, client, addr, listener.getsockname(), self.cfg)
            self.nr += 1
            if self.nr >= self.max_requests:
                self.log.info("Autorestarting worker after current request.")
                self.alive = False
            respiter = self.wsgi(environ, resp.start_response)
            if not self.keep_alive(environ):
                resp.force_close()  # before the headers go, with the first bytes written
            try:
                if isinstance(respiter, environ["wsgi.file_wrapper"]):
                    resp.write_file(respiter)
                else:
                    for item in respiter:
                        resp.write(item)
                resp.close()
            finally:
                request_time = datetime.now() - request_start
                self.log.access(resp, req, environ, request_time)
                if hasattr(respiter, "close"):
                    respiter.close()
            return not resp.should_close()
        except OSError:
            raise  # to `handle`, which knows a phone gone from a fault
        except (Exception, SystemExit):
            if resp and resp.headers_sent:
                # Timeout abort is SystemExit. If we already started the
                # response, writing a 500 on the same socket corrupts it.
                self.log.exception("Error handling request")
                util.close_graceful(client)
                raise StopIteration() from None
            raise
        finally:
            try:
                self.cfg.post_request(self, req, environ, resp)
            except Exception:
                self.log.exception("Exception in post_request hook")

    def keep_alive(self, environ: dict) -> bool:
        """Whether the connection may wait for the phone's next request once this one is answered:
        its body was read to its end, nothing else waits for the app, and this worker holds few
        other connections (see the module's docstring)."""
        return bool(
            self.cfg.keepalive
            and self.alive
            and environ.get(BODY_READ)
            and not self.wsgi.queued
            and self.held <= 1 + KEPT_WITH
        )

    def take_connection(self):
        """(listener, socket, address) of the next connection, once this worker is ready for it;
        None after HEARTBEAT_S without one, for the thread to look at `alive`."""
        with self.taking:
            if not self.alive or not self.wait_for_turn():
                return None
            taken = self.accept_one()
            if taken is None:
                select.select(self.sockets, [], [], HEARTBEAT_S)
                taken = self.accept_one()
            if taken is not None:
                with self.turn:
                    self.just_taken[taken[1]] = time.monotonic()
                    self.held += 1
            return taken

    def accept_one(self):
        for listener in self.sockets:
            try:
                accepted, addr = listener.accept()
            except (BlockingIOError, ConnectionAbortedError):  # none waiting, or another worker took it
                continue
            client = PhoneSocket(fileno=accepted.detach())
            client.settimeout(SILENCE_S)
            util.close_on_exec(client)
            return listener, client, addr
        return None

    def wait_for_turn(self) -> bool:
        """Whether, within HEARTBEAT_S, the app became free with no connection just taken still
        awaited (woken when a request arrives whole, when the app is free, and when the last
        connection taken has had its FIRST_REQUEST_S)."""
        deadline = time.monotonic() + HEARTBEAT_S
        with self.turn:
            while self.alive:
                now = time.monotonic()
                youngest = max((taken for taken in self.just_taken.values()), default=0.0)
                awaited = youngest + FIRST_REQUEST_S - now
                if not self.wsgi.queued and awaited <= 0:
                    return True
                if now >= deadline:
                    return False
                self.turn.wait(min(deadline - now, awaited) if awaited > 0 else deadline - now)
            return False

    def request_read(self, environ: dict) -> None:
        with self.turn:  # no one to wake: the request now waits for the app, which is not free
            self.just_taken.pop(environ.get("gunicorn.socket"), None)

    def forget(self, client) -> None:
        with self.turn:
            self.held -= 1
            if self.just_taken.pop(client, None) is not None:
                self.turn.notify()  # it went before reaching the app, which may be free

    def app_free(self) -> None:
        with self.turn:
            self.turn.notify()
