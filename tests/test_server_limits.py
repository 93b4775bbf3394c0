"""The server layer's own pieces, without a process (tests/test_slow_clients.py has the real one):
when a request being read must be whole, waitress's refusals in French, and when an address holds
its share of connections."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scorekeeper.server.__main__ import build_server
from scorekeeper.server.error_pages import error_page
from scorekeeper.server.limits import Channel, Server


def arriving(content_length: int = 0, received: int = 0, serving: bool = False):
    """A channel as Channel.arrival_deadline reads it: its request being read, since t = 1000 s."""
    request = SimpleNamespace(content_length=content_length, body_bytes_received=received)
    return SimpleNamespace(request=request, requests=["being answered"] if serving else [], arrival_began=1000.0)


@pytest.mark.parametrize(
    ("channel", "deadline"),
    [
        (arriving(), 1020.0),  # headers still coming: 20 s
        (arriving(content_length=1000), 1020.02),  # a deal's JSON: 20 s and 1,000 bytes at 50 KB/s
        (arriving(content_length=64 * 1024 * 1024), 1000 + 20 + 67_108_864 / 50_000),  # the import: 22 min
        (arriving(received=500_000), 1030.0),  # a chunked body, as far as it has come
        (arriving(serving=True), None),  # answered meanwhile: no deadline for the next one yet
        (SimpleNamespace(request=None, requests=[], arrival_began=1000.0), None),  # between requests
    ],
    ids=["headers", "small-body", "import", "chunked", "serving", "idle"],
)
def test_a_request_must_arrive_within_its_deadline(channel, deadline):
    found = Channel.arrival_deadline(channel)
    assert found == (None if deadline is None else pytest.approx(deadline))


@pytest.mark.parametrize(
    ("status", "title"),
    [(400, "Requête invalide"), (413, "Envoi trop gros"), (418, "Requête refusée"), (500, "Erreur interne")],
)
def test_waitress_refusals_are_french_pages(status, title):
    line, headers, body = error_page(status)
    assert line.split(" ", 1)[0] == str(status)
    assert ("Content-Type", "text/html; charset=utf-8") in headers
    assert f"<h1>{title}</h1>".encode() in body and b'<html lang="fr">' in body


def wsgi_app(**config):
    def app(environ, start_response):
        start_response("204 No Content", [])
        return []

    app.config = config
    return app


@pytest.mark.parametrize(("config", "cleared"), [({}, True), ({"PROXY_COUNT": 1}, False)])
def test_forwarded_headers_reach_the_app_only_behind_its_proxy(config, cleared):
    server = build_server(wsgi_app(**config), "127.0.0.1", 0, threads=1)
    try:
        assert server.adj.clear_untrusted_proxy_headers is cleared
        assert int(server.effective_port) > 0 and server.adj.threads == 1  # a free port, listening
    finally:
        server.task_dispatcher.shutdown()
        server.close()


def holding(proxied: bool, per_address: dict[str, int]):
    """A server as Server.refuses reads it: its connections, so many from each address."""
    channels = [SimpleNamespace(addr=(host, 40000 + n)) for host, count in per_address.items() for n in range(count)]
    return SimpleNamespace(proxied=proxied, active_channels=dict(enumerate(channels)))


@pytest.mark.parametrize(
    ("server", "host", "refused"),
    [
        (holding(False, {"192.168.1.30": 63}), "192.168.1.30", False),  # its 64th
        (holding(False, {"192.168.1.30": 64}), "192.168.1.30", True),  # its 65th
        (holding(False, {"192.168.1.30": 64, "192.168.1.31": 3}), "192.168.1.31", False),  # another's 4th
        (holding(False, {"127.0.0.1": 64}), "127.0.0.1", True),  # loopback without a proxy: as any
        (holding(True, {"127.0.0.1": 500}), "127.0.0.1", False),  # behind the proxy: its connections
        (holding(True, {"192.168.1.30": 64}), "192.168.1.30", True),  # past the proxy: limited still
        (holding(True, {"::1": 64}), "::1", False),
    ],
)
def test_an_address_holding_its_share_of_connections_gets_no_more(server, host, refused):
    assert Server.refuses(server, host) is refused
