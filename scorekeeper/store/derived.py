"""Derived tables: what the archive, the search and the statistics read, computed from the inputs.

Storage keeps what the table entered; these tables are caches of `build_sheet`'s answers, kept so
that a page over 5,000 games reads a few indexed rows instead of rescoring every deal, and a phone
loading a sheet reads one row. They are never trusted over the inputs: each write to a game
brings that game's rows up to date in its own transaction (`add_last_deal` for a recorded deal,
`refresh_game`, which rebuilds them, for the rest), and `rebuild_all` (`flask --app scorekeeper
rebuild-derived`, and `migrate` after an update of the code that computes them) throws them all
away and computes them again.

- `game_summaries`: one row per game (evening, totals, winner, deal count, last activity).
- `game_players`: one row per seat of each game, with that player's figures in the game.
- `game_teams`: one row per team of each game; a team is its pair of players, whatever its name.
- `deal_facts`: one row per live deal (who took, the contract, made or not, the scores).
- `game_sheets`: one row per game, its sheet's JSON text as the API answers it and the revision
  it is of, so that loading a sheet reads one row. `made_by` fingerprints the code that wrote it
  (`serialize.SHEET_CODE`): a row written by other code is not served, and `migrate` rewrites
  every derived table when the code changed.

A migration that changes one of these tables drops and re-creates it, then calls `rebuild_all`.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from scorekeeper.belote.sheet import Deal, GameRules, Sheet, build_sheet, team_of_player, winner_of
from scorekeeper.belote.sheet_json import SHEET_CODE, sheet_to_text
from scorekeeper.belote.terms import Coinche, ContractKind
from scorekeeper.store import games as store

TABLES = ("game_sheets", "deal_facts", "game_players", "game_teams", "game_summaries")

# Each player's or team's figures in one game, summed by the statistics.
FIGURES = (
    "taken",  # hands taken
    "made",  # of those, made
    "coinche_def",  # coinches made: the team defended a coinched (or surcoinched) contract
    "coinche_def_won",  # of those, the contract failed
    "coinche_took",  # coinches suffered: a contract taken was coinched
    "coinche_took_made",  # of those, made all the same
    "capot_taken",
    "capot_made",
    "capot_unannounced",  # all tricks on a numeric contract
    "generale_taken",
    "generale_made",
)


def name_key(name: str) -> str:
    """A player's name as the archive matches it: no accents, no case, single spaces."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(char for char in text if not unicodedata.combining(char))
    return " ".join(text.casefold().split())


def pair_key(first: str, second: str) -> str:
    """A team as a pair of partners, whichever sat first: 'ana|chloe'."""
    return "|".join(sorted((name_key(first), name_key(second))))


# --- one game's rows -----------------------------------------------------------------------


def _deal_fact(game: GameRules, deal: Deal, evening_id: int | None) -> dict[str, Any]:
    row: dict[str, Any] = {
        "game_id": game.id,
        "number": deal.number,
        "kind": deal.kind,
        "evening_id": evening_id,
        "played_at": game.created_at,
        "dealer": deal.dealer,
        "taker": None,
        "taker_player": None,
        "taker_key": None,
        "contract": None,
        "contract_value": None,
        "mode": None,
        "coinche": None,
        "made": None,
        "all_tricks": None,
        "reason": deal.reason,
        "score_a": deal.scores["A"],
        "score_b": deal.scores["B"],
        "total_a": deal.totals["A"],
        "total_b": deal.totals["B"],
    }
    if deal.is_hand:
        hand, result = deal.hand, deal.result
        player = deal.taker_player
        row.update(
            taker=hand.taker.value,
            taker_player=player,
            taker_key=name_key(game.players[player]) if player is not None else None,
            contract=str(hand.contract.code),
            contract_value=hand.contract.value,
            mode=hand.mode.value,
            coinche=hand.coinche.value,
            made=int(result.made),
            all_tricks=int(hand.all_tricks),
        )
    return row


def _count(figures: dict[str, int], fact: dict[str, Any], took: bool, defended: bool) -> None:
    """Add one hand to a player's or a team's figures in a game."""
    coinched = fact["coinche"] != Coinche.NONE.value
    made = bool(fact["made"])
    if defended and coinched:
        figures["coinche_def"] += 1
        figures["coinche_def_won"] += not made
    if not took:
        return
    figures["taken"] += 1
    figures["made"] += made
    if coinched:
        figures["coinche_took"] += 1
        figures["coinche_took_made"] += made
    kind = fact["contract"]
    if kind == ContractKind.CAPOT.value:
        figures["capot_taken"] += 1
        figures["capot_made"] += made
    elif kind == ContractKind.GENERALE.value:
        figures["generale_taken"] += 1
        figures["generale_made"] += made
    elif fact["all_tricks"]:
        figures["capot_unannounced"] += 1


def game_rows(sheet: Sheet, evening_id: int | None, last_activity: str) -> dict[str, list[dict[str, Any]]]:
    """The derived rows of one game, table by table."""
    game = sheet.game
    winner = sheet.winner
    facts = [_deal_fact(game, deal, evening_id) for deal in sheet.deals]
    hands = [fact for fact in facts if fact["kind"] == "hand"]
    common = {"game_id": game.id, "evening_id": evening_id, "played_at": game.created_at}
    summary = {
        **common,
        "total_a": sheet.totals["A"],
        "total_b": sheet.totals["B"],
        "winner": winner,
        "finished": int(sheet.finished),
        "deal_count": len(facts),
        "hand_count": len(hands),
        "last_activity": last_activity,
    }
    players = []
    for seat, name in enumerate(game.players):
        team = team_of_player(seat).value
        figures = dict.fromkeys(FIGURES, 0)
        for fact in hands:
            _count(figures, fact, took=fact["taker_player"] == seat, defended=fact["taker"] != team)
        players.append(
            {
                **common,
                "seat": seat,
                "team": team,
                "name": name,
                "name_key": name_key(name),
                "partner_key": name_key(game.players[(seat + 2) % 4]),
                "finished": int(sheet.finished),
                "won": int(winner == team),
                "hands": len(hands),
                "points": sheet.totals[team],
                **figures,
            }
        )
    teams = []
    for team, seats in (("A", (0, 2)), ("B", (1, 3))):
        figures = dict.fromkeys(FIGURES, 0)
        for fact in hands:
            _count(figures, fact, took=fact["taker"] == team, defended=fact["taker"] != team)
        first, second = (game.players[seat] for seat in seats)
        teams.append(
            {
                **common,
                "team": team,
                "name": game.teams[team],
                "players": f"{first} & {second}",
                "pair_key": pair_key(first, second),
                "finished": int(sheet.finished),
                "won": int(winner == team),
                "hands": len(hands),
                "points": sheet.totals[team],
                **figures,
            }
        )
    return {
        "game_summaries": [summary],
        "game_players": players,
        "game_teams": teams,
        "deal_facts": facts,
        "game_sheets": [_sheet_row(game.id, sheet.revision, sheet_to_text(sheet))],
    }


def _sheet_row(game_id: str, revision: int, text: str) -> dict[str, Any]:
    return {"game_id": game_id, "revision": revision, "made_by": SHEET_CODE, "body": text}


def stored_sheet(db: sqlite_utils.Database, game_id: str) -> tuple[int, str] | None:
    """The game's sheet as last written (revision, JSON text), if this code wrote it."""
    row = db.conn.execute(
        "select revision, body from game_sheets where game_id = ? and made_by = ?", [game_id, SHEET_CODE]
    ).fetchone()
    return (row[0], row[1]) if row else None


# --- writing them --------------------------------------------------------------------------


def _insert(db: sqlite_utils.Database, table: str, rows: list[dict[str, Any]]) -> None:
    if not rows:
        return
    columns = list(rows[0])
    sql = f"insert into {table} ({', '.join(columns)}) values ({', '.join('?' for _ in columns)})"
    db.conn.executemany(sql, [[row[column] for column in columns] for row in rows])


def _write(
    db: sqlite_utils.Database, rows_by_table: Iterable[dict[str, list[dict[str, Any]]]], tables=TABLES
) -> None:
    merged: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for rows in rows_by_table:
        for table, table_rows in rows.items():
            merged[table].extend(table_rows)
    for table in reversed(tables):  # the summary first, then the rows that hang off the game
        _insert(db, table, merged[table])


def refresh_game(db: sqlite_utils.Database, game_id: str) -> None:
    """Rebuild one game's derived rows from its inputs; called inside each write's transaction."""
    for table in TABLES:
        db.conn.execute(f"delete from {table} where game_id = ?", [game_id])
    game = store.fetch_game(db, game_id)
    if game is None:
        return
    evening_id = db.conn.execute("select evening_id from games where id = ?", [game_id]).fetchone()[0]
    last, revision = db.conn.execute(
        "select max(created_at), count(*) from actions where game_id = ?", [game_id]
    ).fetchone()
    sheet = build_sheet(game, store.live_deals(db, game_id), revision)
    _write(db, [game_rows(sheet, evening_id, last or game.created_at)])


@dataclass(frozen=True)
class Standing:
    """Where a game stands, as its derived rows say: what recording its next deal needs."""

    deals: int  # live deals
    totals: dict[str, int]
    text: str  # the sheet's JSON text


def standing(db: sqlite_utils.Database, game_id: str) -> Standing:
    """The game's standing, in the caller's write transaction; its rows are refreshed first if
    they are missing or were written by other code."""
    query = (
        "select s.deal_count, s.total_a, s.total_b, g.body from game_summaries s"
        " join game_sheets g on g.game_id = s.game_id where s.game_id = ? and g.made_by = ?"
    )
    row = db.conn.execute(query, [game_id, SHEET_CODE]).fetchone()
    if row is None:
        refresh_game(db, game_id)
        row = db.conn.execute(query, [game_id, SHEET_CODE]).fetchone()
    return Standing(deals=row[0], totals={"A": row[1], "B": row[2]}, text=row[3])


def add_last_deal(
    db: sqlite_utils.Database, game: GameRules, deal: Deal, revision: int, text: str, last_activity: str
) -> None:
    """Bring a game's rows up to date after `deal` was recorded at its end, in the write's
    transaction; `text` is the sheet's JSON after it, of `revision`.

    The common write, made cheap: every earlier deal, and so every earlier fact, is unchanged, so
    this inserts the new deal's fact and adds its figures to the game's, players' and teams' rows
    instead of rebuilding them all. The rows come out exactly as `refresh_game` would write them
    (tests compare the two after random games)."""
    totals = deal.totals
    winner = winner_of(totals, game.target)
    finished, is_hand = int(winner is not None), int(deal.is_hand)
    found = db.conn.execute(
        "update game_summaries set total_a = ?, total_b = ?, winner = ?, finished = ?, deal_count = ?,"
        " hand_count = hand_count + ?, last_activity = max(last_activity, ?) where game_id = ?"
        " returning evening_id",  # SQLite 3.35+; max(): as a rebuild reads it, whatever the clock did
        [totals["A"], totals["B"], winner, finished, deal.number, is_hand, last_activity, game.id],
    ).fetchone()
    if found is None:  # no rows to bring up to date: write them all
        refresh_game(db, game.id)
        return
    fact = _deal_fact(game, deal, found[0])
    _insert(db, "deal_facts", [fact])
    if is_hand:  # a redeal changes no total and no figure of any player or team
        _add_hand_to_rows(db, game, totals, fact)
    db.conn.execute(
        "insert into game_sheets (game_id, revision, made_by, body) values (?, ?, ?, ?) on conflict (game_id)"
        " do update set revision = excluded.revision, made_by = excluded.made_by, body = excluded.body",
        list(_sheet_row(game.id, revision, text).values()),
    )


def _add_hand_to_rows(db: sqlite_utils.Database, game: GameRules, totals: dict[str, int], fact: dict[str, Any]) -> None:
    """A hand's figures added to its game's players and teams, with their new points and results."""
    winner = winner_of(totals, game.target)
    finished = int(winner is not None)
    players, teams = [], []
    for seat in range(4):
        team = team_of_player(seat).value
        figures = dict.fromkeys(FIGURES, 0)
        _count(figures, fact, took=fact["taker_player"] == seat, defended=fact["taker"] != team)
        players.append([finished, int(winner == team), totals[team], *figures.values(), game.id, seat])
    for team in ("A", "B"):
        figures = dict.fromkeys(FIGURES, 0)
        _count(figures, fact, took=fact["taker"] == team, defended=fact["taker"] != team)
        teams.append([finished, int(winner == team), totals[team], *figures.values(), game.id, team])
    added = ", ".join(f"{name} = {name} + ?" for name in FIGURES)
    common = f"set finished = ?, won = ?, hands = hands + 1, points = ?, {added}"
    db.conn.executemany(f"update game_players {common} where game_id = ? and seat = ?", players)
    db.conn.executemany(f"update game_teams {common} where game_id = ? and team = ?", teams)


def rebuild_all(db: sqlite_utils.Database) -> int:
    """Throw every derived row away and compute them all again from the inputs; returns the number
    of games. The caller runs it in a transaction (a migration, the rebuild-derived command).
    An early migration calls it before the later tables exist: it writes the tables there are."""
    tables = [table for table in TABLES if db[table].exists()]
    for table in tables:
        db.conn.execute(f"delete from {table}")
    deals: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in db.query(
        "select game_id, id, kind, input as input_json, version from deals"
        " where deleted_at is null order by game_id, id"
    ):
        deals[row["game_id"]].append(row)
    actions = {
        row["game_id"]: row
        for row in db.query("select game_id, max(created_at) as at, count(*) as n from actions group by game_id")
    }
    games = list(db.query("select * from games order by id"))
    batch: list[dict[str, list[dict[str, Any]]]] = []
    for row in games:
        game = store.game_from_row(row)
        logged = actions.get(game.id, {"at": None, "n": 0})
        sheet = build_sheet(game, deals.get(game.id, []), logged["n"])
        batch.append(game_rows(sheet, row["evening_id"], logged["at"] or game.created_at))
        if len(batch) >= 500:
            _write(db, batch, tables)
            batch = []
    _write(db, batch, tables)
    return len(games)


CODE = hashlib.sha256((SHEET_CODE + Path(__file__).read_text(encoding="utf-8")).encode()).hexdigest()[:16]
CODE_KEY = "derived_made_by"  # in app_info: the CODE that last rebuilt every derived row


def rebuild_if_code_changed(db: sqlite_utils.Database) -> bool:
    """After an update that changed how the derived rows are computed (a rule, a statistic, the
    sheet's JSON), rebuild them all, once; `migrate` calls it in its transaction."""
    found = db.conn.execute("select value from app_info where key = ?", [CODE_KEY]).fetchone()
    if found and found[0] == CODE:
        return False
    rebuild_all(db)
    db.conn.execute(
        "insert into app_info (key, value) values (?, ?) on conflict (key) do update set value = excluded.value",
        [CODE_KEY, CODE],
    )
    return True
