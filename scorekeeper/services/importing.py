"""Import: an archive exported as JSON (`export`'s format) read back into this instance.

An import reads the whole file through the service layer's parsers before writing anything, then
writes it in one transaction: a file with one bad deal imports nothing. A game whose id already
exists is skipped when it is the same game, and refuses the whole file when it is not.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import sqlite_utils

from scorekeeper.belote.errors import InvalidInput, Refusal
from scorekeeper.belote.evenings import MAX_ID, parse_evening
from scorekeeper.belote.game import Game
from scorekeeper.belote.game_input import parse_deal_input, parse_game
from scorekeeper.services.export import FORMAT, VERSION, ArchivedGame, archive_data
from scorekeeper.store import derived, evenings
from scorekeeper.store import games as store
from scorekeeper.store.db import write_transaction

TOP_KEYS = {"format", "version", "evenings", "games"}
EVENING_KEYS = {"id", "date", "place", "note", "created_at"}
GAME_KEYS = {"id", "evening", "created_at", "teams", "players", "dealer", "target", "rules", "deals"}
DEAL_KEYS = {"kind", "input"}
GAME_ID = re.compile(r"[a-z0-9]{4,32}")


# --- import --------------------------------------------------------------------------------


class ImportRefused(Refusal):
    """The file cannot be imported; `message` says what is wrong, in French. Nothing was written."""


@dataclass
class ImportReport:
    evenings_added: int = 0
    evenings_reused: int = 0
    games_added: list[str] = field(default_factory=list)
    games_skipped: list[str] = field(default_factory=list)
    deals_added: int = 0

    def summary(self) -> str:
        """What was done, in French, for the page and the command line."""
        parts = [
            f"{len(self.games_added)} partie(s) importée(s), {self.deals_added} donne(s)",
            f"{self.evenings_added} soirée(s) ajoutée(s)",
        ]
        if self.evenings_reused:
            parts.append(f"{self.evenings_reused} soirée(s) déjà présente(s)")
        text = ", ".join(parts) + "."
        if self.games_skipped:
            text += (
                f" {len(self.games_skipped)} partie(s) déjà présente(s), identique(s), ignorée(s) : "
                + ", ".join(self.games_skipped)
                + "."
            )
        return text


def read_json(raw: bytes | str) -> Any:
    try:
        return json.loads(raw)
    except UnicodeDecodeError:
        raise ImportRefused("Le fichier n'est pas du texte UTF-8 : est-ce bien un export JSON ?") from None
    except (ValueError, RecursionError):
        raise ImportRefused("Le fichier n'est pas du JSON valide : est-ce bien un export JSON ?") from None


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


def parse_archive(data: Any) -> tuple[list[dict[str, Any]], list[ArchivedGame]]:
    """Every evening and game of the file, validated by the same parsers as the pages and the API."""
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
    games = []
    seen_games: set[str] = set()
    for index, item in enumerate(top["games"], start=1):
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
        games.append(ArchivedGame(game, item["evening"], deals))
    return evening_list, games


def _existing_game(db: sqlite_utils.Database, game_id: str) -> dict[str, Any] | None:
    data = archive_data(db, game_id=game_id)
    if not data["games"]:
        return None
    game = data["games"][0]
    game.pop("evening")
    return game


def _place_evenings(db: sqlite_utils.Database, evening_list: list[dict[str, Any]], report: ImportReport) -> dict:
    """The file's evenings in this archive: the same evening reused, or added (with its id if free)."""
    ids = {}
    moved = []
    for evening in evening_list:
        same = list(
            db.query(
                "select id from evenings where date = ? and place = ? and note = ? and created_at = ? "
                "order by id limit 1",
                [evening["date"], evening["place"], evening["note"], evening["created_at"]],
            )
        )
        if same:
            ids[evening["id"]] = same[0]["id"]
            report.evenings_reused += 1
        elif evenings.fetch(db, evening["id"]) is None:
            ids[evening["id"]] = _add_evening(db, evening, id=evening["id"])
        else:
            moved.append(evening)
    for evening in moved:  # after the others, so that a new id takes none of theirs
        ids[evening["id"]] = _add_evening(db, evening)
    report.evenings_added = len(ids) - report.evenings_reused
    return ids


def _add_evening(db: sqlite_utils.Database, evening: dict[str, Any], **given_id: int) -> int:
    return evenings.insert(
        db, evening["date"], evening["place"], evening["note"], created_at=evening["created_at"], **given_id
    )


def _insert_game(db: sqlite_utils.Database, game: ArchivedGame, evening_id: int) -> None:
    store.insert_game(db, game.game)
    evenings.place_game(db, game.game.id, evening_id)
    stamp = store.now()
    db.conn.executemany(
        "insert into deals (game_id, kind, input, version, deleted_at, created_at, updated_at) "
        "values (?, ?, ?, 1, null, ?, ?)",
        [
            (game.game.id, deal["kind"], json.dumps(deal["input"], ensure_ascii=False), stamp, stamp)
            for deal in game.deals
        ],
    )
    # Each deal recorded here is an action, like one entered at the table (undo takes it back).
    db.execute(
        "insert into actions (game_id, deal_id, action, previous_input, undone_at, created_at) "
        "select game_id, id, 'record', null, null, ? from deals where game_id = ? order by id",
        [stamp, game.game.id],
    )
    derived.refresh_game(db, game.game.id)


def import_archive(db: sqlite_utils.Database, data: Any) -> ImportReport:
    """Import a parsed JSON file (see the module's docstring) in one transaction, or refuse it whole."""
    evening_list, games = parse_archive(data)
    report = ImportReport()
    with write_transaction(db):
        added = []
        present = {row["id"] for row in db.query("select id from games")}
        for game in games:
            existing = _existing_game(db, game.game.id) if game.game.id in present else None
            if existing is None:
                added.append(game)
            elif existing == {key: value for key, value in game.as_json().items() if key != "evening"}:
                report.games_skipped.append(game.game.id)
            else:
                raise ImportRefused(
                    f"La partie « {game.game.id} » existe déjà ici, avec d'autres données : rien n'a été "
                    "importé. Supprimez-la du fichier pour importer le reste."
                )
        evening_ids = _place_evenings(db, evening_list, report)
        for game in added:
            _insert_game(db, game, evening_ids[game.evening])
            report.games_added.append(game.game.id)
            report.deals_added += len(game.deals)
    return report
