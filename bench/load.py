"""A club night in a minute: TABLES tables each play a whole game of DEALS deals at once, against
the app's server (`python -m scorekeeper.server`) on 127.0.0.1, and the database is checked
afterwards for lost or duplicated deals.

    .venv/bin/python bench/load.py                 # starts the server itself, on a temp DB
    .venv/bin/python bench/load.py --tables 10 --deals 20
    .venv/bin/python bench/load.py --url http://127.0.0.1:8000 --database instance/scorekeeper.db

Each table, in its own thread, creates a game, then for every deal: records it (POST, with an
Idempotency-Key, retried with the same key after a connection error), then refreshes the sheet
as the page does (GET /api/v1/games/<id> with the last ETag), and loads the HTML sheet every
HTML_EVERY deals, every request asking for gzip as a phone's browser does. No pause between
requests unless --think-ms: the tables play flat out, which is far harsher than a real evening
(a deal takes minutes at a table).

Reports errors, lost and duplicated deals, requests, throughput, and p50/p99 latency of writes
and reads; exits 1 if a target is missed (0 errors, 0 lost, 0 duplicated, p99 under --p99-ms).
Bounded: TABLES × (DEALS × 2 + DEALS / HTML_EVERY + 1) requests, plus at most RETRIES retries
of each; only 127.0.0.1 (or the --url given).
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections import defaultdict
from contextlib import closing
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not

from app_server import Server  # noqa: E402

from scorekeeper.store.migrate import migrate  # noqa: E402

RETRIES = 5
TIMEOUT_S = 30

# Deals of a game that lasts exactly 40 deals: a hand every third deal, the takers alternating
# (docs/scoring.md ex 1: 170 / 70), passes between, and a capot (ex 16: 500 / 0) to finish it.
HAND_A = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}
HAND_B = {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 92}
CAPOT = {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True}
REDEAL = {"reason": "all_pass"}


def deal_plan(deals: int) -> list[tuple[str, dict]]:
    """(path suffix, body) for each deal; the last is the capot that ends a 40-deal game."""
    plan = []
    hands = 0
    for number in range(1, deals + 1):
        if number == deals:
            plan.append(("hands", CAPOT))
        elif number % 3 == 0:
            plan.append(("hands", HAND_A if hands % 2 == 0 else HAND_B))
            hands += 1
        else:
            plan.append(("redeals", REDEAL))
    return plan


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.retries = 0
        self.requests = 0

    def record(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.latencies[kind].append(seconds)
            self.requests += 1

    def error(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)


class Table(threading.Thread):
    """One table's phone: a keep-alive connection (reopened when the server closes it)."""

    def __init__(self, number: int, url: str, plan, stats: Stats, html_every: int, think_s: float):
        super().__init__(name=f"table-{number}", daemon=True)
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port or 80
        self.number, self.plan, self.stats = number, plan, stats
        self.html_every, self.think_s = html_every, think_s
        self.connection: http.client.HTTPConnection | None = None
        self.game_id: str | None = None
        self.acknowledged = 0

    def request(self, kind: str, method: str, path: str, body=None, headers=None) -> tuple[int, dict, bytes]:
        headers = {"Accept-Encoding": "gzip", **(headers or {})}  # as a phone's browser asks
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in range(RETRIES + 1):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT_S)
            started = time.perf_counter()
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                payload = response.read()
            except (OSError, http.client.HTTPException):
                self.connection.close()
                self.connection = None
                if attempt == RETRIES:
                    raise
                with self.stats.lock:
                    self.stats.retries += 1
                time.sleep(0.05 * (attempt + 1))
                continue
            self.stats.record(kind, time.perf_counter() - started)
            if response.getheader("Content-Encoding") == "gzip":
                payload = gzip.decompress(payload)
            if response.will_close:
                self.connection.close()
                self.connection = None
            return response.status, dict(response.getheaders()), payload
        raise AssertionError("unreachable")

    def run(self) -> None:
        try:
            self.play()
        except Exception as error:  # a table that gives up is an error, not a crash of the run
            self.stats.error(f"table {self.number}: {error!r}")
        finally:
            if self.connection is not None:
                self.connection.close()

    def play(self) -> None:
        status, _, payload = self.request(
            "write",
            "POST",
            "/api/v1/games",
            {"teams": {"A": f"Table {self.number}", "B": "Eux"}, "players": ["Ana", "Bruno", "Chloé", "David"]},
        )
        if status != 201:
            raise RuntimeError(f"creating the game: {status}")
        self.game_id = json.loads(payload)["id"]
        etag = None
        for number, (kind, body) in enumerate(self.plan, start=1):
            key = f"{self.game_id}-{number}-{uuid.uuid4().hex[:8]}"
            status, _, payload = self.request(
                "write", "POST", f"/api/v1/games/{self.game_id}/{kind}", body, {"Idempotency-Key": key}
            )
            if status != 201:
                self.stats.error(f"table {self.number} deal {number}: {status} {payload[:200]!r}")
                continue
            if len(json.loads(payload)["hands"]) != number:
                self.stats.error(f"table {self.number} deal {number}: the sheet has the wrong number of deals")
            self.acknowledged += 1
            if self.think_s:
                time.sleep(self.think_s)
            headers = {"If-None-Match": etag} if etag else {}
            status, answer_headers, _ = self.request("read", "GET", f"/api/v1/games/{self.game_id}", headers=headers)
            if status not in (200, 304):
                self.stats.error(f"table {self.number} sheet after deal {number}: {status}")
            etag = answer_headers.get("ETag", etag)
            if number % self.html_every == 0:
                status, _, _ = self.request("html", "GET", f"/parties/{self.game_id}")
                if status != 200:
                    self.stats.error(f"table {self.number} HTML sheet after deal {number}: {status}")


def check_database(path: str, tables: list[Table], deals: int) -> dict[str, int | str]:
    with closing(sqlite3.connect(path)) as conn:
        counts = dict(conn.execute("select game_id, count(*) from deals where deleted_at is null group by game_id"))
        integrity = conn.execute("pragma integrity_check").fetchone()[0]
    lost = duplicated = 0
    for table in tables:
        stored = counts.get(table.game_id, 0) if table.game_id else 0
        lost += max(0, deals - stored)
        duplicated += max(0, stored - deals)
    return {"lost": lost, "duplicated": duplicated, "integrity": integrity}


def cpu_seconds(group: int | None) -> tuple[float, float]:
    """(the whole machine's busy CPU seconds, those of the server's process group) from /proc:
    what is left is this client's and any other program's, which would skew the figures."""
    tick = os.sysconf("SC_CLK_TCK")
    with open("/proc/stat") as stat:
        fields = [int(value) for value in stat.readline().split()[1:]]
    busy = (sum(fields[:8]) - fields[3] - fields[4]) / tick  # all but idle and iowait
    server = 0.0
    if group is not None:
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parts = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(parts[2]) == group:  # the process group: the server
                server += (int(parts[11]) + int(parts[12])) / tick
    return busy, server


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000


def run(url: str, database: str | None, args, group: int | None = None) -> int:
    stats = Stats()
    plan = deal_plan(args.deals)
    client_cpu = time.process_time()
    busy, server_cpu = cpu_seconds(group)
    tables = [Table(n, url, plan, stats, args.html_every, args.think_ms / 1000) for n in range(1, args.tables + 1)]
    started = time.perf_counter()
    for table in tables:
        table.start()
    for table in tables:
        table.join(timeout=600)
    elapsed = time.perf_counter() - started
    client_cpu = time.process_time() - client_cpu
    busy_after, server_after = cpu_seconds(group)
    busy, server_cpu = busy_after - busy, server_after - server_cpu
    if any(table.is_alive() for table in tables):
        stats.error("some tables did not finish within 10 minutes")

    everything = [value for values in stats.latencies.values() for value in values]
    threads = f"{args.threads} threads" if args.threads else "its default threads"
    print(f"tables: {args.tables} × {args.deals} deals, one server process ({threads}), think {args.think_ms} ms")
    print(
        f"requests: {stats.requests} in {elapsed:.1f} s = {stats.requests / elapsed:.0f} req/s "
        f"({stats.retries} retries after a connection error)"
    )
    acknowledged = sum(table.acknowledged for table in tables)
    print(f"deals acknowledged: {acknowledged} = {acknowledged / elapsed:.0f} deals/s")
    for kind in ("write", "read", "html"):
        values = stats.latencies.get(kind, [])
        if values:
            print(
                f"  {kind:5} n={len(values):5}  p50 {percentile(values, 0.5):6.1f} ms  "
                f"p99 {percentile(values, 0.99):6.1f} ms  max {max(values) * 1000:6.1f} ms  "
                f"mean {statistics.fmean(values) * 1000:6.1f} ms"
            )
    p99 = percentile(everything, 0.99) if everything else float("inf")
    print(f"  all   n={len(everything):5}  p50 {percentile(everything, 0.5):6.1f} ms  p99 {p99:6.1f} ms")
    cores = os.cpu_count() or 1
    others = max(0.0, busy - client_cpu - server_cpu)
    print(
        f"CPU: {busy:.1f} s busy of the {elapsed * cores:.1f} s that {cores} cores offer: server "
        f"{server_cpu:.1f} s ({server_cpu / max(1, stats.requests) * 1000:.1f} ms a request), this client "
        f"{client_cpu:.1f} s, other programs {others:.1f} s" + ("  <- not a quiet machine" if others > 1 else "")
    )
    print(f"errors: {len(stats.errors)}")
    for message in stats.errors[:10]:
        print("  " + message)
    failed = bool(stats.errors) or p99 > args.p99_ms
    if database:
        result = check_database(database, tables, args.deals)
        print(f"lost: {result['lost']}  duplicated: {result['duplicated']}  integrity_check: {result['integrity']}")
        failed = failed or result["lost"] or result["duplicated"] or result["integrity"] != "ok"
    else:
        print("lost/duplicated: not checked (give --database with --url)")
    print(f"target: 0 errors, 0 lost, 0 duplicated, p99 < {args.p99_ms:.0f} ms: {'MISSED' if failed else 'met'}")
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--threads", type=int, help="the server's threads (default: its own)")
    parser.add_argument("--html-every", type=int, default=5, help="load the HTML sheet every N deals")
    parser.add_argument("--think-ms", type=float, default=0, help="pause after each deal (default: none)")
    parser.add_argument("--p99-ms", type=float, default=250)
    parser.add_argument("--url", help="a server already running (127.0.0.1 only); default: start ours")
    parser.add_argument("--database", help="with --url: its database file, to count the deals stored")
    parser.add_argument("--log", help="the server's log file (default: in the temporary folder)")
    args = parser.parse_args()
    if args.url:
        if urlsplit(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
            parser.error("--url must be on this machine (127.0.0.1)")
        return run(args.url, args.database, args)
    with tempfile.TemporaryDirectory(prefix="belote-load-") as folder:
        database = str(Path(folder) / "load.db")
        migrate(database)
        log = args.log or str(Path(folder) / "server.log")
        options = ["--threads", str(args.threads)] if args.threads else []
        with Server(database, options=options, log_path=log) as server:
            return run(server.url, database, args, group=server.process.pid)


if __name__ == "__main__":
    sys.exit(main())
