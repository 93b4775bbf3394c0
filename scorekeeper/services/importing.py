"""Import: an archive exported as JSON (`export`'s format) read back into this instance.

An import checks the whole file (`import_checks`, with the parsers of the pages and the API), and
computes every game's sheet and derived rows, before it takes the write lock: the tables keep
playing while a large file is checked. It then writes everything in one transaction, in a few
batched statements (`store.imports`), so that a file with one bad deal imports nothing and a large
file holds the lock for seconds, not minutes.
A game whose id already exists is skipped when it is the same game, and refuses the whole file
when it is not. A game that goes on after it was won (deals after the one that won it, which the
table could not have entered) is not imported, and the report says why; the rest of the file is.

issue 14: 50 MB (15,000 games, 270,000 deals) in about 30 s on the project's 2-core machine,
most of it checking and scoring every deal (bench/import_archive.py prints each step).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

import sqlite_utils

from scorekeeper.belote.game import Game
from scorekeeper.belote.game_length import import_refusal
from scorekeeper.belote.sheet import build_sheet
from scorekeeper.services import export
from scorekeeper.services.export import ArchivedGame
from scorekeeper.services.import_checks import WRITING, ImportRefused, Progress, check_archive, no_progress
from scorekeeper.store import archive_inputs, derived, imports
from scorekeeper.store import games as store
from scorekeeper.store.archive_rows import game_rows
from scorekeeper.store.db import write_transaction

logger = logging.getLogger(__name__)


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


def _prepare(game: ArchivedGame, index: int, stamp: str, report: ImportReport) -> _Prepared | None:
    texts = [(deal["kind"], store.input_text(deal["input"])) for deal in game.deals]
    rows = [{"id": number, "kind": kind, "input_json": text, "version": 1} for number, (kind, text) in enumerate(texts)]
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


def _place_evenings(db: sqlite_utils.Database, evening_list: list[dict[str, Any]], report: ImportReport) -> dict:
    """The file's evenings in this archive: the same evening reused, or added (with its id if free)."""
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
        ids[file_id] = here.get(content) or imports.add_evening(db, content)
        here.setdefault(content, ids[file_id])
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
        ((prepared.game.id, kind, text) for prepared in games for kind, text in prepared.deal_texts),
        stamp,
        derived_rows,
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
    progress: Progress = no_progress,
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
        evening_list, games = check_archive(data, progress)
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
            imports.write_marker(db, marker, stamp)
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
        imports.checkpoint(db)
    except sqlite3.Error:
        logger.warning("WAL checkpoint after an import failed", exc_info=True)


def committed(db: sqlite_utils.Database, marker: str) -> bool:
    """Whether the import given `marker` committed (see `import_archive`)."""
    return imports.has_marker(db, marker)
