"""Reading a hand from its JSON form (docs/scoring.md, "The scoring service") into a typed `Hand`.

Every refusal is an `InvalidHand` whose message is a French sentence naming the field, so that
the API, the forms and the stored-game loader all speak the same words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any, TypeVar

from scorekeeper.belote.errors import InvalidHand, InvalidInput
from scorekeeper.belote.game import Rules
from scorekeeper.belote.hand import Hand
from scorekeeper.belote.house_rules import OPTION_KEYS, parse_house_rules
from scorekeeper.belote.terms import (
    CAPOT,
    CARD_POINTS_TOTAL,
    CONTRACT_VALUES,
    GENERALE,
    TEAMS,
    BestMeldCall,
    Coinche,
    Contract,
    Meld,
    Mode,
    Rounding,
    Team,
)

HAND_KEYS = frozenset(
    {"taker", "contract", "mode", "coinche", "taker_points", "all_tricks", "melds", "best_meld", "belote"}
)
SCORE_KEYS = HAND_KEYS | {"rules"}
# The seats a game's hand may name beside what it scores with (game_input): who took, who said
# « coinche », who answered « surcoinche ». The scoring leaves them aside.
SEAT_KEYS = ("taker_player", "coinched_by", "surcoinched_by")
RULES_KEYS = ("rounding", *OPTION_KEYS)  # what a hand scored alone takes in `rules`
MELD_CODES = tuple(meld.value for meld in Meld)

Choice = TypeVar("Choice", bound=StrEnum)


def parse_choice(value: Any, enum: type[Choice], name: str) -> Choice:
    """`value` as a member of `enum`, or a French refusal listing the choices."""
    if isinstance(value, str):
        try:
            return enum(value)
        except ValueError:
            pass
    choices = ", ".join(f"« {member.value} »" for member in enum)
    raise InvalidHand(name, f"« {name} » doit valoir {choices}.")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_contract(value: Any) -> Contract:
    if _is_int(value):
        if value in CONTRACT_VALUES:
            return Contract.points(value)
    elif value == "capot":
        return CAPOT
    elif value == "generale":
        return GENERALE
    raise InvalidHand("contract", "« contract » doit valoir 80 à 160 de dix en dix, « capot » ou « generale ».")


def _team_mapping(value: Any, name: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise InvalidHand(name, f'« {name} » doit être un objet {{"A": …, "B": …}}.')
    unknown = set(value) - {"A", "B"}
    if unknown:
        raise InvalidHand(name, f"« {name} » ne connaît que les équipes « A » et « B ».")
    return value


def parse_melds(value: Any) -> dict[Team, tuple[Meld, ...]]:
    teams = _team_mapping(value, "melds")
    melds: dict[Team, tuple[Meld, ...]] = {}
    for team in TEAMS:
        codes = teams.get(team.value, [])
        if not isinstance(codes, list):
            raise InvalidHand("melds", f"« melds.{team.value} » doit être une liste d'annonces.")
        parsed = []
        for code in codes:
            if not isinstance(code, str) or code not in MELD_CODES:
                known = ", ".join(MELD_CODES)
                raise InvalidHand("melds", f"« melds.{team.value} » : annonce inconnue {code!r} (connues : {known}).")
            parsed.append(Meld(code))
        melds[team] = tuple(parsed)
    return melds


def parse_belote(value: Any) -> dict[Team, int]:
    teams = _team_mapping(value, "belote")
    belote = {}
    for team in TEAMS:
        count = teams.get(team.value, 0)
        if not _is_int(count) or not 0 <= count <= 4:
            raise InvalidHand("belote", f"« belote.{team.value} » doit être un nombre de belotes, de 0 à 4.")
        belote[team] = count
    return belote


def parse_scoring_rules(rules: Any) -> Rules:
    """The `rules` of a hand scored alone: its rounding and house rules."""
    if not isinstance(rules, dict):
        raise InvalidHand("rules", '« rules » doit être un objet, par exemple {"rounding": "nearest"}.')
    unknown = set(rules) - set(RULES_KEYS)
    if unknown:
        raise InvalidHand("rules", f"« rules » : clé inconnue « {sorted(unknown)[0]} ».")
    try:
        house = parse_house_rules(rules)
    except InvalidInput as refusal:
        raise InvalidHand(refusal.field, refusal.message) from None
    return Rules(rounding=parse_choice(rules.get("rounding", "nearest"), Rounding, "rules.rounding"), house=house)


def parse_hand(body: Any, *, rules: Rules | None = None, extra_keys: Iterable[str] = ()) -> Hand:
    """A `Hand` from a JSON object. `rules` given: the game's apply, and a `rules` key is refused."""
    if not isinstance(body, dict):
        raise InvalidHand("body", "Le corps de la requête doit être un objet JSON.")
    allowed = (HAND_KEYS if rules is not None else SCORE_KEYS) | set(extra_keys)
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise InvalidHand(unknown[0], f"Clé inconnue : « {unknown[0]} ».")
    for required in ("taker", "contract", "mode"):
        if required not in body:
            raise InvalidHand(required, f"« {required} » est requis.")
    taker = parse_choice(body["taker"], Team, "taker")
    contract = parse_contract(body["contract"])
    mode = parse_choice(body["mode"], Mode, "mode")
    coinche = parse_choice(body.get("coinche", "none"), Coinche, "coinche")
    all_tricks = body.get("all_tricks", False)
    if not isinstance(all_tricks, bool):
        raise InvalidHand("all_tricks", "« all_tricks » doit valoir true ou false.")
    taker_points = body.get("taker_points")
    if taker_points is not None and (not _is_int(taker_points) or not 0 <= taker_points <= CARD_POINTS_TOTAL):
        raise InvalidHand("taker_points", f"« taker_points » doit être un entier entre 0 et {CARD_POINTS_TOTAL}.")
    best_meld = body.get("best_meld")
    if best_meld is not None:
        best_meld = parse_choice(best_meld, BestMeldCall, "best_meld")
    if rules is None:
        rules = parse_scoring_rules(body.get("rules", {}))
    return Hand(
        taker=taker,
        contract=contract,
        mode=mode,
        coinche=coinche,
        taker_points=taker_points,
        all_tricks=all_tricks,
        melds=parse_melds(body.get("melds", {})),
        best_meld=best_meld,
        belote=parse_belote(body.get("belote", {})),
        rounding=rules.rounding,
        house=rules.house,
    )


def hand_to_json(hand: Hand) -> dict[str, Any]:
    """The JSON form of a hand, with defaults left out (what `parse_hand` reads back)."""
    data: dict[str, Any] = {
        "taker": hand.taker.value,
        "contract": hand.contract.code,
        "mode": hand.mode.value,
    }
    if hand.coinche is not Coinche.NONE:
        data["coinche"] = hand.coinche.value
    if hand.taker_points is not None:
        data["taker_points"] = hand.taker_points
    if hand.all_tricks:
        data["all_tricks"] = True
    if any(hand.melds[team] for team in TEAMS):
        data["melds"] = {team.value: [meld.value for meld in hand.melds[team]] for team in TEAMS}
    if hand.best_meld is not None:
        data["best_meld"] = hand.best_meld.value
    if any(hand.belote[team] for team in TEAMS):
        data["belote"] = {team.value: hand.belote[team] for team in TEAMS}
    return data
