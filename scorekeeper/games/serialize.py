"""A sheet in its JSON form (API.md, "Games"): what the API answers and an idempotent retry replays."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .. import hand_input, scoring, terms
from . import sheet as sheet_module
from .sheet import Deal, Sheet


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


def sheet_to_json(sheet: Sheet) -> dict[str, Any]:
    game = sheet.game
    return {
        "id": game.id,
        "teams": game.teams,
        "players": game.players,
        "target": game.target,
        "rules": game.rules_json(),
        "dealer": sheet.dealer,
        "finished": sheet.finished,
        "winner": sheet.winner,
        "totals": sheet.totals,
        "revision": sheet.revision,
        "hands": [deal_to_json(deal) for deal in sheet.deals],
    }


def sheet_to_text(sheet: Sheet) -> str:
    """The sheet's JSON text: written once per write, for the answer and for a retry's replay."""
    return json.dumps(sheet_to_json(sheet), ensure_ascii=False, separators=(",", ":"))
