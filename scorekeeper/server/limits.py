"""What waitress lacks: a deadline for a request to arrive.

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
(`error_task_class`).
"""

from __future__ import annotations

import time

from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer

from scorekeeper.server.error_pages import FrenchErrorTask
from scorekeeper.server.settings import ARRIVAL_S, MIN_BODY_BYTES_PER_S


class Channel(HTTPChannel):
    """A connection that knows when the request it is reading began to arrive."""

    error_task_class = FrenchErrorTask
    arrival_began = 0.0

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self.arrival_began = time.time()
        return super().received(data)

    def arrival_deadline(self) -> float | None:
        """When the request being read must be whole, or None when none is being read."""
        request = self.request
        if request is None or self.requests:  # between requests, or its answer is under way
            return None
        body = max(request.content_length, request.body_bytes_received)
        return self.arrival_began + ARRIVAL_S + body / MIN_BODY_BYTES_PER_S


class Server(TcpWSGIServer):
    """waitress's TCP server whose channels are `Channel`s, closed past their arrival deadline."""

    channel_class = Channel

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # the silent ones
        for channel in list(self.active_channels.values()):
            deadline = channel.arrival_deadline()
            if deadline is not None and deadline < now:
                channel.will_close = True
