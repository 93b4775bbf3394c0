"""The stored inputs of games: games, deals and actions, read and written in SQLite (no rules here:
scores are derived from these rows by `belote.sheet`)."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from typing import Any

import sqlite_utils

from scorekeeper.belote.ending import End
from scorekeeper.belote.game import Game, Rules
from scorekeeper.belote.house_rules import OPTION_KEYS, HouseRules, parse_house_rules
from scorekeeper.belote.terms import Rounding
from scorekeeper.store.db import execute, insert, rows

ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: read aloud across a table
ID_LENGTH = 8


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def new_game_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def insert_game(db: sqlite_utils.Database, game: Game) -> None:
    insert(
        db,
        "games",
        {
            "id": game.id,
            "team_a": game.teams["A"],
            "team_b": game.teams["B"],
            **{f"player_{index}": name for index, name in enumerate(game.players)},
            "first_dealer": game.first_dealer,
            **end_columns(game.end),
            "rounding": game.rules.rounding.value,
            "misere": int(game.rules.misere),
            "carre_de_sept": int(game.rules.carre_de_sept),
            **house_rules_columns(game.rules.house),
            "created_at": game.created_at,
            "stopped_at": game.stopped_at,
        },
    )


# A game in deals keeps the NOT NULL `target` as 0, no target (m013).
NO_TARGET = 0


def end_columns(end: End) -> dict[str, int | None]:
    """The end as the games table stores it: `target` (0 for a game in deals) and `end_deals`."""
    return {"target": end.points if end.points is not None else NO_TARGET, "end_deals": end.deals}


def end_from_row(row: dict[str, Any]) -> End:
    return End(deals=row["end_deals"]) if row.get("end_deals") is not None else End(points=row["target"])


def house_rules_columns(house: HouseRules) -> dict[str, Any]:
    """The house rules as the games table stores them: one column each, the JSON's values (a flag as 0 or 1)."""
    return {
        key: int(value) if isinstance(value, bool) else value.value
        for key, value in ((key, getattr(house, key)) for key in OPTION_KEYS)
    }


def game_from_row(row: dict[str, Any]) -> Game:
    return Game(
        id=row["id"],
        teams={"A": row["team_a"], "B": row["team_b"]},
        players=[row[f"player_{index}"] for index in range(4)],
        first_dealer=row["first_dealer"],
        end=end_from_row(row),
        rules=Rules(
            rounding=Rounding(row["rounding"]),
            misere=bool(row["misere"]),
            carre_de_sept=bool(row["carre_de_sept"]),
            house=parse_house_rules(
                {key: bool(row[key]) if key == "coinche_all_or_nothing" else row[key] for key in OPTION_KEYS}
            ),
        ),
        created_at=row["created_at"],
        stopped_at=row.get("stopped_at"),
        slip={"A": row["slip_a"], "B": row["slip_b"]} if row.get("slip_a") is not None else None,
    )


def set_stopped(db: sqlite_utils.Database, game_id: str, stopped_at: str | None) -> None:
    """Stop the game at its totals (`stopped_at`, a time) or let it play on (None), and log it as
    an action of no deal ("stop", "resume"), so that the sheet's revision grows and the phones see it.
    Writes only: the caller holds the transaction, then calls `derived.refresh_game`."""
    execute(db, "update games set stopped_at = ? where id = ?", [stopped_at, game_id])
    log_action(db, game_id, None, "stop" if stopped_at is not None else "resume")


# A game's row as `game_from_row` reads it: with the totals of its concours table's paper slip when
# the table played without a phone (the organiser's input, stored with the table: `store.concours`).
GAME_ROW = "select g.*, t.slip_a, t.slip_b from games g left join concours_tables t on t.game_id = g.id"


def fetch_game(db: sqlite_utils.Database, game_id: str) -> Game | None:
    found = rows(db, f"{GAME_ROW} where g.id = ?", [game_id])
    return game_from_row(found[0]) if found else None


# Every table that hangs off a game, the derived rows first.
GAME_TABLES = (
    "deal_facts",
    "game_players",
    "game_teams",
    "game_summaries",
    "idempotency_keys",
    "actions",
    "deals",
    "concours_tables",
)


def delete_games(db: sqlite_utils.Database, game_ids: list[str]) -> None:
    """Delete games with every row that hangs off them, inside the caller's transaction: a concours's
    draw taken back before any deal."""
    marks = ", ".join("?" for _ in game_ids)
    for table in GAME_TABLES:
        execute(db, f"delete from {table} where game_id in ({marks})", game_ids)
    execute(db, f"delete from rematches where game_id in ({marks}) or rematch_id in ({marks})", game_ids * 2)
    execute(db, f"delete from games where id in ({marks})", game_ids)


def live_deals(db: sqlite_utils.Database, game_id: str) -> list[dict[str, Any]]:
    """The game's deals that are not deleted, in the order they were dealt, each with its input as
    stored (`input_json`, parsed by `build_sheet`, which remembers what it has seen)."""
    return rows(
        db,
        "select id, kind, input as input_json, version from deals where game_id = ? and deleted_at is null order by id",
        [game_id],
    )


def revision(db: sqlite_utils.Database, game_id: str) -> int:
    """Grows with every write to the game (each write is an action): what a refresh compares."""
    return rows(db, "select count(*) as n from actions where game_id = ?", [game_id])[0]["n"]


def input_text(data: dict[str, Any]) -> str:
    """A deal's input as the deals table stores it."""
    return json.dumps(data, ensure_ascii=False)


def insert_deal(db: sqlite_utils.Database, game_id: str, kind: str, data: dict[str, Any]) -> int:
    stamp = now()
    return insert(
        db,
        "deals",
        {
            "game_id": game_id,
            "kind": kind,
            "input": input_text(data),
            "version": 1,
            "deleted_at": None,
            "created_at": stamp,
            "updated_at": stamp,
        },
    )


def update_deal(db: sqlite_utils.Database, deal_id: int, **changes: Any) -> None:
    if "input" in changes:
        changes["input"] = input_text(changes["input"])
    execute(
        db,
        "update deals set " + ", ".join(f"{column} = ?" for column in changes) + ", updated_at = ? where id = ?",
        [*changes.values(), now(), deal_id],
    )


def log_action(
    db: sqlite_utils.Database,
    game_id: str,
    deal_id: int | None,
    action: str,
    previous_input: dict | None = None,
    group: int | None = None,
) -> int:
    """Log a write to a game, to one of its deals or (`deal_id` None) to the game itself, an
    organiser's stop; returns the action's id. `group`: the id of the action this one was made with
    (a correction and the deals it removed, m011), undone together."""
    return insert(
        db,
        "actions",
        {
            "game_id": game_id,
            "deal_id": deal_id,
            "action": action,
            "previous_input": json.dumps(previous_input, ensure_ascii=False) if previous_input else None,
            "undone_at": None,
            "created_at": now(),
            "group_id": group,
        },
    )


def group_actions(db: sqlite_utils.Database, first: int) -> None:
    """Make the action `first` the head of a group: the actions logged with `group=first` join it."""
    execute(db, "update actions set group_id = id where id = ?", [first])


def last_action(db: sqlite_utils.Database, game_id: str) -> list[dict[str, Any]]:
    """The game's last action on a deal that is not undone (nor an undo), with the actions of its
    group: the group's head first (the correction), then the deals it removed. Empty when there is
    none. An organiser's stop or resume is no table's to undo: skipped."""
    found = rows(
        db,
        "select * from actions where game_id = ? and undone_at is null and deal_id is not null "
        "and action != 'undo' order by id desc limit 1",
        [game_id],
    )
    if not found or found[0]["group_id"] is None:
        return found
    return rows(
        db,
        "select * from actions where group_id = ? and undone_at is null order by id",
        [found[0]["group_id"]],
    )


def undoable(db: sqlite_utils.Database, game_id: str) -> bool:
    """The game has an action its table may undo (`last_action`)."""
    return bool(last_action(db, game_id))


def mark_undone(db: sqlite_utils.Database, action_id: int) -> None:
    execute(db, "update actions set undone_at = ? where id = ?", [now(), action_id])


def deal_row(db: sqlite_utils.Database, deal_id: int) -> dict[str, Any]:
    row = rows(db, "select * from deals where id = ?", [deal_id])[0]
    return {**row, "input": json.loads(row["input"])}
