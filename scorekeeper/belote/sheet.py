"""A game's score sheet, derived from its rules and the deals as the table entered them.

Pure: no database, no Flask. Every total, the dealer and the winner are recomputed here from the
stored inputs, so an edit or a delete anywhere in the game simply means building the sheet again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from scorekeeper.belote.ending import Outcome, outcome_of
from scorekeeper.belote.explain import explain
from scorekeeper.belote.game import Game, Rules, dealer_after
from scorekeeper.belote.hand import Hand
from scorekeeper.belote.hand_json import SEAT_KEYS, parse_hand
from scorekeeper.belote.scoring import Result, score
from scorekeeper.belote.terms import REDEAL_REASONS, TEAMS, Team


@dataclass
class Deal:
    """One deal of the sheet, numbered from 1, with the totals after it."""

    deal_id: int
    number: int
    kind: str  # "hand" or "redeal"
    dealer: int
    version: int
    input: dict[str, Any]
    scores: dict[str, int]
    totals: dict[str, int]
    hand: Hand | None = None
    result: Result | None = None

    @property
    def is_hand(self) -> bool:
        return self.kind == "hand"

    @property
    def taker_player(self) -> int | None:
        return self.input.get("taker_player") if self.is_hand else None

    @property
    def coinched_by(self) -> int | None:
        """The defender who said « coinche », when the table told (None: not told, or not coinched)."""
        return self.input.get("coinched_by") if self.is_hand else None

    @property
    def surcoinched_by(self) -> int | None:
        """The taker who answered « surcoinche », when the table told."""
        return self.input.get("surcoinched_by") if self.is_hand else None

    @property
    def reason(self) -> str | None:
        return self.input.get("reason") if not self.is_hand else None

    @property
    def reason_label(self) -> str:
        return REDEAL_REASONS.get(self.reason or "", "")

    @property
    def player(self) -> int | None:
        return self.input.get("player") if not self.is_hand else None


@dataclass
class Sheet:
    game: Game
    deals: list[Deal] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    dealer: int = 0
    revision: int = 0
    # The table has an action to undo (the store's log says: a deal recorded, edited or deleted and
    # not undone; an organiser's stop is not the table's): « Annuler la dernière action » is offered.
    undoable: bool = False

    @property
    def hands_played(self) -> int:
        """The scored hands: what a game in M deals counts (its redeals do not)."""
        return sum(1 for deal in self.deals if deal.is_hand)

    @property
    def stopped(self) -> bool:
        """Stopped by an organiser at its totals (`Game.stopped_at`)."""
        return self.game.stopped_at is not None

    @property
    def on_paper(self) -> bool:
        """Played on paper: its result is the slip's totals, typed by the organiser (`Game.slip`)."""
        return self.game.slip is not None

    @property
    def cut_short(self) -> bool:
        """Stopped before its end: what its end line says (a game stopped once won reads as won, and
        a game played on paper as the slip says: closing its partie stopped no game there)."""
        if not self.stopped or self.on_paper:
            return False
        return not outcome_of(self.totals, self.hands_played, self.game.end).finished

    @property
    def outcome(self) -> Outcome:
        """A game on paper ended where its slip says, the team ahead winning, as a stopped game does."""
        return outcome_of(self.totals, self.hands_played, self.game.end, self.stopped or self.on_paper)

    @property
    def winner(self) -> str | None:
        return self.outcome.winner

    @property
    def finished(self) -> bool:
        return self.outcome.finished

    @property
    def draw(self) -> bool:
        return self.outcome.draw

    @property
    def margin(self) -> int:
        return abs(self.totals["A"] - self.totals["B"])

    def deal(self, number: int) -> Deal | None:
        return self.deals[number - 1] if 1 <= number <= len(self.deals) else None

    @cached_property
    def explanations(self) -> list[list[str] | None]:
        """Each deal's "why" (`explain`, the teams by their names), None for a redeal: worked out
        once for this sheet, on first use, and shared by whatever shows it (the page's rows, the
        JSON the phone draws them from)."""
        names = {Team.A: self.game.teams["A"], Team.B: self.game.teams["B"]}
        return [explain(deal.hand, deal.result, names) if deal.hand and deal.result else None for deal in self.deals]


def hand_from_input(data: dict[str, Any], rules: Rules) -> Hand:
    body = {key: value for key, value in data.items() if key not in SEAT_KEYS}
    return parse_hand(body, rules=rules)


@lru_cache(maxsize=4096)
def _stored_deal(kind: str, text: str, rules: Rules) -> tuple[dict[str, Any], Hand | None, Result | None]:
    """A stored deal's input, parsed, and for a hand its score.

    Every write and every load rebuilds the whole sheet, so the same deals are read and scored
    again and again: remembered by their stored JSON text, which with the game's rules is all
    a score depends on. The input dict is shared by every sheet built from that text: read-only."""
    data = json.loads(text)
    if kind != "hand":
        return data, None, None
    hand = hand_from_input(data, rules)
    # Stored, it was accepted when entered: scored as it was then, never refused later (the checks
    # of declarations no deal could give came with issue 13, exact since issue 24; an edit of such a
    # deal meets them).
    return data, hand, score(hand, check_declarations=False)


def build_sheet(game: Game, rows: list[dict[str, Any]], revision: int = 0, undoable: bool = False) -> Sheet:
    """`rows` are the game's live deals in order: dicts with id, kind, version and the input, as
    stored (`input_json`, the JSON text) or parsed (`input`)."""
    sheet = Sheet(game=game, revision=revision, dealer=dealer_after(game, 0), undoable=undoable)
    for row in rows:
        deal = next_deal(game, row, len(sheet.deals), sheet.totals)
        sheet.deals.append(deal)
        sheet.totals = dict(deal.totals)
    if game.slip is not None:  # a table on paper has no deal: its slip's totals are its own
        sheet.totals = dict(game.slip)
    sheet.dealer = dealer_after(game, len(sheet.deals))
    return sheet


def next_deal(game: Game, row: dict[str, Any], played: int, totals: dict[str, int]) -> Deal:
    """The deal that follows `played` deals whose totals are `totals` (a row as `build_sheet` takes
    them): numbered, with its dealer, its scores and the totals after it."""
    text = row.get("input_json")
    if text is None:
        text = json.dumps(row["input"], ensure_ascii=False)
    data, hand, result = _stored_deal(row["kind"], text, game.rules)
    scores = {"A": 0, "B": 0}
    if result is not None:
        scores = {team.value: result.scores[team] for team in TEAMS}
    return Deal(
        deal_id=row["id"],
        number=played + 1,
        kind=row["kind"],
        dealer=dealer_after(game, played),
        version=row["version"],
        input=data,
        scores=scores,
        totals={team: totals[team] + scores[team] for team in totals},
        hand=hand,
        result=result,
    )
