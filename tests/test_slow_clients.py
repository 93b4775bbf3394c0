"""Slow or vanished phones stall no one (issue 11), against the real gunicorn of gunicorn.conf.py:
(workers + 2) phones trickle half requests while a normal phone plays; a phone gone silent is let
go; what gunicorn refuses by itself is answered in French with the app's security headers; a
connection is kept alive between a phone's requests, and let go once it is quiet (issue 16)."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from scorekeeper.store.migrate import migrate
from scorekeeper.web.security import HEADERS
from scorekeeper.web.server_worker import SILENCE_S, PhoneSocket
from scorekeeper.web.settings import MAX_BODY_BYTES
from tests.bench_scripts import bench_module

WORKERS = 2
PLAY_SECONDS = 12


gunicorn_server = bench_module("gunicorn_server")
bench_module("load")
slow_clients = bench_module("slow_clients")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("slow-clients")
    database = str(folder / "slow.db")
    migrate(database)
    running = gunicorn_server.Server(database, workers=WORKERS, log_path=str(folder / "gunicorn.log")).start()
    yield running
    running.stop()


@pytest.mark.slow
def test_trickling_phones_stall_no_one(server):
    figures = slow_clients.measure(server.port, WORKERS + 2, PLAY_SECONDS)
    assert figures["errors"] == []
    assert figures["n"] > 500  # the phone played on: a few ms a request, not one request a timeout
    assert figures["p99"] < 100, figures
    assert figures["dropped"] == 0  # the slow phones kept their connections: nobody was cut off


@pytest.mark.slow
def test_a_silent_phone_is_let_go(server):
    """Half a request, then nothing (a phone that left the Wi-Fi): the server closes the connection
    after SILENCE_S, which frees its thread."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=SILENCE_S + 5) as phone:
        phone.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        started = time.monotonic()
        try:
            answer = phone.recv(1024)
        except ConnectionResetError:
            answer = b""
        waited = time.monotonic() - started
    assert answer == b""  # closed, without an answer: there was no request to answer
    assert SILENCE_S - 1 <= waited <= SILENCE_S + 3, waited


def test_a_long_answer_goes_on_while_the_phone_reads_and_stops_when_it_does_not():
    """The silence limit bounds each wait, not a whole answer (socket.sendall's timeout would)."""
    server_end, phone_end = socket.socketpair()
    with phone_end, PhoneSocket(fileno=server_end.detach()) as sock:
        sock.settimeout(0.3)
        answer = b"x" * 8_000_000
        received = []

        def read_slowly():
            while sum(map(len, received)) < len(answer):
                received.append(phone_end.recv(262_144))
                time.sleep(0.03)

        reader = threading.Thread(target=read_slowly)
        reader.start()
        started = time.monotonic()
        sock.sendall(answer)  # longer than the limit in all, never silent that long
        reader.join(10)
        assert time.monotonic() - started > 0.3 and b"".join(received) == answer
        with pytest.raises(ConnectionResetError):  # the phone stopped reading: let go
            sock.sendall(answer)


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


@pytest.mark.slow
@pytest.mark.parametrize(
    ("request_bytes", "status", "title"),
    [
        (b"GET /" + b"x" * 5000 + b" HTTP/1.1\r\nHost: a\r\n\r\n", 414, "Adresse trop longue"),
        (b"GET / HTTP/1.1\r\nHost: a\r\nCookie: " + b"y" * 9000 + b"\r\n\r\n", 431, "En-têtes trop gros"),
        (
            b"GET / HTTP/1.1\r\nHost: a\r\n" + b"".join(b"X-%d: z\r\n" % n for n in range(120)) + b"\r\n",
            431,
            "En-têtes trop gros",
        ),
        (b"GET / HTTP/1.1\r\nHost: a\r\nBad Header: z\r\n\r\n", 400, "Requête invalide"),
    ],
    ids=["long-url", "big-header", "many-headers", "malformed-header"],
)
def test_what_gunicorn_refuses_by_itself_is_french_with_the_apps_headers(server, request_bytes, status, title):
    answer_status, headers, body = raw_answer(server.port, request_bytes)
    assert answer_status == status
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert int(headers["Content-Length"]) == len(body.encode())
    for name, value in HEADERS.items():
        assert headers[name] == value
    assert '<html lang="fr">' in body and f"<h1>{title}</h1>" in body
    assert "Bad Request" not in body and "Too Large" not in body


@pytest.mark.slow
def test_the_server_still_answers_normally(server):
    status, headers, body = raw_answer(server.port, b"GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    assert status == 200 and headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]


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


@pytest.mark.slow
def test_a_phones_requests_share_one_connection_then_the_server_lets_it_go(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=SILENCE_S + 5) as sock:
        for path in (b"/", b"/static/style.css", b"/"):
            sock.sendall(b"GET " + path + b" HTTP/1.1\r\nHost: a\r\n\r\n")
            status, headers, _ = read_answer(sock)
            assert status == 200 and headers["Connection"] == "keep-alive", path
        # Silent after its answers: let go by the server (within gunicorn.conf.py's keepalive, far
        # sooner than a phone silent mid-request), not held until this socket's own timeout.
        assert sock.recv(1) == b""


@pytest.mark.slow
@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GET / HTTP/1.0\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
        # a body over the limit, not read: the connection cannot carry another request
        b"POST /api/v1/games HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{"
        % (MAX_BODY_BYTES + 1),
    ],
    ids=["http-1.0", "asked-to-close", "body-over-the-limit"],
)
def test_a_connection_is_closed_when_it_cannot_or_need_not_be_kept(server, request_bytes):
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(request_bytes)
        status, headers, _ = read_answer(sock)
        assert headers["Connection"] == "close", status
        assert sock.recv(1) == b""
