"""Derived tables: what the archive, the search and the statistics read, computed from the inputs.

Storage keeps what the table entered; these tables are caches of `build_sheet`'s answers, kept so
that a page over 5,000 games reads a few indexed rows instead of rescoring every deal. They are
never trusted over the inputs: each write to a game computes that game's rows again in its own
transaction (`refresh_game`, with `archive_rows`), and `rebuild_all` (`flask --app scorekeeper
rebuild-derived`, and `migrate` when the code that computes them changed) throws them all away
and computes them again.

- `game_summaries`: one row per game (evening, totals, winner, deal count, last activity).
- `game_players`: one row per seat of each game, with that player's figures in the game.
- `game_teams`: one row per team of each game; a team is its pair of players, whatever its name.
- `deal_facts`: one row per live deal (who took, the contract, made or not, the scores).

A migration that changes one of these tables drops and re-creates it; `migrate` then rebuilds.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import sqlite_utils

from scorekeeper import belote
from scorekeeper.belote.errors import NotFound
from scorekeeper.belote.sheet import Sheet, build_sheet
from scorekeeper.store import games as store
from scorekeeper.store.archive_rows import game_rows
from scorekeeper.store.db import execute, execute_many, rows

TABLES = ("deal_facts", "game_players", "game_teams", "game_summaries")


def _insert(db: sqlite_utils.Database, table: str, rows: list[dict[str, Any]]) -> None:
    """Insert rows, each replacing the row of the same key if there is one."""
    if not rows:
        return
    columns = list(rows[0])
    sql = f"insert or replace into {table} ({', '.join(columns)}) values ({', '.join('?' for _ in columns)})"
    execute_many(db, sql, [[row[column] for column in columns] for row in rows])


def _write(db: sqlite_utils.Database, rows_by_table: Iterable[dict[str, list[dict[str, Any]]]]) -> None:
    merged: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for game_tables in rows_by_table:
        for table, table_rows in game_tables.items():
            merged[table].extend(table_rows)
    for table in reversed(TABLES):  # the summary first, then the rows that hang off the game
        _insert(db, table, merged[table])


def refresh_game(db: sqlite_utils.Database, game_id: str, changed_deal: int | None = None) -> Sheet:
    """Compute one game's derived rows again from its inputs and write them, inside the caller's
    write transaction; returns the sheet they were computed from (the write's answer).

    `changed_deal` is the id of the deal the write recorded, edited, deleted or brought back (None:
    any). A deal's fact depends on that deal and the ones before it (their totals), so the facts
    of the deals dealt before it are left as they are, and every other row is written again: a
    recorded deal writes its own fact and the game's, players' and teams' rows, not the game's
    forty facts."""
    found = rows(db, f"{store.GAME_ROW} where g.id = ?", [game_id])
    if not found:
        raise NotFound()
    game, evening_id = store.game_from_row(found[0]), found[0]["evening_id"]
    logged = rows(db, "select max(created_at) as last, count(*) as n from actions where game_id = ?", [game_id])[0]
    last, revision = logged["last"], logged["n"]
    sheet = build_sheet(game, store.live_deals(db, game_id), revision, store.undoable(db, game_id))
    kept = 0 if changed_deal is None else sum(1 for deal in sheet.deals if deal.deal_id < changed_deal)
    execute(db, "delete from deal_facts where game_id = ? and number > ?", [game_id, kept])
    _write(db, [game_rows(sheet, evening_id, last or game.created_at, facts_from=kept + 1)])
    return sheet


def progress(db: sqlite_utils.Database, game_id: str) -> dict[str, Any]:
    """How many deals the game has, whether it is over and its winner, as its summary row says,
    whether an organiser stopped it, and whether its concours table's result was typed from a paper
    slip, in the caller's transaction: what a new deal checks first (its number is free, the game
    is not over)."""
    found = rows(
        db,
        "select s.deal_count, s.finished, s.winner, g.stopped_at is not null as stopped,"
        " t.slip_a is not null as on_paper from games g left join game_summaries s on s.game_id = g.id"
        " left join concours_tables t on t.game_id = g.id where g.id = ?",
        [game_id],
    )
    row = found[0] if found else {}
    return {
        "deal_count": row.get("deal_count") or 0,
        "finished": bool(row.get("finished")),
        "winner": row.get("winner"),
        "stopped": bool(row.get("stopped")),
        "on_paper": bool(row.get("on_paper")),
    }


def rebuild_all(db: sqlite_utils.Database) -> int:
    """Throw every derived row away and compute them all again from the inputs; returns the number
    of games. The caller runs it in a transaction (`migrate`, the rebuild-derived command)."""
    for table in TABLES:
        execute(db, f"delete from {table}")
    deals: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows(
        db,
        "select game_id, id, kind, input as input_json, version from deals where deleted_at is null "
        "order by game_id, id",
    ):
        deals[row["game_id"]].append(row)
    actions = {
        row["game_id"]: row
        for row in rows(db, "select game_id, max(created_at) as at, count(*) as n from actions group by game_id")
    }
    games = rows(db, f"{store.GAME_ROW} order by g.id")
    batch: list[dict[str, list[dict[str, Any]]]] = []
    for row in games:
        game = store.game_from_row(row)
        logged = actions.get(game.id, {"at": None, "n": 0})
        sheet = build_sheet(game, deals.get(game.id, []), logged["n"])
        batch.append(game_rows(sheet, row["evening_id"], logged["at"] or game.created_at))
        if len(batch) >= 500:
            _write(db, batch)
            batch = []
    _write(db, batch)
    return len(games)


# The source of the code that computes the derived rows: the whole rules package (scoring, sheets,
# names), `store/games.py` (`game_from_row` reads a game's rules and end from its row), `archive_rows`
# and this module. An update that changes any of it rebuilds every row once (store/db.py, which
# only carries the rows, is left out).
CODE_FILES = (
    *sorted(Path(belote.__file__).parent.glob("*.py")),
    Path(store.__file__),
    Path(__file__).parent / "archive_rows.py",
    Path(__file__),
)


def _code_fingerprint() -> str:
    digest = hashlib.sha256()
    for path in CODE_FILES:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


CODE = _code_fingerprint()
CODE_KEY = "derived_made_by"  # in app_info: the CODE that last rebuilt every derived row


def rebuild_if_code_changed(db: sqlite_utils.Database) -> bool:
    """After an update that changed how the derived rows are computed (a rule, a statistic), or on
    tables a migration has just made, rebuild them all, once; `migrate` calls it in its transaction."""
    found = rows(db, "select value from app_info where key = ?", [CODE_KEY])
    if found and found[0]["value"] == CODE:
        return False
    rebuild_all(db)
    execute(
        db,
        "insert into app_info (key, value) values (?, ?) on conflict (key) do update set value = excluded.value",
        [CODE_KEY, CODE],
    )
    return True
