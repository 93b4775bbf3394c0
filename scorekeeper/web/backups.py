"""The app's side of the automatic backups (`services.backups`): the folder its settings name, the
write that wakes them (`wrote`, from `web.database.close_db`) and the archive page's line."""

from __future__ import annotations

import logging
from pathlib import Path

from flask import current_app

from scorekeeper.belote.evenings import table_zone
from scorekeeper.services import backups
from scorekeeper.store.db import is_file

logger = logging.getLogger(__name__)


def folder() -> tuple[Path, bool]:
    """Where the copies go, and whether it is the default folder (made when missing)."""
    configured = current_app.config["BACKUP_DIR"]
    if configured:
        return Path(configured), False
    return Path(current_app.instance_path) / "backups", True


def wrote(database: str) -> None:
    """A request committed a write to `database`: the backups count it (and may copy, on their own
    thread). Never raises: the write is saved whatever happens to its backup."""
    if not current_app.config["BACKUPS"] or not is_file(database):
        return
    try:
        where, create = folder()
        backups.running(database, where, table_zone(current_app.config["TIMEZONE"]), create).wrote()
    except Exception:  # a thread that cannot start: logged, the answer goes out
        logger.exception("Sauvegardes automatiques : impossible de compter une écriture")


def status() -> str:
    """The archive page's line: when the last copy was made and where, in French."""
    where, _ = folder()
    zone = table_zone(current_app.config["TIMEZONE"])
    return backups.status(where, zone, current_app.config["BACKUPS"], backups.now_utc())
