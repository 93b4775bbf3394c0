"""The app's "record a deal, then load the sheet" round trip against a bare Flask route that
inserts one row into SQLite, both served by the same server (bench/roundtrip_app.py), one
request at a time, in one run; prints both rates and their ratio (floors: record then GET at least
0.45 of the bare insert, the page round trip at least 0.24: issue 10, where every write computes
its game's rows again and every read builds its sheet from the deals).

    .venv/bin/python bench/roundtrip.py            # 400 of each, the server of `make serve`
    .venv/bin/python bench/roundtrip.py -n 1000

Round trips, each timed from the first byte sent to the last byte of the sheet received:
- api:  POST /api/v1/games/<id>/hands (or /redeals), then GET /api/v1/games/<id>;
- one:  POST /api/v1/games/<id>/hands alone: its answer is the sheet (docs/api.md);
- page: the deal form's POST /parties/<id>/donnes/nouvelle (or the sheet's redeal form), then
        the GET of the sheet page it redirects to (what a phone at the table does).
Games are played as bench/load.py plays them (a hand every third deal, 40 deals a game); a new
game is created, untimed, when one ends. The kinds are interleaved in blocks of 20 so that a
slower moment of the machine weighs on each alike.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import statistics
import sys
import tempfile
import time
import uuid
from html import unescape
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not

from app_server import HOST, ROOT, Server  # noqa: E402
from load import deal_plan  # noqa: E402

from scorekeeper.store.migrate import migrate  # noqa: E402

BLOCK = 20
FORM_HANDS = {  # the deal form's fields for bench/load.py's hands
    "A": {"taker_player": "0", "contract": "80", "mode": "hearts", "points": "92", "points_team": "takers"},
    "B": {"taker_player": "1", "contract": "80", "mode": "hearts", "points": "92", "points_team": "takers"},
    "capot": {"taker_player": "0", "contract": "capot", "mode": "hearts", "all_tricks": "y"},
}


class Client:
    def __init__(self, port: int):
        self.port = port
        self.connection: http.client.HTTPConnection | None = None
        self.cookie = ""

    def send(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        headers = {**(headers or {}), **({"Cookie": self.cookie} if self.cookie else {})}
        if self.connection is None:
            self.connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        payload = response.read()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        if response.will_close:
            self.connection.close()
            self.connection = None
        return response.status, response, payload

    def json(self, method: str, path: str, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else None
        headers = {**(headers or {}), **({"Content-Type": "application/json"} if data else {})}
        status, response, payload = self.send(method, path, data, headers)
        return status, response, payload


class Games:
    """One game at a time, played deal by deal; a new one (untimed) when it ends."""

    def __init__(self, client: Client, deals: int = 40):
        self.client, self.plan = client, deal_plan(deals)
        self.game_id, self.next = None, len(self.plan)

    def deal(self):
        if self.next == len(self.plan):
            status, _, payload = self.client.json("POST", "/api/v1/games", {})
            assert status == 201, status
            self.game_id, self.next = json.loads(payload)["id"], 0
        kind, body = self.plan[self.next]
        self.next += 1
        return self.game_id, kind, body


def api_round_trip(client: Client, games: Games) -> float:
    game_id, kind, body = games.deal()
    started = time.perf_counter()
    status, _, _ = client.json("POST", f"/api/v1/games/{game_id}/{kind}", body, {"Idempotency-Key": uuid.uuid4().hex})
    assert status == 201, status
    status, _, _ = client.send("GET", f"/api/v1/games/{game_id}")
    assert status == 200, status
    return time.perf_counter() - started


def api_record(client: Client, games: Games) -> float:
    """One request: the API answers a recorded deal with the whole sheet (docs/api.md)."""
    game_id, kind, body = games.deal()
    started = time.perf_counter()
    status, _, payload = client.json(
        "POST", f"/api/v1/games/{game_id}/{kind}", body, {"Idempotency-Key": uuid.uuid4().hex}
    )
    assert status == 201 and b'"hands"' in payload, status
    return time.perf_counter() - started


def nothing(client: Client) -> float:
    started = time.perf_counter()
    status, _, _ = client.send("GET", "/bench/nothing")
    assert status == 204, status
    return time.perf_counter() - started


def page_round_trip(client: Client, games: Games, token: str) -> float:
    game_id, kind, body = games.deal()
    if kind == "redeals":
        path, fields = f"/parties/{game_id}/redonne", {"reason": "all_pass", "player": "0"}
    else:
        side = "capot" if body["contract"] == "capot" else body["taker"]
        path, fields = f"/parties/{game_id}/donnes/nouvelle", {**FORM_HANDS[side], "enregistrer": "1"}
    form = urlencode({**fields, "csrf_token": token, "request_id": uuid.uuid4().hex}).encode()
    started = time.perf_counter()
    status, response, _ = client.send("POST", path, form, {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 302, (status, path)
    location = response.getheader("Location").split("#", 1)[0]
    status, _, payload = client.send("GET", location)
    assert status == 200, status
    elapsed = time.perf_counter() - started
    assert b"flash-error" not in payload, "the page refused the deal"
    return elapsed


def bare_insert(client: Client) -> float:
    started = time.perf_counter()
    status, _, _ = client.send("POST", "/bench/insert", b"")
    assert status == 204, status
    return time.perf_counter() - started


def csrf_token(client: Client) -> str:
    _, _, payload = client.send("GET", "/parties/nouvelle")
    return unescape(re.search(rb'name="csrf_token" type="hidden" value="([^"]+)"', payload).group(1).decode())


def summary(name: str, times: list[float]) -> float:
    rate = len(times) / sum(times)
    print(
        f"  {name:28} {rate:7.1f} /s   median {statistics.median(times) * 1000:6.2f} ms   "
        f"p99 {sorted(times)[int(0.99 * len(times))] * 1000:6.2f} ms"
    )
    return rate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=400, help="round trips of each kind")
    parser.add_argument("--threads", type=int, help="the server's threads (default: its own)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="belote-roundtrip-") as folder:
        database = str(Path(folder) / "roundtrip.db")
        migrate(database)
        env = {"PYTHONPATH": f"{ROOT}:{ROOT / 'bench'}"}
        with Server(
            database,
            app="roundtrip_app:create_app",
            env=env,
            options=["--threads", str(args.threads)] if args.threads else [],
            log_path=str(Path(folder) / "server.log"),
        ) as server:
            client = Client(server.port)
            api_games, one_games, page_games = Games(client), Games(client), Games(client)
            token = csrf_token(client)
            kinds = {
                "nothing": lambda: nothing(client),
                "bare": lambda: bare_insert(client),
                "api": lambda: api_round_trip(client, api_games),
                "one": lambda: api_record(client, one_games),
                "page": lambda: page_round_trip(client, page_games, token),
            }
            for run in kinds.values():  # warm the server up
                [run() for _ in range(BLOCK)]
            times: dict[str, list[float]] = {kind: [] for kind in kinds}
            for _ in range(max(1, args.n // BLOCK)):
                for kind, run in kinds.items():
                    times[kind] += [run() for _ in range(BLOCK)]
    print(f"python -m scorekeeper.server, 127.0.0.1, one request at a time, {len(times['bare'])} of each:")
    summary("nothing (1 request: the floor)", times["nothing"])
    bare = summary("bare insert (1 request)", times["bare"])
    api = summary("api record, then GET sheet (2)", times["api"])
    one = summary("api record, sheet answered (1)", times["one"])
    page = summary("page record + sheet page (2)", times["page"])
    print(f"ratio api record, then GET sheet / bare insert: {api / bare:.2f}")
    print(f"ratio api record, sheet answered / bare insert: {one / bare:.2f}")
    print(f"ratio page record + sheet page / bare insert:  {page / bare:.2f}")
    met = api / bare >= 0.45 and page / bare >= 0.24
    verdict = "met" if met else "MISSED"
    print(f"floors: api record + sheet at least 0.45 of the bare insert, page round trip 0.24: {verdict}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
