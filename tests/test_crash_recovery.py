"""A pulled plug, as far as a process goes (issue 6): tables record deals in a burst against a
real server process (`python -m scorekeeper.server`), which is SIGKILLed mid-burst, then restarted. Every
deal that was acknowledged is stored exactly once, a request that got no answer is sent again
with its Idempotency-Key and counts once, nothing is half-written, and the file is sound."""

from __future__ import annotations

import http.client
import json
import sqlite3
import threading
import time
from contextlib import closing

import pytest

from scorekeeper.store.migrate import migrate
from tests.bench_scripts import bench_module

pytestmark = [pytest.mark.slow, pytest.mark.serial]


app_server = bench_module("app_server")
DEAL_PLAN = bench_module("load").deal_plan(40)  # 40 deals, the last one ends the game
TABLES = 8
KILL_AFTER = 60  # acknowledged deals before the plug is pulled


class Table(threading.Thread):
    """A table's phone: its game's deals in order, each with its own key; stops at the first
    request that gets no answer and remembers it."""

    def __init__(self, game_id: str, server, acknowledged: list):
        super().__init__(daemon=True)
        self.game_id, self.server, self.acknowledged = game_id, server, acknowledged
        self.next = 0
        self.unanswered: int | None = None

    def key(self, number: int) -> str:
        return f"{self.game_id}-{number}"

    def send(self, number: int) -> dict:
        kind, body = DEAL_PLAN[number]
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=10)
        try:
            connection.request(
                "POST",
                f"/api/v1/games/{self.game_id}/{kind}",
                body=json.dumps(body),
                headers={"Content-Type": "application/json", "Idempotency-Key": self.key(number)},
            )
            response = connection.getresponse()
            payload = response.read()
        finally:
            connection.close()
        assert response.status == 201, (response.status, payload[:200])
        return json.loads(payload)

    def run(self) -> None:
        while self.next < len(DEAL_PLAN):
            try:
                sheet = self.send(self.next)
            except (OSError, http.client.HTTPException):
                self.unanswered = self.next
                return
            assert len(sheet["hands"]) == self.next + 1
            self.acknowledged.append((self.game_id, self.next))
            self.next += 1

    def finish(self) -> None:
        """After the restart: the unanswered request again (same key), then the rest of the game."""
        for number in range(self.next, len(DEAL_PLAN)):
            sheet = self.send(number)
            assert len(sheet["hands"]) == number + 1  # a replay or a first record: never a second copy
        self.next = len(DEAL_PLAN)


def query(path: str, sql: str):
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(sql).fetchall()


def create_game(server) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("POST", "/api/v1/games", body="{}", headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    game_id = json.loads(response.read())["id"]
    connection.close()
    return game_id


def test_sigkill_mid_burst_loses_and_doubles_nothing(tmp_path):
    database = str(tmp_path / "crash.db")
    migrate(database)
    log = str(tmp_path / "server.log")
    server = app_server.Server(database, log_path=log).start()
    try:
        games = [create_game(server) for _ in range(TABLES)]
        acknowledged: list[tuple[str, int]] = []
        tables = [Table(game_id, server, acknowledged) for game_id in games]
        for table in tables:
            table.start()
        deadline = time.monotonic() + 60
        while len(acknowledged) < KILL_AFTER and time.monotonic() < deadline:
            time.sleep(0.002)
        server.kill()  # mid-burst: every table has a request on its way
        for table in tables:
            table.join(timeout=30)
    finally:
        server.kill()

    assert len(acknowledged) >= KILL_AFTER
    assert all(table.unanswered is not None for table in tables), "the burst ended before the kill"
    # Every acknowledged deal is in the file; an unanswered one may or may not be (never twice).
    stored = dict(query(database, "select game_id, count(*) from deals group by game_id"))
    for table in tables:
        assert table.next <= stored.get(table.game_id, 0) <= table.next + 1
    keys = {tuple(row) for row in query(database, "select game_id, key from idempotency_keys")}
    assert {(game_id, f"{game_id}-{number}") for game_id, number in acknowledged} <= keys
    assert query(database, "pragma integrity_check") == [("ok",)]

    server = app_server.Server(database, log_path=log, port=server.port).start()
    try:
        for table in tables:
            table.finish()
    finally:
        server.stop()

    per_game = dict(query(database, "select game_id, count(*) from deals where deleted_at is null group by game_id"))
    assert per_game == {game_id: len(DEAL_PLAN) for game_id in games}  # none lost, none doubled
    assert query(database, "select count(*) from deals") == [(TABLES * len(DEAL_PLAN),)]
    # Nothing half-written: each deal has its action and its key's answer, and nothing else exists.
    assert query(database, "select count(*) from actions where action = 'record'") == [(TABLES * len(DEAL_PLAN),)]
    assert query(database, "select count(*) from idempotency_keys") == [(TABLES * len(DEAL_PLAN),)]
    assert query(database, "select count(*) from deals where id not in (select deal_id from actions)") == [(0,)]
    assert query(database, "pragma integrity_check") == [("ok",)]
    assert query(database, "pragma foreign_key_check") == []
