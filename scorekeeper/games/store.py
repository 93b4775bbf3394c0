"""Reading and writing games, deals, actions and idempotency keys in SQLite (no rules here)."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from typing import Any

import sqlite_utils

from ..terms import Rounding
from .sheet import GameRules

ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: read aloud across a table
ID_LENGTH = 8


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def new_game_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def insert_game(db: sqlite_utils.Database, game: GameRules) -> None:
    db["games"].insert(
        {
            "id": game.id,
            "team_a": game.teams["A"],
            "team_b": game.teams["B"],
            **{f"player_{index}": name for index, name in enumerate(game.players)},
            "first_dealer": game.first_dealer,
            "target": game.target,
            "rounding": game.rounding.value,
            "misere": int(game.misere),
            "carre_de_sept": int(game.carre_de_sept),
            "created_at": game.created_at,
        }
    )


def game_from_row(row: dict[str, Any]) -> GameRules:
    return GameRules(
        id=row["id"],
        teams={"A": row["team_a"], "B": row["team_b"]},
        players=[row[f"player_{index}"] for index in range(4)],
        first_dealer=row["first_dealer"],
        target=row["target"],
        rounding=Rounding(row["rounding"]),
        misere=bool(row["misere"]),
        carre_de_sept=bool(row["carre_de_sept"]),
        created_at=row["created_at"],
    )


def fetch_game(db: sqlite_utils.Database, game_id: str) -> GameRules | None:
    rows = list(db.query("select * from games where id = ?", [game_id]))
    return game_from_row(rows[0]) if rows else None


def live_deals(db: sqlite_utils.Database, game_id: str) -> list[dict[str, Any]]:
    """The game's deals that are not deleted, in the order they were dealt, inputs parsed."""
    rows = db.query(
        "select id, kind, input, version from deals where game_id = ? and deleted_at is null order by id",
        [game_id],
    )
    return [{**row, "input": json.loads(row["input"])} for row in rows]


def revision(db: sqlite_utils.Database, game_id: str) -> int:
    """Grows with every write to the game (each write is an action): what a refresh compares."""
    row = next(db.query("select count(*) as n from actions where game_id = ?", [game_id]))
    return row["n"]


def insert_deal(db: sqlite_utils.Database, game_id: str, kind: str, data: dict[str, Any]) -> int:
    stamp = now()
    table = db["deals"]
    table.insert(
        {
            "game_id": game_id,
            "kind": kind,
            "input": json.dumps(data, ensure_ascii=False),
            "version": 1,
            "deleted_at": None,
            "created_at": stamp,
            "updated_at": stamp,
        }
    )
    return table.last_pk


def update_deal(db: sqlite_utils.Database, deal_id: int, **changes: Any) -> None:
    if "input" in changes:
        changes["input"] = json.dumps(changes["input"], ensure_ascii=False)
    db.execute(
        "update deals set " + ", ".join(f"{column} = ?" for column in changes) + ", updated_at = ? where id = ?",
        [*changes.values(), now(), deal_id],
    )


def log_action(
    db: sqlite_utils.Database, game_id: str, deal_id: int, action: str, previous_input: dict | None = None
) -> None:
    db["actions"].insert(
        {
            "game_id": game_id,
            "deal_id": deal_id,
            "action": action,
            "previous_input": json.dumps(previous_input, ensure_ascii=False) if previous_input else None,
            "undone_at": None,
            "created_at": now(),
        }
    )


def last_action(db: sqlite_utils.Database, game_id: str) -> dict[str, Any] | None:
    rows = list(
        db.query(
            "select * from actions where game_id = ? and undone_at is null and action != 'undo' "
            "order by id desc limit 1",
            [game_id],
        )
    )
    return rows[0] if rows else None


def mark_undone(db: sqlite_utils.Database, action_id: int) -> None:
    db.execute("update actions set undone_at = ? where id = ?", [now(), action_id])


def deal_row(db: sqlite_utils.Database, deal_id: int) -> dict[str, Any]:
    row = next(db.query("select * from deals where id = ?", [deal_id]))
    return {**row, "input": json.loads(row["input"])}


def idempotent_response(db: sqlite_utils.Database, game_id: str, key: str) -> dict[str, Any] | None:
    rows = list(db.query("select response from idempotency_keys where game_id = ? and key = ?", [game_id, key]))
    return json.loads(rows[0]["response"]) if rows else None


def remember_response(db: sqlite_utils.Database, game_id: str, key: str, response: dict[str, Any]) -> None:
    db["idempotency_keys"].insert(
        {"game_id": game_id, "key": key, "status": 201, "response": json.dumps(response), "created_at": now()}
    )
