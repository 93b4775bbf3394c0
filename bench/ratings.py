"""How long the cotes take on a big archive: the whole replay (5,000 games by default), step by
step, and the pages and the API that read it, first after a write (a replay) and then again (the
replay kept for the archive's revision). Prints figures; the tests check the cotes.

    .venv/bin/python bench/ratings.py [--games 5000] [--deals 200000] [--keep PATH]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not

from archive import fill  # noqa: E402

from scorekeeper.services import ratings  # noqa: E402
from scorekeeper.store import ratings as store  # noqa: E402
from scorekeeper.store.db import connect, execute, write_transaction  # noqa: E402
from scorekeeper.web import create_app  # noqa: E402

RUNS = 7


def median_ms(action, runs: int = RUNS) -> str:
    """The median of `runs` calls, on the clock and in the process's CPU (a shared machine's clock
    counts the other processes' turns too)."""
    times, cpu = [], []
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        action()
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    return f"{statistics.median(times) * 1000:8.1f} ms {statistics.median(cpu) * 1000:8.1f} ms CPU"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5_000)
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--keep", help="fill this database file (kept) instead of a temporary one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-ratings-") as folder:
        path = args.keep or str(Path(folder) / "archive.db")
        if not Path(path).exists():
            print(f"Filling {path} with {args.games} games and {args.deals} deals…", flush=True)
            fill(path, args.games, args.deals)
        run(path, str(Path(folder) / "instance"))


def touch(path: str) -> None:
    """A write of a game's summary, as any deal's write makes: the archive's revision moves."""
    db = connect(path)
    with write_transaction(db):
        execute(db, "update game_summaries set last_activity = last_activity where rowid = 1")
    db.close()


def run(path: str, instance: str) -> None:
    db = connect(path)
    seats = store.counted_seats(db)
    players = ratings.replay(seats)
    print(f"Archive: {len(seats) // 4} counted games, {len(players)} players")
    print(f"Median of {RUNS} runs:")
    print(f"  read the counted seats            {median_ms(lambda: store.counted_seats(db))}")
    print(f"  replay them (openskill)           {median_ms(lambda: ratings.replay(seats))}")
    print(f"  the whole replay, names included  {median_ms(lambda: ratings.compute(db))}")
    db.close()

    app = create_app({"DATABASE": path, "SECRET_KEY": "bench", "TESTING": False}, instance_path=instance)
    client = app.test_client()
    busiest = max(players.values(), key=lambda player: player.games)
    pages = {"/cotes": "/cotes", "one player's page": f"/statistiques/joueurs/{busiest.key}", "API": "/api/v1/ratings"}
    print(f"  a write that moves the revision    {median_ms(lambda: touch(path))}")
    print(f"Server time (Flask test client), busiest player {busiest.key!r} ({busiest.games} games):")
    for name, url in pages.items():

        def after_a_write(url: str = url) -> None:
            touch(path)
            assert client.get(url).status_code == 200

        def again(url: str = url) -> None:
            assert client.get(url).status_code == 200

        print(f"  {name:20} first read after a write {median_ms(after_a_write)}   {url}")
        print(f"  {name:20} read again               {median_ms(again)}")


if __name__ == "__main__":
    main()
