"""Copies of the database file: a consistent copy, safe while the app writes (`flask backup`, the
automatic backups of `services.backups`), and putting one back (`flask restore`)."""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from pathlib import Path

import sqlite_utils

from scorekeeper.store.migrations import migrations


class UnusableBackup(Exception):
    """A file `restore` refuses, or a restore that failed, with its French sentence: nothing changed."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def backup(source_path: str, target_path: str) -> None:
    """A consistent copy of the database through SQLite's backup API, safe while the app writes:
    one step copies every page inside one read transaction, so the copy is one moment's state. It
    is written beside the target and renamed into place, so a failed backup leaves nothing half
    written."""
    partial = f"{target_path}.{os.getpid()}.partial"
    source = sqlite3.connect(source_path, timeout=30)
    try:
        target = sqlite3.connect(partial)
        try:
            source.backup(target)
            target.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        finally:
            target.close()
    except BaseException:
        if os.path.exists(partial):
            os.remove(partial)
        raise
    finally:
        source.close()
    os.replace(partial, target_path)


def last_finished_at(path: str) -> datetime | None:
    """When a game last finished (the last write to a finished game: its winning deal, or a later
    correction), from the summaries' index on (finished, last_activity); None: no game finished."""
    connection = sqlite3.connect(path, timeout=30)
    try:
        (last,) = connection.execute("select max(last_activity) from game_summaries where finished = 1").fetchone()
    finally:
        connection.close()
    return datetime.fromisoformat(last) if last else None


def _read_only(path: str) -> sqlite3.Connection:
    """The file opened read-only: checking a candidate writes nothing to it, not even its journal."""
    return sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)


def check_backup(path: str) -> None:
    """Refuse (`UnusableBackup`) a file that is not a sound database of this app: SQLite's
    integrity check must say "ok", and its schema must be one this code knows, every migration it
    names one of ours (an older schema is brought up to date once restored; a newer one, written by
    a later version of the app, would lose what that version added)."""
    if not os.path.isfile(path):
        raise UnusableBackup(f"« {path} » n'est pas un fichier.")
    try:
        connection = _read_only(path)
        try:
            verdict = [row[0] for row in connection.execute("PRAGMA integrity_check")]
            applied = [migration.name for migration in migrations.applied(sqlite_utils.Database(connection))]
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise UnusableBackup(f"« {path} » n'est pas une base SQLite, ou elle est abîmée ({error}).") from None
    if verdict != ["ok"]:
        raise UnusableBackup(f"« {path} » est abîmé (contrôle d'intégrité : {'; '.join(verdict[:3])}).")
    if not applied:
        raise UnusableBackup(f"« {path} » n'est pas une base du marqueur de belote.")
    known = {migration.name for migration in migrations.pending(sqlite_utils.Database(memory=True))}
    unknown = [name for name in applied if name not in known]
    if unknown:
        raise UnusableBackup(
            f"« {path} » vient d'une version plus récente du marqueur (migration inconnue : {unknown[0]}) : "
            "mettez l'application à jour avant de la restaurer."
        )


def restore(source_path: str, database_path: str, aside_path: str) -> bool:
    """Replace the database at `database_path` with the checked copy at `source_path`, after keeping
    the current one at `aside_path` (returns whether there was one to keep).

    Both steps go through SQLite's backup API rather than renaming files: the current database's
    WAL (`-wal`, `-shm`) holds writes its file alone does not, and a server left running keeps the
    file open, so a renamed file would lose those writes or go on receiving them. Written through
    SQLite's locks, the aside copy is the whole current database, and the restored pages replace
    the current ones in one transaction: a failure rolls back and leaves the database as it was
    (and the aside copy is removed: nothing changed). A server left running would serve the
    restored games at its next request, but the phones' copies of the sheets would not match:
    docs/hosting.md says to stop it first."""
    check_backup(source_path)
    if os.path.exists(database_path) and os.path.samefile(source_path, database_path):
        raise UnusableBackup(f"« {source_path} » est la base actuelle elle-même : rien à restaurer.")
    kept = os.path.exists(database_path)
    if kept:
        backup(database_path, aside_path)
    try:
        source = _read_only(source_path)
        try:
            target = sqlite3.connect(database_path, timeout=30)
            try:
                source.backup(target)
            finally:
                target.close()
        finally:
            source.close()
    except sqlite3.Error as error:
        if kept:
            os.remove(aside_path)
        elif os.path.exists(database_path):  # the empty file the failed copy began
            os.remove(database_path)
        raise UnusableBackup(f"La restauration a échoué ({error}) : la base actuelle est inchangée.") from None
    return kept
