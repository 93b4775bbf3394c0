"""A concours as every page and the API read it: its settings and teams (or a mêlée's players) as
entered, each partie's tables with their games' sheets as they stand, the bye's figures and the
ranking, all derived here from the stored inputs (the tables' deals included) on every read.

A table's two sides are its entrants: one team each in a team concours, two players each in a
mêlée (`Table.sides`); `Concours.sides(table)` names them either way, for the pages."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import sqlite_utils

from scorekeeper.belote.concours.melee import side_name
from scorekeeper.belote.concours.standings import (
    Bye,
    ByeFixed,
    Entrant,
    RoundResult,
    Sides,
    Standing,
    TableResult,
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
class Player:
    """A mêlée's player, registered alone."""

    number: int
    name: str
    active: bool
    created_at: str
    withdrawn_at: str | None = None


@dataclass(frozen=True)
class Side:
    """One side of a table as the pages show it: its entrants' numbers (a team's, or a mêlée's
    two players'), its name (the team's, or « Ana et Bruno », as its game has it) and its players'
    names in seat order."""

    numbers: tuple[int, ...]
    name: str
    players: tuple[str, ...]


@dataclass
class Table:
    """A table of a partie and where its game stands: its derived summary, refreshed with every
    write to the game, the totals typed from its paper slip included (they are its result)."""

    number: int
    game_id: str
    # the game's team A's entrants and team B's: ((team,), (team,)), team A the higher-placed at
    # the draw; in a mêlée ((first player, partner), (first player, partner)), seated A1 B1 A2 B2
    sides: Sides
    game_totals: dict[str, int]
    game_finished: bool
    game_winner: str | None  # "A", "B", None
    hands_played: int  # scored hands, redeals not counted
    deal_count: int  # every deal on its sheet, redeals too
    stopped: bool  # ended at its totals by the organiser, before its own end
    slip: dict[str, int] | None = None  # the totals typed from the table's paper slip, if any

    @property
    def a(self) -> int:
        """Team A's number, in a team concours (in a mêlée, read `sides`)."""
        return self.sides[0][0]

    @property
    def b(self) -> int:
        return self.sides[1][0]

    @property
    def teams(self) -> tuple[int, int]:
        """The two teams' numbers, in a team concours."""
        return (self.a, self.b)

    @property
    def entrants(self) -> tuple[int, ...]:
        """Every entrant at the table, team A's first."""
        return self.sides[0] + self.sides[1]

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
        """The winning team's number (a team concours), None while playing or for a draw."""
        return {"A": self.a, "B": self.b}.get(self.side_won or "")

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning side's entrants (a team, or a mêlée's two players); () while playing or for a draw."""
        return {"A": self.sides[0], "B": self.sides[1]}.get(self.side_won or "", ())

    @property
    def hands(self) -> int:
        """Scored hands: a result typed from a slip stands for a whole game."""
        return self.hands_played if self.slip is None else max(self.hands_played, 1)

    def result(self) -> TableResult:
        return TableResult(
            a=self.sides[0],
            b=self.sides[1],
            totals=self.totals,
            finished=self.finished,
            winner=self.side_won,
            hands=self.hands,
        )


@dataclass
class Round:
    number: int
    drawn_at: str
    closed_at: str | None
    drawn_order: list[int]
    rests: list[int]  # the entrants resting: a team at most, up to three players of a mêlée
    tables: list[Table] = field(default_factory=list)

    @property
    def rest(self) -> int | None:
        """The team resting, in a team concours (in a mêlée, read `rests`)."""
        return self.rests[0] if self.rests else None

    @property
    def closed(self) -> bool:
        """Closed by the organiser (or by the next draw), or by itself once every game is finished."""
        return self.closed_at is not None or (bool(self.tables) and all(table.finished for table in self.tables))

    def result(self) -> RoundResult:
        return RoundResult(self.number, [table.result() for table in self.tables], tuple(self.rests), self.closed)


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
    teams: list[Team]  # empty in a mêlée
    rounds: list[Round]
    standings: list[Standing] = field(default_factory=list)  # of teams, or of a mêlée's players
    format: str = "teams"  # or "melee"
    players: list[Player] = field(default_factory=list)  # a mêlée's; empty in a team concours

    @property
    def is_melee(self) -> bool:
        return self.format == "melee"

    @property
    def entrants(self) -> list[Team] | list[Player]:
        """What is drawn and ranked: the teams, or a mêlée's players."""
        return self.players if self.is_melee else self.teams

    def team(self, number: int) -> Team:
        return next(team for team in self.teams if team.number == number)

    def player(self, number: int) -> Player:
        return next(player for player in self.players if player.number == number)

    def entrant(self, number: int) -> Team | Player:
        """The team, or in a mêlée the player, of that number (a standing's `entrant`)."""
        return self.player(number) if self.is_melee else self.team(number)

    def sides(self, table: Table) -> tuple[Side, Side]:
        """Team A and team B of a table as the pages name them: the concours's teams, or in a
        mêlée the two partners each (« Ana et Bruno »)."""
        return self.side(table.sides[0]), self.side(table.sides[1])

    def side(self, numbers: tuple[int, ...]) -> Side:
        """A side of entrants, named: (team,), or a mêlée's (player, partner)."""
        if not self.is_melee:
            team = self.team(numbers[0])
            return Side(numbers, team.name, team.players)
        names = tuple(self.player(number).name for number in numbers)
        return Side(numbers, side_name(*names), names)

    def reinstatable(self, entrant: Team | Player) -> bool:
        """A withdrawn team (or player) may come back (« Réintégrer ») until the next draw: a draw
        made without it has paired the others as if it were gone, and undoing that is the draw's
        own undo."""
        if entrant.withdrawn_at is None:
            return False
        return self.current is None or entrant.withdrawn_at > self.current.drawn_at

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


def entrants(concours: Concours) -> list[Entrant]:
    """The teams (or players) as the ranking takes them: the first partie's drawn order is the last
    tie-break."""
    first = concours.rounds[0].drawn_order if concours.rounds else []
    position = {number: index for index, number in enumerate(first)}
    return [Entrant(e.number, e.name, position.get(e.number), e.active) for e in concours.entrants]


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
        format=row["format"],
        players=[
            Player(p["number"], p["name"], p["withdrawn_at"] is None, p["created_at"], p["withdrawn_at"])
            for p in store.players(db, concours_id)
        ],
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
            Round(r["number"], r["drawn_at"], r["closed_at"], r["drawn_order"], r["rests"])
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
                sides=store.sides_of(t),
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
        entrants(concours),
        [round_.result() for round_ in concours.rounds],
        concours.ranking,
        concours.bye,
        concours.tiebreaks,
    )
    return concours
