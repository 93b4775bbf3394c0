"""A sheet in its JSON form (docs/api.md, "Games"): what the API answers, an idempotent retry replays
(`services.games.sheet_text` writes it out) and the sheet's page gives its script. Each hand
carries its "why", the sentences the page shows under it: the phone draws its rows from this
alone."""

from __future__ import annotations

from typing import Any

from scorekeeper.belote.chances import Chances
from scorekeeper.belote.sheet import Deal, Sheet


def deal_to_json(deal: Deal, why: list[str] | None = None) -> dict[str, Any]:
    """A deal as the sheet lists it; `why`, a hand's explanation, as the sheet's JSON gives it."""
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
        if why is not None:
            data["why"] = why
    else:
        data["reason"] = deal.reason
        data["player"] = deal.player
    data["scores"] = deal.scores
    data["totals"] = deal.totals
    return data


def sheet_to_json(sheet: Sheet, *, chances: Chances | None) -> dict[str, Any]:
    """The sheet's JSON, with each team's chances from where it stands (`services.chances`: the
    club's deals, which the sheet alone does not know), null once over or without enough deals."""
    game = sheet.game
    outcome = sheet.outcome
    return {
        "id": game.id,
        "teams": game.teams,
        "players": game.players,
        "end": game.end.as_json(),
        "target": game.target,  # the end's points, null in deals: as before `end`
        "rules": game.rules.as_json(),
        "dealer": sheet.dealer,
        "finished": outcome.finished,
        "winner": outcome.winner,
        "draw": outcome.draw,
        "stopped": sheet.stopped,
        # a concours table played on paper: the totals the organiser typed from its slip, its result
        **({"slip": sheet.game.slip} if sheet.on_paper else {}),
        "hands_played": sheet.hands_played,
        "totals": sheet.totals,
        "chances": None if chances is None else chances.as_json(),
        "revision": sheet.revision,
        "undoable": sheet.undoable,
        "hands": [deal_to_json(deal, why) for deal, why in zip(sheet.deals, sheet.explanations, strict=True)],
    }
