"""POST /api/v1/score: score one hand, store nothing."""

from __future__ import annotations

from flask import jsonify

from scorekeeper.belote.hand_json import parse_hand
from scorekeeper.belote.scoring import Result, score
from scorekeeper.web.api.common import bp, json_body


def result_to_json(result: Result) -> dict:
    return {
        "made": result.made,
        "scores": {team.value: points for team, points in result.scores.items()},
        "lines": [{"team": line.team.value, "label": line.label, "points": line.points} for line in result.lines],
        "meld_winner": result.melds.winner.value if result.melds.winner else None,
        "meld_reason": result.melds.reason,
    }


@bp.post("/score")
def score_hand():
    hand = parse_hand(json_body())
    return jsonify(result_to_json(score(hand)))
