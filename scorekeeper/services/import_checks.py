"""An archive file checked before anything is written: its JSON read, then every evening, game and
deal validated by the same parsers as the pages and the API, each refusal in French naming where in
the file it is (`ImportRefused`).

A file is read as it streams (`check_file`, with ijson's C parser), never parsed whole: a 64 MB
archive parsed at once is some 250 MB of Python objects, and 480 MB while the parser runs. A first
pass reads everything but the games (the format, the version, the evenings), counts the games and
refuses a file nested too deep (the parser's memory grows with the square of the depth); a second
hands out the games one at a time."""

from __future__ import annotations

import io
import mmap
import os
import re
from collections.abc import Callable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from datetime import datetime
from typing import Any, BinaryIO, cast

import ijson

from scorekeeper.belote.errors import InvalidInput, Refusal
from scorekeeper.belote.evenings import MAX_ID, parse_evening
from scorekeeper.belote.game import Game
from scorekeeper.belote.game_input import parse_deal_input, parse_game
from scorekeeper.services.export import FORMAT, VERSION, ArchivedGame

TOP_KEYS = {"format", "version", "evenings", "games"}
TOP_OPTIONAL_KEYS = {"concours"}  # a file with concours (docs/concours.md, "In the archive")
EVENING_KEYS = {"id", "date", "place", "note", "created_at"}
GAME_KEYS = {"id", "evening", "created_at", "teams", "players", "dealer", "rules", "deals"}
# `end`, or `target` in a file written before games in deals: one of them; `stopped_at` if stopped.
GAME_OPTIONAL_KEYS = {"end", "target", "stopped_at"}
DEAL_KEYS = {"kind", "input"}
DEAL_OPTIONAL_KEYS = {"created_at"}  # when it was recorded: a file written before has none
GAME_ID = re.compile(r"[a-z0-9]{4,32}")

# What an import is doing, for its progress: (step, done, total), the step in French.
Progress = Callable[[str, int, int], None]
READING, CHECKING, WRITING = "Lecture du fichier", "Vérification des parties", "Écriture dans la base"

# The file's evenings, checked; its games, each checked as it is asked for; its concours as read,
# which `concours_import_checks` checks against the evenings and the games (an empty list if none).
Checked = tuple[list[dict[str, Any]], Iterator[tuple[int, ArchivedGame]], Any]


def no_progress(step: str, done: int, total: int) -> None:
    pass


class ImportRefused(Refusal):
    """The file cannot be imported; `message` says what is wrong, in French. Nothing was written."""


NOT_UTF8 = "Le fichier n'est pas du texte UTF-8 : est-ce bien un export JSON ?"
LONE_SURROGATE = (
    "Le fichier contient un caractère invalide (une moitié de paire UTF-16 seule) : est-ce bien un export JSON ?"
)
NOT_JSON = "Le fichier n'est pas du JSON valide : est-ce bien un export JSON ?"
NOT_AN_OBJECT = "Le fichier doit être un objet JSON."
MAX_DEPTH = 32  # an archive nests 6 deep
BOM = b"\xef\xbb\xbf"

# `\uD800` to `\uDFFF` escapes: ijson reads half a UTF-16 pair as "?", so they are looked for in the bytes.
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
HIGH_HALF = re.compile(rb"\\u[dD][89abAB][0-9a-fA-F]{2}")
LOW_HALF = re.compile(rb"\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def _escaped(text: bytes | mmap.mmap, at: int) -> bool:
    """Whether the backslash at `at` starts an escape (an even number of backslashes before it)."""
    start = at
    while start > 0 and text[start - 1 : start] == b"\\":
        start -= 1
    return (at - start) % 2 == 0


def _has_lone_surrogate(text: bytes | mmap.mmap) -> bool:
    for found in SURROGATE_ESCAPE.finditer(text):
        at = found.start()
        if not _escaped(text, at):
            continue
        if HIGH_HALF.fullmatch(text, at, at + 6):
            if not LOW_HALF.fullmatch(text, at + 6, at + 12):
                return True
        elif not (at >= 6 and HIGH_HALF.fullmatch(text, at - 6, at) and _escaped(text, at - 6)):
            return True
    return False


@contextmanager
def _bytes_of(file: BinaryIO) -> Iterator[bytes | mmap.mmap]:
    """The whole file's bytes, mapped from the disk rather than read into memory."""
    try:
        fileno = file.fileno()
    except (AttributeError, io.UnsupportedOperation):  # in memory already
        yield cast(io.BytesIO, file).getvalue()
        return
    if os.fstat(fileno).st_size == 0:
        yield b""
        return
    with mmap.mmap(fileno, 0, access=mmap.ACCESS_READ) as mapped:
        yield mapped


def _parse_errors(events: Iterable) -> Iterator:
    """ijson's events, its errors said in French (as `_outline` says them)."""
    try:
        yield from events
    except ijson.JSONError as error:
        raise ImportRefused(NOT_UTF8 if "UTF8" in str(error) else NOT_JSON) from None


def _outline(file: BinaryIO) -> tuple[dict[str, Any], int]:
    """The file's top-level object with its games left out (an empty list, or map, in their place),
    and the number of games, in one streaming pass. Its own depth count, not ijson's prefixes,
    whose memory grows with the square of the depth: a file nested too deep is refused at once.
    A tight loop: it sees every token of the file."""
    builder = ijson.ObjectBuilder()
    build = builder.event
    depth = games = 0
    in_games = False  # under the top-level key "games"
    try:
        for event, value in ijson.basic_parse(file, use_float=True):
            if event == "start_map" or event == "start_array":
                if depth == 0 and event != "start_map":
                    raise ImportRefused(NOT_AN_OBJECT)
                depth += 1
                if depth > MAX_DEPTH:
                    raise ImportRefused(NOT_JSON)
                if in_games and depth > 2:
                    games += depth == 3  # a game begins
                    continue
            elif event == "end_map" or event == "end_array":
                depth -= 1
                if in_games and depth >= 2:
                    continue
            elif event == "map_key":
                if depth == 1:
                    if value not in TOP_KEYS and value not in TOP_OPTIONAL_KEYS:  # at once: never built
                        raise ImportRefused(f"Le fichier : clé inconnue « {value} ».")
                    in_games = value == "games"
                elif in_games:
                    continue
            elif depth == 0:
                raise ImportRefused(NOT_AN_OBJECT)
            elif in_games and depth >= 2:
                games += depth == 2  # a value in the list that is no game: refused in its turn
                continue
            build(event, value)
    except ijson.JSONError as error:
        raise ImportRefused(NOT_UTF8 if "UTF8" in str(error) else NOT_JSON) from None
    return builder.value, games


def check_file(file: BinaryIO, progress: Progress = no_progress) -> Checked:
    """The file's evenings, checked, and its games, each checked as it is asked for (with its place
    in the file): a large file's games are prepared one by one. Its concours too (`Checked`). The
    file is read as it streams (see the module's docstring), twice, from its start."""
    start = len(BOM) if file.read(len(BOM)) == BOM else 0
    file.seek(start)
    with _bytes_of(file) as text:
        if _has_lone_surrogate(text):
            raise ImportRefused(LONE_SURROGATE)
    file.seek(start)
    top, count = _outline(file)
    evening_list, seen_evenings = _check_top(top)
    file.seek(start)
    games = _parse_errors(ijson.items(file, "games.item", use_float=True))
    return evening_list, _check_games(games, count, seen_evenings, progress), top.get("concours", [])


def checked_time(value: Any, where: str, key: str = "created_at") -> str:
    """`value`, an ISO date and time (the archive's `key` of `where`), or the refusal saying so."""
    try:
        if not isinstance(value, str):
            raise ValueError
        datetime.fromisoformat(value)
    except ValueError:
        raise ImportRefused(f"{where} : « {key} » doit être une date et heure ISO.") from None
    return value


def checked_object(
    item: Any, allowed: set[str], where: str, optional: AbstractSet[str] = frozenset()
) -> dict[str, Any]:
    """`item`, a JSON object of every key of `allowed` and maybe some of `optional`, or the refusal
    naming the first key unknown or missing."""
    if not isinstance(item, dict):
        raise ImportRefused(f"{where} doit être un objet JSON.")
    unknown = sorted(set(item) - allowed - optional)
    if unknown:
        raise ImportRefused(f"{where} : clé inconnue « {unknown[0]} ».")
    missing = sorted(allowed - set(item))
    if missing:
        raise ImportRefused(f"{where} : « {missing[0]} » manque.")
    return item


def _check_top(data: Any) -> tuple[list[dict[str, Any]], set[int]]:
    """The file's evenings, checked, and their ids; the games' list checked to be one."""
    top = checked_object(data, TOP_KEYS, "Le fichier", TOP_OPTIONAL_KEYS)
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
        item = checked_object(item, EVENING_KEYS, where)
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
        evening_list.append({"id": evening_id, **fields, "created_at": checked_time(item["created_at"], where)})
    return evening_list, seen_evenings


def _check_games(
    items: Iterable[Any], total: int, seen_evenings: set[int], progress: Progress
) -> Iterator[tuple[int, ArchivedGame]]:
    seen_games: set[str] = set()
    for index, item in enumerate(items, start=1):
        if index % 200 == 0:
            progress(CHECKING, index, total)
        yield index, _check_game(index, item, seen_games, seen_evenings)
    progress(CHECKING, total, total)


def _check_game(index: int, item: Any, seen_games: set[str], seen_evenings: set[int]) -> ArchivedGame:
    where = f"Partie {index}"
    item = checked_object(item, GAME_KEYS, where, GAME_OPTIONAL_KEYS)
    game_id = item["id"]
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise ImportRefused(f"{where} : « id » doit faire de 4 à 32 lettres minuscules ou chiffres.")
    where = f"Partie {index} ({game_id})"
    if game_id in seen_games:
        raise ImportRefused(f"{where} : cet id est déjà celui d'une autre partie du fichier.")
    seen_games.add(game_id)
    if item["evening"] not in seen_evenings or isinstance(item["evening"], bool):
        raise ImportRefused(f"{where} : « evening » doit être l'id d'une soirée du fichier.")
    if "end" not in item and "target" not in item:
        raise ImportRefused(f"{where} : « end » manque.")
    try:
        fields = parse_game(
            {key: item[key] for key in ("teams", "players", "dealer", "end", "target", "rules") if key in item}
        )
    except InvalidInput as error:
        raise ImportRefused(f"{where} : {error.message}") from None
    fields.pop("evening")
    stopped_at = item.get("stopped_at")
    if stopped_at is not None:
        stopped_at = checked_time(stopped_at, where, "stopped_at")
    game = Game(id=game_id, created_at=checked_time(item["created_at"], where), stopped_at=stopped_at, **fields)
    if not isinstance(item["deals"], list):
        raise ImportRefused(f"{where} : « deals » doit être une liste.")
    deals = []
    for number, deal in enumerate(item["deals"], start=1):
        deal_where = f"{where}, donne {number}"
        deal = checked_object(deal, DEAL_KEYS, deal_where, DEAL_OPTIONAL_KEYS)
        if deal["kind"] not in ("hand", "redeal"):
            raise ImportRefused(f"{deal_where} : « kind » doit valoir « hand » ou « redeal ».")
        try:
            data = parse_deal_input(deal["kind"], deal["input"], game)
        except InvalidInput as error:
            raise ImportRefused(f"{deal_where} : {error.message}") from None
        recorded = {"created_at": checked_time(deal["created_at"], deal_where)} if "created_at" in deal else {}
        deals.append({"kind": deal["kind"], "input": data, **recorded})
    return ArchivedGame(game, item["evening"], deals)
