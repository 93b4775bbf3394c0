"""No one client stalls the server (issue 31), against a real server process (`python -m
scorekeeper.server` on 127.0.0.1, with a table password): one address holding as many connections
as it can leaves the tables served (F1); a body over its URL's limit is refused before it is read,
and the import's body before the password (F4), while a phone that entered it still imports."""

from __future__ import annotations

import http.cookiejar
import socket
import time
import urllib.parse
import urllib.request

import pytest
from werkzeug.security import generate_password_hash

from scorekeeper.server.settings import CONNECTIONS_PER_ADDRESS
from scorekeeper.store.migrate import migrate
from tests.bench_scripts import bench_module
from tests.helpers import PASSWORD, csrf_token, page_text
from tests.test_large_import import post_import

pytestmark = [pytest.mark.slow, pytest.mark.serial]

app_server = bench_module("app_server")
import_bench = bench_module("import_archive")
FLOOD = 1000  # waitress's connection_limit: the red team's flood, from one address
FLOODER = "127.0.0.2"  # another address on loopback; the table comes from 127.0.0.1


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("limits")
    database = str(folder / "limits.db")
    migrate(database)
    password = generate_password_hash(PASSWORD, method="pbkdf2:sha256:1000")
    running = app_server.Server(
        database, log_path=str(folder / "server.log"), env={"SCOREKEEPER_TABLE_PASSWORD_HASH": password}
    ).start()
    yield running
    running.stop()


def logged_in(server) -> urllib.request.OpenerDirector:
    """A phone's cookies, with the table password entered."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    form = opener.open(server.url + "/connexion", timeout=10).read().decode()
    data = urllib.parse.urlencode({"csrf_token": csrf_token(form), "password": PASSWORD, "next": "/"}).encode()
    with opener.open(server.url + "/connexion", data=data, timeout=10) as answer:
        assert "Sortir" in answer.read().decode()
    return opener


def is_open(sock: socket.socket) -> bool:
    """Whether the server still holds this connection (it closed it: nothing more to read)."""
    sock.setblocking(False)
    try:
        return sock.recv(1) != b""
    except BlockingIOError:
        return True
    except ConnectionResetError:
        return False


def test_one_address_holding_every_connection_it_can_leaves_the_tables_served(server):
    table = logged_in(server)
    flood: list[socket.socket] = []
    try:
        for _ in range(FLOOD):
            flood.append(socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=(FLOODER, 0)))
        # A phone of the table opens new connections meanwhile: before, each waited in the kernel's
        # queue behind the flood (waitress had taken its 1,000) until this timeout.
        for _ in range(5):
            with table.open(server.url + "/", timeout=5) as answer:
                assert answer.status == 200 and "Sortir" in answer.read().decode()
        kept = [sock for sock in flood if is_open(sock)]
        assert len(kept) == CONNECTIONS_PER_ADDRESS == 64
    finally:
        for sock in flood:
            sock.close()


def answer_to(port: int, head: bytes, *parts: bytes) -> tuple[int, dict[str, str], str]:
    """Send a request's head then `parts` (a pause between them, for the server to read each), and
    never the rest of its body: the server's whole answer (it closes the connection)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head)
        for part in parts:
            time.sleep(0.2)
            sock.sendall(part)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head_bytes, _, body = data.partition(b"\r\n\r\n")
    lines = head_bytes.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split(" ")[1]), headers, body.decode()


def post_head(path: str, length: int | None, cookie: str = "") -> bytes:
    framing = "Transfer-Encoding: chunked" if length is None else f"Content-Length: {length}"
    cookies = f"Cookie: {cookie}\r\n" if cookie else ""
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n{cookies}"
        f"{framing}\r\n\r\n"
    ).encode()


MEGABYTE = 1_000_000


@pytest.mark.parametrize("path", ["/parties/abc", "/api/v1/games", "/connexion"])
def test_a_megabyte_to_an_ordinary_url_is_refused_when_its_headers_arrive(server, path):
    status, headers, body = answer_to(server.port, post_head(path, MEGABYTE) + b"x" * 4096)
    assert status == 413 and headers["Connection"] == "close"
    assert '<html lang="fr">' in body and "<h1>Envoi trop gros</h1>" in body


def test_a_chunked_body_is_refused_once_what_came_passes_the_limit(server):
    """No length to refuse beforehand: the server counts what comes, and answers past 256 KB."""
    chunks = [b"%x\r\n%s\r\n" % (size, b"y" * size) for size in (110_000, 110_000, 50_000)]  # 270,000 bytes
    status, _, body = answer_to(server.port, post_head("/api/v1/games", None), *chunks)
    assert status == 413 and "<h1>Envoi trop gros</h1>" in body


def test_the_import_without_the_password_is_sent_to_the_login_before_its_body(server):
    status, headers, body = answer_to(server.port, post_head("/archives/importer", MEGABYTE) + b"x" * 4096)
    assert status == 303 and headers["Location"] == "/connexion?next=%2Farchives%2Fimporter"
    assert "<h1>Mot de passe requis</h1>" in body and headers["Connection"] == "close"
    # A session cookie the app did not sign is no password either.
    forged = post_head("/archives/importer", MEGABYTE, cookie="session=eyJ0YWJsZSI6IngifQ.forged.sig")
    assert answer_to(server.port, forged + b"x" * 4096)[0] == 303


def test_a_phone_that_entered_the_password_imports_an_archive_over_the_ordinary_limit(server, tmp_path):
    path = tmp_path / "archive.json"
    games = import_bench.write_archive(str(path), 0.6)  # MB: over the ordinary 256 KB
    raw = path.read_bytes()
    assert len(raw) > 256 * 1024
    status, page = post_import(server, logged_in(server), raw)
    assert status == 200 and f"Import terminé : {games} partie(s) importée(s)" in page_text(page)
