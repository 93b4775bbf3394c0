"""The first three migrations: the schema of the app's first days (its games, deals and actions,
then evenings and the archive's derived tables). Frozen like every migration (migrations.py says
why); registered first, before the ones migrations.py holds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlite_utils

from scorekeeper.store.migration_set import migrations


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


@migrations()
def m003_evenings_and_archive(db: sqlite_utils.Database) -> None:
    # Evenings are input, like deals: a date (ISO), an optional place and note. Every game belongs
    # to one; the games already played join the evening of the day they were created, in local
    # time, an evening lasting until 6 in the morning.

    db["evenings"].create(
        {"id": int, "date": str, "place": str, "note": str, "created_at": str},
        pk="id",
        not_null={"date", "place", "note", "created_at"},
        defaults={"place": "", "note": ""},
    )
    db["evenings"].create_index(["date", "id"])
    db.execute("alter table games add column evening_id integer references evenings(id)")
    by_date: dict[str, int] = {}
    for game in list(db.query("select id, created_at from games order by created_at, id")):
        moment = datetime.fromisoformat(game["created_at"]).astimezone()
        day = (moment - timedelta(hours=6)).date().isoformat()
        if day not in by_date:
            evening = {"date": day, "place": "", "note": "", "created_at": datetime.now(UTC).isoformat()}
            by_date[day] = db["evenings"].insert(evening).last_pk
        db.execute("update games set evening_id = ? where id = ?", [by_date[day], game["id"]])
    db["games"].create_index(["evening_id", "created_at"])

    # The derived tables: caches of each game's sheet, rebuilt from the inputs on every write, so
    # that the archive's pages read indexed rows. Created empty: `migrate` fills them.
    common = {"game_id": str, "evening_id": int, "played_at": str}
    figures = dict.fromkeys(
        (
            "taken",
            "made",
            "coinche_def",
            "coinche_def_won",
            "coinche_took",
            "coinche_took_made",
            "capot_taken",
            "capot_made",
            "capot_unannounced",
            "generale_taken",
            "generale_made",
        ),
        int,
    )
    db["game_summaries"].create(
        {
            **common,
            "total_a": int,
            "total_b": int,
            "winner": str,
            "finished": int,
            "deal_count": int,
            "hand_count": int,
            "last_activity": str,
        },
        pk="game_id",
    )
    db["game_summaries"].create_index(["evening_id", "played_at"])
    db["game_summaries"].create_index(["finished", "last_activity"])
    db["game_players"].create(
        {
            **common,
            "seat": int,
            "team": str,
            "name": str,
            "name_key": str,
            "partner_key": str,
            "finished": int,
            "won": int,
            "hands": int,
            "points": int,
            **figures,
        },
        pk=("game_id", "seat"),
    )
    db["game_players"].create_index(["name_key", "played_at"])
    db["game_teams"].create(
        {
            **common,
            "team": str,
            "name": str,
            "players": str,
            "pair_key": str,
            "finished": int,
            "won": int,
            "hands": int,
            "points": int,
            **figures,
        },
        pk=("game_id", "team"),
    )
    db["game_teams"].create_index(["pair_key", "played_at"])
    db["deal_facts"].create(
        {
            **common,
            "number": int,
            "kind": str,
            "dealer": int,
            "taker": str,
            "taker_player": int,
            "taker_key": str,
            "contract": str,
            "contract_value": int,
            "mode": str,
            "coinche": str,
            "made": int,
            "all_tricks": int,
            "reason": str,
            "score_a": int,
            "score_b": int,
            "total_a": int,
            "total_b": int,
        },
        pk=("game_id", "number"),
    )
    db["deal_facts"].create_index(["taker_key", "mode", "contract_value", "made"])
    db["deal_facts"].create_index(["taker_key", "played_at"])
