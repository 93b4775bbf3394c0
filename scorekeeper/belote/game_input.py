"""A new game and its deals from their JSON form (docs/api.md), read and checked under the game's
rules: what the service layer stores, refused in French, field by field, when it cannot be."""

from __future__ import annotations

from typing import Any

from scorekeeper.belote.ending import parse_end
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.evenings import parse_evening_id
from scorekeeper.belote.game import Game, Rules
from scorekeeper.belote.hand_json import SEAT_KEYS, hand_to_json, parse_hand
from scorekeeper.belote.house_rules import OPTION_KEYS, parse_house_rules
from scorekeeper.belote.names import parse_name
from scorekeeper.belote.scoring import score
from scorekeeper.belote.terms import (
    DEFAULT_TEAMS,
    REDEAL_REASONS,
    Coinche,
    ContractKind,
    Rounding,
    Team,
    team_of_player,
)

GAME_KEYS = frozenset({"teams", "players", "dealer", "end", "target", "rules", "evening"})
GAME_RULES_KEYS = ("rounding", "misere", "carre_de_sept", *OPTION_KEYS)


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidInput(field, f"« {field} » doit valoir true ou false.")
    return value


def parse_player(value: Any, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise InvalidInput(field, f"« {field} » doit être un joueur, de 0 à 3 dans l'ordre de la table.")
    return value


def parse_rules(rules: Any) -> Rules:
    if not isinstance(rules, dict):
        raise InvalidInput("rules", '« rules » doit être un objet, par exemple {"rounding": "nearest"}.')
    unknown = sorted(set(rules) - set(GAME_RULES_KEYS))
    if unknown:
        known = ", ".join(f"« {key} »" for key in GAME_RULES_KEYS)
        raise InvalidInput(f"rules.{unknown[0]}", f"« rules » : clé inconnue « {unknown[0]} » (connues : {known}).")
    rounding = rules.get("rounding", "nearest")
    roundings = [member.value for member in Rounding]
    if not isinstance(rounding, str) or rounding not in roundings:
        raise InvalidInput(
            "rules.rounding",
            "« rules.rounding » doit valoir "
            + ", ".join(f"« {value} »" for value in roundings[:-1])
            + f" ou « {roundings[-1]} ».",
        )
    return Rules(
        rounding=Rounding(rounding),
        misere=_flag(rules.get("misere", False), "rules.misere"),
        carre_de_sept=_flag(rules.get("carre_de_sept", False), "rules.carre_de_sept"),
        house=parse_house_rules(rules),
    )


def parse_game(body: Any) -> dict[str, Any]:
    """The fields of a new game (`Game`'s, but its id and time) and its evening, defaults filled in."""
    if not isinstance(body, dict):
        raise InvalidInput("body", "Le corps de la requête doit être un objet JSON.")
    unknown = sorted(set(body) - GAME_KEYS)
    if unknown:
        raise InvalidInput(unknown[0], f"Clé inconnue : « {unknown[0]} ».")
    teams = body.get("teams", {})
    if not isinstance(teams, dict) or set(teams) - {"A", "B"}:
        raise InvalidInput("teams", '« teams » doit être un objet {"A": nom, "B": nom}.')
    players = body.get("players", [None] * 4)
    if not isinstance(players, list) or len(players) != 4:
        raise InvalidInput("players", "« players » doit donner les quatre joueurs, dans l'ordre de la table.")
    return {
        "teams": {team: parse_name(teams.get(team), f"teams.{team}", DEFAULT_TEAMS[team]) for team in ("A", "B")},
        "players": [parse_name(name, f"players.{index}", f"Joueur {index + 1}") for index, name in enumerate(players)],
        "first_dealer": parse_player(body.get("dealer", 0), "dealer"),
        "end": parse_end(body),
        "rules": parse_rules(body.get("rules", {})),
        "evening": parse_evening_id(body.get("evening")),
    }


def parse_hand_input(body: Any, game: Game) -> dict[str, Any]:
    """A hand's stored form: validated by scoring it under the game's rules, defaults left out."""
    hand = parse_hand(body, rules=game.rules, extra_keys={*SEAT_KEYS, "version"})
    score(hand)  # refuses what cannot be scored (a tie of melds without the table's word, …)
    data = hand_to_json(hand)
    taker_player = body.get("taker_player")
    if taker_player is not None:
        taker_player = parse_player(taker_player, "taker_player")
        if team_of_player(taker_player) is not hand.taker:
            raise InvalidInput(
                "taker_player", "« taker_player » doit être un joueur de l'équipe qui a pris (« taker »)."
            )
        data["taker_player"] = taker_player
    elif hand.contract.kind is ContractKind.GENERALE:
        raise InvalidInput("taker_player", "« taker_player » est requis pour une générale : qui l'a jouée ?")
    data.update(parse_coinchers(body, hand.coinche, hand.taker))
    return data


# Who may be named as having said each word (docs/bidding.md): the levels the hand must be at, and
# whether it is a taker (« surcoinche ») or a defender (« coinche »).
COINCHERS = {
    "coinched_by": ((Coinche.COINCHE, Coinche.SURCOINCHE), False),
    "surcoinched_by": ((Coinche.SURCOINCHE,), True),
}


def coincher_refusal(field: str, seat: int, coinche: Coinche, taker: Team) -> str | None:
    """Why the player at `seat` cannot be `field` (a key of COINCHERS) of a hand at that coinche
    taken by `taker`, in French; None when the player can (the deal form offers only those)."""
    levels, of_takers = COINCHERS[field]
    if coinche not in levels:
        said = "surcoinchée" if of_takers else "coinchée"
        return f"« {field} » n'a de sens que pour une donne {said} (« coinche »)."
    if (team_of_player(seat) is taker) is not of_takers:
        side = "l'équipe qui a pris (« taker »)" if of_takers else "la défense (pas de l'équipe « taker »)"
        return f"« {field} » doit être un joueur de {side}."
    return None


def parse_coinchers(body: dict[str, Any], coinche: Coinche, taker: Team) -> dict[str, int]:
    """Who said « coinche » (a defender) and who answered « surcoinche » (a taker), each optional."""
    found = {}
    for field in COINCHERS:
        value = body.get(field)
        if value is None:
            continue
        seat = parse_player(value, field)
        refusal = coincher_refusal(field, seat, coinche, taker)
        if refusal is not None:
            raise InvalidInput(field, refusal)
        found[field] = seat
    return found


def parse_redeal_input(body: Any, game: Game) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise InvalidInput("body", "Le corps de la requête doit être un objet JSON.")
    unknown = sorted(set(body) - {"reason", "player", "version"})
    if unknown:
        raise InvalidInput(unknown[0], f"Clé inconnue : « {unknown[0]} ».")
    reason = body.get("reason")
    if not isinstance(reason, str) or reason not in REDEAL_REASONS:
        raise InvalidInput("reason", "« reason » doit valoir « all_pass », « misere » ou « carre_de_sept ».")
    if reason == "all_pass":
        if body.get("player") is not None:
            raise InvalidInput("player", "« player » n'a pas de sens quand tout le monde passe.")
        return {"reason": reason, "player": None}
    if not game.rules.plays_redeal(reason):
        option = REDEAL_REASONS[reason]
        raise InvalidInput("reason", f"« reason » : l'option « {option} » n'est pas jouée dans cette partie.")
    if body.get("player") is None:
        raise InvalidInput("player", "« player » est requis : qui a demandé à redonner ?")
    return {"reason": reason, "player": parse_player(body["player"], "player")}


def parse_deal_input(kind: str, body: Any, game: Game) -> dict[str, Any]:
    return parse_hand_input(body, game) if kind == "hand" else parse_redeal_input(body, game)
