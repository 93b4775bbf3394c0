"""The chances of each team, from the club's deals (docs/chances.md): a table per scoring rules and
end, computed from the archive once and kept in this process until the archive changes.

The archive's revision (m016) moves at every write of a game's derived rows, a hand recorded
anywhere among them: the first answer that needs a table after that computes it again (tens of
milliseconds for a game to 2000: docs/performance.md), every later one reads it. Only the latest
revision's tables are kept; a second database (the tests') is another archive.
"""

from __future__ import annotations

import threading
from typing import Any

import sqlite_utils

from scorekeeper.belote.chances import Chances, DealsTable, PointsTable, distribution, table
from scorekeeper.belote.ending import End
from scorekeeper.belote.game import Rules
from scorekeeper.belote.game_input import parse_rules
from scorekeeper.belote.sheet import Sheet
from scorekeeper.store import chances as store

Table = PointsTable | DealsTable


class Tables:
    """The tables of one archive state, by (rounding, house rules, end): None where the club has
    too few hands under those rules. A lock, so that two requests never compute one table twice."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._state: tuple[str, str] | None = None
        self._tables: dict[tuple[Any, ...], Table | None] = {}
        self.computed = 0  # how many tables this process has computed (the tests count them)

    def get(self, db: sqlite_utils.Database, rules: Rules, end: End) -> Table | None:
        state = store.archive_state(db)
        key = (rules.rounding, rules.house, end)
        with self._lock:
            if state != self._state:
                self._state, self._tables = state, {}
            if key not in self._tables:
                club = distribution(store.deal_distribution(db, rules))
                self._tables[key] = None if club is None else table(club, end)
                self.computed += 1
            return self._tables[key]


TABLES = Tables()


def of_sheet(db: sqlite_utils.Database, sheet: Sheet) -> Chances | None:
    """A game's chances where it stands; None once it is over, or while the club has too few hands."""
    if sheet.finished:
        return None
    game, totals = sheet.game, sheet.totals
    if game.end.points is not None:
        return in_points(db, game.rules, game.end, totals["A"], totals["B"])
    return in_deals(db, game.rules, game.end, sheet.hands_played, totals["A"] - totals["B"])


def of_concours(db: sqlite_utils.Database, data: dict[str, Any]) -> dict[str, Chances]:
    """The chances of each unfinished table of a concours's current partie, by its game's id
    (`data`: the concours's API JSON, as its screen reads it); none without the club's hands."""
    if not data["rounds"]:
        return {}
    rules, end = parse_rules(data["rules"]), End(**data["end"])
    found = {}
    for line in data["rounds"][-1]["tables"]:
        if line["finished"]:
            continue
        a, b = line["totals"]["A"], line["totals"]["B"]
        if end.points is not None:
            chances = in_points(db, rules, end, a, b)
        else:
            chances = in_deals(db, rules, end, line["hands_played"], a - b)
        if chances is not None:
            found[line["game"]] = chances
    return found


def in_points(db: sqlite_utils.Database, rules: Rules, end: End, a: int, b: int) -> Chances | None:
    """The chances of a game in points at totals (a, b); None without enough of the club's hands."""
    found = TABLES.get(db, rules, end)
    assert found is None or isinstance(found, PointsTable)
    return None if found is None else found.chances(a, b)


def in_deals(db: sqlite_utils.Database, rules: Rules, end: End, hands_played: int, difference: int) -> Chances | None:
    """The chances of a game in deals after `hands_played` scored hands, A ahead by `difference`."""
    found = TABLES.get(db, rules, end)
    assert found is None or isinstance(found, DealsTable)
    return None if found is None else found.chances(hands_played, difference)
