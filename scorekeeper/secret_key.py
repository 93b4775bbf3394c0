"""The session-signing key: configured, or generated once and kept in the instance folder."""

from __future__ import annotations

import os
import secrets

from flask import Flask

KEY_FILE = "secret_key"


def init_app(app: Flask) -> None:
    if app.config.get("SECRET_KEY"):
        return
    path = os.path.join(app.instance_path, KEY_FILE)
    try:
        with open(path, encoding="ascii") as key_file:
            key = key_file.read().strip()
    except FileNotFoundError:
        key = ""
    if not key:
        key = secrets.token_hex(32)
        # Created readable by its owner only; O_EXCL so that two workers starting at once keep one key.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            with open(path, encoding="ascii") as key_file:
                key = key_file.read().strip() or key
        else:
            with os.fdopen(fd, "w", encoding="ascii") as key_file:
                key_file.write(key)
    app.config["SECRET_KEY"] = key
