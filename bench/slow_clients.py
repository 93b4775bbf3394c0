"""A table playing while N connections trickle (issue 22), N = 8, 32, 128 and 512 in one run:
each trickling connection sends half a request, then a byte every TRICKLE_EVERY_S (each byte
resets any silence limit), and opens a new one whenever the server cuts it, so that N stay
open; meanwhile one phone plays flat out. Prints, for each N, the phone's latencies: a deal
recorded, the HTML sheet loaded, a plain GET (the home page), and how many connections the
server cut.

    .venv/bin/python bench/slow_clients.py                        # starts the server itself, 25 s each N
    .venv/bin/python bench/slow_clients.py --counts 8 32 --seconds 5
    .venv/bin/python bench/slow_clients.py --url http://127.0.0.1:8000   # a server already running

Half of the trickling connections stop inside their headers, half inside a JSON body. The phone
keeps one connection (as a browser does), reopened when the server closes it, and loops: records
a deal (POST, with an Idempotency-Key), loads the HTML sheet, loads the home page. Target: no
failed request and a plain GET's p99 under 50 ms at every N. Bounded: each N lasts --seconds
(plus its ramp, a few seconds at most, and at most one request's REQUEST_TIMEOUT_S); only
loopback: the phone on 127.0.0.1, the trickling connections from 127.0.1.1 and on,
TRICKLERS_PER_ADDRESS each, as from that many machines (the server takes at most 64 connections
from one address since issue 31: bench/connection_flood.py is one address holding all it can).
"""

from __future__ import annotations

import argparse
import http.client
import json
import selectors
import socket
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not

from app_server import HOST, Server  # noqa: E402
from load import deal_plan, percentile  # noqa: E402

from scorekeeper.store.migrate import migrate  # noqa: E402

TRICKLE_EVERY_S = 5.0  # under a 10 s silence limit: silence alone never cuts these
REQUEST_TIMEOUT_S = 10  # the phone's: a request unanswered this long counts as failed
CONNECT_TIMEOUT_S = 1.0
COUNTS = [8, 32, 128, 512]
PLAN = deal_plan(40)
P99_TARGET_MS = 50
TRICKLERS_PER_ADDRESS = 16


def create_game(port: int) -> str:
    connection = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT_S)
    try:
        connection.request("POST", "/api/v1/games", body="{}", headers={"Content-Type": "application/json"})
        return json.loads(connection.getresponse().read())["id"]
    finally:
        connection.close()


def half_request(game_id: str, in_body: bool) -> tuple[bytes, bytes]:
    """(what a trickling connection sends first, the byte it then sends every TRICKLE_EVERY_S)."""
    path = f"/api/v1/games/{game_id}/hands"
    if in_body:  # whole headers, half the body; JSON's blank keeps the body valid, and it never ends
        body = json.dumps(PLAN[2][1]).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body) + 1000}\r\n\r\n"
        ).encode()
        return head + body[: len(body) // 2], b" "
    return f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nX-Slow: ".encode(), b"a"


class Tricklers(threading.Thread):
    """`count` trickling connections in one thread, each replaced when the server cuts it."""

    def __init__(self, port: int, game_id: str, count: int, stop: threading.Event):
        super().__init__(daemon=True)
        self.port, self.game_id, self.count, self.stop = port, game_id, count, stop
        self.selector = selectors.DefaultSelector()  # epoll: more than select's 1024 descriptors
        self.next_byte: dict[socket.socket, float] = {}
        self.opened = self.cut = self.refused = self.sent = 0
        self.ready = threading.Event()  # the first `count` are open and have sent their half
        self.addresses = max(1, count // TRICKLERS_PER_ADDRESS)
        self.opening = 0  # how many were opened, to take their source addresses in turn

    def open(self, index: int) -> None:
        start, byte = half_request(self.game_id, in_body=index % 2 == 1)
        source = f"127.0.1.{1 + self.opening % self.addresses}"
        self.opening += 1
        try:
            sock = socket.create_connection((HOST, self.port), timeout=CONNECT_TIMEOUT_S, source_address=(source, 0))
            sock.sendall(start)
        except OSError:
            self.refused += 1  # the server takes no more connections: it is at its limit
            return
        sock.setblocking(False)
        self.selector.register(sock, selectors.EVENT_READ, (index, byte))
        self.next_byte[sock] = time.monotonic() + TRICKLE_EVERY_S * (0.5 + (index % 16) / 32)
        self.opened += 1

    def close(self, sock: socket.socket) -> None:
        self.selector.unregister(sock)
        self.next_byte.pop(sock, None)
        sock.close()

    def run(self) -> None:
        for index in range(self.count):
            self.open(index)
        self.ready.set()
        try:
            while not self.stop.is_set():
                now = time.monotonic()
                wait = max(0.0, min([*self.next_byte.values(), now + 0.5]) - now)
                for key, _ in self.selector.select(timeout=min(wait, 0.5)):
                    self.server_spoke(key)
                now = time.monotonic()
                for sock, when in list(self.next_byte.items()):
                    if when <= now:
                        self.trickle(sock)
                missing = self.count - len(self.next_byte)
                for index in range(missing):  # those cut, replaced (or tried again next turn)
                    if self.stop.is_set():
                        break
                    self.open(index)
        finally:
            for sock in list(self.next_byte):
                self.close(sock)
            self.selector.close()

    def server_spoke(self, key: selectors.SelectorKey) -> None:
        """The server closed the connection, or answered it (an error page) and will: it was cut."""
        try:
            key.fileobj.recv(4096)
        except BlockingIOError:
            return
        except OSError:
            pass
        self.cut += 1
        self.close(key.fileobj)

    def trickle(self, sock: socket.socket) -> None:
        _, byte = self.selector.get_key(sock).data
        try:
            sock.send(byte)
            self.sent += 1
            self.next_byte[sock] = time.monotonic() + TRICKLE_EVERY_S
        except OSError:
            self.cut += 1
            self.close(sock)


class Phone:
    """The table's phone: one kept-alive connection, reopened only when the server closes it."""

    def __init__(self, port: int):
        self.port = port
        self.connection: http.client.HTTPConnection | None = None
        self.latencies: dict[str, list[float]] = {"record": [], "sheet": [], "get": []}
        self.errors: list[str] = []

    def request(self, kind: str, method: str, path: str, body: dict | None = None, headers=None) -> tuple[int, bytes]:
        if self.connection is None:
            self.connection = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT_S)
        data = json.dumps(body).encode() if body is not None else None
        headers = {**(headers or {}), **({"Content-Type": "application/json"} if data else {})}
        started = time.perf_counter()
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.latencies[kind].append(time.perf_counter() - started)
            self.errors.append(f"{method} {path}: {error!r}")
            self.connection.close()
            self.connection = None
            return 0, b""
        self.latencies[kind].append(time.perf_counter() - started)
        if response.will_close:
            self.connection.close()
            self.connection = None
        return response.status, payload

    def play(self, seconds: float) -> None:
        game_id, number = None, len(PLAN)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if number == len(PLAN):  # a new game when one ends (its creation is timed as a record)
                status, payload = self.request("record", "POST", "/api/v1/games", {})
                if status != 201:
                    self.errors.append(f"new game: {status}")
                    continue
                game_id, number = json.loads(payload)["id"], 0
            kind, body = PLAN[number]
            number += 1
            key = {"Idempotency-Key": uuid.uuid4().hex}
            status, _ = self.request("record", "POST", f"/api/v1/games/{game_id}/{kind}", body, key)
            if status != 201:
                self.errors.append(f"record: {status}")
            for name, path in (("sheet", f"/parties/{game_id}"), ("get", "/")):
                status, _ = self.request(name, "GET", path)
                if status != 200:
                    self.errors.append(f"GET {path}: {status}")
        if self.connection is not None:
            self.connection.close()


def measure(port: int, count: int, seconds: float) -> dict:
    """The phone's figures while `count` connections trickle."""
    stop = threading.Event()
    tricklers = Tricklers(port, create_game(port), count, stop)
    tricklers.start()
    tricklers.ready.wait(60)
    time.sleep(0.5)  # their halves are in, each held by whatever reads it
    phone = Phone(port)
    try:
        phone.play(seconds)
    finally:
        stop.set()
        tricklers.join(timeout=30)
    figures = {
        kind: (len(values), percentile(values, 0.5), percentile(values, 0.99)) if values else (0, 0.0, 0.0)
        for kind, values in phone.latencies.items()
    }
    return {
        **figures,
        "errors": phone.errors,
        "opened": tricklers.opened,
        "cut": tricklers.cut,
        "refused": tricklers.refused,
    }


def report(count: int, figures: dict) -> None:
    cells = "  ".join(
        f"{kind} {figures[kind][1]:6.1f}/{figures[kind][2]:7.1f} ms (n={figures[kind][0]})"
        for kind in ("record", "sheet", "get")
    )
    print(
        f"  N={count:4}  {cells}  failed {len(figures['errors'])}  "
        f"(connections opened {figures['opened']}, cut by the server {figures['cut']}, "
        f"not taken {figures['refused']})",
        flush=True,
    )
    for message in figures["errors"][:3]:
        print("      " + message)


def run(port: int, counts: list[int], seconds: float) -> bool:
    print(f"p50/p99 of a table's requests while N connections trickle, {seconds:.0f} s each:", flush=True)
    met = True
    for count in counts:
        figures = measure(port, count, seconds)
        report(count, figures)
        met = met and not figures["errors"] and figures["get"][2] < P99_TARGET_MS
        time.sleep(1.0)  # the server lets the last ones go
    print(
        f"target: no failed request, a plain GET's p99 under {P99_TARGET_MS} ms at every N: "
        f"{'met' if met else 'MISSED'}"
    )
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--counts", type=int, nargs="+", default=COUNTS)
    parser.add_argument("--seconds", type=float, default=25, help="per N: past the arrival deadline")
    parser.add_argument("--url", help="a server already running (127.0.0.1 only); default: start ours")
    parser.add_argument("--threads", type=int, help="the server's threads (default: its own)")
    args = parser.parse_args()
    if args.url:
        parts = urlsplit(args.url)
        if parts.hostname != HOST:
            parser.error("--url must be on this machine (127.0.0.1)")
        return 0 if run(parts.port, args.counts, args.seconds) else 1
    with tempfile.TemporaryDirectory(prefix="belote-slow-") as folder:
        database = str(Path(folder) / "slow.db")
        migrate(database)
        options = ["--threads", str(args.threads)] if args.threads else []
        with Server(database, options=options, log_path=str(Path(folder) / "server.log")) as server:
            return 0 if run(server.port, args.counts, args.seconds) else 1


if __name__ == "__main__":
    sys.exit(main())
