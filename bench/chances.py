"""What the chances cost (docs/chances.md, docs/performance.md): on an archive generated as
bench/archive.py generates it (hands a table could play, games to 2000 or 1000), the club's
distribution read from it, then the table of a game to 2000, to 5000 and in 30 deals computed, each
timed (median of a few) with its memory (tracemalloc's peak while computing, and what it keeps); then
a live game's sheet asked through Flask's test client with its chances (the table kept) and without
them (the service's answer replaced by None, in the same process), and a hand recorded then undone
(a new archive revision each, the chances' revision unmoved: the game is still being played; its
answers look the table up). Prints figures; checks nothing.

    .venv/bin/python bench/chances.py [--games 300] [--deals 12000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not
sys.path.insert(0, str(Path(__file__).resolve().parent))

from archive import fill  # noqa: E402

from scorekeeper.belote.chances import distribution, table  # noqa: E402
from scorekeeper.belote.ending import End  # noqa: E402
from scorekeeper.services import chances as service  # noqa: E402
from scorekeeper.store import chances as store  # noqa: E402
from scorekeeper.store.db import connect  # noqa: E402
from scorekeeper.web import create_app  # noqa: E402

RUNS = 5


def median_ms(call, runs: int = RUNS) -> str:
    """The median time of `call`, on the clock and in this process's CPU (on a shared machine the
    clock also counts the other processes' turns)."""
    spent, cpu = [], []
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        call()
        spent.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    return f"{statistics.median(spent):7.1f} ms ({statistics.median(cpu):.1f} ms CPU)"


def interleaved(one, other, runs: int) -> tuple[str, str]:
    """`median_ms` of two calls run in turns, one then the other, `runs` times."""
    times: dict[int, tuple[list[float], list[float]]] = {0: ([], []), 1: ([], [])}
    for _ in range(runs):
        for which, call in enumerate((one, other)):
            started, started_cpu = time.perf_counter(), time.process_time()
            call()
            times[which][0].append((time.perf_counter() - started) * 1000)
            times[which][1].append((time.process_time() - started_cpu) * 1000)
    return tuple(  # type: ignore[return-value]
        f"{statistics.median(spent):7.1f} ms ({statistics.median(cpu):.1f} ms CPU)" for spent, cpu in times.values()
    )


def kept_bytes(found) -> int:
    arrays = [found.values] if hasattr(found, "values") else found.above
    return sum(array.nbytes for array in arrays)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--deals", type=int, default=12_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-chances-") as folder:
        path = str(Path(folder) / "archive.db")
        fill(path, args.games, args.deals)
        db = connect(path)
        read = median_ms(lambda: store.deal_distribution(db))
        club = distribution(store.deal_distribution(db))
        assert club is not None
        print(f"Archive: {args.games} games; the finished games hold {club.hands} scored hands,")
        print(f"  {len(club.xs)} distinct (x, y) pairs in tens; the distribution read in {read}")
        for end in (End(points=2000), End(points=5000), End(deals=30)):
            tracemalloc.start()
            table(club, end)
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            spent = median_ms(lambda end=end: table(club, end))
            print(
                f"  {end.phrase():24} {spent}   peak {peak / 1e6:5.1f} MB   "
                f"kept {kept_bytes(table(club, end)) / 1e6:5.2f} MB"
            )
        live = db.execute(
            "select g.id from games g join game_summaries s on s.game_id = g.id where s.finished = 0 "
            "and g.rounding = 'nearest' and g.target = 2000 order by max(s.total_a, s.total_b) limit 1"
        ).fetchone()[0]
        done = db.execute(
            "select g.id from games g join game_summaries s on s.game_id = g.id where s.finished = 1 "
            "and g.rounding = 'nearest' and g.target = 2000 order by g.id limit 1"
        ).fetchone()[0]
        db.close()
        app = create_app({"DATABASE": path, "SECRET_KEY": "bench", "TESTING": False}, instance_path=folder)
        client = app.test_client()
        url = f"/api/v1/games/{live}"
        assert client.get(url).get_json()["chances"] is not None
        with_chances = median_ms(lambda: client.get(url), 21)
        page_with = median_ms(lambda: client.get(f"/parties/{live}"), 21)
        kept = service.of_sheet
        service.of_sheet = lambda db, sheet: None  # type: ignore[assignment]
        assert client.get(url).get_json()["chances"] is None
        without = median_ms(lambda: client.get(url), 21)
        page_without = median_ms(lambda: client.get(f"/parties/{live}"), 21)
        service.of_sheet = kept  # type: ignore[assignment]
        print(f"A live game's sheet, median of 21 (Flask test client), game to 2000, {live}:")
        print(f"  GET {url}: {with_chances} with its chances, {without} without")
        print(f"  GET /parties/{live}: {page_with} with, {page_without} without")
        hand = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}

        def record_and_undo() -> None:
            assert client.post(f"{url}/hands", json=hand).status_code == 201
            assert client.post(f"{url}/undo", json={}).status_code == 200

        def without_chances() -> None:
            service.of_sheet = lambda db, sheet: None  # type: ignore[assignment]
            try:
                record_and_undo()
            finally:
                service.of_sheet = kept  # type: ignore[assignment]

        # With and without taking turns, so that neither gains from coming second (a warmer cache).
        before = service.TABLES.computed
        both, alone = interleaved(record_and_undo, without_chances, 2 * RUNS + 1)
        computed = service.TABLES.computed - before
        print(f"  a hand recorded then undone, {2 * RUNS + 1} times each (two writes of a game still played):")
        print(f"    {both} with the chances in their answers ({computed} tables computed), {alone} without")
        first = next(deal for deal in client.get(f"/api/v1/games/{done}").get_json()["hands"] if deal["kind"] == "hand")
        version = [first["version"]]

        def correct_and_ask() -> None:
            """A finished game's hand corrected (written again as it was): the chances' revision moves,
            and the live game's next answer reads the club's deals and computes its table again."""
            answer = client.put(
                f"/api/v1/games/{done}/hands/{first['number']}", json={**first["input"], "version": version[0]}
            )
            assert answer.status_code == 200, answer.get_json()
            version[0] = next(deal for deal in answer.get_json()["hands"] if deal["number"] == first["number"])[
                "version"
            ]
            assert client.get(url).get_json()["chances"] is not None

        before = service.TABLES.computed
        moved = median_ms(correct_and_ask)
        computed = service.TABLES.computed - before
        print(f"  a finished game's hand corrected, then the live game's sheet asked, {RUNS} times:")
        print(f"    {moved} ({computed} tables computed)")


if __name__ == "__main__":
    main()
