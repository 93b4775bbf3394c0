"""The stored inputs of a concours: its settings, its teams (or a mêlée's players) as registered,
each partie's draw (when, the order drawn, who rests, when the organiser closed it) and the game
each table plays (with, in a mêlée, its four players by seat). The
ranking and the results are derived from these and from the tables' games (services.concours)."""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from scorekeeper.belote.concours.entry import ConcoursInput
from scorekeeper.belote.concours.standings import ByeFixed, Sides
from scorekeeper.store.db import execute, insert, rows


def insert_concours(
    db: sqlite_utils.Database, concours_id: str, entry: ConcoursInput, evening_id: int, at: str
) -> None:
    bye = entry.bye if isinstance(entry.bye, ByeFixed) else None
    insert(
        db,
        "concours",
        {
            "id": concours_id,
            "name": entry.name,
            "evening_id": evening_id,
            "parties": entry.parties,
            "end_points": entry.end.points,
            "end_deals": entry.end.deals,
            "time_limit": entry.time_limit,
            "rules": json.dumps(entry.rules.as_json(), ensure_ascii=False),
            "ranking": entry.ranking,
            "pairing": entry.pairing,
            "bye_points": bye.points if bye else None,
            "bye_conceded": bye.conceded if bye else None,
            "tiebreaks": json.dumps(list(entry.tiebreaks)) if entry.tiebreaks is not None else None,
            "format": entry.format,
            "created_at": at,
        },
    )


def fetch_concours(db: sqlite_utils.Database, concours_id: str) -> dict[str, Any] | None:
    found = rows(db, "select * from concours where id = ?", [concours_id])
    return found[0] if found else None


def tiebreaks_of(row: dict[str, Any]) -> tuple[str, ...] | None:
    """A concours row's tie-breaks as entered, None for the ranking's usual order."""
    return tuple(json.loads(row["tiebreaks"])) if row["tiebreaks"] is not None else None


def all_concours(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """Every concours, newest first, with its evening's date (`evening_date`) for the list."""
    return rows(
        db,
        "select c.*, e.date as evening_date from concours c join evenings e on e.id = c.evening_id"
        " order by c.created_at desc, c.id",
    )


def insert_team(db: sqlite_utils.Database, concours_id: str, name: str, players: tuple[str, str], at: str) -> int:
    """Register a team under the next number (registration order); returns its number."""
    number = rows(
        db, "select coalesce(max(number), 0) + 1 as n from concours_teams where concours_id = ?", [concours_id]
    )
    team_number = number[0]["n"]
    insert(
        db,
        "concours_teams",
        {
            "concours_id": concours_id,
            "number": team_number,
            "name": name,
            "player_0": players[0],
            "player_1": players[1],
            "withdrawn_at": None,
            "created_at": at,
        },
    )
    return team_number


def teams(db: sqlite_utils.Database, concours_id: str) -> list[dict[str, Any]]:
    return rows(db, "select * from concours_teams where concours_id = ? order by number", [concours_id])


def withdraw_team(db: sqlite_utils.Database, concours_id: str, number: int, at: str | None) -> None:
    execute(
        db, "update concours_teams set withdrawn_at = ? where concours_id = ? and number = ?", [at, concours_id, number]
    )


def insert_player(db: sqlite_utils.Database, concours_id: str, name: str, at: str) -> int:
    """Register a mêlée's player under the next number (registration order); returns its number."""
    number = rows(
        db, "select coalesce(max(number), 0) + 1 as n from concours_players where concours_id = ?", [concours_id]
    )[0]["n"]
    insert(
        db,
        "concours_players",
        {"concours_id": concours_id, "number": number, "name": name, "withdrawn_at": None, "created_at": at},
    )
    return number


def players(db: sqlite_utils.Database, concours_id: str) -> list[dict[str, Any]]:
    return rows(db, "select * from concours_players where concours_id = ? order by number", [concours_id])


def withdraw_player(db: sqlite_utils.Database, concours_id: str, number: int, at: str | None) -> None:
    execute(
        db,
        "update concours_players set withdrawn_at = ? where concours_id = ? and number = ?",
        [at, concours_id, number],
    )


def insert_round(
    db: sqlite_utils.Database, concours_id: str, number: int, order: list[int], rests: list[int], melee: bool, at: str
) -> None:
    """A partie's draw: a team concours keeps its one resting team in `rest`, a mêlée its resting
    players as a JSON list in `rests` (m019)."""
    insert(
        db,
        "concours_rounds",
        {
            "concours_id": concours_id,
            "number": number,
            "drawn_at": at,
            "closed_at": None,
            "drawn_order": json.dumps(order),
            "rest": None if melee or not rests else rests[0],
            "rests": json.dumps(rests) if melee else None,
        },
    )


def rounds(db: sqlite_utils.Database, concours_id: str) -> list[dict[str, Any]]:
    """Each partie's draw, its resting entrants as one list (`rests`) whatever the format."""
    found = rows(db, "select * from concours_rounds where concours_id = ? order by number", [concours_id])
    return [{**row, "drawn_order": json.loads(row["drawn_order"]), "rests": rests_of(row)} for row in found]


def rests_of(row: dict[str, Any]) -> list[int]:
    """A stored partie's resting entrants as one list: a mêlée's `rests` (JSON), a team concours's `rest`."""
    if row["rests"] is not None:
        return json.loads(row["rests"])
    return [row["rest"]] if row["rest"] is not None else []


def set_closed(db: sqlite_utils.Database, concours_id: str, number: int, at: str | None) -> None:
    execute(
        db, "update concours_rounds set closed_at = ? where concours_id = ? and number = ?", [at, concours_id, number]
    )


def delete_round(db: sqlite_utils.Database, concours_id: str, number: int) -> None:
    execute(db, "delete from concours_tables where concours_id = ? and round = ?", [concours_id, number])
    execute(db, "delete from concours_rounds where concours_id = ? and number = ?", [concours_id, number])


SEATS = ("player_a1", "player_b1", "player_a2", "player_b2")  # a mêlée table's players, as its game seats them


def insert_table(
    db: sqlite_utils.Database,
    concours_id: str,
    round_number: int,
    table: int,
    game_id: str,
    sides: Sides,
) -> None:
    """A table of a partie: `sides` are team A's and team B's entrants, (team,) each in a team
    concours, (first player, partner) each in a mêlée (stored by seat, A1 B1 A2 B2)."""
    a, b = sides
    row: dict[str, Any] = {"game_id": game_id, "concours_id": concours_id, "round": round_number, "number": table}
    if len(a) == 1:
        row.update(team_a=a[0], team_b=b[0])
    else:
        row.update(zip(SEATS, (a[0], b[0], a[1], b[1]), strict=True))
    insert(db, "concours_tables", row)


def sides_of(row: dict[str, Any]) -> Sides:
    """A stored table's sides, as `insert_table` took them."""
    if row["team_a"] is not None:
        return (row["team_a"],), (row["team_b"],)
    return (row["player_a1"], row["player_a2"]), (row["player_b1"], row["player_b2"])


def set_slip(db: sqlite_utils.Database, game_id: str, totals: dict[str, int] | None) -> None:
    """The totals typed from the table's paper slip (None: taken back, the game's own count again)."""
    a, b = (totals["A"], totals["B"]) if totals else (None, None)
    execute(db, "update concours_tables set slip_a = ?, slip_b = ? where game_id = ?", [a, b, game_id])


def table_of_game(db: sqlite_utils.Database, game_id: str) -> dict[str, Any] | None:
    """The concours table a game is played at (with the concours's name), or None for an ordinary game."""
    found = rows(
        db,
        "select t.*, c.name as concours_name, c.parties from concours_tables t join concours c on c.id = t.concours_id"
        " where t.game_id = ?",
        [game_id],
    )
    return found[0] if found else None


def tables_with_games(db: sqlite_utils.Database, concours_id: str) -> list[dict[str, Any]]:
    """Every table of every partie with where its game stands: its end, when it was stopped, and its
    derived summary (totals, winner, finished, hands), which every write to the game refreshes."""
    return rows(
        db,
        "select t.*, g.target, g.end_deals, g.stopped_at, s.total_a, s.total_b, s.winner,"
        " s.finished, s.hand_count, s.deal_count from concours_tables t join games g on g.id = t.game_id"
        " join game_summaries s on s.game_id = t.game_id where t.concours_id = ? order by t.round, t.number",
        [concours_id],
    )


def revision(db: sqlite_utils.Database, concours_id: str) -> str:
    """Everything a read of the concours shows is derived from these: its teams, its draws and
    closings, its tables and their slips, and every write to the tables' games (each an action,
    as a game's revision counts them). A read that finds them unchanged needs build nothing."""
    found = rows(
        db,
        "select (select count(*) from concours where id = :id) as found,"
        " (select group_concat(number || ':' || name || ':' || coalesce(withdrawn_at, ''), '|')"
        "  from concours_teams where concours_id = :id) as teams,"
        " (select group_concat(number || ':' || name || ':' || coalesce(withdrawn_at, ''), '|')"
        "  from concours_players where concours_id = :id) as players,"
        " (select group_concat(number || ':' || drawn_at || ':' || coalesce(closed_at, ''), '|')"
        "  from concours_rounds where concours_id = :id) as rounds,"
        " (select group_concat(game_id || ':' || coalesce(slip_a, '') || ':' || coalesce(slip_b, ''), '|')"
        "  from concours_tables where concours_id = :id) as tables,"
        " (select count(*) || ':' || coalesce(max(a.id), 0) from concours_tables t"
        "  join actions a on a.game_id = t.game_id where t.concours_id = :id) as actions",
        {"id": concours_id},
    )[0]
    return "/".join(str(value) for value in found.values())
