"""The chances of each team, from the club's deals (docs/chances.md): one distribution from every
scored hand of the archive's finished games, and a table per end, computed once and kept in this
process until the club's deals change.

The key is the chances' revision (m022), which moves only when a finished game's rows are written
or deleted (a game finished, a finished game corrected, deleted or imported): a hand recorded in a
game still being played leaves it as it was, and its answer costs the chances one row's read. The
first answer after it moved reads the club's deals again and computes the tables it needs; every
other answer looks them up. The rules of a game do not enter: its end alone decides when a game is
over (`ending.outcome_of`), and the club's deals are the same for every game. A second database
(the tests') is another archive: its deals are read.
"""

from __future__ import annotations

import threading
from typing import Any

import sqlite_utils

from scorekeeper.belote.chances import Chances, DealsTable, Distribution, PointsTable, distribution, table
from scorekeeper.belote.ending import End
from scorekeeper.belote.sheet import Sheet
from scorekeeper.store import chances as store

Table = PointsTable | DealsTable


class Tables:
    """The club's distribution at the chances' revision last read (None below 200 hands), and its
    tables by end. A lock, so that two requests never compute one table twice."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._state: tuple[str, str] | None = None
        self._club: Distribution | None = None
        self._tables: dict[End, Table] = {}
        self.computed = 0  # how many tables this process has computed (the tests count them)

    def get(self, db: sqlite_utils.Database, end: End) -> Table | None:
        state = store.chances_state(db)
        with self._lock:
            if state != self._state:
                self._state, self._tables = state, {}
                self._club = distribution(store.deal_distribution(db))
            if self._club is None:
                return None
            if end not in self._tables:
                self._tables[end] = table(self._club, end)
                self.computed += 1
            return self._tables[end]


TABLES = Tables()


def of_sheet(db: sqlite_utils.Database, sheet: Sheet) -> Chances | None:
    """A game's chances where it stands; None once it is over, or while the club has too few hands."""
    if sheet.finished:
        return None
    game, totals = sheet.game, sheet.totals
    if game.end.points is not None:
        return in_points(db, game.end, totals["A"], totals["B"])
    return in_deals(db, game.end, sheet.hands_played, totals["A"] - totals["B"])


def of_concours(db: sqlite_utils.Database, data: dict[str, Any]) -> dict[str, Chances]:
    """The chances of each unfinished table of a concours's current partie, by its game's id
    (`data`: the concours's API JSON, as its screen reads it); none without the club's hands."""
    if not data["rounds"]:
        return {}
    end = End(**data["end"])
    found = {}
    for line in data["rounds"][-1]["tables"]:
        if line["finished"]:
            continue
        a, b = line["totals"]["A"], line["totals"]["B"]
        if end.points is not None:
            chances = in_points(db, end, a, b)
        else:
            chances = in_deals(db, end, line["hands_played"], a - b)
        if chances is not None:
            found[line["game"]] = chances
    return found


def in_points(db: sqlite_utils.Database, end: End, a: int, b: int) -> Chances | None:
    """The chances of a game in points at totals (a, b); None without enough of the club's hands."""
    found = TABLES.get(db, end)
    assert found is None or isinstance(found, PointsTable)
    return None if found is None else found.chances(a, b)


def in_deals(db: sqlite_utils.Database, end: End, hands_played: int, difference: int) -> Chances | None:
    """The chances of a game in deals after `hands_played` scored hands, A ahead by `difference`."""
    found = TABLES.get(db, end)
    assert found is None or isinstance(found, DealsTable)
    return None if found is None else found.chances(hands_played, difference)
