"""How long a large archive takes to import, and how much memory: a JSON archive of about
`--megabytes` MB (50 by default: 13,000 games, the size of issue 14's file) made from a few
games played to their end (bench/archive.py's `play_game`), repeated under new ids, then imported
into a fresh database with `importing.import_file` (read as it streams, as the page and the command
line do) in a process of its own, each step timed (check, score and compare without the lock; the
writes, in one transaction, the time a table's save waits; the WAL's checkpoint) and that process's
peak memory printed. `make bench` runs it at 64 MiB, the largest file the page takes.

    .venv/bin/python bench/import_archive.py [--megabytes 50] [--write archive.json] [--keep PATH]

`--write` only writes the archive (for the command line or the page: tests/test_large_import.py).
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))  # run from a checkout, installed or not
sys.path.insert(0, str(BENCH))

from archive import NAMES, TEAM_NAMES, play_game  # noqa: E402

from scorekeeper.belote.ending import End  # noqa: E402
from scorekeeper.belote.game import Game, Rules  # noqa: E402
from scorekeeper.belote.terms import Rounding  # noqa: E402
from scorekeeper.services import importing  # noqa: E402
from scorekeeper.services.export import FORMAT, VERSION, to_json  # noqa: E402
from scorekeeper.store.db import connect  # noqa: E402
from scorekeeper.store.migrate import migrate  # noqa: E402

# Games played once, then repeated under new ids: enough that their deals (17,000 different ones)
# overflow the scorer's cache of 4,096, as a real archive's would.
TEMPLATES = 1000
GAMES_PER_EVENING = 4


def template_games(seed: int) -> list[dict]:
    """A few games as the archive holds them (no id, evening or time yet), each played to its end."""
    rng = random.Random(seed)
    games = []
    for index in range(TEMPLATES):
        teams = rng.choice(TEAM_NAMES)
        game = Game(
            id="template",
            teams={"A": teams[0], "B": teams[1]},
            players=rng.sample(NAMES, 4),
            first_dealer=rng.randrange(4),
            end=End(points=2000 if index % 10 else 1000),
            rules=Rules(rounding=rng.choice([Rounding.NEAREST] * 4 + [Rounding.COMPLEMENT, Rounding.NONE])),
            created_at="",
        )
        deals = play_game(rng, game, rng.randrange(14, 22), finish=True)
        games.append(
            {
                "teams": game.teams,
                "players": game.players,
                "dealer": game.first_dealer,
                "end": game.end.as_json(),
                "rules": game.rules.as_json(),
                "deals": [{"kind": kind, "input": data} for kind, data in deals],
            }
        )
    return games


def archive_of(megabytes: float, seed: int = 14) -> dict:
    """An archive's data of about `megabytes` MB once written by `to_json`, every game distinct."""
    templates = template_games(seed)
    sample = {"format": FORMAT, "version": VERSION, "evenings": [], "games": []}
    for number, template in enumerate(templates):
        stamp = "2025-01-01T19:00:00.000+00:00"
        sample["games"].append({**template, "id": f"g{number:07d}", "evening": 1, "created_at": stamp})
    per_game = len(to_json(sample).encode()) / len(templates) + 250 / GAMES_PER_EVENING  # and its evening's share
    count = max(1, int(megabytes * 1024 * 1024 / per_game))
    evening_count = (count + GAMES_PER_EVENING - 1) // GAMES_PER_EVENING
    first_day = date(2025, 1, 1) - timedelta(days=evening_count)
    data = {"format": FORMAT, "version": VERSION, "evenings": [], "games": []}
    for number in range(evening_count):
        day = first_day + timedelta(days=number)
        stamp = datetime(day.year, day.month, day.day, 19, tzinfo=UTC)
        data["evenings"].append(
            {
                "id": number + 1,
                "date": day.isoformat(),
                "place": "Au club",
                "note": "",
                "created_at": stamp.isoformat(timespec="milliseconds"),
            }
        )
    for number in range(count):
        evening = number // GAMES_PER_EVENING
        moment = datetime.fromisoformat(data["evenings"][evening]["created_at"]) + timedelta(
            minutes=5 + 50 * (number % GAMES_PER_EVENING)
        )
        data["games"].append(
            {
                **templates[number % len(templates)],
                "id": f"g{number:07d}",
                "evening": evening + 1,
                "created_at": moment.isoformat(timespec="milliseconds"),
            }
        )
    return data


def write_archive(path: str, megabytes: float, seed: int = 14) -> int:
    """Write the archive to `path`; returns its number of games."""
    data = archive_of(megabytes, seed)
    Path(path).write_text(to_json(data), encoding="utf-8")
    return len(data["games"])


def peak_memory_mb() -> float:
    """This process's peak resident memory (VmHWM), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # elsewhere: kilobytes on Linux


def import_one(source: str, path: str) -> None:
    """Import `source` into a fresh database at `path`, as the page does (read as it streams),
    printing each step and this process's peak memory: run in a process of its own."""
    migrate(path)
    db = connect(path)
    print(f"  peak memory before the import: {peak_memory_mb():.0f} MB")
    steps: dict[str, float] = {}
    started = time.perf_counter()
    with open(source, "rb") as file:
        report = importing.import_file(db, file, timings=steps)
    total = time.perf_counter() - started
    db.close()
    for step, seconds in steps.items():
        print(f"  {step:<42} {seconds:6.2f} s")
    print(f"import: {total:.2f} s in all; {report.summary()[:120]}")
    print(f"peak memory of the importing process: {peak_memory_mb():.0f} MB")
    wal = Path(path + "-wal")
    print(f"WAL after the import: {wal.stat().st_size / 1e6 if wal.exists() else 0:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=50)
    parser.add_argument("--write", help="only write the archive to this file")
    parser.add_argument("--keep", help="import into this database file (else a temporary one)")
    parser.add_argument("--import-only", help="only import this file (into --keep), in this process")
    args = parser.parse_args()
    if args.import_only:
        import_one(args.import_only, args.keep)
        return
    if args.write:
        games = write_archive(args.write, args.megabytes)
        print(f"{args.write}: {games} games, {Path(args.write).stat().st_size / 1e6:.1f} MB")
        return
    with tempfile.TemporaryDirectory() as folder:
        source = str(Path(folder) / "archive.json")
        games = write_archive(source, args.megabytes)
        size = Path(source).stat().st_size
        print(f"archive: {games} games, {size / 1e6:.1f} MB ({size / 2**20:.1f} MiB)")
        path = args.keep or str(Path(folder) / "import.db")
        # A process of its own: its peak memory is the import's, not the making of the archive's.
        subprocess.run([sys.executable, __file__, "--import-only", source, "--keep", path], check=True)


if __name__ == "__main__":
    main()
