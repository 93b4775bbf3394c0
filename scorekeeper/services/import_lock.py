"""One import at a time per database, in this process and across processes (the command line's
import while the server runs one): a lock file beside the database, locked with the system's own
file lock, which the system releases when the process stops, however it stops (nothing stale to
clear after a crash). A second import is refused at once (`ImportBusy`) and nothing starts."""

from __future__ import annotations

import os

from scorekeeper.belote.errors import Conflict
from scorekeeper.store.db import DiskFault

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
try:
    import msvcrt
except ImportError:
    msvcrt = None

BUSY = "Un import est déjà en cours : attendez qu'il soit terminé, puis réessayez."


class ImportBusy(Conflict):
    """Another import of the same database is running (409)."""

    def __init__(self) -> None:
        super().__init__(BUSY)


class ImportLock:
    """Held from an import's start to its end; `release` may be called from another thread."""

    def __init__(self, folder: str):
        try:
            os.makedirs(folder, exist_ok=True)
            self._fd: int | None = os.open(os.path.join(folder, "lock"), os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise DiskFault.of(error) from error
        try:
            if fcntl is not None:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            elif msvcrt is not None:
                msvcrt.locking(self._fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            os.close(self._fd)
            self._fd = None
            raise ImportBusy() from None

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # the lock goes with the descriptor
            self._fd = None
