"""SQLite connections, the pool of idle ones, and write transactions; nothing of the app above."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import sqlite_utils

# How long a writer waits for another's write before it gives up with a busy answer (the web's 503,
# which a phone's outbox keeps and sends again): this process's lock (`queue_for_writing`) and
# SQLite's own busy handler, for the writers of other processes, wait as long as each other.
WRITE_WAIT_S = 5


class WriteBusy(sqlite3.OperationalError):
    """A writer that waited `WRITE_WAIT_S` for this process's write lock in vain: answered as
    SQLite's own "database is locked" (SQLITE_BUSY), nothing written, and its thread freed."""

    sqlite_errorname = "SQLITE_BUSY"


def rows(
    database: sqlite_utils.Database, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()
) -> list[dict[str, Any]]:
    """A SELECT's rows as dicts, straight from the connection.

    For the paths every phone takes (record a deal, load the sheet): sqlite-utils' `query()` wraps
    each statement in a SAVEPOINT and `table.insert()` reads sqlite_master three times to find the
    table, which made those statements most of the SQL run per request."""
    cursor = database.conn.execute(sql, params)
    columns = [column[0] for column in cursor.description]
    return [dict(zip(columns, row, strict=True)) for row in cursor]


def insert(database: sqlite_utils.Database, table: str, row: dict[str, Any]) -> int:
    """Insert one row into a table the code names (never a user's input); returns its rowid."""
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    rowid = database.conn.execute(f"insert into {table} ({columns}) values ({marks})", list(row.values())).lastrowid
    assert rowid is not None  # an INSERT's cursor always has one
    return rowid


def execute(database: sqlite_utils.Database, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
    """Any other statement (UPDATE, DELETE, a write of several rows), straight on the connection,
    inside whatever transaction the caller holds: with `rows` and `insert`, the one way the app
    runs SQL, always from the store's modules."""
    return database.conn.execute(sql, params)


def execute_many(database: sqlite_utils.Database, sql: str, params: Iterable[Sequence[Any]]) -> None:
    """One statement run for each of many rows (an import's thousands), as `execute` runs it once."""
    database.conn.executemany(sql, params)


def is_file(path: str) -> bool:
    """A database in a file of its own (not in memory, not a URI): it can have a lock file beside
    it and pooled connections."""
    return bool(path) and path != ":memory:" and not path.startswith("file:")


def heal_companions(path: str) -> None:
    """Give the `-wal` and `-shm` files their database file's mode back once it is writable.

    SQLite creates them with the file's mode: opened while the file was read-only (0444), they
    stay read-only after the file is made writable again, and a `-shm` that cannot be written
    makes every new connection read-only, even across a restart. Best effort: a file another user
    owns stays as it is, and its fault is reported by SQLite as before."""
    if not is_file(path) or not os.access(path, os.W_OK):
        return
    try:
        mode = os.stat(path).st_mode & 0o777
        for suffix in ("-wal", "-shm"):
            companion = path + suffix
            if os.path.exists(companion) and not os.access(companion, os.W_OK):
                os.chmod(companion, mode)
    except OSError:
        pass


class Connection(sqlite_utils.Database):
    """A connection the app opened (`connect`): sqlite-utils' Database, with what the pool and the
    writers keep on it."""

    committed = False  # set by `immediate` once a write of this request is committed
    write_lock: threading.Lock | None = None  # this process's lock on the file (queue_for_writing)


def connect(path: str) -> Connection:
    heal_companions(path)
    # One thread at a time uses a connection, but not always the thread that opened it: the
    # pool below hands an idle one to whichever request comes next.
    database = Connection(sqlite3.connect(path, check_same_thread=False))
    if is_file(path):
        database.write_lock = write_lock(path)  # see queue_for_writing
    database.execute("PRAGMA foreign_keys = ON")
    # Several phones (the server's threads) and the CLI's commands write to one file: wait for a
    # lock rather than fail at once.
    database.execute(f"PRAGMA busy_timeout = {WRITE_WAIT_S * 1000}")
    return database


class ConnectionPool:
    """The idle connections of this process to the app's database file, for the next requests.

    Opening a connection is cheap, but its first statement reads and parses the whole schema and
    its page cache starts empty: that was a third of what loading a sheet cost. A request takes
    an idle connection (or opens one) and its teardown hands it back, outside any transaction;
    one that met an error is closed instead, so that a disk fault is met afresh once the disk is
    back. A disk fault (a read-only or full disk, an I/O error) also closes every idle connection:
    they were opened on the same file, and one opened while the file was read-only stays
    read-only for good. Until a write succeeds again, no connection is kept (a read done during
    the fault would otherwise keep one that cannot write), so that the first write once the disk
    is fixed opens a fresh connection and succeeds, with no restart. Keeping connections open
    also keeps the WAL open: SQLite checkpoints the WAL, with its fsyncs, whenever the last
    connection to the file closes, which with a connection per request was after nearly every
    request. One file per process (the last one asked for), so that tests
    on many files keep few open; after a fork, the parent's connections are never used."""

    MAX_IDLE = 8  # one per thread of the server (scorekeeper.server.settings.THREADS)

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._path: str | None = None
        self._pid = os.getpid()
        self._idle: list[Connection] = []
        self._faulty = False  # a disk fault was met and no write has succeeded since

    def take(self, path: str) -> Connection:
        if is_file(path):
            with self._lock:
                if self._pid != os.getpid():  # a forked child: the parent's are not ours to use
                    self._pid, self._idle, self._faulty = os.getpid(), [], False
                if self._path == path and self._idle:
                    database = self._idle.pop()
                    database.committed = False
                    return database
        return connect(path)

    def give_back(self, path: str, database: Connection, failed: bool, disk_fault: bool = False) -> None:
        """Keep `database` for the next request, or close it: `failed`, the request met an error
        with it; `disk_fault`, that error was the disk's (every idle connection is closed too)."""
        if disk_fault:
            with self._lock:
                self._faulty = True
                self._close_idle()
            failed = True
        if not failed and database.conn.in_transaction:  # never left open by the app's own writes
            try:
                database.conn.execute("ROLLBACK")
            except sqlite3.Error:
                failed = True
        if failed or not is_file(path):
            database.close()
            return
        with self._lock:
            if self._faulty:
                if not database.committed:  # may have been opened read-only
                    database.close()
                    return
                self._faulty = False  # it wrote: the disk is back
            if self._path != path:
                self._close_idle()
                self._path = path
            if len(self._idle) < self.MAX_IDLE and self._pid == os.getpid():
                self._idle.append(database)
                return
        database.close()

    def clear(self) -> None:
        """Close every idle connection (tests that change what a new connection meets)."""
        with self._lock:
            self._close_idle()
            self._faulty = False

    def _close_idle(self) -> None:
        idle, self._idle = self._idle, []
        for database in idle:
            database.close()


pool = ConnectionPool()  # this process's: every request of every app in it takes from here


_queue = threading.local()
_write_locks: dict[str, threading.Lock] = {}
_write_locks_guard = threading.Lock()


def write_lock(path: str) -> threading.Lock:
    """This process's lock for writing to the database file at `path` (one per file)."""
    with _write_locks_guard:
        return _write_locks.setdefault(os.path.realpath(path), threading.Lock())


@contextmanager
def queue_for_writing(database: sqlite_utils.Database) -> Iterator[None]:
    """Wait for this process's write lock on the file rather than in SQLite's busy handler.

    SQLite's busy handler polls, sleeping 1, 2, 5, 10 … up to 100 ms between tries: under a
    club's load a writer that has backed off sleeps past many free moments and newcomers take the
    lock first, so a few writes waited over a second. A threading.Lock wakes a waiter as soon as
    it is free, on every system (the server is one process with threads: scorekeeper.server);
    `filelock` was measured beside it and polls, as SQLite's handler does (issue 22's note). Writers of other processes
    (the CLI's commands) still meet SQLite's own lock and busy_timeout, so this only orders the
    app's writers. A writer that waited `WRITE_WAIT_S` in vain raises `WriteBusy` (a 503) rather
    than hold its thread (one of the server's few) for as long as the writer ahead of it takes."""
    lock = getattr(database, "write_lock", None)
    if lock is None or getattr(_queue, "held", False):
        yield
        return
    if not lock.acquire(timeout=WRITE_WAIT_S):
        raise WriteBusy("database is locked (waited for this process's write lock)")
    _queue.held = True
    try:
        yield
    finally:
        _queue.held = False
        lock.release()


@contextmanager
def write_transaction(database: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """BEGIN IMMEDIATE: take the write lock before reading, so that two phones writing to one
    game at once are served one after the other, each seeing what the other wrote."""
    with queue_for_writing(database):
        with immediate(database):
            yield database


@contextmanager
def immediate(database: sqlite_utils.Database) -> Iterator[None]:
    database.conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        database.conn.execute("COMMIT")  # inside: a commit refused by a full disk rolls back too
        if isinstance(database, Connection):  # this one can write (the pool keeps it after a fault)
            database.committed = True
    except BaseException:
        # SQLite has already rolled back by itself after some errors (a full disk, an I/O error):
        # a second ROLLBACK would fail and hide the error that says what went wrong.
        if database.conn.in_transaction:
            database.conn.execute("ROLLBACK")
        raise
