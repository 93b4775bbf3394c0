"""Every setting's default, in one place. `create_app` reads these first, then the instance
folder's `config.py`, then the `SCOREKEEPER_*` environment variables (docs/club.md, "Settings"); the
parts of the app read `app.config[...]` and keep no default of their own."""

from __future__ import annotations

import os
from typing import Any

from scorekeeper.belote.evenings import DEFAULT_TIMEZONE

DATABASE_FILE = "scorekeeper.db"  # in the instance folder, unless DATABASE says otherwise
MAX_BODY_BYTES = 256 * 1024  # what a phone sends is small; the import's page allows more

DEFAULTS: dict[str, Any] = {
    # The table's time zone (an IANA name): which evening "tonight" is, whatever the server's clock
    # says; an unknown name stops the app at its start (web/table_clock.py).
    "TIMEZONE": DEFAULT_TIMEZONE,
    # The table password (web/access/): a werkzeug hash, which passes before the file that
    # `flask set-password` writes; None: that file, or no password.
    "TABLE_PASSWORD_HASH": None,
    # The sheets, the archive and the API's reads need it too. None: True on a domain (`make serve
    # DOMAIN=…`, reachable from the internet), False otherwise, which the server decides at its start.
    "READ_REQUIRES_PASSWORD": None,
    "TABLE_SESSION_HOURS": 12,  # an evening: the phones enter the password once
    "LOGIN_ATTEMPTS": 5,  # wrong passwords allowed per address within the window below
    "LOGIN_WINDOW_MINUTES": 15,
    # Wrong passwords a minute for the whole server, whatever their addresses: beyond, every login
    # waits, unhashed (web/access/limits.py): strangers with many addresses cannot stall the tables.
    "LOGIN_GUESSES_PER_MINUTE": 30,
    # Behind a reverse proxy that terminates HTTPS, 1: the client's address and scheme come from
    # its X-Forwarded-* headers (web/security.py). Never without a proxy: anyone could pick them.
    "PROXY_COUNT": 0,
    # The names the app answers for besides an IP address, localhost, this machine's host name and
    # its .local (web/hosts.py): a list, or one string of names separated by commas; a leading dot
    # takes the subdomains too. Any other Host gets a 400 (DNS rebinding).
    "TRUSTED_HOSTS": [],
    # `make serve DOMAIN=…` (server/caddy.py): the ACME directory Caddy obtains the domain's
    # certificate from (None: Let's Encrypt's), and the root of that authority when the system does
    # not trust it (a PEM file: a private CA's, a test's).
    "ACME_CA": None,
    "ACME_CA_ROOT": None,
    # The address the server listens on, which `python -m scorekeeper.server` (make run, make
    # serve) sets once it listens; None: unknown (flask run, a test). On 127.0.0.1 alone (make run
    # HOST=127.0.0.1) no phone can join: the sheet's join panel says so rather than show an
    # address nothing answers on (web/join.py).
    "LISTENING_ON": None,
    # The port of the server's HTTPS address, which `make run HTTPS=1` (Caddy in front) sets; None:
    # no HTTPS. A page that came over plain HTTP then tells the phone how to switch (web/join.py's
    # secure_url, /certificat).
    "HTTPS_PORT": None,
    # Automatic backups (services/backups.py): a copy of the database after each finished game and
    # at most every 10 minutes while writes happen, into BACKUP_DIR (a folder that exists: a USB
    # key, a synced folder), else <instance>/backups. `flask backup` and `flask restore` work either way.
    "BACKUPS": True,
    "BACKUP_DIR": None,
    "MAX_CONTENT_LENGTH": MAX_BODY_BYTES,  # a larger body is a 413 in French (web/errors.py)
    # An evening lasts longer than Flask-WTF's one hour: a sheet left open keeps working.
    "WTF_CSRF_TIME_LIMIT": None,
    "SESSION_COOKIE_SAMESITE": "Lax",
    # The session cookie is sent only when the session changes (entering the password, "Sortir", a
    # flash), not with every answer: a sheet's poll still in flight when a phone leaves would
    # otherwise bring back the cookie "Sortir" had just replaced, and lose its message. The
    # password's entry ends at TABLE_SESSION_HOURS, kept in the session, not at the cookie's age.
    "SESSION_REFRESH_EACH_REQUEST": False,  # Flask's default is None; web/security.py sets the rest
}


def defaults(instance_path: str) -> dict[str, Any]:
    """DEFAULTS, and the database's path, which depends on the app's instance folder."""
    return {"DATABASE": os.path.join(instance_path, DATABASE_FILE), **DEFAULTS}
