"""waitress's settings for the club's server (`make serve`) and a table's (`make run`), each with
why. waitress reads every request whole in its one I/O thread (headers and body, up to the limits
below) before a thread of THREADS runs the app, and writes the answer from a buffer: a phone that
trickles or stalls costs a buffer and a file descriptor, never a thread."""

from __future__ import annotations

import select

from scorekeeper.web.archive.import_pages import IMPORT_MAX_BYTES

# Threads running the app. A request takes a few milliseconds and SQLite writes one at a time;
# while one writes, the others read sheets, and a long one (an archive's export) leaves three to
# the tables. More buy nothing (the GIL) and cost: each one more takes the GIL from the I/O thread
# that reads and writes every connection, so under load a request waits longer (bench/load.py
# --threads). The store keeps up to ConnectionPool.MAX_IDLE idle connections, more than this.
THREADS = 4
# A request must have arrived whole within this long of its first byte, plus the time its body
# needs at MIN_BODY_BYTES_PER_S (limits.py): waitress itself has no such deadline, and
# channel_timeout only cuts silence, which a byte every few seconds resets.
ARRIVAL_S = 20.0
MIN_BODY_BYTES_PER_S = 50_000  # the 64 MB import: 22 min, even on a poor Wi-Fi

# After refusing a request (its body unread), how long the server reads and drops what still comes
# before it closes, so that the client reads the answer rather than a reset (limits.Channel):
# nginx's lingering_timeout.
LINGER_S = 5.0
# Open connections from one address at once, well under connection_limit: a table's phones keep
# two or three each (a browser opens up to six for a page's files), and on the room's Wi-Fi every
# phone has an address of its own, so this only stops one machine from taking every connection
# (issue 31, F1). Behind a NAT (a club's phones reaching a VPS through one public address) 20
# tables of three fit. The HTTPS proxy's loopback connections are not counted (limits.py).
CONNECTIONS_PER_ADDRESS = 64

ADJUSTMENTS = {
    "threads": THREADS,
    # Open connections at once, idle or not: 512 trickling ones and the tables' phones (two or
    # three each, kept alive). Beyond it waitress stops accepting, and the kernel queues the rest.
    # Windows has no poll(), and its select() watches 512 sockets at most: 500 there.
    "connection_limit": 1000 if hasattr(select, "poll") else 500,
    # poll() rather than select(), which cannot watch a descriptor above 1024.
    "asyncore_use_poll": True,
    # A phone that sends or takes nothing this long is gone: its connection is closed, mid-request
    # or kept alive between requests (longer than the sheet's 2.5 s refresh, so a phone keeps its
    # connection between two polls).
    "channel_timeout": 10,
    # How often those limits are looked at (waitress's default is 30 s; the loop wakes at least
    # every asyncore_loop_timeout, 1 s, anyway).
    "cleanup_interval": 1,
    # The request line and headers together (waitress answers 431 above it): the app's longest
    # addresses and its session cookie are far below it.
    "max_request_header_size": 16 * 1024,
    # Read up to this much at a time (waitress's default is 8 KB): a request over the header limit
    # is then read whole before the 431, which the phone receives rather than a reset connection
    # (unread bytes left when the server closes it make the kernel reset it); an import's body
    # also takes fewer reads.
    "recv_bytes": 64 * 1024,
    # A body (waitress answers 413 above it): the largest the app takes, the archive's import with
    # its multipart framing; the app answers its own French 413 for each page's smaller limit.
    "max_request_body_size": IMPORT_MAX_BYTES + 64 * 1024,
    # Keep-alive: waitress keeps a connection after an answer (a page's files, the sheet after a
    # save come on it) until channel_timeout's silence; it closes one asked to close, an HTTP/1.0
    # one, and one whose body it refused.
    # No proxy is trusted: X-Forwarded-* headers are dropped before the app sees them, unless the
    # app says it sits behind an HTTPS proxy (its PROXY_COUNT: __main__.build_server lets them
    # through, and the app's ProxyFix trusts that many).
    "clear_untrusted_proxy_headers": True,
    "ident": "scorekeeper",  # the Server header, rather than waitress's name and version
}
