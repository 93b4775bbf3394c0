"""The app as `make serve` runs it, plus one bare route for bench/roundtrip.py to compare with:
POST /bench/insert inserts one row into a scratch table and returns (GET /bench/nothing returns
at once: the floor). Only this module adds them; the production app (`scorekeeper:create_app()`)
never has them.

    python -m scorekeeper.server --app roundtrip_app:create_app   (with bench/ on PYTHONPATH)
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

from flask import Flask

import scorekeeper
from scorekeeper.web.csrf import csrf

SCRATCH_TABLE = "bench_rows"


def create_app() -> Flask:
    app = scorekeeper.create_app()
    path = app.config["DATABASE"]
    with sqlite3.connect(path) as conn:
        conn.execute(f"create table if not exists {SCRATCH_TABLE} (id integer primary key, created_at text)")

    @app.post("/bench/insert")
    def bare_insert():
        # What any Flask route that writes pays: a connection, one committed row, an answer.
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            conn.execute("PRAGMA busy_timeout = 5000")
            conn.execute(f"insert into {SCRATCH_TABLE} (created_at) values (?)", [datetime.now(UTC).isoformat()])
        finally:
            conn.close()
        return "", 204

    @app.get("/bench/nothing")
    def nothing():
        # The floor: what the server, Flask and the app's hooks cost a request that does nothing.
        return "", 204

    csrf.exempt(bare_insert)
    return app
