"""How long the room's screen takes on the server (`make bench`): a concours of 64 teams at its
first partie, 32 tables each about 15 deals in, built through the services, and the same at its
fifth and last partie (the 128 games of the four before it are read too, for the ranking). Then,
through Flask's test client, 50 times each: the screen's page (/concours/<id>/ecran), its board
(/concours/<id>/ecran/tableau, which the screen's script asks for every 2 s) and its 304 (what the
script mostly gets while nothing changed), the API's read (/api/v1/concours/<id>) and its 304.
Prints the median and the worst in ms; the target is at most 30 ms (issue 25). It checks nothing:
the tests do.

    .venv/bin/python bench/concours_screen.py [--teams 64] [--deals 15] [--runs 50] [--parties 1 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not

from scorekeeper.services import concours as concours_service  # noqa: E402
from scorekeeper.services import games as games_service  # noqa: E402
from scorekeeper.store.db import connect  # noqa: E402
from scorekeeper.store.migrate import migrate  # noqa: E402
from scorekeeper.web import create_app  # noqa: E402
from scorekeeper.web.concours_screen import routes  # noqa: E402

TARGET_MS = 30
# Hands of docs/scoring.md's kind, each team taking in turn: 170 to 70, or 70 to 170.
HANDS = [
    {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92},
    {"taker": "B", "contract": 80, "mode": "spades", "taker_points": 92},
    {"taker": "A", "contract": 100, "mode": "no_trump", "taker_points": 101},
]


def play(db, concours, deals: int, rng: random.Random) -> None:
    for table in concours.current.tables:
        for _ in range(deals):
            games_service.record_hand(db, table.game_id, rng.choice(HANDS))


def build(path: str, teams: int, deals: int, partie: int, rng: random.Random) -> str:
    """A concours in 20 deals a game at its partie `partie` of 5 (those before it played to their
    end), each of its tables `deals` ± 2 deals in."""
    migrate(path)
    db = connect(path)
    body = {
        "name": "Concours du vendredi",
        "parties": 5,
        "end": {"deals": 20},
        "time_limit": 60,
        "teams": [{"name": f"Équipe {n}", "players": [f"Joueur {n}a", f"Joueur {n}b"]} for n in range(1, teams + 1)],
    }
    concours = concours_service.create_concours(db, body)
    for _ in range(partie - 1):
        play(db, concours_service.draw_round(db, concours.id), 20, rng)  # each game ends: the partie closes
    concours = concours_service.draw_round(db, concours.id)
    for table in concours.current.tables:
        for _ in range(deals + rng.randint(-2, 2)):
            games_service.record_hand(db, table.game_id, rng.choice(HANDS))
    db.close()
    return concours.id


def timed(client, url: str, runs: int, headers: dict | None = None, status: int = 200) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        response = client.get(url, headers=headers or {})
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == status, (url, response.status_code)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=64)
    parser.add_argument("--deals", type=int, default=15)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--parties", type=int, nargs="+", default=[1, 5], help="the partie being played")
    options = parser.parse_args()
    for partie in options.parties:
        measure(options, partie)


def measure(options: argparse.Namespace, partie: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "concours.db")
        concours_id = build(path, options.teams, options.deals, partie, random.Random(25))
        app = create_app({"DATABASE": path, "SECRET_KEY": "bench", "TESTING": False}, instance_path=folder)
        client = app.test_client()
        api = f"/api/v1/concours/{concours_id}"
        screen = f"/concours/{concours_id}/ecran"
        board = f"{screen}/tableau?page=0"
        for url in (screen, board, api):
            timed(client, url, 3)  # the templates compiled, the static files read, the caches warm
        tag = client.get(api).headers["ETag"]
        routes.CLOCK_S = 10**9  # the board's clock held still: each of its polls below is the 304 it mostly is
        board_tag = client.get(board).headers["ETag"]
        tables = options.teams // 2
        print(
            f"{options.teams} teams, partie {partie} of 5: {tables} tables about {options.deals} deals in"
            f" ({(partie - 1) * tables} games of 20 deals before them), {options.runs} runs:"
        )
        for name, url, headers, status in (
            ("screen page", screen, None, 200),
            ("board", board, None, 200),
            ("board 304", board, {"If-None-Match": board_tag}, 304),
            ("API read", api, None, 200),
            ("API 304", api, {"If-None-Match": tag}, 304),
        ):
            times = timed(client, url, options.runs, headers, status)
            median, worst = statistics.median(times), max(times)
            verdict = "ok" if median <= TARGET_MS else f"over {TARGET_MS} ms"
            print(f"  {name:12} median {median:6.1f} ms   worst {worst:6.1f} ms   {verdict}")


if __name__ == "__main__":
    main()
