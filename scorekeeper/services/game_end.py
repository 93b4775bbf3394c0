"""A correction checked against the game's end (`belote.game_length`): after an edit, a delete or an
undo written in the caller's transaction, a team that would have won before the last deal refuses
it (`WouldEndEarly`, 409, and the transaction rolls back: nothing changed), unless the request
names the deals after that win (`remove_later`, as the 409 gave them): then they are removed with
it, in one group of actions that one undo takes back (docs/api.md, "A correction that ends the game").
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from scorekeeper.belote.errors import Conflict, InvalidInput
from scorekeeper.belote.game import Game
from scorekeeper.belote.game_length import EarlyWin, early_win
from scorekeeper.belote.sheet import Sheet, build_sheet
from scorekeeper.store import games as store

REMOVE_LATER = "remove_later"


class WouldEndEarly(Conflict):
    """After this correction a team would win at `won.number`, before the last deal: refused, nothing
    changed. `removable`: the same correction sent with `remove_later` = `won.later` applies it and
    removes those deals (an undo offers none: it brings back a state the game had)."""

    def __init__(self, sheet: Sheet, won: EarlyWin, correction: str = "cette correction", removable: bool = True):
        message = won.sentence(sheet, correction)
        if not removable:
            message += " Rien n'a été annulé."
        super().__init__(message)
        self.won = won
        self.removable = removable

    def as_json(self) -> dict[str, Any]:
        """The 409's body: the sentence, where the game would end, and what to send to apply it."""
        body: dict[str, Any] = {
            "error": self.message,
            "won_at": {"number": self.won.number, "winner": self.won.winner, "totals": self.won.totals},
        }
        if self.removable:
            body[REMOVE_LATER] = self.won.later
            body["offer"] = self.won.offer()
        return body


def parse_remove_later(value: Any) -> list[int] | None:
    """`remove_later` as a request gives it: absent (None) or the numbers of the deals to remove."""
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or not value
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in value)
    ):
        raise InvalidInput(
            REMOVE_LATER, "« remove_later » doit être la liste des donnes à retirer, telle que la réponse 409 la donne."
        )
    return value


def end_where_it_is_won(
    db: sqlite_utils.Database, game: Game, head: int, remove_later: list[int] | None, correction: str
) -> None:
    """After a correction written in this transaction and logged as action `head`: refused if a team
    would now win before the last deal (`WouldEndEarly`) unless `remove_later` names exactly the
    deals after that win, which are then removed in `head`'s group. `remove_later` with no such win
    (another phone changed the game meanwhile) is refused too: it no longer says what would happen."""
    sheet = build_sheet(game, store.live_deals(db, game.id))
    won = early_win(sheet)
    if won is None:
        if remove_later is not None:
            raise Conflict(
                f"Avec {correction}, la partie ne se termine plus avant sa dernière donne : aucune donne "
                "n'est à retirer. Rien n'a été changé ; renvoyez-la sans « remove_later »."
            )
        return
    if remove_later != won.later:
        raise WouldEndEarly(sheet, won, correction)
    store.group_actions(db, head)
    for deal in sheet.deals[won.number :]:
        store.update_deal(db, deal.deal_id, deleted_at=store.now())
        store.log_action(db, game.id, deal.deal_id, "remove", group=head)


def refuse_early_end(db: sqlite_utils.Database, game: Game) -> None:
    """After an undo written in this transaction: refused if a team would now win before the last
    deal. (An undo brings back a state the game had, which could end early only if it was stored
    before this check existed.)"""
    sheet = build_sheet(game, store.live_deals(db, game.id))
    won = early_win(sheet)
    if won is not None:
        raise WouldEndEarly(sheet, won, "cette annulation", removable=False)
