"""Bringing a database up to date: the schema's migrations, then the derived rows.

The migrations (`migrations.py`) are frozen in time and know nothing of the app; whatever is
computed from the stored inputs is computed afterwards, here, by today's code.
"""

from __future__ import annotations

import sqlite_utils

from scorekeeper.store import derived
from scorekeeper.store.db import execute, immediate
from scorekeeper.store.migrations import migrations


def migrate(path: str) -> list[str]:
    """Bring the schema up to date, then the derived tables if the code that computes them changed
    (an update, or tables a migration has just made); returns the names of the migrations applied."""
    with sqlite_utils.Database(path) as database:
        database.enable_wal()  # once, outside a transaction; WAL is kept in the file
        execute(database, "PRAGMA foreign_keys = ON")
        pending = [migration.name for migration in migrations.pending(database)]
        migrations.apply(database)
        with immediate(database):
            derived.rebuild_if_code_changed(database)
    return pending
