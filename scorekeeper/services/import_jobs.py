"""An import in the background, followed by its page.

A large file takes longer to check and score than a page should keep a phone waiting, and a
person must see how far it is and then what it did: the page starts the import in a thread of
the worker and shows its progress, then its report, from a status file of its own (not the
session's cookie, which a long report overflowed). The file is written atomically at each step;
whichever worker serves the page reads it. One import runs at a time per database (`ImportLock`,
the command line's included): a second is refused before anything starts. The uploaded file is
kept beside the database while it is read, never held in memory. A worker that stops mid-way (a
restart) leaves a status that no longer moves: the page then reads in the database whether the
import committed (its marker) and says so, with its report when it had one; if it had not, what it
had written is taken back (`undo_unfinished`; the next import and the server's start do it too).
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import shutil
import sqlite3
import threading
import time
from typing import Any, BinaryIO

import sqlite_utils

from scorekeeper.services.import_checks import READING, ImportRefused
from scorekeeper.services.import_lock import ImportBusy, ImportLock
from scorekeeper.services.import_recovery import committed, undo, undo_unfinished
from scorekeeper.services.import_report import ImportReport
from scorekeeper.services.importing import import_file
from scorekeeper.store import imports
from scorekeeper.store.db import DiskFault, connect, write_transaction

logger = logging.getLogger(__name__)

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


def start_import(database_path: str, upload: BinaryIO, wait: float = 0.0) -> tuple[str, dict[str, Any]]:
    """Start importing the file `upload` (its bytes, from where it is read) into the database at
    `database_path`, in a thread of this process; wait up to `wait` seconds for it (a small file is
    done by then). Returns the import's id and its status as it stands. Refused at once, nothing
    started, while another import of the database runs (`ImportBusy`); the disk's faults, met
    keeping the file or marking the import in the database, raise as SQLite's (the disk's 503)."""
    folder = imports_folder(database_path)
    lock = ImportLock(folder)
    import_id = secrets.token_hex(8)
    status = ImportStatus(folder, import_id)
    kept = os.path.join(folder, f"{import_id}.upload")
    try:
        _remove_old_statuses(folder)
        try:
            with open(kept, "wb") as file:  # read again as the import goes, not held in memory
                shutil.copyfileobj(upload, file, COPY_BYTES)
            status.write(state="running", step=READING, done=0, total=0, started_at=time.time())
        except OSError as error:
            raise DiskFault.of(error) from error
        db = connect(database_path)
        try:
            with write_transaction(db):  # a read-only database says so now, not in the thread
                imports.write_marker(db, import_id)
        finally:
            db.close()
    except BaseException:
        _remove(kept)
        _remove(status.path)
        lock.release()
        raise
    thread = threading.Thread(
        target=_run_import, args=(database_path, status, kept, lock), name=f"import-{import_id}", daemon=True
    )
    thread.start()
    thread.join(wait)
    return import_id, dict(status.data)


COPY_BYTES = 1024 * 1024


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


def _run_import(database_path: str, status: ImportStatus, kept: str, lock: ImportLock) -> None:
    started = time.perf_counter()
    db = connect(database_path)
    try:
        undo_stopped(db, os.path.dirname(status.path), keep=status.id)
        with open(kept, "rb") as file:
            report = import_file(
                db,
                file,
                progress=status.progress,
                marker=status.id,
                before_commit=lambda report: status.write(state="committing", report=report.as_json()),
            )
    except ImportRefused as refusal:
        _forget_marker(db, status.id)
        status.write(state="refused", message=refusal.message + " Rien n'a été importé.")
    except Exception as error:
        logger.exception("Import %s failed", status.id)
        try:
            done = committed(db, status.id)
        except sqlite3.Error:
            done = False
        if done and status.data.get("report"):  # it failed after its commit (writing its status)
            status.write(state="done", seconds=time.perf_counter() - started)
        else:
            _take_back(db, status.id)  # its marker at least, if it stopped before writing
            status.write(state="failed", message=FAILED, fault=fault_name(error))
    else:
        status.write(state="done", report=report.as_json(), seconds=time.perf_counter() - started)
        _forget_marker(db, status.id)
    finally:
        db.close()
        _remove(kept)
        lock.release()


def _take_back(db: sqlite_utils.Database, import_id: str) -> None:
    try:
        undo(db, import_id)
    except sqlite3.Error:  # the disk that stopped it: taken back by the next import, or at start-up
        logger.warning("Could not take back the unfinished import %s", import_id, exc_info=True)


def fault_name(error: BaseException) -> str | None:
    """SQLite's name for what stopped an import (a disk's fault, a busy database), None if it was
    none of SQLite's nor the disk's: the page then says it as the disk's answer says it."""
    if isinstance(error, OSError):
        error = DiskFault.of(error)
    return getattr(error, "sqlite_errorname", None)


FAILED = (
    "Une erreur interne a arrêté l'import : rien n'a été importé. Réessayez ; si l'erreur revient, "
    "importez le fichier en ligne de commande (flask --app scorekeeper import), qui dit où elle se produit."
)
STOPPED = (
    "L'import a été interrompu (le serveur s'est arrêté ou a redémarré pendant l'import) : ce qu'il "
    "avait déjà écrit a été retiré, rien n'a été importé. Relancez l'import du même fichier."
)


def _forget_marker(db: sqlite_utils.Database, import_id: str) -> None:
    """The status file now says the import is done (or refused): its marker is no longer needed."""
    try:
        with write_transaction(db):
            imports.remove_marker(db, import_id)
    except sqlite3.Error:
        logger.warning("Could not remove the marker of import %s", import_id, exc_info=True)


def undo_stopped(db: sqlite_utils.Database, folder: str, keep: str | None = None) -> None:
    """Take back the imports that stopped half-way (call it holding the import lock), and say so in
    their status files."""
    for import_id in undo_unfinished(db, keep=keep):
        status = ImportStatus(folder, import_id)
        if status.read() is not None and status.data.get("state") in ("running", "committing"):
            status.write(state="failed", message=STOPPED)


def recover(database_path: str) -> None:
    """At the server's start: take back the imports that stopped half-way, unless an import (the
    command line's) is running, which does it itself."""
    try:
        lock = ImportLock(imports_folder(database_path))
    except (ImportBusy, sqlite3.Error):
        return
    try:
        db = connect(database_path)
        try:
            undo_stopped(db, imports_folder(database_path))
        finally:
            db.close()
    finally:
        lock.release()


def import_status(database_path: str, import_id: str) -> dict[str, Any] | None:
    """The status of an import (None if there is no such import), with an import whose worker
    stopped mid-way resolved: done if it had committed (its report kept just before), else stopped,
    what it wrote taken back, nothing imported. Its `report`, when there is one, as an `ImportReport`."""
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
                recover(database_path)
                status.read()
                if status.data["state"] != "failed":  # the import running now took it back
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
