"""The login's limits, in this process's memory (issue 24): the wrong passwords per address and in
total (LOGIN_GUESSES_PER_MINUTE for the whole server, whoever sends them), and one password hashed
at a time. A phone with a device cookie (devices.py: it logged in before) is not held by the
server's total, which strangers can keep spent (issue 31, F3), but by its own count of wrong
passwords, as an address is.

scrypt lets go of the GIL while it hashes, so a hash does not stop the app's other threads; what
stalled the tables was the threads themselves: four logins at once took all of waitress's threads
for 0.4-0.8 s each (two cores, four hashes), and the tables' requests queued behind the guesses.
With `hashing`, taken without waiting, one thread at most hashes; a login that finds it taken is
told to try again in a second, and the other threads serve the tables. The limits are looked at
with `hashing` held, before the hash, so no guess of this process slips past them.

The database counts the wrong passwords per address too (store/access.py: across restarts and
processes); this count is what holds when the disk is read-only and nothing can be written. It
keeps the guesses of the last window only, at most LOGIN_GUESSES_PER_MINUTE × the window's
minutes of them: a refused login is neither hashed nor counted.
"""

from __future__ import annotations

import math
import threading
from collections import deque
from dataclasses import dataclass

MINUTE_S = 60.0


@dataclass(frozen=True)
class Wait:
    """A login refused before hashing: try again in `seconds`; `this_address`: this address's limit
    (else the server's budget, or another login being checked)."""

    seconds: int
    this_address: bool


class LoginLimits:
    def __init__(self) -> None:
        self.hashing = threading.Lock()  # taken with blocking=False: one hash at a time
        self._lock = threading.Lock()  # the counts, a moment each
        self._wrong: deque[tuple[float, str, str | None]] = deque()  # (time, address, device), oldest first
        # address or ("device", id): when it entered the right password
        self._forgiven: dict[str | tuple[str, str], float] = {}

    def wait(
        self,
        address: str,
        device: str | None,
        stored: list[float],
        now: float,
        attempts: int,
        window_s: float,
        per_minute: int,
    ) -> Wait | None:
        """Whether a login from `address` must wait, and how long: `attempts` wrong passwords in
        `window_s` from this address (counted here, or the database's `stored` times, whichever
        saw more); then, from a known `device` (its cookie's id), `attempts` from this device in
        `window_s`; from an unknown one (None), `per_minute` from anyone in the last minute."""
        with self._lock:
            self._prune(now - max(window_s, MINUTE_S))
            last_minute = [at for at, _, _ in self._wrong if at > now - MINUTE_S]
            since = max(self._forgiven.get(address, -math.inf), now - window_s)
            mine = [at for at, who, _ in self._wrong if who == address and at > since]
            if device is not None:
                since = max(self._forgiven.get(("device", device), -math.inf), now - window_s)
                this_device = [at for at, _, which in self._wrong if which == device and at > since]
        mine = max(mine, sorted(stored), key=len)
        wait = _until_one_leaves(mine, attempts, window_s, now)
        if wait is not None:
            return Wait(wait, this_address=True)
        if device is not None:
            wait = _until_one_leaves(this_device, attempts, window_s, now)
            return None if wait is None else Wait(wait, this_address=True)
        wait = _until_one_leaves(last_minute, per_minute, MINUTE_S, now)
        return None if wait is None else Wait(wait, this_address=False)

    def count(self, address: str, device: str | None, now: float) -> None:
        with self._lock:
            self._wrong.append((now, address, device))

    def forget(self, address: str, device: str | None, now: float) -> None:
        """The right password from `address` (and `device`): their earlier guesses no longer count
        against them (they still count in the server's budget)."""
        with self._lock:
            self._forgiven[address] = now
            if device is not None:
                self._forgiven[("device", device)] = now

    def _prune(self, before: float) -> None:
        while self._wrong and self._wrong[0][0] <= before:
            self._wrong.popleft()
        for who in [who for who, at in self._forgiven.items() if at <= before]:
            del self._forgiven[who]


def _until_one_leaves(times: list[float], limit: int, window_s: float, now: float) -> int | None:
    """None if fewer than `limit` of `times` (oldest first) are in the window; else the seconds
    until enough have left it for one more (a limit of 0: a whole window)."""
    if len(times) < limit:
        return None
    oldest = times[len(times) - limit] if limit > 0 else now
    return max(1, math.ceil(oldest + window_s - now))
