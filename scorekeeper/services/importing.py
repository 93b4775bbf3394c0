"""Import: an archive exported as JSON (`export`'s format) read back into this instance.

An import checks the whole file (`import_checks`, with the parsers of the pages and the API),
computes every game's sheet and derived rows and compares each game with the game of its id
already here, before it writes anything: outside the write lock, and a file with one bad deal
imports nothing. It then writes everything in one transaction: stopped half-way (an error, the
disk full, the machine stopped), SQLite takes it back whole. Meanwhile a table's save waits for
the write lock, and after `WRITE_WAIT_S` gets the busy 503 (its phone sends it again): an import
is an organiser's act, done between evenings (docs/archive.md).
A game whose id already exists is skipped when it is the same game, and refuses the whole file
when it is not; so is a concours (`concours_importing`). A game that goes on after it was won
(deals after the one that won it, which the table could not have entered) is not imported, and
the report says why; the rest of the file is.
bench/import_archive.py prints each step's time.
"""

from __future__ import annotations

import json
import logging
import pickle
import sqlite3
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, BinaryIO

import sqlite_utils

from scorekeeper.belote.game import Game
from scorekeeper.belote.game_length import import_refusal
from scorekeeper.belote.sheet import build_sheet
from scorekeeper.services import concours_import_checks, concours_importing, export
from scorekeeper.services.export import ArchivedGame
from scorekeeper.services.import_checks import (
    WRITING,
    ImportRefused,
    Progress,
    check_file,
    no_progress,
)
from scorekeeper.services.import_report import ImportReport
from scorekeeper.store import archive_inputs, derived, imports
from scorekeeper.store import games as store
from scorekeeper.store.archive_rows import game_rows
from scorekeeper.store.db import write_transaction

logger = logging.getLogger(__name__)


@dataclass
class _Prepared:
    """A game ready to write: its deals as the deals table stores them, and its derived rows, as
    tuples in `_COLUMNS`' order (with the file's evening id, changed for this archive's when written)."""

    game: Game
    evening: int  # the file's id
    deal_texts: list[tuple[str, str, str | None]]  # (kind, input as stored, recorded time if the file has it)
    rows: dict[str, list[tuple]]

    def as_json(self) -> dict[str, Any]:
        """As `existing_games` reads a game here: the archive's JSON, without the evening."""
        deals = [
            {"kind": kind, "input": json.loads(text), **({"created_at": at} if at is not None else {})}
            for kind, text, at in self.deal_texts
        ]
        game = ArchivedGame(self.game, self.evening, deals).as_json()
        game.pop("evening")
        return game

    def same_as(self, found: dict[str, Any]) -> bool:
        """Whether `found`, the game of this id here (`_existing_games`), is this one: a deal the file
        gives no time (a file written before deals had one) is compared without the time it has here."""
        mine = self.as_json()
        if len(found["deals"]) == len(mine["deals"]):
            found = {
                **found,
                "deals": [
                    deal if "created_at" in own else {key: deal[key] for key in deal if key != "created_at"}
                    for deal, own in zip(found["deals"], mine["deals"], strict=True)
                ],
            }
        return found == mine


_COLUMNS: dict[str, list[str]] = {}  # each derived table's columns, in game_rows' order


def _prepare(game: ArchivedGame, index: int, stamp: str, report: ImportReport) -> _Prepared | None:
    texts = [(deal["kind"], store.input_text(deal["input"]), deal.get("created_at")) for deal in game.deals]
    rows = [{"id": n, "kind": kind, "input_json": text, "version": 1} for n, (kind, text, _) in enumerate(texts)]
    sheet = build_sheet(game.game, rows, len(rows))
    refused = import_refusal(sheet)
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


def _existing_games(db: sqlite_utils.Database, ids: list[str]) -> dict[str, dict[str, Any]]:
    """The games of `ids` that are here, as the archive's JSON has them (without their evening)."""
    found: dict[str, dict[str, Any]] = {}
    for where, chunk in imports.chunks(ids):
        deals = archive_inputs.deals_where(db, where, chunk)
        for row in imports.game_rows(db, where, chunk):
            game = export.game_json(row, deals.get(row["id"], []))
            game.pop("evening")
            found[row["id"]] = game
    return found


def _place_evenings(
    db: sqlite_utils.Database, evening_list: list[dict[str, Any]], report: ImportReport
) -> dict[int, int]:
    """The file's evenings in this archive: the same evening reused, or added (with its id if free).
    Returns the ids here of the file's."""
    here: dict[tuple, int] = {}
    taken: set[int] = set()
    for row in imports.evenings_here(db):
        content = (row["date"], row["place"], row["note"], row["created_at"])
        here[content] = row["id"]  # the same evening more than once: its lowest id, read last
        taken.add(row["id"])
    ids = {}
    moved = []
    for evening in evening_list:
        content = (evening["date"], evening["place"], evening["note"], evening["created_at"])
        if content in here:
            ids[evening["id"]] = here[content]
            report.evenings_reused += 1
        elif evening["id"] not in taken:
            ids[evening["id"]] = here[content] = imports.add_evening(db, content, evening["id"])
            taken.add(evening["id"])
        else:
            moved.append((evening["id"], content))
    for file_id, content in moved:  # after the others, so that a new id takes none of theirs
        if content not in here:
            here[content] = imports.add_evening(db, content)
        ids[file_id] = here[content]
    report.evenings_added = len(ids) - report.evenings_reused
    return ids


def _write_games(db: sqlite_utils.Database, games: list[_Prepared], evening_ids: dict[int, int], stamp: str) -> None:
    """The games, their deals and their derived rows, each evening id the file's made this archive's."""

    def table_rows(table: str, at: int) -> Iterator[tuple]:
        for prepared in games:
            for row in prepared.rows[table]:
                yield (*row[:at], evening_ids[row[at]], *row[at + 1 :])

    derived_rows = [  # the summary first, then the rows that hang off the game
        (table, _COLUMNS[table], table_rows(table, _COLUMNS[table].index("evening_id")))
        for table in reversed(derived.TABLES)
        if table in _COLUMNS
    ]
    imports.write_games(
        db,
        [(prepared.game, evening_ids[prepared.evening]) for prepared in games],
        ((prepared.game.id, kind, text, at) for prepared in games for kind, text, at in prepared.deal_texts),
        stamp,
        derived_rows,
    )


@contextmanager
def _timed(timings: dict[str, float] | None, step: str) -> Iterator[None]:
    started = time.perf_counter()
    yield
    if timings is not None:
        timings[step] = timings.get(step, 0.0) + time.perf_counter() - started


PART_GAMES = 200  # games compared with those here at once, and kept on the disk together
PART_DEALS = 4000  # and no more deals than this in one part


def _parts(prepared: Iterable[_Prepared]) -> Iterator[list[_Prepared]]:
    """The games a few hundred at a time (fewer when they are long): compared with those here a
    part at a time, kept on the disk until they are written (the memory stays bounded)."""
    part: list[_Prepared] = []
    deals = 0
    for ready in prepared:
        part.append(ready)
        deals += len(ready.deal_texts)
        if len(part) >= PART_GAMES or deals >= PART_DEALS:
            yield part
            part, deals = [], 0
    if part:
        yield part


def _checked_parts(db: sqlite_utils.Database, games, stamp: str, report: ImportReport) -> Iterator[list[_Prepared]]:
    """The games to add, a part at a time, each checked, scored and compared with the game of its
    id already here (outside the write lock: reads only); an identical one is skipped, another
    refuses the file (`ImportRefused`)."""
    prepared = (ready for index, game in games if (ready := _prepare(game, index, stamp, report)) is not None)
    for part in _parts(prepared):
        existing = _existing_games(db, [ready.game.id for ready in part])
        added = []
        for ready in part:
            found = existing.get(ready.game.id)
            if found is None:
                added.append(ready)
            elif ready.same_as(found):
                report.games_skipped.append(ready.game.id)
            else:
                raise ImportRefused(
                    f"La partie « {ready.game.id} » existe déjà ici, avec d'autres données : rien n'a été "
                    "importé. Supprimez-la du fichier pour importer le reste."
                )
        report.games_added.extend(ready.game.id for ready in added)
        report.deals_added += sum(len(ready.deal_texts) for ready in added)
        if added:
            yield added


def import_file(
    db: sqlite_utils.Database,
    file: BinaryIO,
    progress: Progress = no_progress,
    timings: dict[str, float] | None = None,
) -> ImportReport:
    """Import a JSON file, read as it streams (`check_file`), see the module's docstring: checked,
    prepared and compared with what is here first, the prepared parts kept in a temporary file;
    then written in one transaction, or refused whole (`ImportRefused`, nothing written).
    `progress` hears how far it is; `timings` receives each step's seconds. The WAL is emptied
    after the commit."""
    report = ImportReport()
    stamp = store.now()
    with tempfile.TemporaryFile() as spool:
        parts = 0
        with _timed(timings, "check, score, derive, compare (no lock)"):
            evening_list, games, concours_items = check_file(file, progress)
            concours_list = concours_import_checks.check_concours(concours_items, {e["id"] for e in evening_list})
            games = concours_import_checks.with_tables_checked(games, concours_list)
            for part in _checked_parts(db, games, stamp, report):
                pickle.dump(part, spool, pickle.HIGHEST_PROTOCOL)
                parts += 1
            concours_added = concours_importing.concours_to_add(db, concours_list, report)
        total = len(report.games_added)
        progress(WRITING, 0, total)
        spool.seek(0)
        with _timed(timings, "write (one transaction)"), write_transaction(db):
            _refuse_games_added_meanwhile(db, report.games_added)
            evening_ids = _place_evenings(db, evening_list, report)
            written = 0
            for _ in range(parts):
                part = pickle.load(spool)
                _write_games(db, part, evening_ids, stamp)
                written += len(part)
                progress(WRITING, written, total)
            concours_importing.write_concours(db, concours_added, evening_ids)
    with _timed(timings, "checkpoint (WAL emptied)"):
        _checkpoint(db)
    return report


def _refuse_games_added_meanwhile(db: sqlite_utils.Database, game_ids: list[str]) -> None:
    """Inside the write transaction: a game of the file that came here while the file was checked
    (the same file imported twice at once) refuses it, rather than meet its own id."""
    for where, chunk in imports.chunks(game_ids):
        for row in imports.game_rows(db, where, chunk):
            raise ImportRefused(
                f"La partie « {row['id']} » a été ajoutée ici pendant la vérification du fichier (un autre "
                "import ?) : rien n'a été importé. Importez le fichier à nouveau."
            )


def _checkpoint(db: sqlite_utils.Database) -> None:
    """Copy the WAL into the database and empty it: a large import leaves it hundreds of MB, until
    the server restarts. Waits for readers (busy_timeout); if one still reads, the WAL is emptied by
    a later checkpoint instead. The import has committed: a checkpoint that fails changes nothing."""
    try:
        imports.checkpoint(db)
    except sqlite3.Error:
        logger.warning("WAL checkpoint after an import failed", exc_info=True)
