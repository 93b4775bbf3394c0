"""A concours as every page and the API read it: its settings and teams as entered, each partie's
tables with their games' sheets as they stand, the bye's figures and the ranking, all derived
here from the stored inputs (the tables' deals included) on every read."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import sqlite_utils

from scorekeeper.belote.concours.standings import (
    Bye,
    ByeFixed,
    RoundResult,
    Standing,
    TableResult,
    TeamEntry,
    bye_figures,
    standings,
)
from scorekeeper.belote.concours.tiebreaks import Tiebreaks
from scorekeeper.belote.ending import End, outcome_of
from scorekeeper.belote.errors import NotFound
from scorekeeper.store import concours as store
from scorekeeper.store import games as games_store


@dataclass
class Team:
    number: int
    name: str
    players: tuple[str, str]
    active: bool
    created_at: str
    withdrawn_at: str | None = None


@dataclass
class Table:
    """A table of a partie and where its game stands: its derived summary, refreshed with every
    write to the game, the totals typed from its paper slip included (they are its result)."""

    number: int
    game_id: str
    a: int  # the game's team A, the higher-placed at the draw
    b: int
    game_totals: dict[str, int]
    game_finished: bool
    game_winner: str | None  # "A", "B", None
    hands_played: int  # scored hands, redeals not counted
    deal_count: int  # every deal on its sheet, redeals too
    stopped: bool  # ended at its totals by the organiser, before its own end
    slip: dict[str, int] | None = None  # the totals typed from the table's paper slip, if any

    @property
    def teams(self) -> tuple[int, int]:
        return (self.a, self.b)

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.game_totals)

    @property
    def finished(self) -> bool:
        return self.game_finished

    @property
    def side_won(self) -> str | None:
        """ "A" or "B", None while playing or for a draw."""
        return self.game_winner

    @property
    def winner(self) -> int | None:
        """The winning team's number, None while playing or for a draw."""
        return {"A": self.a, "B": self.b}.get(self.side_won or "")

    @property
    def hands(self) -> int:
        """Scored hands: a result typed from a slip stands for a whole game."""
        return self.hands_played if self.slip is None else max(self.hands_played, 1)

    def result(self) -> TableResult:
        return TableResult(
            a=self.a, b=self.b, totals=self.totals, finished=self.finished, winner=self.side_won, hands=self.hands
        )


@dataclass
class Round:
    number: int
    drawn_at: str
    closed_at: str | None
    drawn_order: list[int]
    rest: int | None
    tables: list[Table] = field(default_factory=list)

    @property
    def closed(self) -> bool:
        """Closed by the organiser (or by the next draw), or by itself once every game is finished."""
        return self.closed_at is not None or (bool(self.tables) and all(table.finished for table in self.tables))

    def result(self) -> RoundResult:
        return RoundResult(self.number, [table.result() for table in self.tables], self.rest, self.closed)


@dataclass
class Concours:
    id: str
    name: str
    evening_id: int
    parties: int
    end: End
    time_limit: int | None
    rules_json: dict[str, Any]
    ranking: str
    pairing: str
    bye: Bye
    tiebreaks: Tiebreaks | None  # the organiser's order after the first criterion; None: the usual
    created_at: str
    teams: list[Team]
    rounds: list[Round]
    standings: list[Standing] = field(default_factory=list)

    def team(self, number: int) -> Team:
        return next(team for team in self.teams if team.number == number)

    def reinstatable(self, team: Team) -> bool:
        """A withdrawn team may come back (« Réintégrer ») until the next draw: a draw made without
        it has paired the others as if it were gone, and undoing that is the draw's own undo."""
        if team.withdrawn_at is None:
            return False
        return self.current is None or team.withdrawn_at > self.current.drawn_at

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def all_drawn(self) -> bool:
        return len(self.rounds) >= self.parties

    @property
    def finished(self) -> bool:
        return self.all_drawn and self.current is not None and self.current.closed

    def bye_of(self, round_: Round) -> tuple[int, int] | None:
        return bye_figures(round_.result(), self.bye)


def team_entries(concours: Concours) -> list[TeamEntry]:
    """The teams as the ranking takes them: the first partie's drawn order is the last tie-break."""
    first = concours.rounds[0].drawn_order if concours.rounds else []
    position = {number: index for index, number in enumerate(first)}
    return [TeamEntry(t.number, t.name, position.get(t.number), t.active) for t in concours.teams]


def load(db: sqlite_utils.Database, concours_id: str) -> Concours:
    """The concours with every table's sheet built from its deals (one query for all), and the ranking."""
    row = store.fetch_concours(db, concours_id)
    if row is None:
        raise NotFound("Concours introuvable.")
    concours = Concours(
        id=row["id"],
        name=row["name"],
        evening_id=row["evening_id"],
        parties=row["parties"],
        end=End(points=row["end_points"], deals=row["end_deals"]),
        time_limit=row["time_limit"],
        rules_json=json.loads(row["rules"]),
        ranking=row["ranking"],
        pairing=row["pairing"],
        bye=ByeFixed(row["bye_points"], row["bye_conceded"]) if row["bye_points"] is not None else "average",
        tiebreaks=store.tiebreaks_of(row),
        created_at=row["created_at"],
        teams=[
            Team(
                t["number"],
                t["name"],
                (t["player_0"], t["player_1"]),
                t["withdrawn_at"] is None,
                t["created_at"],
                t["withdrawn_at"],
            )
            for t in store.teams(db, concours_id)
        ],
        rounds=[
            Round(r["number"], r["drawn_at"], r["closed_at"], r["drawn_order"], r["rest"])
            for r in store.rounds(db, concours_id)
        ],
    )
    by_number = {round_.number: round_ for round_ in concours.rounds}
    for t in store.tables_with_games(db, concours_id):
        end = games_store.end_from_row(t)
        totals = {"A": t["total_a"], "B": t["total_b"]}
        by_number[t["round"]].tables.append(
            Table(
                number=t["number"],
                game_id=t["game_id"],
                a=t["team_a"],
                b=t["team_b"],
                game_totals=totals,
                game_finished=bool(t["finished"]),
                game_winner=t["winner"],
                hands_played=t["hand_count"],
                deal_count=t["deal_count"],
                # stopped by the organiser before its end; a table on paper ended where its slip says
                stopped=t["stopped_at"] is not None
                and t["slip_a"] is None
                and not outcome_of(totals, t["hand_count"], end).finished,
                slip={"A": t["slip_a"], "B": t["slip_b"]} if t["slip_a"] is not None else None,
            )
        )
    concours.standings = standings(
        team_entries(concours),
        [round_.result() for round_ in concours.rounds],
        concours.ranking,
        concours.bye,
        concours.tiebreaks,
    )
    return concours


# --- JSON (docs/concours.md, "API") ------------------------------------------------------------


def _bye_json(bye: Bye) -> Any:
    return {"points": bye.points, "conceded": bye.conceded} if isinstance(bye, ByeFixed) else bye


def table_json(table: Table) -> dict[str, Any]:
    return {
        "table": table.number,
        "game": table.game_id,
        "teams": [table.a, table.b],
        "totals": table.totals,
        "hands_played": table.hands_played,
        "finished": table.finished,
        "winner": table.winner,
        "stopped": table.stopped and table.slip is None,
        "slip": table.slip,
    }


def round_json(concours: Concours, round_: Round) -> dict[str, Any]:
    bye = concours.bye_of(round_) if round_.rest is not None else None
    return {
        "number": round_.number,
        "state": "closed" if round_.closed else "playing",
        "drawn_at": round_.drawn_at,
        "closed_at": round_.closed_at,
        "tables": [table_json(table) for table in round_.tables],
        "rests": round_.rest,
        "bye": {"points": bye[0], "conceded": bye[1]} if bye is not None else None,
    }


def standing_json(standing: Standing) -> dict[str, Any]:
    return {
        "rank": standing.rank,
        "team": standing.team,
        "played": standing.played,
        "won": standing.won,
        "drawn": standing.drawn,
        "lost": standing.lost,
        "points": standing.points,
        "conceded": standing.conceded,
        "difference": standing.difference,
        "best": standing.best,
        "byes": standing.byes,
        "provisional": standing.provisional,
        "active": standing.active,
    }


def concours_json(concours: Concours) -> dict[str, Any]:
    return {
        "id": concours.id,
        "name": concours.name,
        "evening": concours.evening_id,
        "parties": concours.parties,
        "end": concours.end.as_json(),
        "time_limit": concours.time_limit,
        "rules": concours.rules_json,
        "ranking": concours.ranking,
        "pairing": concours.pairing,
        "bye": _bye_json(concours.bye),
        "tiebreaks": list(concours.tiebreaks) if concours.tiebreaks is not None else None,
        "teams": [
            {"number": t.number, "name": t.name, "players": list(t.players), "active": t.active} for t in concours.teams
        ],
        "rounds": [round_json(concours, round_) for round_ in concours.rounds],
        "standings": [standing_json(standing) for standing in concours.standings],
    }
