"""Slow or vanished phones stall no one (issues 11, 22), against a real server process (`python -m
scorekeeper.server` on 127.0.0.1): connections trickling half requests while a phone plays; the
server's limits cut a trickling connection (the arrival deadline) and a silent one (channel_timeout)
while a table is served meanwhile; what waitress refuses by itself is answered in French with the
app's security headers; a connection is kept alive between a phone's requests, and let go once
it is quiet (issue 16)."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
import urllib.request

import pytest

from scorekeeper.server.settings import ADJUSTMENTS, ARRIVAL_S
from scorekeeper.store.migrate import migrate
from scorekeeper.web.security import HEADERS
from tests.bench_scripts import bench_module

pytestmark = [pytest.mark.slow, pytest.mark.serial]

SILENCE_S = ADJUSTMENTS["channel_timeout"]
TRICKLERS = 128  # twice the threads the former server had in all: it froze at this many
PLAY_SECONDS = 8

app_server = bench_module("app_server")
bench_module("load")
slow_clients = bench_module("slow_clients")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("slow-clients")
    database = str(folder / "slow.db")
    migrate(database)
    running = app_server.Server(database, log_path=str(folder / "server.log")).start()
    yield running
    running.stop()


def test_trickling_connections_stall_no_one(server):
    figures = slow_clients.measure(server.port, TRICKLERS, PLAY_SECONDS)
    # Every request of the table was answered, none timed out (an error): the former server gave
    # none at all at this many. How fast is bench/slow_clients.py's to say, not a test's.
    assert figures["errors"] == []
    assert figures["get"][0] > 0, figures
    assert figures["refused"] == 0  # every trickling connection was taken


def closed_after(sock: socket.socket, started: float, found: dict, name: str) -> None:
    """Wait for the server to close `sock` (recv gives nothing, or a reset); note how long it took."""
    try:
        data = sock.recv(1024)
    except ConnectionResetError:
        data = b""
    found[name] = (time.monotonic() - started, data)


def test_the_servers_limits_cut_trickling_and_silent_connections_while_a_table_is_served(server):
    game = json.loads(
        urllib.request.urlopen(
            urllib.request.Request(
                server.url + "/api/v1/games", data=b"{}", headers={"Content-Type": "application/json"}
            ),
            timeout=10,
        ).read()
    )["id"]
    starts = {
        "in its headers": (f"POST /api/v1/games/{game}/hands HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".encode(), b"a"),
        "in its body": (
            f"POST /api/v1/games/{game}/hands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Content-Length: 1000\r\n\r\n{".encode(),
            b" ",
        ),
        "silent": (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", b""),
    }
    found: dict[str, tuple[float, bytes]] = {}
    sockets, waiters = {}, []
    started = time.monotonic()
    for name, (start, _) in starts.items():
        sockets[name] = socket.create_connection(("127.0.0.1", server.port), timeout=ARRIVAL_S + 10)
        sockets[name].sendall(start)
        waiter = threading.Thread(target=closed_after, args=(sockets[name], started, found, name))
        waiter.start()
        waiters.append(waiter)
    table: list[float] = []
    try:
        while len(found) < len(starts) and time.monotonic() - started < ARRIVAL_S + 8:
            for name, (_, byte) in starts.items():
                if byte and name not in found:
                    try:
                        sockets[name].sendall(byte)  # a byte every second: never silent
                    except OSError:
                        pass
            asked = time.perf_counter()
            with urllib.request.urlopen(f"{server.url}/parties/{game}", timeout=5) as answer:
                assert answer.status == 200
            table.append(time.perf_counter() - asked)
            time.sleep(1.0)
    finally:
        for sock in sockets.values():
            sock.close()
        for waiter in waiters:
            waiter.join(5)
    assert found["silent"][1] == b""  # closed without an answer: there was no request to answer
    assert SILENCE_S - 1 <= found["silent"][0] <= SILENCE_S + 3, found
    for name in ("in its headers", "in its body"):  # each byte reset the silence: the deadline cut them
        assert found[name][1] == b"" and ARRIVAL_S - 1 <= found[name][0] <= ARRIVAL_S + 3, found
    assert len(table) >= ARRIVAL_S - 2 and max(table) < 2.0, table  # the table was served all along


def raw_answer(port: int, request: bytes) -> tuple[int, dict[str, str], str]:
    """Send bytes as they are; the server's whole answer (it closes the connection)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split(" ")[1]), headers, body.decode()


OVER_THE_SERVERS_BODY_LIMIT = ADJUSTMENTS["max_request_body_size"] + 1


@pytest.mark.parametrize(
    ("request_bytes", "status", "title"),
    [
        # waitress bounds the request line and headers together (max_request_header_size)
        (b"GET /" + b"x" * 20_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 431, "En-têtes trop gros"),
        (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: " + b"y" * 20_000 + b"\r\n\r\n", 431, "En-têtes trop gros"),
        (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: z\r\n\r\n", 400, "Requête invalide"),
        (
            b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n",
            501,
            "Requête non prise en charge",
        ),
        (
            b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n{" % OVER_THE_SERVERS_BODY_LIMIT,
            413,
            "Envoi trop gros",
        ),
    ],
    ids=["long-url", "big-header", "malformed-header", "unknown-transfer-encoding", "body-over-the-servers-limit"],
)
def test_what_the_server_refuses_by_itself_is_french_with_the_apps_headers(server, request_bytes, status, title):
    answer_status, headers, body = raw_answer(server.port, request_bytes)
    assert answer_status == status
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert int(headers["Content-Length"]) == len(body.encode())
    assert headers["Connection"] == "close"
    for name, value in HEADERS.items():
        assert headers[name] == value
    assert '<html lang="fr">' in body and f"<h1>{title}</h1>" in body
    assert "Bad Request" not in body and "Too Large" not in body and "generated by" not in body


@pytest.mark.parametrize("host", [b"evil.test:5000", b"a..b", b"x" * 64 + b".example", b"localhost.evil.test"])
def test_through_waitress_a_foreign_host_gets_the_apps_french_400(server, host):
    """DNS rebinding (issue 24): a name that is not the machine's gets web/hosts.py's page."""
    status, headers, body = raw_answer(server.port, b"GET / HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % host)
    assert status == 400 and "<h1>Adresse inconnue</h1>" in body
    assert headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
    status, _, body = raw_answer(
        server.port, b"GET /archives/export.json HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % host
    )
    assert status == 400 and "games" not in body
    status, _, body = raw_answer(
        server.port, b"GET /api/v1/games/x HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % host
    )
    assert status == 400 and json.loads(body)["error"].startswith("Adresse inconnue")


def test_the_server_still_answers_normally_many_headers_included(server):
    """waitress counts no headers (gunicorn refused more than 100): their whole size is bounded."""
    many = b"".join(b"X-%d: z\r\n" % n for n in range(120))
    head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    status, headers, _ = raw_answer(server.port, head + many + b"\r\n")
    policy = re.sub(r" 'sha256-[A-Za-z0-9+/=]+'", "", headers["Content-Security-Policy"])  # the import map's
    assert status == 200 and policy == HEADERS["Content-Security-Policy"]


def test_a_chunked_body_over_the_apps_limit_is_refused_by_the_server_in_french(server):
    """A chunked body says its length only at its end: the server counts what comes and answers its
    French 413 once that passes the app's limit (issue 31, F4; before, waitress read it whole and
    the app refused it), the rest read and dropped so that the answer arrives; a small one is the
    app's."""
    head = b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
    head += b"Transfer-Encoding: chunked\r\n\r\n"
    huge = json.dumps({"teams": {"A": "x" * 300_000}}).encode()
    status, _, body = raw_answer(server.port, head + b"%x\r\n%s\r\n0\r\n\r\n" % (len(huge), huge))
    assert status == 413 and "<h1>Envoi trop gros</h1>" in body
    status, _, _ = raw_answer(server.port, head + b"2\r\n{}\r\n0\r\n\r\n")
    assert status == 201


# --- keep-alive (issue 16) ------------------------------------------------------------------


def read_answer(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One answer read from a connection that stays open (its Content-Length says where it ends)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    while len(body) < int(headers["Content-Length"]):
        body += sock.recv(65536)
    return int(lines[0].split(" ")[1]), headers, body


def test_a_phones_requests_share_one_connection_then_the_server_lets_it_go(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=SILENCE_S + 5) as sock:
        for path in (b"/", b"/static/style.css", b"/"):
            sock.sendall(b"GET " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            status, headers, _ = read_answer(sock)
            assert status == 200 and headers.get("Connection", "keep-alive") == "keep-alive", path
        # Silent after its answers: let go by the server after channel_timeout, not held until
        # this socket's own timeout.
        quiet = time.monotonic()
        assert sock.recv(1) == b""
        assert time.monotonic() - quiet <= SILENCE_S + 3


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GET / HTTP/1.0\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        # a body over the server's limit, not read: the connection cannot carry another request
        b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n{" % OVER_THE_SERVERS_BODY_LIMIT,
    ],
    ids=["http-1.0", "asked-to-close", "body-over-the-limit"],
)
def test_a_connection_is_closed_when_it_cannot_or_need_not_be_kept(server, request_bytes):
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(request_bytes)
        status, headers, _ = read_answer(sock)
        assert headers["Connection"] == "close", status
        assert sock.recv(1) == b""
