"""A table reads its sheet while strangers guess the table password (issue 24): the app's server
(`python -m scorekeeper.server`) on 127.0.0.1, with a real scrypt password, one table that has
entered it and reads its game's sheet every READ_EVERY_S, and ADDRESSES guessers, each from an
address of its own (127.0.0.2, 127.0.0.3, … : Linux answers the whole of 127/8), PER_ADDRESS
guessers at once from each, each looping as fast as the server lets it: fetch /connexion (a CSRF
token and a session), post a wrong password.

    .venv/bin/python bench/password_guessing.py                  # 40 addresses × 4, 20 s
    .venv/bin/python bench/password_guessing.py --addresses 40 --per-address 1 --seconds 30

Reports the table's sheet read (median, p90, worst) before the guessing and during it, and what
the guessers got: wrong passwords hashed (401), refused at once (429), errors. --baseline: the
same flood without a password (each guesser fetches the login page twice): what any page would cost
the tables, hashing or not. Bounded: each
guesser sends at most one request at a time for --seconds; only 127.0.0.x (Linux).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from html import unescape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not

from app_server import HOST, Server  # noqa: E402
from werkzeug.security import generate_password_hash  # noqa: E402

from scorekeeper.store.migrate import migrate  # noqa: E402

PASSWORD = "belote-du-jeudi"
READ_EVERY_S = 0.1
TIMEOUT_S = 60


class Browser:
    """One phone: its own source address, its cookies (the session, the device's), one connection kept alive."""

    def __init__(self, port: int, source: str = HOST) -> None:
        self.port = port
        self.source = source
        self.cookies: dict[str, str] = {}  # name: "name=value"
        self.connection: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: str | None = None, headers: dict | None = None):
        headers = {**(headers or {}), **({"Cookie": "; ".join(self.cookies.values())} if self.cookies else {})}
        for attempt in range(2):  # once more on a connection the server closed while idle
            if self.connection is None:
                self.connection = http.client.HTTPConnection(
                    HOST, self.port, timeout=TIMEOUT_S, source_address=(self.source, 0)
                )
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                payload = response.read()
                break
            except (ConnectionError, http.client.HTTPException):
                self.connection.close()
                self.connection = None
                if attempt:
                    raise
        for cookie in response.headers.get_all("Set-Cookie") or []:
            pair = cookie.split(";", 1)[0]
            self.cookies[pair.split("=", 1)[0]] = pair
        return response.status, payload.decode("utf-8", "replace")

    def login(self, password: str) -> int:
        _, page = self.request("GET", "/connexion")
        token = unescape(re.search(r'name="csrf_token"[^>]*?value="([^"]+)"', page).group(1))
        form = f"csrf_token={token}&password={password}&next=/"
        status, _ = self.request("POST", "/connexion", form, {"Content-Type": "application/x-www-form-urlencoded"})
        return status

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def percentiles(latencies: list[float]) -> str:
    if not latencies:
        return "no read"
    ordered = sorted(latencies)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return (
        f"{len(ordered)} reads, median {statistics.median(ordered) * 1000:.0f} ms, "
        f"p90 {p90 * 1000:.0f} ms, worst {ordered[-1] * 1000:.0f} ms"
    )


def read_sheet(table: Browser, path: str, until: float, latencies: list[float]) -> None:
    while time.monotonic() < until:
        began = time.perf_counter()
        status, _ = table.request("GET", path)
        latencies.append(time.perf_counter() - began)
        assert status == 200, status
        time.sleep(READ_EVERY_S)


def guess(port: int, source: str, until: float, outcomes: Counter, lock: threading.Lock, baseline: bool) -> None:
    guesser = Browser(port, source)
    number = 0
    while time.monotonic() < until:
        number += 1
        try:
            if baseline:  # as many requests, no password: the page fetched twice
                guesser.request("GET", "/connexion")
                status = guesser.request("GET", "/connexion")[0]
            else:
                status = guesser.login(f"faux-{source}-{number}")
        except Exception as error:  # noqa: BLE001  (counted, not raised: the figure is the table's)
            status = type(error).__name__
        with lock:
            outcomes[status] += 1
    guesser.close()


def run(port: int, addresses: int, per_address: int, seconds: float, baseline: bool = False) -> dict:
    table = Browser(port)
    assert table.login(PASSWORD) == 302
    status, answer = table.request("POST", "/api/v1/games", "{}", {"Content-Type": "application/json"})
    assert status == 201, (status, answer)
    sheet = f"/api/v1/games/{json.loads(answer)['id']}"

    quiet: list[float] = []
    read_sheet(table, sheet, time.monotonic() + 3, quiet)

    busy: list[float] = []
    outcomes: Counter = Counter()
    lock = threading.Lock()
    until = time.monotonic() + seconds
    guessers = [
        threading.Thread(target=guess, args=(port, f"127.0.0.{2 + n}", until, outcomes, lock, baseline))
        for n in range(addresses)
        for _ in range(per_address)
    ]
    for thread in guessers:
        thread.start()
    time.sleep(0.5)  # the guessers are all at it
    read_sheet(table, sheet, until, busy)
    for thread in guessers:
        thread.join()
    table.close()
    return {"quiet": quiet, "busy": busy, "outcomes": outcomes}


def measure(addresses: int, per_address: int, seconds: float, baseline: bool = False) -> dict:
    """run() against a server of its own, on a new database, with a real scrypt password."""
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "guessing.db")
        migrate(database)
        env = {"SCOREKEEPER_TABLE_PASSWORD_HASH": generate_password_hash(PASSWORD)}  # werkzeug's scrypt
        with Server(database, log_path=os.path.join(folder, "server.log"), env=env) as server:
            return run(server.port, addresses, per_address, seconds, baseline)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--addresses", type=int, default=40)
    parser.add_argument("--per-address", type=int, default=4, help="guessers at once from each address")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument(
        "--baseline", action="store_true", help="the same flood of requests, without a password: GET /connexion twice"
    )
    args = parser.parse_args()
    result = measure(args.addresses, args.per_address, args.seconds, args.baseline)
    outcomes = result["outcomes"]
    others = {key: value for key, value in outcomes.items() if key not in (401, 429)}
    doing = "fetching the login page" if args.baseline else "guessing"
    print(
        f"{args.addresses} addresses {doing} for {args.seconds:.0f} s, {args.per_address} at once from each, "
        "a table reading its sheet:"
    )
    print(f"  before the guessing: {percentiles(result['quiet'])}")
    print(f"  while they guess:    {percentiles(result['busy'])}")
    print(
        f"  guesses: {sum(outcomes.values())}, hashed and wrong (401) {outcomes[401]}, "
        f"refused at once (429) {outcomes[429]}, other {others}"
    )


if __name__ == "__main__":
    main()
