"""A table reading its sheet while four clients download the archive's export in a loop (issue 31,
F2), against the app's server (`python -m scorekeeper.server`) on 127.0.0.1, on an archive of
10,000 games filled as bench/archive.py fills one.

    .venv/bin/python bench/export_load.py                       # 10,000 games, a temporary archive
    .venv/bin/python bench/export_load.py --keep /tmp/a.db      # filled once, measured again later
    .venv/bin/python bench/export_load.py --games 500 --deals 20000 --seconds 10

First the table alone (--quiet-seconds), then with the downloaders (--seconds): the table loads
its game's JSON sheet as the page does (GET /api/v1/games/<id>, no ETag: the whole sheet each
time) every --every-ms; each downloader asks the whole archive's export (JSON and CSV in turn)
again as soon as it has read one, in 64 KB reads. Prints the table's p50/p99/max for each phase,
the exports finished and refused (429), and the server's peak memory (VmHWM, its peak resident
set). Checks nothing. Bounded: --quiet-seconds + --seconds, plus the exports under way then (each
read with a timeout); only 127.0.0.1.

With --keep, the same archive is measured by another checkout: copy this file into that
checkout's bench/ and run it there (run the older checkout first: its migrations, then ours).
"""

from __future__ import annotations

import argparse
import http.client
import sqlite3
import sys
import tempfile
import threading
import time
from contextlib import closing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not

from app_server import HOST, Server  # noqa: E402
from archive import fill  # noqa: E402
from load import percentile  # noqa: E402

DOWNLOADERS = 4
TIMEOUT_S = 120
CHUNK = 64 * 1024


def peak_memory_mb(pid: int) -> float:
    """The process's peak resident set (VmHWM), in MB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


class Reader(threading.Thread):
    """The table's phone: its sheet every `every_s`, on one keep-alive connection."""

    def __init__(self, port: int, game_id: str, every_s: float, until: float):
        super().__init__(daemon=True)
        self.port, self.path, self.every_s, self.until = port, f"/api/v1/games/{game_id}", every_s, until
        self.latencies: list[float] = []
        self.errors = 0

    def run(self) -> None:
        connection = None
        while time.monotonic() < self.until:
            if connection is None:
                connection = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT_S)
            started = time.perf_counter()
            try:
                connection.request("GET", self.path, headers={"Accept-Encoding": "gzip"})
                response = connection.getresponse()
                response.read()
                if response.status != 200:
                    self.errors += 1
            except (OSError, http.client.HTTPException):
                self.errors += 1
                connection.close()
                connection = None
                continue
            self.latencies.append(time.perf_counter() - started)
            time.sleep(self.every_s)
        if connection is not None:
            connection.close()


class Downloader(threading.Thread):
    """A client downloading the whole archive again and again (JSON, then CSV, in turn)."""

    def __init__(self, number: int, port: int, until: float):
        super().__init__(daemon=True)
        self.number, self.port, self.until = number, port, until
        self.finished: list[float] = []
        self.refused = 0
        self.errors = 0
        self.largest = 0

    def run(self) -> None:
        turn = self.number
        while time.monotonic() < self.until:
            kind = "json" if turn % 2 == 0 else "csv"
            turn += 1
            connection = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT_S)
            started = time.perf_counter()
            try:
                connection.request("GET", f"/archives/export.{kind}")
                response = connection.getresponse()
                size = 0
                while chunk := response.read(CHUNK):
                    size += len(chunk)
                if response.status == 200:
                    self.finished.append(time.perf_counter() - started)
                    self.largest = max(self.largest, size)
                elif response.status == 429:
                    self.refused += 1
                    time.sleep(float(response.getheader("Retry-After") or 1))
                else:
                    self.errors += 1
            except (OSError, http.client.HTTPException):
                self.errors += 1
            finally:
                connection.close()


def table_line(name: str, reader: Reader) -> str:
    values = reader.latencies
    if not values:
        return f"  {name:22} no answer ({reader.errors} errors)"
    return (
        f"  {name:22} n={len(values):4}  p50 {percentile(values, 0.5):7.1f} ms  p99 {percentile(values, 0.99):7.1f} ms"
        f"  max {max(values) * 1000:7.1f} ms  errors {reader.errors}"
    )


def measure(path: str, args: argparse.Namespace) -> None:
    with closing(sqlite3.connect(path)) as conn:
        game_id = conn.execute("select game_id from game_summaries order by deal_count desc limit 1").fetchone()[0]
        counts = [conn.execute(f"select count(*) from {table}").fetchone()[0] for table in ("games", "deals")]
    print(f"Archive: {counts[0]} games, {counts[1]} deals; the table reads game {game_id}")
    log = str(Path(path).parent / "export-load-server.log")
    with Server(path, log_path=log) as server:
        assert server.process is not None
        quiet = Reader(server.port, game_id, args.every_ms / 1000, time.monotonic() + args.quiet_seconds)
        quiet.start()
        quiet.join()
        print(f"Server memory before the downloads: peak {peak_memory_mb(server.process.pid):.0f} MB")
        until = time.monotonic() + args.seconds
        downloaders = [Downloader(number, server.port, until) for number in range(DOWNLOADERS)]
        reader = Reader(server.port, game_id, args.every_ms / 1000, until)
        for thread in (*downloaders, reader):
            thread.start()
        reader.join()
        for downloader in downloaders:
            downloader.join(timeout=TIMEOUT_S)
        peak = peak_memory_mb(server.process.pid)
    print(f"The table's sheet (GET /api/v1/games/<id>) every {args.every_ms:.0f} ms:")
    print(table_line("alone", quiet))
    print(table_line(f"{DOWNLOADERS} clients exporting", reader))
    times = [seconds for downloader in downloaders for seconds in downloader.finished]
    mean = f", {sum(times) / len(times):.1f} s each on average" if times else ""
    print(
        f"Exports in {args.seconds:.0f} s: {len(times)} finished{mean} (largest "
        f"{max(d.largest for d in downloaders) / 1e6:.0f} MB), {sum(d.refused for d in downloaders)} refused "
        f"(429), {sum(d.errors for d in downloaders)} failed"
    )
    print(f"Server's peak memory (VmHWM): {peak:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--deals", type=int, default=400_000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--quiet-seconds", type=float, default=10)
    parser.add_argument("--every-ms", type=float, default=200, help="the table's pause between two reads")
    parser.add_argument("--keep", help="fill this database file (kept) instead of a temporary one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-export-") as folder:
        path = args.keep or str(Path(folder) / "archive.db")
        if not Path(path).exists():
            print(f"Filling {path} with {args.games} games and {args.deals} deals…", flush=True)
            fill(path, args.games, args.deals)
        measure(path, args)


if __name__ == "__main__":
    main()
