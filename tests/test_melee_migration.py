"""`m019_melee` on a database made before it: a team concours stored then (a partie drawn, one team
resting, a table typed from its slip) keeps every input, reads as a team concours, and its table
keeps its two teams once `team_a` and `team_b` may be NULL (the table rebuilt by a transform)."""

from __future__ import annotations

import sqlite_utils

from scorekeeper.store import concours as store
from scorekeeper.store.migrations import migrations

AT = "2026-12-03T20:00:00.000+00:00"


def test_a_team_concours_stored_before_the_melee_reads_as_it_did(tmp_path):
    db = sqlite_utils.Database(str(tmp_path / "old.db"))
    db.execute("PRAGMA foreign_keys = ON")
    migrations.apply(db, stop_before="m019_melee")
    db["evenings"].insert({"id": 1, "date": "2026-12-03", "created_at": AT})
    db["games"].insert(
        {"id": "g1", "team_a": "Les As", "team_b": "Les Rois", "first_dealer": 0, "target": 1000}
        | {"rounding": "nearest", "created_at": AT, "evening_id": 1}
    )
    db["concours"].insert(
        {"id": "c1", "name": "Vendredi", "evening_id": 1, "parties": 2, "end_points": 1000, "rules": "{}"}
        | {"ranking": "points", "pairing": "ranking", "created_at": AT}
    )
    for number, name in ((1, "Les As"), (2, "Les Rois"), (3, "Les Dames")):
        db["concours_teams"].insert(
            {"concours_id": "c1", "number": number, "name": name, "player_0": "a", "player_1": "b", "created_at": AT}
        )
    db["concours_rounds"].insert(
        {"concours_id": "c1", "number": 1, "drawn_at": AT, "drawn_order": "[2, 1, 3]", "rest": 3}
    )
    db["concours_tables"].insert(
        {"game_id": "g1", "concours_id": "c1", "round": 1, "number": 1, "team_a": 2, "team_b": 1}
        | {"slip_a": 1020, "slip_b": 640}
    )

    migrations.apply(db)

    assert store.fetch_concours(db, "c1")["format"] == "teams"
    assert [(r["drawn_order"], r["rest"], r["rests"]) for r in store.rounds(db, "c1")] == [([2, 1, 3], 3, [3])]
    (table,) = db.query("select * from concours_tables")
    assert store.sides_of(table) == ((2,), (1,))
    assert (table["slip_a"], table["slip_b"], table["player_a1"]) == (1020, 640, None)
    assert store.players(db, "c1") == []
    indexes = {index.name: index for index in db["concours_tables"].indexes}
    assert indexes["idx_concours_tables_concours_id_round_number"].unique
    assert {key.other_table for key in db["concours_tables"].foreign_keys} == {"games", "concours"}
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
