"""The table password's hash (configured, or the file `set-password` writes), and whether this
phone has entered it: its session names the current password, has not expired and has not left."""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Mapping
from typing import Any

from flask import Flask, current_app, g, session

from scorekeeper.store import access as table_access
from scorekeeper.web.database import get_db

PASSWORD_FILE = "table_password"


def password_file(app: Flask) -> str:
    return os.path.join(app.instance_path, PASSWORD_FILE)


def password_hash() -> str | None:
    """The configured hash, else the one `set-password` wrote (read again when the file changes,
    so that the running server takes a new password, set from another process, without a restart)."""
    configured = current_app.config["TABLE_PASSWORD_HASH"]
    if configured:
        return configured
    path = password_file(current_app)
    try:
        stamp = os.stat(path)
    except FileNotFoundError:
        return None
    cache = current_app.extensions["access"]
    key = (stamp.st_mtime_ns, stamp.st_size)
    if cache.get("key") != key:
        with open(path, encoding="ascii") as file:
            cache.update(key=key, hash=file.read().strip() or None)
    return cache["hash"]


def fingerprint(hashed: str) -> str:
    """What a session keeps of the password: a new password no longer matches it."""
    return hashlib.sha256(hashed.encode()).hexdigest()[:16]


def has_entered(hashed: str) -> bool:
    """This phone entered the current password less than TABLE_SESSION_HOURS ago and has not left
    since ("Sortir" ends its session id on the server: a copy of the cookie is ended too)."""
    known = g.get("table_entered")
    if known is not None and known[0] == hashed:
        return known[1]
    session_id = session.get("table_session")
    entered = (
        entered_in(session, hashed) and isinstance(session_id, str) and not table_access.is_ended(get_db(), session_id)
    )
    g.table_entered = (hashed, entered)
    return entered


def entered_in(data: Mapping[str, Any], hashed: str) -> bool:
    """What a session says by itself: it entered the current password, and not too long ago."""
    return data.get("table") == fingerprint(hashed) and data.get("table_until", 0) > time.time()


def entered_by_cookie(app: Flask, cookie_header: str) -> bool:
    """Whether a request with these cookies may write, told from its signed session cookie alone,
    before its body is read (web/bodies.py); True without a password. No SQL: whether that session
    left since ("Sortir") is the guard's to check, in a thread of the app, once the body is there."""
    with app.app_context():
        hashed = password_hash()
        if not hashed:
            return True
        # The session as Flask opens it for a request with only these cookies (a bad signature or
        # none: an empty one)
        data = app.session_interface.open_session(app, app.request_class({"HTTP_COOKIE": cookie_header}))
        return data is not None and entered_in(data, hashed)
