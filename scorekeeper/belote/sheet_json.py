"""A sheet in its JSON form (API.md, "Games"): what the API answers and an idempotent retry replays."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from scorekeeper.belote import hands as hand_input
from scorekeeper.belote import scoring, terms
from scorekeeper.belote import sheet as sheet_module
from scorekeeper.belote.sheet import Deal, GameRules, Sheet, winner_of


def _code_fingerprint() -> str:
    """The source of every module that decides what a sheet's JSON says (the rules, how inputs are
    read, how a sheet is built and written out): a stored sheet written by other code is stale."""
    digest = hashlib.sha256()
    for module in (terms, hand_input, scoring, sheet_module):
        digest.update(Path(module.__file__).read_bytes())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()[:16]


SHEET_CODE = _code_fingerprint()


def deal_to_json(deal: Deal) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": deal.number,
        "kind": deal.kind,
        "dealer": deal.dealer,
        "version": deal.version,
    }
    if deal.is_hand:
        assert deal.result is not None
        data["input"] = deal.input
        data["made"] = deal.result.made
    else:
        data["reason"] = deal.reason
        data["player"] = deal.player
    data["scores"] = deal.scores
    data["totals"] = deal.totals
    return data


def sheet_head(game: GameRules, dealer: int, totals: dict[str, int], revision: int) -> dict[str, Any]:
    """Every key of a sheet's JSON but its deals ("hands", the last key)."""
    winner = winner_of(totals, game.target)
    return {
        "id": game.id,
        "teams": game.teams,
        "players": game.players,
        "target": game.target,
        "rules": game.rules_json(),
        "dealer": dealer,
        "finished": winner is not None,
        "winner": winner,
        "totals": totals,
        "revision": revision,
    }


def sheet_to_json(sheet: Sheet) -> dict[str, Any]:
    head = sheet_head(sheet.game, sheet.dealer, sheet.totals, sheet.revision)
    return {**head, "hands": [deal_to_json(deal) for deal in sheet.deals]}


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


HANDS = ',"hands":['


def _sheet_text(head: dict[str, Any], hands: str) -> str:
    return f"{_text(head)[:-1]}{HANDS}{hands}]}}"


def sheet_to_text(sheet: Sheet) -> str:
    """The sheet's JSON text (`sheet_to_json`, compact): what the API answers, and what a write
    stores for the next loads and for a retry's replay."""
    head = sheet_head(sheet.game, sheet.dealer, sheet.totals, sheet.revision)
    return _sheet_text(head, ",".join(_text(deal_to_json(deal)) for deal in sheet.deals))


def with_deal(text: str, head: dict[str, Any], deal: Deal) -> str:
    """A sheet's text, as `sheet_to_text` wrote it, with one more deal at the end and a new head:
    what recording a deal makes of the stored sheet, without writing out the earlier deals again.
    The first `,"hands":[` is the key's: inside a JSON string, a quote is always escaped."""
    start = text.index(HANDS) + len(HANDS)
    hands = text[start:-2]  # the text ends with the list's "]" and the object's "}"
    added = _text(deal_to_json(deal))
    return _sheet_text(head, f"{hands},{added}" if hands else added)
