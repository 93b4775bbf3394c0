"""A table while one address holds every connection it can (issue 31, F1): FLOOD connections
from 127.0.0.2, each sending half a request's headers then a byte a second (never silent), each
reopened (once a second at most) when the server closes it; meanwhile a phone of the table, on
127.0.0.1, loads its sheet, each time on a new connection (as a phone does when its connection
was let go). Prints the sheet's p50/p99 alone, then during the flood, the requests that failed
(unanswered in REQUEST_TIMEOUT_S), and how many of the flood's connections the server held.

    .venv/bin/python bench/connection_flood.py                     # starts the server itself
    .venv/bin/python bench/connection_flood.py --url http://127.0.0.1:8000 --seconds 10

Before issue 31 the server took up to its 1,000 connections from anyone: the flood took them
all, and the phone's new connections waited in the kernel's queue. Bounded: --seconds alone and
--seconds flooded (plus at most one REQUEST_TIMEOUT_S), FLOOD connections at most, only loopback.
"""

from __future__ import annotations

import argparse
import http.client
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not

from app_server import HOST, Server, api  # noqa: E402
from load import percentile  # noqa: E402

from scorekeeper.store.migrate import migrate  # noqa: E402

FLOOD = 1000  # waitress's connection_limit: the red team's flood
FLOODER = "127.0.0.2"  # another address on loopback
REQUEST_TIMEOUT_S = 10  # the phone's: a request unanswered this long counts as failed
HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


class Flood(threading.Thread):
    """Up to FLOOD connections from FLOODER, kept open with a byte a second, reopened when cut."""

    def __init__(self, port: int, stop: threading.Event):
        super().__init__(daemon=True)
        self.port, self.stop = port, stop
        self.sockets: list[socket.socket] = []
        self.opened = self.cut = 0
        self.held: list[int] = []  # how many were open, once a second

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                turn = time.monotonic()
                self.sockets = [sock for sock in self.sockets if self.still_open(sock)]
                self.held.append(len(self.sockets))
                while len(self.sockets) < FLOOD and not self.stop.is_set():
                    try:
                        sock = socket.create_connection((HOST, self.port), timeout=1, source_address=(FLOODER, 0))
                        sock.sendall(HALF_REQUEST)
                    except OSError:
                        break  # not even queued: try again next second
                    self.sockets.append(sock)
                    self.opened += 1
                self.stop.wait(max(0.0, 1.0 - (time.monotonic() - turn)))
        finally:
            for sock in self.sockets:
                sock.close()

    def still_open(self, sock: socket.socket) -> bool:
        """Whether the server holds it still (then a byte more); else it is closed here too."""
        sock.setblocking(False)
        try:
            if sock.recv(1) == b"":
                raise ConnectionResetError
        except BlockingIOError:
            try:
                sock.send(b"a")
                return True
            except OSError:
                pass
        except OSError:
            pass
        self.cut += 1
        sock.close()
        return False


def sheet_loads(port: int, game_id: str, seconds: float) -> tuple[list[float], list[str]]:
    """The phone: its sheet, each time on a new connection, for `seconds`."""
    latencies, errors = [], []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        connection = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT_S)
        started = time.perf_counter()
        try:
            connection.request("GET", f"/parties/{game_id}")
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                errors.append(f"status {response.status}")
            else:
                latencies.append(time.perf_counter() - started)
        except (OSError, http.client.HTTPException) as error:
            errors.append(repr(error))
        finally:
            connection.close()
        time.sleep(0.05)
    return latencies, errors


def line(label: str, latencies: list[float], errors: list[str]) -> str:
    if not latencies:
        return f"  {label}: 0 answered, {len(errors)} failed ({errors[0] if errors else ''})"
    return (
        f"  {label}: sheet p50 {percentile(latencies, 0.5):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms "
        f"({len(latencies)} answered, {len(errors)} failed)"
    )


def run(port: int, seconds: float) -> bool:
    game_id = api(port, "POST", "/api/v1/games", {})["id"]
    print(f"A table's sheet, on a new connection each time, {seconds:.0f} s alone then {seconds:.0f} s while")
    print(f"{FLOODER} holds all it can of {FLOOD} connections:", flush=True)
    print(line("alone", *sheet_loads(port, game_id, seconds)), flush=True)
    stop = threading.Event()
    flood = Flood(port, stop)
    flood.start()
    time.sleep(2.0)  # its connections are open, and taken or closed by the server
    try:
        latencies, errors = sheet_loads(port, game_id, seconds)
    finally:
        stop.set()
        flood.join(timeout=30)
    print(line("flooded", latencies, errors), flush=True)
    held = flood.held[2:] or flood.held
    print(
        f"  the flood: {flood.opened} connections opened, {flood.cut} closed by the server, "
        f"{min(held)}-{max(held)} held at once"
    )
    for message in errors[:3]:
        print("      " + message)
    return not errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=15, help="alone, then flooded")
    parser.add_argument("--url", help="a server already running (127.0.0.1 only); default: start ours")
    args = parser.parse_args()
    if args.url:
        parts = urlsplit(args.url)
        if parts.hostname != HOST:
            parser.error("--url must be on this machine (127.0.0.1)")
        return 0 if run(parts.port, args.seconds) else 1
    with tempfile.TemporaryDirectory(prefix="belote-flood-") as folder:
        database = str(Path(folder) / "flood.db")
        migrate(database)
        with Server(database, log_path=str(Path(folder) / "server.log")) as server:
            return 0 if run(server.port, args.seconds) else 1


if __name__ == "__main__":
    sys.exit(main())
