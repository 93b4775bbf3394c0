"""The session-signing key: configured, or generated once and kept in the instance folder."""

from __future__ import annotations

import os
import secrets

from flask import Flask

KEY_FILE = "secret_key"


def _read(path: str) -> str:
    try:
        with open(path, encoding="ascii") as key_file:
            return key_file.read().strip()
    except FileNotFoundError:
        return ""


def _write_new(path: str) -> None:
    """Put a fresh key in place atomically, readable by its owner only. Two processes starting at
    once on one instance folder (the server and a `flask` command) may both write; each then reads
    back the one that won, so they share a key."""
    temporary = f"{path}.{os.getpid()}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as key_file:
        key_file.write(secrets.token_hex(32))
    if _read(path):  # another process was first
        os.remove(temporary)
    else:
        os.replace(temporary, path)


def init_app(app: Flask) -> None:
    if app.config.get("SECRET_KEY"):
        return
    path = os.path.join(app.instance_path, KEY_FILE)
    key = _read(path)
    if not key:  # missing, or left empty by a crash mid-write
        _write_new(path)
        key = _read(path)
    app.config["SECRET_KEY"] = key
