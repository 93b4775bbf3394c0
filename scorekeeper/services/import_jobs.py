"""An import in the background, followed by its page.

A large file takes longer to check and score than a page should keep a phone waiting, and a
person must see how far it is and then what it did: the page starts the import in a thread of
the worker and shows its progress, then its report, from a status file of its own (not the
session's cookie, which a long report overflowed). The file is written atomically at each step;
whichever worker serves the page reads it. A worker that stops mid-way (a restart) leaves a
status that no longer moves: the page then reads in the database whether the import committed
(its marker) and says so, with its report when it had one.
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
from typing import Any

import sqlite_utils

from scorekeeper.services.import_checks import READING, ImportRefused, read_json
from scorekeeper.services.importing import ImportReport, committed, import_archive
from scorekeeper.store import imports
from scorekeeper.store.db import connect, write_transaction

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
            imports.remove_marker(db, import_id)
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
