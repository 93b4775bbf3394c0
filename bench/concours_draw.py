"""How long the organiser waits for partie 12 of a 128-team concours (`make bench`), on a real
database: bench/concours.py times the ranking and the pairing alone; this times the service's
whole read and write, every table read from its game's derived summary.

Builds a concours of 128 teams in 2000 points, draws its first 11 parties through the service and
plays each table's game to its end with real hands (about 8 each, 704 games in all), closing each
partie by its last game. Then times, each REPEATS times on a copy of that database: reading the
concours (`get_concours`: every sheet, the byes, the ranking), and drawing partie 12
(`draw_round`: the same read, the pairing, 64 games created, in one transaction). Prints the median
and the worst; checks nothing (tests/test_concours_api.py does).
"""

from __future__ import annotations

import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not

from scorekeeper.services import concours as service  # noqa: E402
from scorekeeper.services import games  # noqa: E402
from scorekeeper.store.db import connect  # noqa: E402
from scorekeeper.store.migrate import migrate  # noqa: E402

TEAMS = 128
PLAYED = 11
REPEATS = 7
# docs/scoring.md's examples: A takes; with the taker swapped, B scores what A did.
HANDS = [
    {"contract": 80, "mode": "hearts", "taker_points": 92},  # 170 / 70
    {"contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101},  # 300 / 60
    {"contract": 90, "mode": "spades", "taker_points": 81},  # 0 / 250
]


def play_to_the_end(db, game_id: str, rng: random.Random) -> None:
    while not games.get_sheet(db, game_id).finished:
        games.record_hand(db, game_id, {"taker": rng.choice("AB"), **rng.choice(HANDS)}, None)


def build(path: str) -> str:
    migrate(path)
    db = connect(path)
    rng = random.Random(25)
    teams = [{"name": f"Équipe {n}", "players": [f"Joueur {n}a", f"Joueur {n}b"]} for n in range(1, TEAMS + 1)]
    concours = service.create_concours(db, {"name": "Banc", "parties": 12, "end": {"points": 2000}, "teams": teams})
    for _ in range(PLAYED):
        drawn = service.draw_round(db, concours.id).current
        for table in drawn.tables:
            play_to_the_end(db, table.game_id, rng)
    db.close()
    return concours.id


def timed(path: str, run) -> list[float]:
    times = []
    with tempfile.TemporaryDirectory() as scratch:
        for repeat in range(REPEATS):
            copy = str(Path(scratch) / f"copy{repeat}.db")
            shutil.copyfile(path, copy)
            db = connect(copy)
            start = time.perf_counter()
            run(db)
            times.append((time.perf_counter() - start) * 1000)
            db.close()
    return times


def report(label: str, times: list[float]) -> None:
    print(f"{label:<48} median {statistics.median(times):7.1f} ms   worst {max(times):7.1f} ms")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "concours.db")
        start = time.perf_counter()
        concours_id = build(path)
        deals = connect(path).execute("select count(*) from deals").fetchone()[0]
        print(f"{TEAMS} teams, {PLAYED} parties played: {deals} deals ({time.perf_counter() - start:.0f} s to build)")
        report(
            "read the concours (tables, byes, ranking)", timed(path, lambda db: service.get_concours(db, concours_id))
        )
        report(
            "draw partie 12 (read, pair, 64 games made)", timed(path, lambda db: service.draw_round(db, concours_id))
        )


if __name__ == "__main__":
    main()
