"""GET /api/v1/players/<name>: a player's statistics, as the player's page shows them (docs/api.md,
docs/bidding.md), read from the archive's derived rows."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import jsonify

from scorekeeper.belote.errors import NotFound
from scorekeeper.services import stats
from scorekeeper.services.bidding import Bidding, Rival
from scorekeeper.services.stats import Breakdown
from scorekeeper.web.api.common import bp
from scorekeeper.web.database import get_db


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _breakdown(rows: list[Breakdown], key: str) -> list[dict[str, Any]]:
    return [{key: row.code, "taken": row.taken, "made": row.made, "rate": _rate(row.made, row.taken)} for row in rows]


def _rival(rival: Rival | None) -> dict[str, Any] | None:
    return None if rival is None else {"player": rival.name, "games": rival.games, "won": rival.won}


def _bidding(figures: Bidding) -> dict[str, Any]:
    return {
        "margin": None if figures.margin is None else round(figures.margin, 4),
        "margin_count": figures.margin_count,
        "near_misses": figures.near_misses,
        "coinches": {
            "said": figures.coinches,
            "fell": figures.coinches_fell,
            "unknown": figures.coinches_unknown,
        },
        "surcoinches": {
            "said": figures.surcoinches,
            "made": figures.surcoinches_made,
            "unknown": figures.surcoinches_unknown,
        },
        "best_partner": _rival(figures.partner),
        "toughest_opponent": _rival(figures.opponent),
    }


@bp.get("/players/<path:name>")  # a name may hold a "/"
def player(name: str):
    subject = stats.player(get_db(), name)
    if subject is None or subject.bidding is None:
        raise NotFound("Joueur introuvable dans les archives.")
    figures = subject.figures
    return jsonify(
        {
            "player": subject.name,
            **asdict(figures),
            "lost": figures.lost,
            "by_mode": _breakdown(subject.by_mode, "mode"),
            "by_level": _breakdown(subject.by_level, "contract"),
            "partners": [{"player": p.name, "games": p.games, "won": p.won} for p in subject.partners],
            "bidding": _bidding(subject.bidding),
        }
    )
