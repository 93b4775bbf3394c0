"""A game's writes as the API answers them: the sheet's JSON, an undo's message, and what a keyed
write keeps of what it did (`Outcome`), from which a retry's answer is built again."""

from __future__ import annotations

import orjson

from scorekeeper.belote.sheet import Sheet
from scorekeeper.belote.sheet_json import sheet_to_json
from scorekeeper.store.idempotency import Outcome


def sheet_text(sheet: Sheet) -> str:
    """The sheet's JSON, compact, as the API answers it and a retry's replay repeats it: the same
    bytes as `json.dumps(…, ensure_ascii=False, separators=(",", ":"))`, written by orjson, ten
    times faster (writing the JSON out was the largest part of answering with a sheet)."""
    return orjson.dumps(sheet_to_json(sheet)).decode()


def undo_text(sheet: Sheet, message: str) -> str:
    """An undo's answer (or a deal's already recorded): the sheet's JSON with the message saying
    what was undone, as `sheet_text`."""
    return orjson.dumps({**sheet_to_json(sheet), "message": message}).decode()


UNDO_MESSAGES = {
    "record": "Donne {number} retirée.",
    "edit": "Modification de la donne {number} annulée.",
    "delete": "Donne {number} rétablie.",
    # a correction applied with the removal of the deals after the win it made (game_end)
    "edit_removal": "Modification de la donne {number} annulée, et les donnes retirées avec elle rétablies.",
    "delete_removal": "Donne {number} rétablie, et les donnes retirées avec elle aussi.",
}
RECORDED, CORRECTED = Outcome(201), Outcome(200)


ALREADY_RECORDED = "Donne {number} déjà enregistrée par l'autre téléphone."


def already_recorded(number: int) -> Outcome:
    """A new deal entered as `number` when the game's deal `number` is that very deal (the table's
    other phone sent it first): nothing written, and the answer is 200 (not 201: nothing created),
    the sheet with the message saying so."""
    return Outcome(200, number=number)


def undo_message(outcome: Outcome) -> str:
    return UNDO_MESSAGES[outcome.undone].format(number=outcome.number)


def answer_text(sheet: Sheet, outcome: Outcome) -> str:
    """A keyed write's answer, from the sheet and what the write did: the sheet, with an undo's
    message or the message of a deal already recorded."""
    if outcome.undone is not None:
        return undo_text(sheet, undo_message(outcome))
    if outcome.number is not None:
        return undo_text(sheet, ALREADY_RECORDED.format(number=outcome.number))
    return sheet_text(sheet)
