"""Import: an archive exported as JSON (`export`'s format) read back into this instance.

An import reads the whole file through the service layer's parsers, and computes every game's
sheet and derived rows, before it takes the write lock: the tables keep playing while a large file
is checked. It then writes everything in one transaction, in a few batched statements, so that a
file with one bad deal imports nothing and a large file holds the lock for seconds, not minutes.
A game whose id already exists is skipped when it is the same game, and refuses the whole file
when it is not. A game that goes on after it was won (deals after the one that won it, which the
table could not have entered) is not imported, and the report says why; the rest of the file is.

issue 14: 50 MB (15,000 games, 270,000 deals) in about 30 s on the project's 2-core machine,
most of it checking and scoring every deal (bench/import_archive.py prints each step).
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

import sqlite_utils

from scorekeeper.belote.errors import InvalidInput, Refusal
from scorekeeper.belote.evenings import MAX_ID, parse_evening
from scorekeeper.belote.game import Game, winner_of
from scorekeeper.belote.game_input import parse_deal_input, parse_game
from scorekeeper.belote.sheet import Sheet, build_sheet
from scorekeeper.services import export
from scorekeeper.services.export import FORMAT, VERSION, ArchivedGame
from scorekeeper.store import derived
from scorekeeper.store import games as store
from scorekeeper.store.archive_rows import game_rows
from scorekeeper.store.db import connect, write_transaction

TOP_KEYS = {"format", "version", "evenings", "games"}
EVENING_KEYS = {"id", "date", "place", "note", "created_at"}
GAME_KEYS = {"id", "evening", "created_at", "teams", "players", "dealer", "target", "rules", "deals"}
DEAL_KEYS = {"kind", "input"}
GAME_ID = re.compile(r"[a-z0-9]{4,32}")
logger = logging.getLogger(__name__)
CHUNK = 500  # ids per `in (…)` query
# In app_info, written by the import's own transaction: a report page that finds an import's
# worker gone reads here whether it had committed (its import id follows the prefix).
MARKER_PREFIX = "import "

# What an import is doing, for its progress: (step, done, total), the step in French.
Progress = Callable[[str, int, int], None]
READING, CHECKING, WRITING = "Lecture du fichier", "Vérification des parties", "Écriture dans la base"


# --- import --------------------------------------------------------------------------------


class ImportRefused(Refusal):
    """The file cannot be imported; `message` says what is wrong, in French. Nothing was written."""


@dataclass
class ImportReport:
    evenings_added: int = 0
    evenings_reused: int = 0
    games_added: list[str] = field(default_factory=list)
    games_skipped: list[str] = field(default_factory=list)  # already here, identical
    games_refused: list[list[str]] = field(default_factory=list)  # [id, why, in French]: not imported
    deals_added: int = 0

    def summary(self) -> str:
        """What was done, in French, in a few lines at most (the lists of ids are for the report page)."""
        parts = [
            f"{len(self.games_added)} partie(s) importée(s), {self.deals_added} donne(s)",
            f"{self.evenings_added} soirée(s) ajoutée(s)",
        ]
        if self.evenings_reused:
            parts.append(f"{self.evenings_reused} soirée(s) déjà présente(s)")
        text = ", ".join(parts) + "."
        if self.games_skipped:
            text += f" {len(self.games_skipped)} partie(s) déjà présente(s), identique(s), ignorée(s)"
            text += " : " + ", ".join(self.games_skipped) + "." if len(self.games_skipped) <= 10 else "."
        if self.games_refused:
            text += f" {len(self.games_refused)} partie(s) refusée(s), non importée(s)."
        return text

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ImportReport:
        return cls(**data)


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


def _no_progress(step: str, done: int, total: int) -> None:
    pass


def parse_archive(data: Any) -> tuple[list[dict[str, Any]], list[ArchivedGame]]:
    """Every evening and game of the file, validated by the same parsers as the pages and the API."""
    evening_list, games = _parse(data, _no_progress)
    return evening_list, [game for _, game in games]


def _parse(data: Any, progress: Progress) -> tuple[list[dict[str, Any]], Iterator[tuple[int, ArchivedGame]]]:
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
    return evening_list, _parse_games(top["games"], seen_evenings, progress)


def _parse_games(items: list[Any], seen_evenings: set[int], progress: Progress) -> Iterator[tuple[int, ArchivedGame]]:
    seen_games: set[str] = set()
    total = len(items)
    for index, item in enumerate(items, start=1):
        if index % 200 == 0:
            progress(CHECKING, index, total)
        yield index, _parse_game(index, item, seen_games, seen_evenings)
    progress(CHECKING, total, total)


def _parse_game(index: int, item: Any, seen_games: set[str], seen_evenings: set[int]) -> ArchivedGame:
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


@dataclass
class _Prepared:
    """A game ready to write: its deals as the deals table stores them, and its derived rows, as
    tuples in `_COLUMNS`' order (with the file's evening id, changed for this archive's when written)."""

    game: Game
    evening: int  # the file's id
    deal_texts: list[tuple[str, str]]  # (kind, input as stored)
    rows: dict[str, list[tuple]]

    def as_json(self) -> dict[str, Any]:
        """As `existing_games` reads a game here: the archive's JSON, without the evening."""
        deals = [{"kind": kind, "input": json.loads(text)} for kind, text in self.deal_texts]
        game = ArchivedGame(self.game, self.evening, deals).as_json()
        game.pop("evening")
        return game


_COLUMNS: dict[str, list[str]] = {}  # each derived table's columns, in game_rows' order


def _won_before_its_end(game: Game, sheet: Sheet) -> str | None:
    """Why a game cannot be imported when a deal follows the one that won it (the table refuses
    such a deal: « La partie est finie »), in French; None when it can."""
    for deal in sheet.deals[:-1]:
        winner = winner_of(deal.totals, game.target)
        if winner is not None:
            after = len(sheet.deals) - deal.number
            return (
                f"la partie est gagnée par {game.team_name(winner)} à la donne {deal.number} "
                f"({deal.totals['A']} à {deal.totals['B']}), mais le fichier contient encore {after} donne(s) "
                "après : une partie gagnée ne prend plus de donne. Partie non importée."
            )
    return None


def _prepare(game: ArchivedGame, index: int, stamp: str, report: ImportReport) -> _Prepared | None:
    texts = [(deal["kind"], store.input_text(deal["input"])) for deal in game.deals]
    rows = [{"id": number, "kind": kind, "input_json": text, "version": 1} for number, (kind, text) in enumerate(texts)]
    sheet = build_sheet(game.game, rows, len(rows))
    refused = _won_before_its_end(game.game, sheet)
    if refused is not None:
        report.games_refused.append([game.game.id, f"Partie {index} ({game.game.id}) : {refused}"])
        return None
    # The last activity, as a game recorded here has it: its last action, the import's.
    tables = game_rows(sheet, game.evening, stamp if rows else game.game.created_at)
    as_tuples = {}
    for table, table_rows in tables.items():
        if table_rows and table not in _COLUMNS:
            _COLUMNS[table] = list(table_rows[0])
        as_tuples[table] = [tuple(row[column] for column in _COLUMNS[table]) for row in table_rows]
    return _Prepared(game.game, game.evening, texts, as_tuples)


def _chunks(items: list[str]) -> Iterator[list[str]]:
    for start in range(0, len(items), CHUNK):
        yield items[start : start + CHUNK]


def _existing_games(db: sqlite_utils.Database, ids: list[str]) -> dict[str, dict[str, Any]]:
    """The games of `ids` that are here, as the archive's JSON has them (without their evening)."""
    found: dict[str, dict[str, Any]] = {}
    for chunk in _chunks(ids):
        where = f"g.id in ({', '.join('?' for _ in chunk)})"
        deals = export._live_deals(db, where, chunk)
        for row in db.query(f"select g.* from games g where {where}", chunk):
            game = export._game_json(row, deals.get(row["id"], []))
            game.pop("evening")
            found[row["id"]] = game
    return found


def _place_evenings(db: sqlite_utils.Database, evening_list: list[dict[str, Any]], report: ImportReport) -> dict:
    """The file's evenings in this archive: the same evening reused, or added (with its id if free)."""
    here: dict[tuple, int] = {}
    taken: set[int] = set()
    for row in db.conn.execute("select id, date, place, note, created_at from evenings order by id desc"):
        here[tuple(row[1:])] = row[0]  # the same evening more than once: its lowest id, read last
        taken.add(row[0])
    ids = {}
    moved = []
    for evening in evening_list:
        content = (evening["date"], evening["place"], evening["note"], evening["created_at"])
        if content in here:
            ids[evening["id"]] = here[content]
            report.evenings_reused += 1
        elif evening["id"] not in taken:
            ids[evening["id"]] = here[content] = _add_evening(db, content, evening["id"])
            taken.add(evening["id"])
        else:
            moved.append((evening["id"], content))
    for file_id, content in moved:  # after the others, so that a new id takes none of theirs
        ids[file_id] = here.get(content) or _add_evening(db, content)
        here.setdefault(content, ids[file_id])
    report.evenings_added = len(ids) - report.evenings_reused
    return ids


def _add_evening(db: sqlite_utils.Database, content: tuple, evening_id: int | None = None) -> int:
    return db.conn.execute(
        "insert into evenings (id, date, place, note, created_at) values (?, ?, ?, ?, ?)", [evening_id, *content]
    ).lastrowid


def _write_games(db: sqlite_utils.Database, games: list[_Prepared], evening_ids: dict[int, int], stamp: str) -> None:
    """The games, their deals, an action per deal (as if entered here: undo takes it back) and
    their derived rows, in a few statements over every game."""
    for prepared in games:
        store.insert_game(db, prepared.game)
    db.conn.executemany(
        "update games set evening_id = ? where id = ?",
        [(evening_ids[prepared.evening], prepared.game.id) for prepared in games],
    )
    before = db.conn.execute("select coalesce(max(id), 0) from deals").fetchone()[0]
    db.conn.executemany(
        "insert into deals (game_id, kind, input, version, deleted_at, created_at, updated_at) "
        "values (?, ?, ?, 1, null, ?, ?)",
        ((prepared.game.id, kind, text, stamp, stamp) for prepared in games for kind, text in prepared.deal_texts),
    )
    db.conn.execute(
        "insert into actions (game_id, deal_id, action, previous_input, undone_at, created_at) "
        "select game_id, id, 'record', null, null, ? from deals where id > ? order by id",
        [stamp, before],
    )
    for table in reversed(derived.TABLES):  # the summary first, then the rows that hang off the game
        if table not in _COLUMNS:
            continue
        columns = _COLUMNS[table]
        at = columns.index("evening_id")

        def here(row: tuple, at: int = at) -> tuple:
            return (*row[:at], evening_ids[row[at]], *row[at + 1 :])

        db.conn.executemany(
            f"insert or replace into {table} ({', '.join(columns)}) values ({', '.join('?' for _ in columns)})",
            (here(row) for prepared in games for row in prepared.rows[table]),
        )


@contextmanager
def _timed(timings: dict[str, float] | None, step: str) -> Iterator[None]:
    started = time.perf_counter()
    yield
    if timings is not None:
        timings[step] = timings.get(step, 0.0) + time.perf_counter() - started


def import_archive(
    db: sqlite_utils.Database,
    data: Any,
    progress: Progress = _no_progress,
    marker: str | None = None,
    timings: dict[str, float] | None = None,
    before_commit: Callable[[ImportReport], None] | None = None,
) -> ImportReport:
    """Import a parsed JSON file (see the module's docstring): checked and prepared first, then
    written in one transaction, or refused whole (`ImportRefused`, nothing written). `progress`
    hears how far it is; `marker` (an import id) is written to app_info in the same transaction, so
    that whether it committed can be read afterwards, and `before_commit` hears the report just
    before the commit (to keep it where a page finds it); `timings` receives each step's seconds.
    The WAL, which a large import fills with every page it wrote, is emptied after the commit."""
    report = ImportReport()
    stamp = store.now()
    prepared = []
    with _timed(timings, "check, score, derive (no lock)"):
        evening_list, games = _parse(data, progress)
        for index, game in games:
            ready = _prepare(game, index, stamp, report)
            if ready is not None:
                prepared.append(ready)
    progress(WRITING, 0, len(prepared))
    with _timed(timings, "write (one transaction)"), write_transaction(db):
        existing = _existing_games(db, [ready.game.id for ready in prepared])
        added = []
        for ready in prepared:
            found = existing.get(ready.game.id)
            if found is None:
                added.append(ready)
            elif found == ready.as_json():
                report.games_skipped.append(ready.game.id)
            else:
                raise ImportRefused(
                    f"La partie « {ready.game.id} » existe déjà ici, avec d'autres données : rien n'a été "
                    "importé. Supprimez-la du fichier pour importer le reste."
                )
        evening_ids = _place_evenings(db, evening_list, report)
        _write_games(db, added, evening_ids, stamp)
        report.games_added = [ready.game.id for ready in added]
        report.deals_added = sum(len(ready.deal_texts) for ready in added)
        if marker is not None:
            db.conn.execute("insert into app_info (key, value) values (?, ?)", [MARKER_PREFIX + marker, stamp])
        if before_commit is not None:
            before_commit(report)
    progress(WRITING, len(prepared), len(prepared))
    with _timed(timings, "checkpoint (WAL emptied)"):
        checkpoint(db)
    return report


def checkpoint(db: sqlite_utils.Database) -> None:
    """Copy the WAL into the database and empty it: a large import left it hundreds of MB, until the
    server restarted. Waits for readers (busy_timeout); if one still reads, the WAL is emptied by a
    later checkpoint instead. The import has committed: a checkpoint that fails changes nothing of it."""
    try:
        db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    except sqlite3.Error:
        logger.warning("WAL checkpoint after an import failed", exc_info=True)


def committed(db: sqlite_utils.Database, marker: str) -> bool:
    """Whether the import given `marker` committed (see `import_archive`)."""
    found = db.conn.execute("select 1 from app_info where key = ?", [MARKER_PREFIX + marker]).fetchone()
    return found is not None


# --- an import in the background, followed by its page ----------------------------------------
#
# A large file takes longer to check and score than a page should keep a phone waiting, and a
# person must see how far it is and then what it did: the page starts the import in a thread of
# the worker and shows its progress, then its report, from a status file of its own (not the
# session's cookie, which a long report overflowed). The file is written atomically at each step;
# whichever worker serves the page reads it. A worker that stops mid-way (a restart) leaves a
# status that no longer moves: the page then reads in the database whether the import committed
# (its marker) and says so, with its report when it had one.

IMPORT_ID = re.compile(r"[0-9a-f]{16}")
STALE_S = 600  # a status unchanged this long, its worker alive or not, is an import that stopped
KEEP_DAYS = 30  # status files older than this are removed when another import starts
PROGRESS_EVERY_S = 0.5


def imports_folder(database_path: str) -> str:
    """Where the import statuses of the database at `database_path` are kept, beside it (in the
    instance folder for the app's own database)."""
    return f"{database_path}-imports"


class ImportStatus:
    """The status file of one import: `state` is running, committing, done, refused or failed."""

    def __init__(self, folder: str, import_id: str):
        self.path = os.path.join(folder, f"{import_id}.json")
        self.id = import_id
        self.data: dict[str, Any] = {}
        self.written = 0.0

    def write(self, **changes: Any) -> None:
        self.data.update(changes, pid=os.getpid(), updated_at=time.time())
        partial = f"{self.path}.{threading.get_ident()}.partial"
        with open(partial, "w", encoding="utf-8") as file:
            json.dump(self.data, file, ensure_ascii=False)
        os.replace(partial, self.path)
        self.written = time.monotonic()

    def progress(self, step: str, done: int, total: int) -> None:
        if step != self.data.get("step") or time.monotonic() - self.written >= PROGRESS_EVERY_S:
            self.write(step=step, done=done, total=total)

    def read(self) -> dict[str, Any] | None:
        try:
            with open(self.path, encoding="utf-8") as file:
                self.data = json.load(file)
        except (FileNotFoundError, ValueError):
            return None
        return self.data


def start_import(database_path: str, raw: bytes, wait: float = 0.0) -> tuple[str, dict[str, Any]]:
    """Start importing `raw` (the file's bytes) into the database at `database_path`, in a thread
    of this process; wait up to `wait` seconds for it (a small file is done by then). Returns the
    import's id and its status as it stands."""
    folder = imports_folder(database_path)
    os.makedirs(folder, exist_ok=True)
    _remove_old_statuses(folder)
    import_id = secrets.token_hex(8)
    status = ImportStatus(folder, import_id)
    status.write(state="running", step=READING, done=0, total=0, started_at=time.time(), bytes=len(raw))
    thread = threading.Thread(
        target=_run_import, args=(database_path, status, raw), name=f"import-{import_id}", daemon=True
    )
    thread.start()
    thread.join(wait)
    return import_id, dict(status.data)


def _run_import(database_path: str, status: ImportStatus, raw: bytes) -> None:
    started = time.perf_counter()
    db = connect(database_path)
    try:
        data = read_json(raw)
        del raw
        report = import_archive(
            db,
            data,
            progress=status.progress,
            marker=status.id,
            before_commit=lambda report: status.write(state="committing", report=report.as_json()),
        )
    except ImportRefused as refusal:
        status.write(state="refused", message=refusal.message + " Rien n'a été importé.")
    except Exception:
        logger.exception("Import %s failed", status.id)
        try:
            done = committed(db, status.id)
        except sqlite3.Error:
            done = False
        if done and status.data.get("report"):  # it failed after its commit (writing its status)
            status.write(state="done", seconds=time.perf_counter() - started)
        else:
            status.write(state="failed", message=FAILED)
    else:
        status.write(state="done", report=report.as_json(), seconds=time.perf_counter() - started)
        _forget_marker(db, status.id)
    finally:
        db.close()


FAILED = (
    "Une erreur interne a arrêté l'import : rien n'a été importé. Réessayez ; si l'erreur revient, "
    "importez le fichier en ligne de commande (flask --app scorekeeper import), qui dit où elle se produit."
)
STOPPED = (
    "L'import a été interrompu (le serveur s'est arrêté ou a redémarré pendant l'import) : rien n'a été "
    "importé. Relancez l'import du même fichier."
)


def _forget_marker(db: sqlite_utils.Database, import_id: str) -> None:
    """The status file now says the import is done: its marker is no longer needed."""
    try:
        with write_transaction(db):
            db.conn.execute("delete from app_info where key = ?", [MARKER_PREFIX + import_id])
    except sqlite3.Error:
        logger.warning("Could not remove the marker of import %s", import_id, exc_info=True)


def import_status(database_path: str, import_id: str) -> dict[str, Any] | None:
    """The status of an import (None if there is no such import), with an import whose worker
    stopped mid-way resolved: done if it had committed (its report kept just before), else stopped
    with nothing imported. Its `report`, when there is one, as an `ImportReport`."""
    if not IMPORT_ID.fullmatch(import_id):
        return None
    status = ImportStatus(imports_folder(database_path), import_id)
    data = status.read()
    if data is None:
        return None
    if data["state"] in ("running", "committing") and _stopped(data):
        db = connect(database_path)
        try:
            if data["state"] == "committing" and committed(db, import_id):
                status.write(state="done")
                _forget_marker(db, import_id)
            else:
                status.write(state="failed", message=STOPPED)
        finally:
            db.close()
        data = status.data
    data = dict(data)
    if data.get("report") is not None:
        data["report"] = ImportReport.from_json(data["report"])
    return data


def _stopped(data: dict[str, Any]) -> bool:
    if time.time() - data["updated_at"] > STALE_S:
        return True
    try:
        os.kill(data["pid"], 0)
    except ProcessLookupError:
        return True
    except OSError:  # another user's process: alive
        return False
    return False


def _remove_old_statuses(folder: str) -> None:
    limit = time.time() - KEEP_DAYS * 86400
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        try:
            if os.path.getmtime(path) < limit:
                os.remove(path)
        except OSError:
            pass
