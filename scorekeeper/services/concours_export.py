"""The concours in the archive's JSON (docs/concours.md, "In the archive"): each concours of the
selection with its evening, its settings as the organiser entered them, its teams as registered,
each partie's draw and the game each table played, the totals typed from a table's paper slip.

    "concours": [{"id": "c4n7r2xq", "evening": 3, "created_at": "…", "name": "Concours du club",
                  "parties": 2, "end": {"points": 1000}, "time_limit": 45, "rules": {…},
                  "ranking": "points", "pairing": "ranking", "bye": "average",
                  "tiebreaks": ["difference", "head_to_head"],
                  "teams": [{"number": 1, "name": "Les As", "players": ["Ana", "Alain"],
                             "created_at": "…", "withdrawn_at": null}, …],
                  "rounds": [{"number": 1, "drawn_at": "…", "closed_at": null,
                              "drawn_order": [3, 1, 5, 2, 4], "rests": 4,
                              "tables": [{"table": 1, "game": "k3v9q2ab", "teams": [3, 1],
                                          "slip": null}, …]}, …]}, …]

A mêlée (`"format": "melee"`, written only for one, so that a team concours reads as it always
did) has `"players": [{"number", "name", "created_at", "withdrawn_at"}]` instead of `"teams"`, each
partie's `"rests"` a list of players, and each table's `"teams"` two lists of two players
(`[[5, 2], [8, 1]]`, team A first, each its first player then partner, as the game seats them).

The tables' games are the file's ordinary games (`games`), named by id. Nothing derived is
written: the ranking and the byes' figures come again from the games on the importing side. The
key is left out when the selection holds no concours, so that such a file reads as it always did.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import sqlite_utils

from scorekeeper.belote.concours.entry import ConcoursInput
from scorekeeper.belote.concours.standings import ByeFixed, Sides
from scorekeeper.belote.ending import End
from scorekeeper.belote.game_input import parse_rules
from scorekeeper.services.concours_json import bye_json
from scorekeeper.store import concours as concours_store
from scorekeeper.store import concours_archive


@dataclass(frozen=True)
class ArchivedTeam:
    number: int
    name: str
    players: tuple[str, str]
    created_at: str
    withdrawn_at: str | None

    def as_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "name": self.name,
            "players": list(self.players),
            "created_at": self.created_at,
            "withdrawn_at": self.withdrawn_at,
        }


@dataclass(frozen=True)
class ArchivedPlayer:
    """A mêlée's player."""

    number: int
    name: str
    created_at: str
    withdrawn_at: str | None

    def as_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "name": self.name,
            "created_at": self.created_at,
            "withdrawn_at": self.withdrawn_at,
        }


@dataclass(frozen=True)
class ArchivedTable:
    number: int
    game: str  # the id of the table's game, one of the file's games
    sides: Sides  # the game's team A's entrants and team B's: ((team,), (team,)), or a mêlée's two players each
    slip: dict[str, int] | None  # {"A": .., "B": ..} typed from the paper slip, or None

    def as_json(self, melee: bool) -> dict[str, Any]:
        teams = [list(side) for side in self.sides] if melee else [side[0] for side in self.sides]
        return {"table": self.number, "game": self.game, "teams": teams, "slip": self.slip}


@dataclass
class ArchivedRound:
    number: int
    drawn_at: str
    closed_at: str | None
    drawn_order: list[int]
    rests: list[int]  # a team at most, up to three players of a mêlée
    tables: list[ArchivedTable] = field(default_factory=list)

    def as_json(self, melee: bool) -> dict[str, Any]:
        return {
            "number": self.number,
            "drawn_at": self.drawn_at,
            "closed_at": self.closed_at,
            "drawn_order": self.drawn_order,
            # a mêlée's list; a team concours's one team or null, as its files always had it
            "rests": self.rests if melee else (self.rests[0] if self.rests else None),
            "tables": [table.as_json(melee) for table in self.tables],
        }


@dataclass
class ArchivedConcours:
    """A concours as the archive's JSON holds it; `entry` its settings (without teams or evening),
    as `store.concours.insert_concours` writes them."""

    id: str
    evening: int
    created_at: str
    entry: ConcoursInput
    teams: list[ArchivedTeam]
    rounds: list[ArchivedRound]
    players: list[ArchivedPlayer] = field(default_factory=list)  # a mêlée's (then `teams` is empty)

    def game_ids(self) -> list[str]:
        return [table.game for round_ in self.rounds for table in round_.tables]

    def as_json(self) -> dict[str, Any]:
        entry = self.entry
        melee = entry.format == "melee"
        entrants = (
            {"format": "melee", "players": [player.as_json() for player in self.players]}
            if melee
            else {"teams": [team.as_json() for team in self.teams]}
        )
        return {
            "id": self.id,
            "evening": self.evening,
            "created_at": self.created_at,
            "name": entry.name,
            "parties": entry.parties,
            "end": entry.end.as_json(),
            "time_limit": entry.time_limit,
            "rules": entry.rules.as_json(),
            "ranking": entry.ranking,
            "pairing": entry.pairing,
            "bye": bye_json(entry.bye),
            # only when the organiser chose them: a file without reads as it always did, here and
            # in a version that knows no tie-breaks
            **({"tiebreaks": list(entry.tiebreaks)} if entry.tiebreaks is not None else {}),
            **entrants,
            "rounds": [round_.as_json(melee) for round_ in self.rounds],
        }


def _from_rows(
    row: dict[str, Any], teams: list[dict], players: list[dict], rounds: list[dict], tables: list[dict]
) -> ArchivedConcours:
    entry = ConcoursInput(
        name=row["name"],
        evening=None,
        parties=row["parties"],
        end=End(points=row["end_points"], deals=row["end_deals"]),
        time_limit=row["time_limit"],
        rules=parse_rules(json.loads(row["rules"])),
        ranking=row["ranking"],
        pairing=row["pairing"],
        bye=ByeFixed(row["bye_points"], row["bye_conceded"]) if row["bye_points"] is not None else "average",
        teams=(),
        tiebreaks=concours_store.tiebreaks_of(row),
        format=row["format"],
    )
    by_number = {
        r["number"]: ArchivedRound(r["number"], r["drawn_at"], r["closed_at"], r["drawn_order"], r["rests"])
        for r in rounds
    }
    for t in tables:
        slip = {"A": t["slip_a"], "B": t["slip_b"]} if t["slip_a"] is not None else None
        by_number[t["round"]].tables.append(ArchivedTable(t["number"], t["game_id"], concours_store.sides_of(t), slip))
    return ArchivedConcours(
        id=row["id"],
        evening=row["evening_id"],
        created_at=row["created_at"],
        entry=entry,
        teams=[
            ArchivedTeam(t["number"], t["name"], (t["player_0"], t["player_1"]), t["created_at"], t["withdrawn_at"])
            for t in teams
        ],
        rounds=list(by_number.values()),
        players=[ArchivedPlayer(p["number"], p["name"], p["created_at"], p["withdrawn_at"]) for p in players],
    )


def archived_concours(db: sqlite_utils.Database, concours_rows: list[dict[str, Any]]) -> list[ArchivedConcours]:
    """The concours of these rows with their teams or players, parties and tables (four queries for all)."""
    ids = [row["id"] for row in concours_rows]
    teams, players, rounds, tables = concours_archive.parts_of(db, ids)
    return [
        _from_rows(row, teams[row["id"]], players[row["id"]], rounds[row["id"]], tables[row["id"]])
        for row in concours_rows
    ]


def concours_data(db: sqlite_utils.Database, *, evening_id: int | None = None, game_id: str | None = None) -> list:
    """The selection's concours as the archive's JSON has them: every one, or an evening's; none
    with one game alone (a concours needs all its tables' games)."""
    if game_id is not None:
        return []
    rows = concours_archive.concours_rows(db, evening_id)
    return [concours.as_json() for concours in archived_concours(db, rows)]
