"""What waitress lacks: a deadline for a request to arrive, a limit of connections per address,
and a graceful close after a refusal.

waitress cuts a connection only after `channel_timeout` of silence, so a client that sends half a
request, then a byte every few seconds, keeps its connection for as long as it likes: enough of
them fill `connection_limit`, and the server stops taking new phones. Here a request that has
begun to arrive must be whole within ARRIVAL_S of its first byte, plus the time its body needs at
MIN_BODY_BYTES_PER_S (settings.py); otherwise its connection is closed, without an answer (a
client that slow is not reading one).

This leans on waitress's internals, which is why pyproject.toml pins `waitress>=3.0.2,<4`:
`HTTPChannel.received` (where a request's first bytes arrive: `channel.request` is the request
being read, None between requests), `channel.requests` (those read whole, waiting for or in a
thread), `channel.will_close`, the parser's `content_length` and `body_bytes_received`, and
`BaseWSGIServer.maintenance`, which the I/O thread calls every `cleanup_interval` to close the
channels silent for `channel_timeout`. The channel also answers waitress's own refusals in French
(`error_task_class`), and reads each request with bodies.py's parser (`parser_class`). For the
rest: the server's `active_channels` (each channel's `addr`), wasyncore's `dispatcher.accept`
(None: nothing to accept), the channel's `handle_close`, `readable`, `writable`, `handle_read` and
wasyncore's `recv` (which calls `handle_close` at the client's close or reset).

waitress takes up to `connection_limit` connections (1,000), whoever opens them: one machine that
opens them all (and opens new ones as they are cut) left every phone's new connection waiting, 5
answers in 40 s (issue 31, F1). Here a connection from an address that already holds
CONNECTIONS_PER_ADDRESS is closed as soon as it is accepted (`accept`, which waitress's
`handle_accept` calls, None meaning nothing to serve), and the server takes the others'. Behind
the HTTPS proxy (the app's PROXY_COUNT) every connection comes from the proxy, on loopback: loopback
addresses are then not limited (the proxy holds the clients' own connections).
"""

from __future__ import annotations

import ipaddress
import socket
import time

from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer

from scorekeeper.server.bodies import Allowance, BodyCheckingParser
from scorekeeper.server.error_pages import FrenchErrorTask
from scorekeeper.server.settings import ARRIVAL_S, CONNECTIONS_PER_ADDRESS, LINGER_S, MIN_BODY_BYTES_PER_S


class Channel(HTTPChannel):
    """A connection that knows when the request it is reading began to arrive, and which closes
    gracefully after a refusal (`refused`, set by the error task): a refused body's rest may still
    be coming, and closing a socket with bytes unread makes the kernel reset the connection, which
    throws away the answer on the client's side before it reads it. So, as nginx's lingering close
    does, the server sends its FIN after the answer and reads (and drops) what still comes, until
    the client closes or LINGER_S have passed."""

    error_task_class = FrenchErrorTask
    arrival_began = 0.0
    refused = False
    lingering_until: float | None = None

    def parser_class(self, adj) -> HTTPRequestParser:
        """The parser of the next request (waitress calls `self.parser_class(self.adj)`): with the
        app's allowance, one that refuses a body over its URL's limit (bodies.py)."""
        allowance = self.server.allowance
        if allowance is None:
            return HTTPRequestParser(adj)
        return BodyCheckingParser(adj, allowance, self.server.login_path)

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self.arrival_began = time.time()
        return super().received(data)

    def handle_close(self) -> None:
        if not self.refused or self.lingering_until is not None:
            super().handle_close()
            return
        try:
            self.socket.shutdown(socket.SHUT_WR)  # the answer is whole: the client reads it, then EOF
        except OSError:
            super().handle_close()
            return
        self.lingering_until = time.time() + LINGER_S
        self.will_close = False

    def readable(self) -> bool:
        return self.lingering_until is not None or super().readable()

    def writable(self) -> bool:
        return self.lingering_until is None and super().writable()

    def handle_read(self) -> None:
        if self.lingering_until is None:
            super().handle_read()
        else:
            self.recv(self.adj.recv_bytes)  # dropped; the client's close (or a reset) closes this one

    def arrival_deadline(self) -> float | None:
        """When the request being read must be whole, or None when none is being read."""
        request = self.request
        if request is None or self.requests:  # between requests, or its answer is under way
            return None
        body = max(request.content_length, request.body_bytes_received)
        return self.arrival_began + ARRIVAL_S + body / MIN_BODY_BYTES_PER_S


class Server(TcpWSGIServer):
    """waitress's TCP server whose channels are `Channel`s, closed past their arrival deadline, and
    which takes at most CONNECTIONS_PER_ADDRESS from one address (loopback's unlimited when
    `proxied`). `allowance` (web/bodies.py), when the app gives one, says how large a body each
    request may send, and `login_path` where one without the password is sent."""

    channel_class = Channel

    def __init__(self, application, *, adj, allowance: Allowance | None = None, login_path: str = "/", proxied=False):
        self.allowance, self.login_path, self.proxied = allowance, login_path, proxied
        super().__init__(application, adj=adj)

    def accept(self):
        """The next connection to serve, or None; those refused are closed on the way, all those
        queued at once (at most the listen backlog): waitress takes one connection per turn of its
        loop, and a phone's would otherwise wait behind a flood's, a turn each."""
        for _ in range(self.adj.backlog):
            accepted = super().accept()
            if accepted is None or not self.refuses(accepted[1][0]):
                return accepted
            accepted[0].close()
        return None

    def refuses(self, host: str) -> bool:
        """Whether a new connection from `host` is one too many: it holds its share already."""
        if self.proxied and ipaddress.ip_address(host.partition("%")[0]).is_loopback:
            return False
        held = sum(1 for channel in self.active_channels.values() if channel.addr[0] == host)
        return held >= CONNECTIONS_PER_ADDRESS

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # the silent ones
        for channel in list(self.active_channels.values()):
            if channel.lingering_until is not None and channel.lingering_until < now:
                channel.handle_close()
                continue
            deadline = channel.arrival_deadline()
            if deadline is not None and deadline < now:
                channel.will_close = True
