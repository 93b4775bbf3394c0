"""The schema, as an append-only list of migrations: add a new function, never edit an old one."""

from __future__ import annotations

import sqlite_utils

migrations = sqlite_utils.Migrations("scorekeeper")


@migrations()
def m001_app_info(db: sqlite_utils.Database) -> None:
    # The scoring service stores nothing; this first table only records which rules version
    # the database was created under, so that later migrations have a starting point to build on.
    db["app_info"].create({"key": str, "value": str}, pk="key")
    db["app_info"].insert({"key": "created_with", "value": "scorekeeper 0.1.0"})
