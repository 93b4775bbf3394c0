"""The schema, as an append-only list of migrations: add a new function, never edit an old one."""

from __future__ import annotations

import sqlite_utils

migrations = sqlite_utils.Migrations("scorekeeper")


@migrations()
def m001_app_info(db: sqlite_utils.Database) -> None:
    # The scoring service stores nothing; this first table only records which rules version
    # the database was created under, so that later migrations have a starting point to build on.
    db["app_info"].create({"key": str, "value": str}, pk="key")
    db["app_info"].insert({"key": "created_with", "value": "scorekeeper 0.1.0"})


@migrations()
def m002_games_and_deals(db: sqlite_utils.Database) -> None:
    # A game keeps the rules it was played with; a deal keeps what the table entered (its JSON
    # input), never a score: totals are derived, so a game always recomputes the same way.
    db["games"].create(
        {
            "id": str,
            "team_a": str,
            "team_b": str,
            "player_0": str,
            "player_1": str,
            "player_2": str,
            "player_3": str,
            "first_dealer": int,
            "target": int,
            "rounding": str,
            "misere": int,
            "carre_de_sept": int,
            "created_at": str,
        },
        pk="id",
        not_null={"team_a", "team_b", "first_dealer", "target", "rounding", "created_at"},
    )
    db["deals"].create(
        {
            "id": int,
            "game_id": str,
            "kind": str,  # "hand" or "redeal"
            "input": str,  # JSON, as the API takes it
            "version": int,
            "deleted_at": str,  # a deleted deal is kept, hidden, so that undo can bring it back
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "kind", "input", "version", "created_at", "updated_at"},
    )
    db["deals"].create_index(["game_id", "id"])
    db["actions"].create(
        {
            "id": int,
            "game_id": str,
            "deal_id": int,
            "action": str,  # "record", "edit" or "delete"
            "previous_input": str,  # an edit's replaced input, for undo
            "undone_at": str,
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id"), ("deal_id", "deals", "id")],
        not_null={"game_id", "deal_id", "action", "created_at"},
    )
    db["actions"].create_index(["game_id", "id"])
    db["idempotency_keys"].create(
        {"game_id": str, "key": str, "status": int, "response": str, "created_at": str},
        pk=("game_id", "key"),
        foreign_keys=[("game_id", "games", "id")],
    )
