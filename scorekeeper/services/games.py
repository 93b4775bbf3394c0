"""What a person can do to a game, shared by the HTML pages and the JSON API.

Each write runs in one IMMEDIATE transaction: it reads the game as it stands, checks, writes the
input as entered and an action (for undo and for the sheet's revision), and commits, or changes
nothing. Refusals are `InvalidInput` (422), `GameNotFound` (404) or `GameConflict` (409).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from scorekeeper.belote.hands import hand_to_json, parse_hand
from scorekeeper.belote.scoring import score
from scorekeeper.belote.sheet import (
    DEFAULT_TEAMS,
    REDEAL_REASONS,
    TARGETS,
    GameRules,
    Sheet,
    build_sheet,
    dealer_after,
    next_deal,
    team_of_player,
    winner_of,
)
from scorekeeper.belote.sheet_json import sheet_head, with_deal
from scorekeeper.belote.terms import ContractKind, InvalidInput, Rounding
from scorekeeper.store import derived, evenings
from scorekeeper.store import games as store
from scorekeeper.store.db import write_transaction

MAX_NAME_LENGTH = 40
NAME_FORBIDDEN = "|"  # what joins two partners' names into their team's key (archive.stats)
GAME_KEYS = frozenset({"teams", "players", "dealer", "target", "rules", "evening"})
GAME_RULES_KEYS = frozenset({"rounding", "misere", "carre_de_sept"})


class GameNotFound(LookupError):
    message = "Partie introuvable."


class GameConflict(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class Recorded:
    """A record's outcome: the sheet's JSON text after it (API.md's answer), or, when the request
    was a retry, the first answer's text (`replayed`)."""

    text: str
    replayed: bool = False


# --- reading -------------------------------------------------------------------------------


def load_game(db: sqlite_utils.Database, game_id: str) -> GameRules:
    game = store.fetch_game(db, game_id)
    if game is None:
        raise GameNotFound(game_id)
    return game


def get_sheet(db: sqlite_utils.Database, game_id: str) -> Sheet:
    """The game's sheet, built from its deals (the pages' breakdowns need every deal's score)."""
    game = load_game(db, game_id)
    return build_sheet(game, store.live_deals(db, game_id), store.revision(db, game_id))


def get_revision(db: sqlite_utils.Database, game_id: str) -> int:
    load_game(db, game_id)
    return store.revision(db, game_id)


# --- creating a game -----------------------------------------------------------------------


def _name(value: Any, field: str, default: str) -> str:
    if value is None:
        return default
    if not isinstance(value, str):
        raise InvalidInput(field, f"« {field} » doit être un texte.")
    value = " ".join(value.split())
    if len(value) > MAX_NAME_LENGTH:
        raise InvalidInput(field, f"« {field} » : {MAX_NAME_LENGTH} caractères au plus.")
    if any(character in value for character in NAME_FORBIDDEN):
        raise InvalidInput(field, f"« {field} » : le caractère « | » ne va pas dans un nom.")
    return value or default


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidInput(field, f"« {field} » doit valoir true ou false.")
    return value


def _player_index(value: Any, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise InvalidInput(field, f"« {field} » doit être un joueur, de 0 à 3 dans l'ordre de la table.")
    return value


def parse_game(body: Any) -> dict[str, Any]:
    """The fields of a new game from its JSON form (API.md), defaults filled in."""
    if not isinstance(body, dict):
        raise InvalidInput("body", "Le corps de la requête doit être un objet JSON.")
    unknown = sorted(set(body) - GAME_KEYS)
    if unknown:
        raise InvalidInput(unknown[0], f"Clé inconnue : « {unknown[0]} ».")
    teams = body.get("teams", {})
    if not isinstance(teams, dict) or set(teams) - {"A", "B"}:
        raise InvalidInput("teams", "« teams » doit être un objet {\"A\": nom, \"B\": nom}.")
    players = body.get("players", [None] * 4)
    if not isinstance(players, list) or len(players) != 4:
        raise InvalidInput("players", "« players » doit donner les quatre joueurs, dans l'ordre de la table.")
    target = body.get("target", 2000)
    if not isinstance(target, int) or isinstance(target, bool) or target not in TARGETS:
        raise InvalidInput("target", "« target » doit valoir 2000 ou 1000.")
    rules = body.get("rules", {})
    if not isinstance(rules, dict) or set(rules) - GAME_RULES_KEYS:
        raise InvalidInput("rules", "« rules » ne connaît que « rounding », « misere » et « carre_de_sept ».")
    rounding = rules.get("rounding", "nearest")
    if not isinstance(rounding, str) or rounding not in {member.value for member in Rounding}:
        raise InvalidInput("rules.rounding", "« rules.rounding » doit valoir « nearest », « complement » ou « none ».")
    return {
        "teams": {team: _name(teams.get(team), f"teams.{team}", DEFAULT_TEAMS[team]) for team in ("A", "B")},
        "players": [
            _name(name, f"players.{index}", f"Joueur {index + 1}") for index, name in enumerate(players)
        ],
        "first_dealer": _player_index(body.get("dealer", 0), "dealer"),
        "target": target,
        "rounding": Rounding(rounding),
        "misere": _flag(rules.get("misere", False), "rules.misere"),
        "carre_de_sept": _flag(rules.get("carre_de_sept", False), "rules.carre_de_sept"),
        "evening": evenings.parse_evening_id(body.get("evening")),
    }


def create_game(db: sqlite_utils.Database, body: Any) -> Sheet:
    fields = parse_game(body)
    evening_id = fields.pop("evening")
    with write_transaction(db):
        while True:
            game_id = store.new_game_id()
            if store.fetch_game(db, game_id) is None:
                break
        game = GameRules(id=game_id, created_at=store.now(), **fields)
        store.insert_game(db, game)
        evenings.place_game(db, game.id, evening_id)  # today's evening unless one was chosen
        derived.refresh_game(db, game.id)
    return build_sheet(game, [])


# --- recording deals -----------------------------------------------------------------------


def parse_hand_input(body: Any, game: GameRules) -> dict[str, Any]:
    """A hand's stored form: validated by scoring it under the game's rules, defaults left out."""
    hand = parse_hand(body, rounding=game.rounding, extra_keys={"taker_player", "version"})
    score(hand)  # refuses what cannot be scored (a tie of melds without the table's word, …)
    data = hand_to_json(hand)
    taker_player = body.get("taker_player")
    if taker_player is not None:
        taker_player = _player_index(taker_player, "taker_player")
        if team_of_player(taker_player) is not hand.taker:
            raise InvalidInput(
                "taker_player", "« taker_player » doit être un joueur de l'équipe qui a pris (« taker »)."
            )
        data["taker_player"] = taker_player
    elif hand.contract.kind is ContractKind.GENERALE:
        raise InvalidInput("taker_player", "« taker_player » est requis pour une générale : qui l'a jouée ?")
    return data


def parse_redeal_input(body: Any, game: GameRules) -> dict[str, Any]:
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
    if not getattr(game, reason):
        option = REDEAL_REASONS[reason]
        raise InvalidInput("reason", f"« reason » : l'option « {option} » n'est pas jouée dans cette partie.")
    if body.get("player") is None:
        raise InvalidInput("player", "« player » est requis : qui a demandé à redonner ?")
    return {"reason": reason, "player": _player_index(body["player"], "player")}


def _record(db: sqlite_utils.Database, game_id: str, kind: str, body: Any, idempotency_key: str | None) -> Recorded:
    # The input is read and scored before queuing for the write lock: it depends only on the
    # game's rules, which never change, and the lock is held for as short a time as can be.
    game = load_game(db, game_id)
    if isinstance(body, dict) and "version" in body:  # the key of an edit, unknown to a new deal
        raise InvalidInput("version", "Clé inconnue : « version ».")
    data = parse_hand_input(body, game) if kind == "hand" else parse_redeal_input(body, game)
    with write_transaction(db):
        if idempotency_key:
            replayed = store.idempotent_response(db, game_id, idempotency_key)
            if replayed is not None:
                return Recorded(text=replayed, replayed=True)
        # Where the game stands and its sheet, as the last write stored them: recording a deal
        # neither reads nor scores the earlier deals again.
        standing = derived.standing(db, game_id)
        winner = winner_of(standing.totals, game.target)
        if winner is not None:
            raise GameConflict(
                f"La partie est finie ({game.team_name(winner)} a gagné) : modifiez ou supprimez "
                "une donne pour la rouvrir."
            )
        deal_id = store.insert_deal(db, game_id, kind, data)
        stamp = store.log_action(db, game_id, deal_id, "record")
        row = {"id": deal_id, "kind": kind, "input_json": store.input_text(data), "version": 1}
        deal = next_deal(game, row, standing.deals, standing.totals)
        revision = store.revision(db, game_id)
        text = with_deal(standing.text, sheet_head(game, dealer_after(game, deal.number), deal.totals, revision), deal)
        derived.add_last_deal(db, game, deal, revision, text, stamp)
        if idempotency_key:
            store.remember_response(db, game_id, idempotency_key, text)
    return Recorded(text=text)


def record_hand(db: sqlite_utils.Database, game_id: str, body: Any, idempotency_key: str | None = None) -> Recorded:
    """Record a hand; a retry carrying an idempotency key already used replays the first answer."""
    return _record(db, game_id, "hand", body, idempotency_key)


def record_redeal(
    db: sqlite_utils.Database, game_id: str, body: Any, idempotency_key: str | None = None
) -> Recorded:
    return _record(db, game_id, "redeal", body, idempotency_key)


# --- corrections ---------------------------------------------------------------------------


def _deal_by_number(db: sqlite_utils.Database, game: GameRules, number: int):
    sheet = build_sheet(game, store.live_deals(db, game.id))
    deal = sheet.deal(number)
    if deal is None:
        raise GameNotFound(f"{game.id}/{number}")
    return deal


def _check_version(version: Any, current: int) -> None:
    if version is None:
        return
    if not isinstance(version, int) or isinstance(version, bool):
        raise InvalidInput("version", "« version » doit être le numéro de version de la donne.")
    if version != current:
        raise GameConflict(
            "Cette donne a été modifiée sur un autre téléphone pendant votre saisie : rien n'a été "
            "écrasé. Voici la version enregistrée."
        )


def edit_deal(db: sqlite_utils.Database, game_id: str, number: int, body: Any) -> Sheet:
    """Replace a deal's input; `body["version"]` is the version the editor last saw."""
    with write_transaction(db):
        game = load_game(db, game_id)
        deal = _deal_by_number(db, game, number)
        if not isinstance(body, dict):
            raise InvalidInput("body", "Le corps de la requête doit être un objet JSON.")
        if body.get("version") is None:  # null would skip the stale check
            raise InvalidInput("version", "« version » est requis : la version de la donne que vous modifiez.")
        _check_version(body.get("version"), deal.version)
        data = parse_hand_input(body, game) if deal.is_hand else parse_redeal_input(body, game)
        store.update_deal(db, deal.deal_id, input=data, version=deal.version + 1)
        store.log_action(db, game_id, deal.deal_id, "edit", previous_input=deal.input)
        derived.refresh_game(db, game_id)
        return get_sheet(db, game_id)


def delete_deal(db: sqlite_utils.Database, game_id: str, number: int, version: Any = None) -> Sheet:
    with write_transaction(db):
        game = load_game(db, game_id)
        deal = _deal_by_number(db, game, number)
        _check_version(version, deal.version)
        store.update_deal(db, deal.deal_id, deleted_at=store.now())
        store.log_action(db, game_id, deal.deal_id, "delete")
        derived.refresh_game(db, game_id)
        return get_sheet(db, game_id)


UNDO_MESSAGES = {
    "record": "Donne {number} retirée.",
    "edit": "Modification de la donne {number} annulée.",
    "delete": "Donne {number} rétablie.",
}


def undo(db: sqlite_utils.Database, game_id: str) -> tuple[Sheet, str]:
    """Revert the game's last record, edit or delete that is not already undone."""
    with write_transaction(db):
        load_game(db, game_id)
        action = store.last_action(db, game_id)
        if action is None:
            raise GameConflict("Rien à annuler dans cette partie.")
        deal = store.deal_row(db, action["deal_id"])
        if action["action"] == "record":
            store.update_deal(db, deal["id"], deleted_at=store.now())
        elif action["action"] == "edit":
            previous = json.loads(action["previous_input"])
            store.update_deal(db, deal["id"], input=previous, version=deal["version"] + 1)
        else:
            store.update_deal(db, deal["id"], deleted_at=None)
        store.mark_undone(db, action["id"])
        store.log_action(db, game_id, deal["id"], "undo")
        derived.refresh_game(db, game_id)
        sheet = get_sheet(db, game_id)
    # The deal's number: its place now, or for a removed record the place it had, the last one.
    number = next((d.number for d in sheet.deals if d.deal_id == deal["id"]), len(sheet.deals) + 1)
    return sheet, UNDO_MESSAGES[action["action"]].format(number=number)
