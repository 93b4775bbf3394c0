"""What the room's screen shows, read from the concours's API JSON (`concours_json`): the heading,
the clock, the current partie's tables, the resting team, the ranking, each list cut into pages.

The screen is drawn here alone: for its page, and for the board static/concours_screen.js asks for
every 2 s and swaps in (routes.board), as for the plain refresh of a browser without JavaScript.

A page holds a fixed number of lines: the screen's type is sized in units of the viewport, so a
1920×1080 and a 1280×720 screen hold the same lines, and the server, which cannot measure the
screen, cuts the pages.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

TURN_S = 15  # a page of tables or of the ranking stays this long before the next one
TABLES_PER_PAGE = 16  # one a line
MELEE_TABLES_PER_PAGE = 12  # a mêlée's tables name two players a side, one above the other: taller lines
RANKING_PER_PAGE = 12
TEAMS_PER_PAGE = 24  # before the first draw: two columns of twelve
FINAL_PER_PAGE = 16  # the final ranking, in the tables' place


@dataclass(frozen=True)
class TableLine:
    number: int
    game: str  # its game's id: what the screen's script marks a table by when its line changes
    names: tuple[tuple[str, ...], tuple[str, ...]]  # each side's: its team's name, or a mêlée's two players
    totals: tuple[int, int]
    status: str  # "donne 7 sur 12", "Terminée", …
    finished: bool
    winner: str | None  # "A", "B", or None (playing, or a draw)


@dataclass(frozen=True)
class RankLine:
    rank: int
    name: str
    score: str  # the points ranking by points ("3170"), the wins by wins ("2½ v.")
    detail: str  # the difference, which breaks their ties: "+450"
    withdrawn: bool


@dataclass(frozen=True)
class Paged:
    """One page of a list: its lines, which page it is (from 0), how many pages and lines in all."""

    lines: list[Any]
    page: int
    pages: int
    total: int


@dataclass(frozen=True)
class Clock:
    elapsed: str  # "depuis 23 min" since the draw; "terminée" once the partie is closed
    left: str  # "reste 12 min", "temps écoulé", "" without a time limit
    out: bool  # the time limit is past


@dataclass(frozen=True)
class Board:
    name: str
    state: str  # "registering" (no draw yet), "playing", "closed" (between parties), "final"
    heading: str  # "Partie 3 sur 5", "Inscriptions", "Classement final"
    clock: Clock
    tables: Paged
    rests: list[str]  # the resting team's name, or a mêlée's resting players (up to three)
    ranking: Paged
    provisional: bool
    teams: Paged  # before the first draw: the teams registered (a mêlée's players), each (number, name, cote)
    final: Paged  # after the last partie: the ranking, in full
    melee: bool  # players, not teams: « Joueurs inscrits », « Exempts : … »


def page_of(lines: list[Any], per_page: int, turn: int, pinned: int | None = None) -> Paged:
    """The `turn`-th page of `lines`, counting round (turn 7 of 3 pages is page 1); or the page
    `pinned` (from 1, as the screen says « page 2 sur 3 »), the last one for a list shorter."""
    pages = max(1, math.ceil(len(lines) / per_page))
    page = min(pinned, pages) - 1 if pinned is not None else turn % pages
    return Paged(lines[page * per_page : (page + 1) * per_page], page, pages, len(lines))


def turn_at(now: datetime) -> int:
    """Which turn of the pages a clock shows: every screen at the same time shows the same page."""
    return int(now.timestamp()) // TURN_S


def table_status(table: dict[str, Any], end: dict[str, int]) -> str:
    """ "donne 7 sur 12" while the table plays its 7th deal of 12 (6 scored); its end once finished."""
    if table.get("slip") is not None:
        return "Feuille papier"
    if table["finished"]:
        return "Arrêtée" if table.get("stopped") else "Terminée"
    deal = table["hands_played"] + 1
    if "deals" in end:
        return f"donne {min(deal, end['deals'])} sur {end['deals']}"
    return f"donne {deal}"


def wins_text(won: int, drawn: int) -> str:
    """Wins as the ranking counts them, a draw ½: "2 v.", "2½ v."."""
    whole, half = divmod(2 * won + drawn, 2)
    return f"{whole}{'½' if half else ''} v."


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


def rank_line(standing: dict[str, Any], names: dict[int, str], ranking: str) -> RankLine:
    if ranking == "wins":
        score, detail = wins_text(standing["won"], standing["drawn"]), signed(standing["difference"])
    else:
        score, detail = str(standing["points"]), signed(standing["difference"])
    who = standing["player"] if "player" in standing else standing["team"]
    return RankLine(standing["rank"], names[who], score, detail, not standing.get("active", True))


def is_melee(data: dict[str, Any]) -> bool:
    return data.get("format") == "melee"


def entrants(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Who is ranked: the teams, or a mêlée's players (each {"number", "name", "active"})."""
    return data["players"] if is_melee(data) else data["teams"]


def side_names(side: Any, names: dict[int, str]) -> tuple[str, ...]:
    """A table's side as the screen names it: a team's number gives its name; a mêlée's side, a list
    of two players' numbers, their two names (CONCOURS.md, "JSON API")."""
    return tuple(names[number] for number in side) if isinstance(side, list) else (names[side],)


def winner_side(table: dict[str, Any]) -> str | None:
    """ "A" or "B", the side that won (`winner` names its team, or a mêlée's two players), or None."""
    sides = {"A": table["teams"][0], "B": table["teams"][1]}
    return next((side for side, who in sides.items() if who == table["winner"] and who is not None), None)


def resting(round_: dict[str, Any], names: dict[int, str]) -> list[str]:
    """The resting team's name, or a mêlée's resting players' names (`rests` a list of numbers)."""
    rests = round_["rests"]
    if rests is None:
        return []
    return [names[number] for number in rests] if isinstance(rests, list) else [names[rests]]


def duration(minutes: int) -> str:
    """ "45 min", and past the hour "1 h 05"."""
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60:02d}"


def clock(state: str, round_: dict[str, Any] | None, time_limit: int | None, now: datetime) -> Clock:
    """Minutes since the draw, and what is left of the time limit, while the partie plays."""
    if state != "playing" or round_ is None:
        return Clock({"registering": "tirage à venir", "closed": "partie terminée"}.get(state, ""), "", False)
    seconds = (now - datetime.fromisoformat(round_["drawn_at"])).total_seconds()
    elapsed = f"depuis {duration(max(0, int(seconds // 60)))}"
    if time_limit is None:
        return Clock(elapsed, "", False)
    left = time_limit * 60 - seconds
    if left <= 0:
        return Clock(elapsed, "temps écoulé", True)
    return Clock(elapsed, f"reste {math.ceil(left / 60)} min", False)


def board(
    data: dict[str, Any], now: datetime, turn: int, pinned: int | None = None, cotes: dict[int, int] | None = None
) -> Board:
    """The screen of the concours `data` (its API JSON) at `now`, its lists at the clock's `turn`,
    or at the page `pinned` (from 1) when one is asked. `cotes`: each team's cote by its number,
    shown beside it before the first draw, for information (docs/ratings.md); none for a mêlée."""
    cotes = cotes or {}
    names = {entrant["number"]: entrant["name"] for entrant in entrants(data)}
    round_ = data["rounds"][-1] if data["rounds"] else None
    final = round_ is not None and len(data["rounds"]) >= data["parties"] and round_["state"] == "closed"
    if round_ is None:
        state, heading = "registering", "Inscriptions"
    elif final:
        state, heading = "final", "Classement final"
    else:
        state = "playing" if round_["state"] == "playing" else "closed"
        heading = f"Partie {round_['number']} sur {data['parties']}"
    tables = [
        TableLine(
            number=table["table"],
            game=table["game"],
            names=(side_names(table["teams"][0], names), side_names(table["teams"][1], names)),
            totals=(table["totals"]["A"], table["totals"]["B"]),
            status=table_status(table, data["end"]),
            finished=table["finished"],
            winner=winner_side(table),
        )
        for table in (round_["tables"] if round_ else [])
    ]
    ranked = [rank_line(standing, names, data["ranking"]) for standing in data["standings"]]
    registered = [
        (entrant["number"], entrant["name"], cotes.get(entrant["number"]))
        for entrant in entrants(data)
        if entrant["active"]
    ]
    return Board(
        name=data["name"],
        state=state,
        heading=heading,
        clock=clock(state, round_, data["time_limit"], now),
        tables=page_of(
            tables if not final else [], MELEE_TABLES_PER_PAGE if is_melee(data) else TABLES_PER_PAGE, turn, pinned
        ),
        rests=resting(round_, names) if round_ and not final else [],
        ranking=page_of(ranked if round_ and not final else [], RANKING_PER_PAGE, turn, pinned),
        provisional=any(standing["provisional"] for standing in data["standings"]),
        teams=page_of(registered if round_ is None else [], TEAMS_PER_PAGE, turn, pinned),
        final=page_of(ranked if final else [], FINAL_PER_PAGE, turn, pinned),
        melee=is_melee(data),
    )
