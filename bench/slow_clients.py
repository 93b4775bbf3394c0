"""Slow or vanished phones against a table that plays (issue 11): (workers + 2) connections each
send half a request, then trickle a byte every 2 s, while one normal phone records deals and
loads the sheet flat out. Prints the normal phone's latencies without and with the trickling
phones, for the server of `gunicorn.conf.py` and for the former one (sync workers).

    .venv/bin/python bench/slow_clients.py                # 4 workers, 15 s a run
    .venv/bin/python bench/slow_clients.py --seconds 10 --workers 2 --only current

Half of the trickling phones stop inside their headers, half inside a JSON body. The normal
phone keeps one connection (as a browser does) and, in a loop: records a deal (POST, with an
Idempotency-Key), loads the HTML sheet, loads the sheet's JSON. Bounded: each run lasts
--seconds, plus at most one request's timeout (35 s: a sync worker is only freed by its 30 s
timeout); only 127.0.0.1.
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not

from gunicorn_server import HOST, Server  # noqa: E402
from load import deal_plan, percentile  # noqa: E402

from scorekeeper.store.migrate import migrate  # noqa: E402

TRICKLE_EVERY_S = 2.0
REQUEST_TIMEOUT_S = 35
SYNC = ["--worker-class", "sync", "--threads", "1"]  # the former server (--threads 1: gthread otherwise)
PLAN = deal_plan(40)


def create_game(port: int) -> str:
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        connection.request("POST", "/api/v1/games", body="{}", headers={"Content-Type": "application/json"})
        return json.loads(connection.getresponse().read())["id"]
    finally:
        connection.close()


class Trickler(threading.Thread):
    """A phone that sends half a request, then a byte every TRICKLE_EVERY_S until told to stop."""

    def __init__(self, port: int, game_id: str, in_body: bool, stop: threading.Event):
        super().__init__(daemon=True)
        self.port, self.stop = port, stop
        path = f"/api/v1/games/{game_id}/hands"
        body = json.dumps(PLAN[2][1]).encode()
        if in_body:  # whole headers, half the body
            self.start_bytes = (
                f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body) + 1000}\r\n\r\n"
            ).encode() + body[: len(body) // 2]
            self.trickle_byte = b" "  # JSON's blank: the body stays valid, and never ends
        else:  # the request line and half its headers
            self.start_bytes = f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nX-Slow: ".encode()
            self.trickle_byte = b"a"
        self.sent = 0
        self.dropped = False  # the server closed the connection

    def run(self) -> None:
        with socket.create_connection((HOST, self.port), timeout=5) as sock:
            sock.sendall(self.start_bytes)
            while not self.stop.wait(TRICKLE_EVERY_S):
                try:
                    sock.sendall(self.trickle_byte)
                    self.sent += 1
                except OSError:
                    self.dropped = True
                    return


class Phone:
    """The normal phone: one kept-alive connection, reopened only when the server closes it."""

    def __init__(self, port: int):
        self.port = port
        self.connection: http.client.HTTPConnection | None = None
        self.latencies: list[float] = []
        self.errors: list[str] = []

    def request(
        self, method: str, path: str, body: dict | None = None, headers: dict | None = None
    ) -> tuple[int, bytes]:
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
            self.latencies.append(time.perf_counter() - started)
            self.errors.append(f"{method} {path}: {error!r}")
            self.connection.close()
            self.connection = None
            return 0, b""
        self.latencies.append(time.perf_counter() - started)
        if response.will_close:
            self.connection.close()
            self.connection = None
        return response.status, payload

    def play(self, seconds: float) -> None:
        game_id, number = None, len(PLAN)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if number == len(PLAN):  # a new game when one ends (its creation is timed too)
                status, payload = self.request("POST", "/api/v1/games", {})
                if status != 201:
                    self.errors.append(f"new game: {status}")
                    continue
                game_id, number = json.loads(payload)["id"], 0
            kind, body = PLAN[number]
            number += 1
            status, _ = self.request(
                "POST", f"/api/v1/games/{game_id}/{kind}", body, {"Idempotency-Key": uuid.uuid4().hex}
            )
            if status != 201:
                self.errors.append(f"record: {status}")
            for path in (f"/parties/{game_id}", f"/api/v1/games/{game_id}"):
                status, _ = self.request("GET", path)
                if status != 200:
                    self.errors.append(f"GET {path}: {status}")
        if self.connection is not None:
            self.connection.close()


def measure(port: int, tricklers: int, seconds: float) -> dict:
    """The normal phone's figures while `tricklers` phones trickle half requests."""
    stop = threading.Event()
    game_id = create_game(port)
    slow = [Trickler(port, game_id, in_body=index % 2 == 1, stop=stop) for index in range(tricklers)]
    for trickler in slow:
        trickler.start()
    time.sleep(1.0 if slow else 0)  # their half requests are in, each held by whoever reads it
    phone = Phone(port)
    try:
        phone.play(seconds)
    finally:
        stop.set()
        for trickler in slow:
            trickler.join(timeout=10)
    values = phone.latencies
    return {
        "n": len(values),
        "errors": phone.errors,
        "p50": percentile(values, 0.5),
        "p99": percentile(values, 0.99),
        "max": max(values) * 1000,
        "trickled": sum(trickler.sent for trickler in slow),
        "dropped": sum(trickler.dropped for trickler in slow),
    }


def report(name: str, tricklers: int, figures: dict) -> None:
    print(
        f"  {name:38} n={figures['n']:5}  p50 {figures['p50']:7.1f} ms  p99 {figures['p99']:7.1f} ms  "
        f"max {figures['max']:7.1f} ms  failed {len(figures['errors'])}"
        + (
            f"  (trickled {figures['trickled']} bytes, {figures['dropped']} of {tricklers} dropped by the server)"
            if tricklers
            else ""
        )
    )
    for message in figures["errors"][:3]:
        print("      " + message)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--only", choices=["current", "sync"], help="one server only")
    args = parser.parse_args()
    servers = {"current": ("gunicorn.conf.py (threaded sync worker)", []), "sync": ("former (sync workers)", SYNC)}
    tricklers = args.workers + 2
    met = True
    for key, (name, options) in servers.items():
        if args.only and key != args.only:
            continue
        with tempfile.TemporaryDirectory(prefix="belote-slow-") as folder:
            database = str(Path(folder) / "slow.db")
            migrate(database)
            with Server(
                database, workers=args.workers, options=options, log_path=str(Path(folder) / "gunicorn.log")
            ) as server:
                print(f"{name}, {args.workers} workers, {args.seconds:.0f} s a run:")
                quiet = measure(server.port, 0, args.seconds)
                report("alone", 0, quiet)
                slowed = measure(server.port, tricklers, args.seconds)
                report(f"with {tricklers} trickling phones", tricklers, slowed)
                if key == "current":
                    met = not slowed["errors"] and slowed["p99"] < 100
    if args.only != "sync":
        print(
            f"target (current server): no failed request, p99 under 100 ms with the trickling phones: "
            f"{'met' if met else 'MISSED'}"
        )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
