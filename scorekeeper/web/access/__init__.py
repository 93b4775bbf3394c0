"""The table password: optional, set with `flask --app scorekeeper set-password`.

When one is set, every write (a page's form or the JSON API) needs a session that has entered it
at /connexion; reading stays open unless READ_REQUIRES_PASSWORD. Only the hash is kept
(werkzeug's scrypt), in TABLE_PASSWORD_HASH or the instance folder's `table_password` file. Entry
lasts TABLE_SESSION_HOURS; "Sortir" ends the session on the server too (a copy of its cookie
no longer writes), and changing the password ends every session. Wrong passwords are limited per
address and for the whole server, and hashed one at a time (`limits.py`, in memory, so that the
limits hold on a read-only disk); the per-address count is kept in SQLite too (store/access.py),
so that it holds across restarts and processes. With
READ_REQUIRES_PASSWORD, what the app answers (pages, exports, the API) is not kept by the browser:
`private, no-store`. Here: `password.py` (the hash, and whether this phone entered it), `guard.py`
(before every view), `views.py` (/connexion and "Sortir"), `cli.py` (set-password).
"Sortir" with READ_REQUIRES_PASSWORD also clears what the phone kept (static/leave.js).
"""

from __future__ import annotations

from flask import Flask

from scorekeeper.web.access.cli import set_password_command
from scorekeeper.web.access.guard import guard, not_kept, template_globals
from scorekeeper.web.access.limits import LoginLimits
from scorekeeper.web.access.views import bp


def init_app(app: Flask) -> None:
    app.extensions["access"] = {}  # the password file's hash, read again when the file changes
    app.extensions["login_limits"] = LoginLimits()  # this process's count of wrong passwords
    app.register_blueprint(bp)
    app.before_request(guard)
    app.after_request(not_kept)
    app.context_processor(template_globals)
    app.cli.add_command(set_password_command)
