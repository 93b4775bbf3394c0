"""The chances of each team, from the club's deals (docs/chances.md): a table per scoring rules and
end, computed from the archive once and kept in this process while the club's deals stay the same.

The archive's revision (m016) moves at every write of a game's derived rows, a hand recorded
anywhere. At the first answer of a new revision the club's deals are read again (a grouped query,
a few milliseconds: docs/performance.md), once per scoring rules; a table is kept while the deals
it was computed from are the same ones, and computed again when they are not (a game finished,
corrected, deleted or imported: tens of milliseconds for a game to 2000). Every other answer of
the revision looks it up. A hand recorded in a game still being played changes no table: its game
is not the club's yet. A second database (the tests') is another archive: its deals are read.
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
Hands = list[tuple[int, int, int]]  # the club's deals as read: (x, y, how many hands)


class Tables:
    """The tables by (rounding, house rules, end), each with the club's deals it was computed from
    (None where the club has too few hands under those rules), and the deals read at the archive's
    current state. A lock, so that two requests never compute one table twice."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._state: tuple[str, str] | None = None
        self._hands: dict[tuple[Any, ...], Hands] = {}  # read at `_state`, by scoring rules
        self._tables: dict[tuple[Any, ...], tuple[Hands, Table | None]] = {}
        self.computed = 0  # how many tables this process has computed (the tests count them)

    def get(self, db: sqlite_utils.Database, rules: Rules, end: End) -> Table | None:
        state = store.archive_state(db)
        scoring = (rules.rounding, rules.house)
        with self._lock:
            if state != self._state:
                self._state, self._hands = state, {}
            if scoring not in self._hands:
                self._hands[scoring] = sorted(store.deal_distribution(db, rules))
            hands = self._hands[scoring]
            kept = self._tables.get((*scoring, end))
            if kept is None or kept[0] != hands:
                club = distribution(hands)
                kept = (hands, None if club is None else table(club, end))
                self._tables[(*scoring, end)] = kept
                self.computed += 1
            return kept[1]


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
