"""An import's marker, read and taken back: whether an import committed, and what an import that
stopped half-way had written, taken back a part per transaction (importing.py writes them)."""

from __future__ import annotations

import logging
import sqlite3

import sqlite_utils

from scorekeeper.store import imports
from scorekeeper.store.db import write_transaction

logger = logging.getLogger(__name__)


def undo(db: sqlite_utils.Database, marker: str) -> int:
    """Take back whatever the unfinished import of `marker` wrote, a part per transaction; returns
    the number of games taken back."""
    removed = 0
    while True:
        with write_transaction(db):
            count = imports.undo_writes(db, marker)
        if not count:
            return removed
        removed += count


def undo_unfinished(db: sqlite_utils.Database, keep: str | None = None) -> dict[str, int]:
    """Take back every import that began writing and never committed, but `keep` (call it holding
    the import lock: no other import is writing). Returns each one's games taken back."""
    return {marker: undo(db, marker) for marker in imports.unfinished(db) if marker != keep}


def undo_after_failure(db: sqlite_utils.Database, marker: str) -> None:
    try:
        undo(db, marker)
    except sqlite3.Error:  # the disk that stopped it: taken back by the next import, or at start-up
        logger.warning("Could not take back the unfinished import %s", marker, exc_info=True)


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
