"""An archive file checked before anything is written: its JSON read, then every evening, game and
deal validated by the same parsers as the pages and the API, each refusal in French naming where in
the file it is (`ImportRefused`)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from scorekeeper.belote.errors import InvalidInput, Refusal
from scorekeeper.belote.evenings import MAX_ID, parse_evening
from scorekeeper.belote.game import Game
from scorekeeper.belote.game_input import parse_deal_input, parse_game
from scorekeeper.services.export import FORMAT, VERSION, ArchivedGame

TOP_KEYS = {"format", "version", "evenings", "games"}
EVENING_KEYS = {"id", "date", "place", "note", "created_at"}
GAME_KEYS = {"id", "evening", "created_at", "teams", "players", "dealer", "target", "rules", "deals"}
DEAL_KEYS = {"kind", "input"}
GAME_ID = re.compile(r"[a-z0-9]{4,32}")

# What an import is doing, for its progress: (step, done, total), the step in French.
Progress = Callable[[str, int, int], None]
READING, CHECKING, WRITING = "Lecture du fichier", "Vérification des parties", "Écriture dans la base"


def no_progress(step: str, done: int, total: int) -> None:
    pass


class ImportRefused(Refusal):
    """The file cannot be imported; `message` says what is wrong, in French. Nothing was written."""


def read_json(raw: bytes | str) -> Any:
    try:
        data = json.loads(raw)
        json.dumps(data, ensure_ascii=False).encode("utf-8")  # a lone surrogate, escaped in the file
    except UnicodeDecodeError:
        raise ImportRefused("Le fichier n'est pas du texte UTF-8 : est-ce bien un export JSON ?") from None
    except UnicodeEncodeError:
        raise ImportRefused(
            "Le fichier contient un caractère invalide (une moitié de paire UTF-16 seule) : "
            "est-ce bien un export JSON ?"
        ) from None
    except (ValueError, RecursionError):
        raise ImportRefused("Le fichier n'est pas du JSON valide : est-ce bien un export JSON ?") from None
    return data


def _stamp(value: Any, where: str) -> str:
    try:
        if not isinstance(value, str):
            raise ValueError
        datetime.fromisoformat(value)
    except ValueError:
        raise ImportRefused(f"{where} : « created_at » doit être une date et heure ISO.") from None
    return value


def _keys(item: Any, allowed: set[str], where: str) -> dict[str, Any]:
    if not isinstance(item, dict):
        raise ImportRefused(f"{where} doit être un objet JSON.")
    unknown = sorted(set(item) - allowed)
    if unknown:
        raise ImportRefused(f"{where} : clé inconnue « {unknown[0]} ».")
    missing = sorted(allowed - set(item))
    if missing:
        raise ImportRefused(f"{where} : « {missing[0]} » manque.")
    return item


def check_archive(
    data: Any, progress: Progress = no_progress
) -> tuple[list[dict[str, Any]], Iterator[tuple[int, ArchivedGame]]]:
    """The file's evenings, checked, and its games, each checked as it is asked for (with its place
    in the file): a large file's games are prepared one by one, not all held parsed at once."""
    top = _keys(data, TOP_KEYS, "Le fichier")
    if top["format"] != FORMAT:
        raise ImportRefused(f"Le fichier n'est pas une archive de ce marqueur (« format » : « {FORMAT} » attendu).")
    if top["version"] != VERSION:
        raise ImportRefused(f"Version d'archive inconnue : {top['version']!r} (ce marqueur lit la version {VERSION}).")
    if not isinstance(top["evenings"], list) or not isinstance(top["games"], list):
        raise ImportRefused("« evenings » et « games » doivent être des listes.")
    evening_list = []
    seen_evenings: set[int] = set()
    for index, item in enumerate(top["evenings"], start=1):
        where = f"Soirée {index}"
        item = _keys(item, EVENING_KEYS, where)
        evening_id = item["id"]
        if not isinstance(evening_id, int) or isinstance(evening_id, bool) or not 1 <= evening_id <= MAX_ID:
            raise ImportRefused(f"{where} : « id » doit être un entier positif.")
        if evening_id in seen_evenings:
            raise ImportRefused(f"{where} : l'id {evening_id} est déjà celui d'une autre soirée du fichier.")
        seen_evenings.add(evening_id)
        try:
            fields = parse_evening(item)
        except InvalidInput as error:
            raise ImportRefused(f"{where} : {error.message}") from None
        evening_list.append({"id": evening_id, **fields, "created_at": _stamp(item["created_at"], where)})
    return evening_list, _check_games(top["games"], seen_evenings, progress)


def _check_games(items: list[Any], seen_evenings: set[int], progress: Progress) -> Iterator[tuple[int, ArchivedGame]]:
    seen_games: set[str] = set()
    total = len(items)
    for index, item in enumerate(items, start=1):
        if index % 200 == 0:
            progress(CHECKING, index, total)
        yield index, _check_game(index, item, seen_games, seen_evenings)
    progress(CHECKING, total, total)


def _check_game(index: int, item: Any, seen_games: set[str], seen_evenings: set[int]) -> ArchivedGame:
    where = f"Partie {index}"
    item = _keys(item, GAME_KEYS, where)
    game_id = item["id"]
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise ImportRefused(f"{where} : « id » doit faire de 4 à 32 lettres minuscules ou chiffres.")
    where = f"Partie {index} ({game_id})"
    if game_id in seen_games:
        raise ImportRefused(f"{where} : cet id est déjà celui d'une autre partie du fichier.")
    seen_games.add(game_id)
    if item["evening"] not in seen_evenings or isinstance(item["evening"], bool):
        raise ImportRefused(f"{where} : « evening » doit être l'id d'une soirée du fichier.")
    try:
        fields = parse_game({key: item[key] for key in ("teams", "players", "dealer", "target", "rules")})
    except InvalidInput as error:
        raise ImportRefused(f"{where} : {error.message}") from None
    fields.pop("evening")
    game = Game(id=game_id, created_at=_stamp(item["created_at"], where), **fields)
    if not isinstance(item["deals"], list):
        raise ImportRefused(f"{where} : « deals » doit être une liste.")
    deals = []
    for number, deal in enumerate(item["deals"], start=1):
        deal_where = f"{where}, donne {number}"
        deal = _keys(deal, DEAL_KEYS, deal_where)
        if deal["kind"] not in ("hand", "redeal"):
            raise ImportRefused(f"{deal_where} : « kind » doit valoir « hand » ou « redeal ».")
        try:
            data = parse_deal_input(deal["kind"], deal["input"], game)
        except InvalidInput as error:
            raise ImportRefused(f"{deal_where} : {error.message}") from None
        deals.append({"kind": deal["kind"], "input": data})
    return ArchivedGame(game, item["evening"], deals)
