"""Backups that make themselves (issue 31): a consistent copy of the database after each finished
game, and at most every 10 minutes while writes happen, into a folder of copies (`<instance>/backups`
or the BACKUP_DIR setting), the last 20 kept and the day's last one for 30 days.

The hook is the end of a request that committed a write: `web.database.close_db` calls
`Backups.wrote()` when the request's connection says so (`Connection.committed`, set by
`store.db.immediate`, through which every write of the app commits), so that one line covers every
write (a deal, a game, a concours, an import) and no service needs to know about backups. Whether a
game has finished since the last copy is asked by the backups' own thread, from the games'
summaries (`store.backup.last_finished_at`): the request only counts its write and goes on, never
waiting for a copy (one thread per database file, one copy at a time). A copy that fails (a full
disk, a missing folder) is logged and tried again 10 minutes later; the write it followed is saved
all the same.

Each copy is `store.backup.backup`'s: SQLite's backup API, written under a temporary name and
renamed, so a copy killed half-way (kill -9, a power cut) leaves a `.partial` file that no listing
takes for a copy. Names say when, on the table's clock: `scorekeeper-2026-12-03T21-40-05.db`.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo
from pathlib import Path

from scorekeeper.belote.evenings import short_date
from scorekeeper.store.backup import backup, last_finished_at

PREFIX, SUFFIX, STAMP = "scorekeeper-", ".db", "%Y-%m-%dT%H-%M-%S"
EVERY = timedelta(minutes=10)  # at most one copy so often while writes happen, a finished game aside
KEEP_LAST = 20  # the newest copies, whatever their day
KEEP_DAYS = 30  # and the last copy of each of these days (today's included)
STALE_PARTIAL_S = 24 * 3600  # a `.partial` this old is no copy under way: one killed half-way

logger = logging.getLogger(__name__)


def now_utc() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Copy:
    path: Path
    taken_at: datetime  # on the table's clock, to the second, as its name says


def copy_name(moment: datetime) -> str:
    return f"{PREFIX}{moment.strftime(STAMP)}{SUFFIX}"


def copies(folder: Path, zone: tzinfo) -> list[Copy]:
    """The copies in `folder`, oldest first: the files named as `copy_name` names them. A copy
    being written (or killed half-way: `….partial`) and any other file are not copies."""
    try:
        names = os.listdir(folder)
    except OSError:  # no folder yet, or a USB key not plugged in
        return []
    found = []
    for name in names:
        if name.startswith(PREFIX) and name.endswith(SUFFIX):
            try:
                moment = datetime.strptime(name[len(PREFIX) : -len(SUFFIX)], STAMP)
            except ValueError:
                continue
            found.append(Copy(folder / name, moment.replace(tzinfo=zone)))
    return sorted(found, key=lambda copy: copy.taken_at)


def to_delete(found: list[Copy], today: date) -> list[Copy]:
    """The copies retention lets go (`found` oldest first): all but the last KEEP_LAST and the last
    copy of each of the KEEP_DAYS days up to `today` (a club that plays weekly keeps its last
    evenings, and last night's final state is never pushed out by tonight's copies)."""
    kept = {copy.path for copy in found[-KEEP_LAST:]}
    last_of_day = {copy.taken_at.date(): copy for copy in found}  # oldest first: the last one stays
    first_day = today - timedelta(days=KEEP_DAYS - 1)
    kept |= {copy.path for day, copy in last_of_day.items() if day >= first_day}
    return [copy for copy in found if copy.path not in kept]


def prune(folder: Path, zone: tzinfo, now: datetime) -> None:
    """Delete the copies retention lets go, and the `.partial` files of copies killed long ago."""
    for copy in to_delete(copies(folder, zone), now.astimezone(zone).date()):
        copy.path.unlink(missing_ok=True)
    for partial in folder.glob(f"{PREFIX}*.partial"):
        if time.time() - partial.stat().st_mtime > STALE_PARTIAL_S:
            partial.unlink(missing_ok=True)


def when_said(moment: datetime, now: datetime) -> str:
    """« aujourd'hui à 21 h 40 », « hier à 23 h 05 », « le 3 décembre 2026 à 21 h 40 »."""
    day, today = moment.date(), now.astimezone(moment.tzinfo).date()
    at = f"à {moment.hour}\u00a0h\u00a0{moment.minute:02d}"
    if day == today:
        return f"aujourd'hui {at}"
    if day == today - timedelta(days=1):
        return f"hier {at}"
    return f"le {short_date(day.isoformat())} {at}"


def status(folder: Path, zone: tzinfo, enabled: bool, now: datetime) -> str:
    """What the archive's page says of the backups, in French."""
    found = copies(folder, zone)
    if found:
        return f"Dernière sauvegarde : {when_said(found[-1].taken_at, now)}, dans {folder}."
    if not enabled:
        return "Aucune sauvegarde automatique : elles sont désactivées (réglage BACKUPS)."
    return f"Aucune sauvegarde pour l'instant : la première sera faite dans {folder} à la prochaine partie jouée."


class Backups:
    """The automatic copies of one database file into one folder. `wrote()` is all a request does;
    the thread `start()` runs makes the copies (`copy_if_due`, which a test may call itself, with a
    clock of its own). `create_folder`: the default folder is made when missing; a BACKUP_DIR is
    not (a USB key not plugged in must fail and be logged, not fill the disk under its mount point)."""

    def __init__(
        self,
        database: str,
        folder: Path,
        zone: tzinfo,
        create_folder: bool = True,
        clock: Callable[[], datetime] = now_utc,
        every: timedelta = EVERY,
    ):
        self.database, self.folder, self.zone, self.create_folder = database, folder, zone, create_folder
        self.clock, self.every = clock, every
        self._changed = threading.Condition()
        self._writes = 0  # counted, so that the thread misses none while it copies
        self._pending = False  # a write that no copy holds yet
        found = copies(folder, zone)
        # A restart soon after a copy does not copy again at once.
        self._last: datetime | None = found[-1].taken_at if found else None

    def wrote(self) -> None:
        with self._changed:
            self._writes += 1
            self._pending = True
            self._changed.notify()

    def _due(self, now: datetime) -> bool:
        if self._last is None or now - self._last >= self.every:
            return True
        finished = last_finished_at(self.database)
        return finished is not None and finished > self._last

    def copy_if_due(self) -> Path | None:
        """Make a copy if one is due (a write no copy holds, and a game finished since the last
        copy or the last is EVERY old); the copy's path, or None."""
        with self._changed:
            if not self._pending:
                return None
        now = self.clock()
        try:
            if not self._due(now):
                return None
            with self._changed:
                self._pending = False  # a write from now on is not in this copy: it waits for the next
            self._last = now
            if self.create_folder:
                self.folder.mkdir(exist_ok=True)
            path = self.folder / copy_name(now.astimezone(self.zone))
            backup(self.database, str(path))
            prune(self.folder, self.zone, now)
            return path
        except Exception:  # whatever it is, the saves go on, and the copy is tried again in EVERY
            logger.exception("Sauvegarde automatique impossible dans %s (nouvel essai dans 10 minutes)", self.folder)
            self._last = now
            with self._changed:
                self._pending = True
            return None

    def _seconds_to_wait(self) -> float | None:
        """None: no write waits for a copy; else until the last copy is EVERY old (a write may wake
        the thread sooner: it may have finished a game)."""
        if not self._pending:
            return None
        if self._last is None:
            return 0
        return max(0.0, (self._last + self.every - self.clock()).total_seconds())

    def _run(self) -> None:
        seen = 0
        while True:
            with self._changed:
                if self._writes == seen:  # else a write came while copying: look at once
                    self._changed.wait(timeout=self._seconds_to_wait())
                seen = self._writes
            self.copy_if_due()

    def start(self) -> Backups:
        threading.Thread(target=self._run, name=f"backups of {self.database}", daemon=True).start()
        return self


_running: dict[tuple[str, Path], Backups] = {}
_running_guard = threading.Lock()


def running(database: str, folder: Path, zone: tzinfo, create_folder: bool) -> Backups:
    """This process's backups of `database` into `folder`, started at the first write."""
    key = (os.path.realpath(database), folder)
    with _running_guard:
        if key not in _running:
            _running[key] = Backups(database, folder, zone, create_folder).start()
        return _running[key]
