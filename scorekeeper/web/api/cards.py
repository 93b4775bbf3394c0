"""POST /api/v1/count and POST /api/v1/melds: the card counter and the meld checker, storing nothing."""

from __future__ import annotations

from typing import Any

from flask import jsonify

from scorekeeper.belote.cards import HAND_SIZE, Card, parse_cards, pile_points
from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.hand_json import parse_choice
from scorekeeper.belote.melds import FoundMeld, belotes, compare_hands, find_melds
from scorekeeper.belote.terms import TEAMS, Mode, Team
from scorekeeper.web.api.common import bp, json_body


def _object(body: Any, allowed: set[str], required: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise InvalidHand("body", "Le corps de la requête doit être un objet JSON.")
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise InvalidHand(unknown[0], f"Clé inconnue : « {unknown[0]} ».")
    for key in required:
        if key not in body:
            raise InvalidHand(key, f"« {key} » est requis.")
    return body


@bp.post("/count")
def count():
    body = _object(json_body(), {"mode", "cards", "last_trick"}, ("mode", "cards", "last_trick"))
    mode = parse_choice(body["mode"], Mode, "mode")
    cards = parse_cards(body["cards"])
    if not isinstance(body["last_trick"], bool):
        raise InvalidHand("last_trick", "« last_trick » doit valoir true (ce tas a fait le dernier pli) ou false.")
    return jsonify(points=pile_points(cards, mode, body["last_trick"]), cards=len(cards))


def _meld_json(meld: FoundMeld) -> dict[str, Any]:
    return {"code": meld.code.value, "cards": [card.code for card in meld.cards], "value": meld.value}


def _hand_json(melds: list[FoundMeld], hand: tuple[Card, ...], mode: Mode) -> dict[str, Any]:
    count = belotes(hand, mode)
    return {
        "melds": [_meld_json(meld) for meld in melds],
        "total": sum(meld.value for meld in melds),
        "belote": count > 0,
        "belotes": count,
    }


@bp.post("/melds")
def melds():
    body = _object(json_body(), {"mode", "cards", "hands"}, ("mode",))
    mode = parse_choice(body["mode"], Mode, "mode")
    if ("cards" in body) == ("hands" in body):
        raise InvalidHand(
            "cards", "Donnez soit « cards » (la main d'un joueur), soit « hands » (une main par équipe), pas les deux."
        )
    if "cards" in body:
        hand = parse_cards(body["cards"], "cards", limit=HAND_SIZE)
        return jsonify(_hand_json(find_melds(hand, mode), hand, mode))

    hands = body["hands"]
    if not isinstance(hands, dict) or set(hands) != {"A", "B"}:
        raise InvalidHand(
            "hands", '« hands » doit donner la main d\'un joueur de chaque équipe : {"A": […], "B": […]}.'
        )
    parsed = {team: parse_cards(hands[team.value], f"hands.{team.value}", limit=HAND_SIZE) for team in TEAMS}
    shared = [card for card in parsed[Team.A] if card in parsed[Team.B]]
    if shared:
        raise InvalidHand("hands", f"« hands » : la carte {shared[0].code} ({shared[0].name}) est dans les deux mains.")
    found = {team: find_melds(parsed[team], mode) for team in TEAMS}
    winner, reason = compare_hands(found[Team.A], found[Team.B], mode)
    return jsonify(
        hands={team.value: _hand_json(found[team], parsed[team], mode) for team in TEAMS},
        winner=winner.value if winner else None,
        reason=reason,
    )
