"""What an evening's page in the archive shows of its concours: each one (its name, its parties,
its teams or a mêlée's players, and where its own pages are), and the table each concours game was played at, so that
the evening's list of games can say it. Two queries, whatever the number of tables."""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from scorekeeper.store import concours_archive


@dataclass(frozen=True)
class EveningConcours:
    id: str
    name: str
    parties: int
    rounds_drawn: int
    team_count: int
    format: str = "teams"  # or "melee": then its players count (`player_count`), and no team
    player_count: int = 0

    @property
    def url(self) -> str:
        """The organiser's page (docs/concours.md, "The pages")."""
        return f"/concours/{self.id}"

    @property
    def results_url(self) -> str:
        """The final ranking, printable."""
        return f"/concours/{self.id}/classement"


@dataclass(frozen=True)
class ConcoursTable:
    """Where a game of the evening was played: « Concours « X » · partie 2 · table 3 »."""

    concours_id: str
    concours_name: str
    round: int
    number: int
    slip: dict[str, int] | None = None  # the totals typed from its paper slip: the game's result then


def evening_concours(db: sqlite_utils.Database, evening_id: int) -> list[EveningConcours]:
    return [
        EveningConcours(
            row["id"],
            row["name"],
            row["parties"],
            row["rounds_drawn"],
            row["team_count"],
            row["format"],
            row["player_count"],
        )
        for row in concours_archive.evening_concours(db, evening_id)
    ]


def tables_of_evening(db: sqlite_utils.Database, evening_id: int) -> dict[str, ConcoursTable]:
    """The concours table of each of the evening's games played at one, by game id."""
    return {
        game_id: ConcoursTable(
            row["concours_id"],
            row["concours_name"],
            row["round"],
            row["number"],
            {"A": row["slip_a"], "B": row["slip_b"]} if row["slip_a"] is not None else None,
        )
        for game_id, row in concours_archive.evening_tables(db, evening_id).items()
    }
