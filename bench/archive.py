"""How fast the archive's pages answer on a big archive: 5,000 games and 200,000 deals.

Fills a fresh database quickly (bulk inserts of valid inputs: every hand goes through the service
layer's parser, which scores it; each game is played until a team wins, padded with redeals to
about 40 deals), rebuilds the derived tables (timed too), then asks the pages through Flask's test
client several times each and prints the median server time; the statistics pages are asked
again with the ETag of their first answer too, as a phone's revisit (a 304). It checks nothing:
the tests do. With `--keep`, a database filled once is measured again by another checkout (the
same archive before and after a change: run the older checkout first, its migrations then ours).

    .venv/bin/python bench/archive.py [--games 5000] [--deals 200000] [--keep PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not

from scorekeeper.belote.ending import End  # noqa: E402
from scorekeeper.belote.game import Game, Rules  # noqa: E402
from scorekeeper.belote.game_input import parse_hand_input  # noqa: E402
from scorekeeper.belote.scoring import score  # noqa: E402
from scorekeeper.belote.sheet import hand_from_input  # noqa: E402
from scorekeeper.belote.terms import (
    Rounding,  # noqa: E402
    team_of_player,  # noqa: E402
)
from scorekeeper.store import derived  # noqa: E402
from scorekeeper.store import games as store
from scorekeeper.store.db import connect, write_transaction  # noqa: E402
from scorekeeper.store.migrate import migrate  # noqa: E402
from scorekeeper.web import create_app  # noqa: E402

RUNS = 9
NAMES = [
    "Ana",
    "Bruno",
    "Chloé",
    "David",
    "Élise",
    "Fabien",
    "Gaëlle",
    "Hugo",
    "Inès",
    "Julien",
    "Karine",
    "Léo",
    "Manon",
    "Nicolas",
    "Océane",
    "Pierre",
    "Quentin",
    "Rose",
    "Sébastien",
    "Théo",
    "Ursule",
    "Victor",
    "Wendy",
    "Xavier",
    "Yasmine",
    "Zoé",
    "Arthur",
    "Béatrice",
    "Camille",
    "Denis",
    "Emma",
    "François",
    "Gérard",
    "Hélène",
    "Isabelle",
    "Jacques",
    "Louise",
    "Marcel",
    "Nathalie",
    "Olivier",
]
TEAM_NAMES = [("Nous", "Eux"), ("Les As", "Les Rois"), ("Pique", "Cœur"), ("Jeunes", "Anciens")]
MODES = ["spades", "hearts", "diamonds", "clubs", "no_trump", "all_trump"]
CONTRACTS = [80] * 6 + [90] * 5 + [100] * 4 + [110] * 3 + [120] * 2 + [130, 140, 150, 160]


def random_hand(rng: random.Random) -> dict:
    """A hand a table could have played (the service's parser has the last word)."""
    player = rng.randrange(4)
    body: dict = {"taker": team_of_player(player).value, "taker_player": player, "mode": rng.choice(MODES)}
    roll = rng.random()
    if roll < 0.005:
        body.update(contract="generale", all_tricks=rng.random() < 0.5)
    elif roll < 0.025:
        body.update(contract="capot", all_tricks=rng.random() < 0.6)
    else:
        body["contract"] = rng.choice(CONTRACTS)
        if rng.random() < 0.03:
            body["all_tricks"] = True
        else:
            body["taker_points"] = min(162, max(0, int(rng.gauss(body["contract"] + 5, 22))))
    coinche = rng.random()
    if coinche < 0.03:
        body["coinche"] = "surcoinche"
    elif coinche < 0.15:
        body["coinche"] = "coinche"
    if body["mode"] not in ("no_trump",) and rng.random() < 0.25:
        body["belote"] = {rng.choice("AB"): 1}
    if rng.random() < 0.2:
        body["melds"] = {rng.choice("AB"): [rng.choice(["tierce", "cinquante", "cent"])]}
    return body


def play_game(
    rng: random.Random, game: Game, deal_goal: int, finish: bool, all_hands: bool = False
) -> list[tuple[str, dict]]:
    """Hands until a team wins (or, for a game left in progress, a few), then redeals spread
    before the last hand so that the game has about `deal_goal` deals. A game to 2000 is won
    after about 16 hands (each hand scores at least 162 + 80 between the two teams), so most of
    the padding is redeals; `all_hands` plays hands past the target instead (a stress test: the
    service would refuse them, though an edit of an early deal can leave such a sheet)."""
    totals = {"A": 0, "B": 0}
    hands: list[dict] = []
    while True:
        try:
            data = parse_hand_input(random_hand(rng), game)
        except ValueError:
            continue
        result = score(hand_from_input(data, game.rules))
        hands.append(data)
        for team in totals:
            totals[team] += result.scores[team]
        if all_hands:
            if len(hands) >= deal_goal:
                break
            continue
        leader = max(totals.values())
        if leader >= game.target and totals["A"] != totals["B"]:
            if not finish:  # an unfinished game: stop one hand short of the end
                hands.pop()
            break
        if not finish and len(hands) >= deal_goal // 3:
            break
    deals: list[tuple[str, dict]] = [("hand", hand) for hand in hands]
    for _ in range(max(0, deal_goal - len(deals))):
        deals.insert(rng.randrange(max(1, len(deals))), ("redeal", {"reason": "all_pass", "player": None}))
    return deals


def fill(path: str, games: int, deals: int, seed: int = 5, all_hands: bool = False) -> dict[str, float]:
    rng = random.Random(seed)
    timings = {}
    started = time.perf_counter()
    migrate(path)
    db = connect(path)
    evening_count = max(1, games // 4)
    first_day = date.today() - timedelta(days=2 * evening_count)
    game_rows, deal_rows, evening_rows = [], [], []
    ids: set[str] = set()
    for evening in range(evening_count):
        day = first_day + timedelta(days=2 * evening)
        stamp = datetime(day.year, day.month, day.day, 19, tzinfo=UTC).isoformat(timespec="milliseconds")
        evening_rows.append(
            (evening + 1, day.isoformat(), rng.choice(["", "Chez Ana", "Au club", "Chez Hugo"]), "", stamp)
        )
    for index in range(games):
        while (game_id := store.new_game_id()) in ids:
            pass
        ids.add(game_id)
        evening = min(index // 4, evening_count - 1)
        day = date.fromisoformat(evening_rows[evening][1])
        moment = datetime(day.year, day.month, day.day, 19, tzinfo=UTC) + timedelta(minutes=50 * (index % 4))
        teams = rng.choice(TEAM_NAMES)
        game = Game(
            id=game_id,
            teams={"A": teams[0], "B": teams[1]},
            players=rng.sample(NAMES, 4),
            first_dealer=rng.randrange(4),
            end=End(points=2000 if rng.random() < 0.9 else 1000),
            rules=Rules(rounding=rng.choice([Rounding.NEAREST] * 4 + [Rounding.COMPLEMENT, Rounding.NONE])),
            created_at=moment.isoformat(timespec="milliseconds"),
        )
        remaining_games = games - index
        goal = (deals - len(deal_rows)) // remaining_games
        played = play_game(rng, game, goal, finish=index < games - 20, all_hands=all_hands)
        game_rows.append((game, evening + 1))
        for kind, data in played:
            deal_rows.append((game_id, kind, json.dumps(data, ensure_ascii=False), game.created_at))
    timings["generate (s)"] = time.perf_counter() - started

    started = time.perf_counter()
    with write_transaction(db):
        db.conn.executemany(
            "insert into evenings (id, date, place, note, created_at) values (?, ?, ?, ?, ?)", evening_rows
        )
        for game, _ in game_rows:
            store.insert_game(db, game)
        db.conn.executemany(
            "update games set evening_id = ? where id = ?", [(evening_id, game.id) for game, evening_id in game_rows]
        )
        db.conn.executemany(
            "insert into deals (game_id, kind, input, version, deleted_at, created_at, updated_at) "
            "values (?, ?, ?, 1, null, ?, ?)",
            [(game_id, kind, data, stamp, stamp) for game_id, kind, data, stamp in deal_rows],
        )
        db.execute(
            "insert into actions (game_id, deal_id, action, previous_input, undone_at, created_at) "
            "select game_id, id, 'record', null, null, created_at from deals"
        )
    timings["bulk insert (s)"] = time.perf_counter() - started

    started = time.perf_counter()
    with write_transaction(db):
        derived.rebuild_all(db)
    timings["rebuild derived tables (s)"] = time.perf_counter() - started
    db.execute("analyze")
    db.close()
    timings["games"] = games
    timings["deals"] = len(deal_rows)
    return timings


def measure(app, url: str, revisit: bool = False) -> str:
    """The median time of a page's answer, on the clock and in CPU (the process's own: on a shared
    machine the clock also counts the other processes' turns); `revisit`: asked with its first
    answer's ETag (a 304)."""
    client = app.test_client()
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    headers = {"If-None-Match": response.headers["ETag"]} if revisit else {}
    times, cpu = [], []
    for _ in range(RUNS):
        started, started_cpu = time.perf_counter(), time.process_time()
        again = client.get(url, headers=headers)
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        assert again.status_code == (304 if revisit else 200), (url, again.status_code)
    return f"{statistics.median(times) * 1000:7.1f} ms {statistics.median(cpu) * 1000:7.1f} ms CPU"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5_000)
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--keep", help="fill this database file (kept) instead of a temporary one")
    parser.add_argument("--all-hands", action="store_true", help="no redeals: hands past the target (stress)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-archive-") as folder:
        run(args, args.keep or str(Path(folder) / "archive.db"), str(Path(folder) / "instance"))


def run(args: argparse.Namespace, path: str, instance: str) -> None:
    if not Path(path).exists():
        print(f"Filling {path} with {args.games} games and {args.deals} deals…", flush=True)
        for name, value in fill(path, args.games, args.deals, all_hands=args.all_hands).items():
            print(f"  {name:30} {value:10.2f}" if isinstance(value, float) else f"  {name:30} {value:10}")
    started = time.perf_counter()
    applied = migrate(path)  # a database kept from another checkout: this one's schema, as the server does
    if applied:
        print(f"Migrated ({', '.join(applied)}) in {time.perf_counter() - started:.1f} s")
    app = create_app({"DATABASE": path, "SECRET_KEY": "bench", "TESTING": False}, instance_path=instance)
    db = connect(path)
    busiest = next(db.query("select name_key, count(*) as n from game_players group by name_key order by n desc"))
    pair = next(db.query("select pair_key, count(*) as n from game_teams group by pair_key order by n desc"))
    longest = next(db.query("select game_id from game_summaries order by deal_count desc limit 1"))["game_id"]
    counts = {table: db[table].count for table in ("evenings", "games", "deals")}
    counts["hands"] = db["deal_facts"].count_where("kind = 'hand'")
    db.close()
    first, second = pair["pair_key"].split("|")
    key = busiest["name_key"]
    pages = {
        "home page": "/",
        "archive (evenings, page 1)": "/soirees",
        "archive (evenings, page 100)": "/soirees?page=100",
        "search a player": f"/recherche?joueur={key[:3]}",
        "statistics page": "/statistiques",
        "statistics, teams": "/statistiques/equipes",
        "one player's statistics": f"/statistiques/joueurs/{key}",
        "one team's statistics": f"/statistiques/equipes/{first}|{second}",
        "deals behind a figure": f"/statistiques/donnes?joueur={key}&role=defense&coinche=1&fait=0",
        "deals behind a figure, page 20": f"/statistiques/donnes?joueur={key}&role=tous&page=20",
        "one game's sheet (archive)": f"/archives/parties/{longest}",
        "one game's sheet (live)": f"/parties/{longest}",
    }
    print(f"Archive: {counts}; busiest player {key!r} ({busiest['n']} games)")
    print(f"Server time, median of {RUNS} runs (Flask test client):")
    for name, url in pages.items():
        print(f"  {name:34} {measure(app, url)}   {url}")
    print("Asked again with the ETag of the first answer (304, nothing changed):")
    for name, url in pages.items():
        if url.startswith("/statistiques/") and "?" not in url or url == "/statistiques":
            print(f"  {name:34} {measure(app, url, revisit=True)}   {url}")


if __name__ == "__main__":
    main()
