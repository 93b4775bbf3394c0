"""A consistent copy of the database file, safe while the app writes (`flask backup`)."""

from __future__ import annotations

import os
import sqlite3


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
