"""How a game ends (CONCOURS.md, "The concours"): at a target of points, the first team to reach it
with more points than the other, or after M scored hands (redeals not counted), the team ahead
winning and equal totals a draw; and a game an organiser stopped ends at its totals, as a game in
deals does. Pure: the end as created, its JSON and French forms, and the outcome of some totals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.belote.errors import InvalidInput

DEFAULT_POINTS = 2000
TARGETS = (2000, 1000)  # the targets a game has always offered (the legacy `target` key, the form)
POINTS_RANGE = (500, 5000)  # any multiple of POINTS_STEP in it, for a concours's games
POINTS_STEP = 10
DEALS_RANGE = (4, 30)
OFFERED_DEALS = 12  # the new-game form's game in deals (a concours's usual 12 donnes)


@dataclass(frozen=True)
class End:
    """A game's end: `points` (a target) or `deals` (scored hands), exactly one of them. `End(deals=12)`
    reads as the game in 12 deals: the default target gives way to it."""

    points: int | None = DEFAULT_POINTS
    deals: int | None = None

    def __post_init__(self) -> None:
        if self.deals is not None and self.points == DEFAULT_POINTS:
            object.__setattr__(self, "points", None)
        if (self.points is None) == (self.deals is None):
            raise ValueError(f"an end is in points or in deals, exactly one: {self.points!r}, {self.deals!r}")

    def as_json(self) -> dict[str, int]:
        if self.deals is not None:
            return {"deals": self.deals}
        assert self.points is not None  # exactly one of the two (__post_init__)
        return {"points": self.points}

    def phrase(self) -> str:
        """« Partie en 2000 points », « Partie en 12 donnes »."""
        return "Partie " + self.words()

    def words(self) -> str:
        """« en 2000 points », « en 12 donnes »: the form's choices."""
        return f"en {self.deals} donnes" if self.deals is not None else f"en {self.points} points"

    def short(self) -> str:
        """The sheet's rules line's first words, as a game in points always said them: « Partie en
        2000 », « Partie en 12 donnes »."""
        return f"Partie en {self.points}" if self.points is not None else self.phrase()

    @property
    def key(self) -> str:
        """The end as one word, for a form's choice: « 2000 », « d12 »."""
        return f"d{self.deals}" if self.deals is not None else str(self.points)

    @classmethod
    def from_key(cls, key: str) -> End:
        return cls(deals=int(key[1:])) if key.startswith("d") else cls(points=int(key))


OFFERED_ENDS = (*(End(points=target) for target in TARGETS), End(deals=OFFERED_DEALS))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _bad_end() -> InvalidInput:
    return InvalidInput(
        "end",
        f'« end » doit valoir {{"points": T}} (T de {POINTS_RANGE[0]} à {POINTS_RANGE[1]}, un multiple de '
        f'{POINTS_STEP}) ou {{"deals": M}} (M de {DEALS_RANGE[0]} à {DEALS_RANGE[1]} donnes).',
    )


def parse_end(body: dict[str, Any]) -> End:
    """The end a new game's body gives: `end` ({"points": T} or {"deals": M}), or the legacy
    `target` (1000 or 2000, as a game always took it), or by default a game in 2000 points."""
    if "end" in body and "target" in body:
        raise InvalidInput("end", "« end » et « target » disent la même chose : donnez « end » seul.")
    if "target" in body:
        target = body["target"]
        if not _whole(target) or target not in TARGETS:
            raise InvalidInput("target", f"« target » doit valoir {' ou '.join(map(str, TARGETS))}.")
        return End(points=target)
    end = body.get("end", {"points": DEFAULT_POINTS})
    if not isinstance(end, dict) or len(end) != 1:
        raise _bad_end()
    ((kind, value),) = end.items()
    if kind == "points" and _whole(value) and POINTS_RANGE[0] <= value <= POINTS_RANGE[1] and value % POINTS_STEP == 0:
        return End(points=value)
    if kind == "deals" and _whole(value) and DEALS_RANGE[0] <= value <= DEALS_RANGE[1]:
        return End(deals=value)
    raise _bad_end()


def winner_of(totals: dict[str, int], target: int) -> str | None:
    """The team with more points once one has reached the target; equal totals play on."""
    a, b = totals["A"], totals["B"]
    if max(a, b) < target or a == b:
        return None
    return "A" if a > b else "B"


def ahead(totals: dict[str, int]) -> str | None:
    """The team with more points; None when the totals are equal."""
    a, b = totals["A"], totals["B"]
    return None if a == b else "A" if a > b else "B"


@dataclass(frozen=True)
class Outcome:
    """Where a game stands: over or not, and won by a team or drawn (over, no winner)."""

    finished: bool
    winner: str | None  # "A", "B", or None (playing on, or a draw)

    @property
    def draw(self) -> bool:
        return self.finished and self.winner is None

    def as_json(self) -> dict[str, Any]:
        return {"finished": self.finished, "winner": self.winner, "draw": self.draw}


PLAYING = Outcome(False, None)


def outcome_of(totals: dict[str, int], hands_played: int, end: End, stopped: bool = False) -> Outcome:
    """The outcome of a game at these totals after `hands_played` scored hands: a game in points is
    over once a team has won it (`winner_of`); a game in deals once it has had its M hands, and a
    stopped game at once, each won by the team ahead, or drawn."""
    if end.points is not None and not stopped:
        winner = winner_of(totals, end.points)
        return PLAYING if winner is None else Outcome(True, winner)
    if stopped or (end.deals is not None and hands_played >= end.deals):  # not in points: in deals
        return Outcome(True, ahead(totals))
    return PLAYING


def deals_line(end: End, hands_played: int, finished: bool) -> str | None:
    """Where a game in deals is, as its sheet says it: « Donne 7 sur 12 » (the hand being played),
    « Donnes jouées : 12 sur 12 » once over; None for a game in points."""
    if end.deals is None:
        return None
    if finished:
        return f"Donnes jouées : {hands_played} sur {end.deals}"
    return f"Donne {hands_played + 1} sur {end.deals}"


PAPER_RESULT = "Résultat saisi depuis la feuille de table"


def result_words(outcome: Outcome, cut_short: bool, teams: dict[str, str], on_paper: bool = False) -> str:
    """The words that open a finished game's end line (the sheet adds the totals): « Partie gagnée
    par Nous », « Partie nulle », or for a game an organiser stopped before its end (`cut_short`)
    « Partie arrêtée par l'organisateur : gagnée par Nous » or « … : égalité », or for a concours
    table played on paper « Résultat saisi depuis la feuille de table : partie gagnée par Nous »."""
    won = f"gagnée par {teams[outcome.winner]}" if outcome.winner is not None else None
    if on_paper:
        return f"{PAPER_RESULT} : partie " + (won or "nulle")
    if cut_short:
        return "Partie arrêtée par l'organisateur : " + (won or "égalité")
    return f"Partie {won}" if won else "Partie nulle"
