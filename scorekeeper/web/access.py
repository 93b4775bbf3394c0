"""The table password: optional, set with `flask --app scorekeeper set-password`.

When one is set, every write (a page's form or the JSON API) needs a session that has entered it
at /connexion; reading stays open unless READ_REQUIRES_PASSWORD. Only the hash is kept
(werkzeug's scrypt), in TABLE_PASSWORD_HASH or the instance folder's `table_password` file. Entry
lasts TABLE_SESSION_HOURS; "Sortir" ends the session on the server too (a copy of its cookie
no longer writes), and changing the password ends every session. Wrong passwords are counted per
address in SQLite, so that the limit holds across gunicorn's workers. With READ_REQUIRES_PASSWORD,
what the app answers (pages, exports, the API) is not kept by the browser: `private, no-store`.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import sqlite3
import time
from collections.abc import Callable
from urllib.parse import urlsplit

import click
from flask import (
    Blueprint,
    Flask,
    current_app,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.cli import with_appcontext
from flask_wtf import FlaskForm
from werkzeug.security import check_password_hash, generate_password_hash
from wtforms import HiddenField, PasswordField
from wtforms.validators import InputRequired

from scorekeeper.store.db import write_transaction
from scorekeeper.web.database import get_db
from scorekeeper.web.errors import database_fault
from scorekeeper.web.tools.links import local_path

PASSWORD_FILE = "table_password"
MIN_PASSWORD_LENGTH = 4
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# POSTs that compute and store nothing (the deal form's live preview, the table's tools): reads.
COMPUTE_ONLY = frozenset({"api.score_hand", "api.count", "api.melds"})
DEFAULTS = {
    "TABLE_PASSWORD_HASH": None,
    "READ_REQUIRES_PASSWORD": False,
    "TABLE_SESSION_HOURS": 12,  # an evening: the phones enter the password once
    "LOGIN_ATTEMPTS": 5,  # wrong passwords allowed per address and window
    "LOGIN_WINDOW_MINUTES": 15,
}

bp = Blueprint("access", __name__, url_prefix="/connexion")


# --- the password ---------------------------------------------------------------------------


def password_file(app: Flask) -> str:
    return os.path.join(app.instance_path, PASSWORD_FILE)


def password_hash() -> str | None:
    """The configured hash, else the one `set-password` wrote (read again when the file changes,
    so that every worker sees a new password without a restart)."""
    configured = current_app.config.get("TABLE_PASSWORD_HASH")
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


def _fingerprint(hashed: str) -> str:
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
        session.get("table") == _fingerprint(hashed)
        and session.get("table_until", 0) > time.time()
        and isinstance(session_id, str)
        and not _ended(session_id)
    )
    g.table_entered = (hashed, entered)
    return entered


def _ended(session_id: str) -> bool:
    row = get_db().execute("select 1 from ended_sessions where id = ?", [session_id]).fetchone()
    return row is not None


def _end_session(session_id: str, until: float) -> None:
    """Record that this session left, until it would have expired (older ones are pruned)."""
    now = time.time()
    db = get_db()
    with write_transaction(db):
        db.execute("delete from ended_sessions where until < ?", [now])
        db.execute("insert or replace into ended_sessions (id, until) values (?, ?)", [session_id, max(until, now)])


# --- the guard ------------------------------------------------------------------------------


def _is_write() -> bool:
    if request.method not in SAFE_METHODS:
        return request.endpoint not in COMPUTE_ONLY
    # A page whose form posts (a new game, a deal): asking first spares filling it in for nothing.
    rule = request.url_rule
    return not request.path.startswith("/api/") and rule is not None and "POST" in (rule.methods or ())


def _next_path() -> str:
    """Where to go back after entering the password: this page, or for a refused form the page it
    was sent from."""
    if request.method in SAFE_METHODS:
        return local_path(request.full_path.rstrip("?")) or "/"
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc == request.host:
        return local_path(referrer.path + (f"?{referrer.query}" if referrer.query else "")) or "/"
    return "/"


# Files with no score in them, which a browser fetches without asking the person (the manifest
# without cookies): open whatever the password.
OPEN_ENDPOINTS = frozenset({None, "static", "install.webmanifest", "offline.service_worker"})


def _guard():
    hashed = password_hash()
    if not hashed or request.endpoint in OPEN_ENDPOINTS or request.blueprint == "access":
        return None
    reading_locked = current_app.config["READ_REQUIRES_PASSWORD"]
    if not (reading_locked or _is_write()):
        return None
    if has_entered(hashed):
        return None
    if request.path.startswith("/api/"):
        message = "Mot de passe de la table requis : entrez-le sur la page /connexion."
        return jsonify(error=message), 401
    flash(
        "Entrez le mot de passe de la table pour "
        + ("voir les parties." if reading_locked and not _is_write() else "noter les scores."),
        "error",
    )
    return redirect(url_for("access.login", next=_next_path()))


def _template_globals() -> dict:
    hashed = password_hash()
    return {"table_access": {"locked": bool(hashed), "entered": bool(hashed) and has_entered(hashed)}}


def _not_kept(response):
    """When reading needs the password, nothing the app answers stays in the browser's cache (a
    shared phone would show the names to the next person): `private, no-store`. The service worker
    keeps no such page either, so those pages do not open offline. Static files stay cached."""
    if current_app.config["READ_REQUIRES_PASSWORD"] and request.endpoint not in OPEN_ENDPOINTS and password_hash():
        response.headers["Cache-Control"] = "private, no-store"
    return response


# --- rate limit -----------------------------------------------------------------------------


# The password is checked before anything is written, so that a phone enters the right one even
# when the disk is read-only; the wrong guesses are then counted if the disk lets them be. Guesses
# sent at once from one address may each pass the count before any is written: at most one per
# request running at once (one per gunicorn worker) beyond LOGIN_ATTEMPTS.


def _wrong_guesses(address: str) -> int:
    """The wrong passwords this address sent within the window (a read: works on a read-only disk)."""
    since = time.time() - current_app.config["LOGIN_WINDOW_MINUTES"] * 60
    row = (
        get_db()
        .execute("select count(*) from login_attempts where address = ? and attempted_at >= ?", [address, since])
        .fetchone()
    )
    return row[0]


def _count_wrong_guess(address: str) -> None:
    now = time.time()
    window = current_app.config["LOGIN_WINDOW_MINUTES"] * 60
    db = get_db()
    with write_transaction(db):
        db.execute("delete from login_attempts where attempted_at < ?", [now - window])
        db.execute("insert into login_attempts (address, attempted_at) values (?, ?)", [address, now])


def _forget_attempts(address: str) -> None:
    db = get_db()
    with write_transaction(db):
        db.execute("delete from login_attempts where address = ?", [address])


def _if_the_disk_allows(write: Callable[..., None], *args) -> bool:
    """Run `write`; False if the disk refused it (read-only, full…), which is logged and let go."""
    try:
        write(*args)
    except sqlite3.Error as error:
        if database_fault(error) is None:  # not the disk's: a bug, a 500 as any other
            raise
        current_app.logger.warning("Not recorded (%s): %s", write.__name__, error)
        return False
    return True


# --- pages ----------------------------------------------------------------------------------


class LoginForm(FlaskForm):
    password = PasswordField("Mot de passe de la table", validators=[InputRequired("Entrez le mot de passe.")])
    next = HiddenField()


@bp.route("", methods=["GET", "POST"])
def login():
    hashed = password_hash()
    form = LoginForm()
    destination = local_path(form.next.data or request.args.get("next")) or url_for("pages.index")
    if not hashed:
        flash("Pas de mot de passe pour cette table : tout le monde peut noter les scores.", "info")
        return redirect(destination)
    if request.method == "GET":
        form.next.data = destination
    status = 200
    if form.validate_on_submit():
        address = request.remote_addr or "inconnue"
        minutes = current_app.config["LOGIN_WINDOW_MINUTES"]
        guesses = _wrong_guesses(address)
        if guesses >= current_app.config["LOGIN_ATTEMPTS"]:
            form.password.errors = [f"Trop d'essais depuis cet appareil : réessayez dans {minutes} minutes."]
            status = 429
        elif check_password_hash(hashed, form.password.data):
            if guesses:
                _if_the_disk_allows(_forget_attempts, address)
            session["table"] = _fingerprint(hashed)
            session["table_until"] = time.time() + current_app.config["TABLE_SESSION_HOURS"] * 3600
            session["table_session"] = secrets.token_urlsafe(18)  # what "Sortir" ends on the server
            session.permanent = True
            g.pop("table_entered", None)
            flash("Mot de passe accepté : vous pouvez noter les scores.", "info")
            return redirect(destination)
        else:
            _if_the_disk_allows(_count_wrong_guess, address)
            form.password.errors = ["Mot de passe incorrect."]
            status = 401
    return render_template("access/login.html", form=form), status


@bp.post("/sortie")
def logout():  # CSRFProtect has checked the form's token: no other site can log a phone out
    """End this phone's session, on the server too: a copy of its cookie no longer writes. If the
    disk refuses to record that, the phone still leaves, and is told what stays open."""
    session_id = session.get("table_session")
    ended = True
    if isinstance(session_id, str):
        ended = _if_the_disk_allows(_end_session, session_id, float(session.get("table_until") or 0))
    for key in ("table", "table_until", "table_session"):
        session.pop(key, None)
    g.pop("table_entered", None)
    if ended:
        flash("Déconnecté : il faudra le mot de passe pour noter les scores.", "info")
    else:
        flash(
            "Déconnecté de ce téléphone, mais le serveur n'a pas pu l'enregistrer (disque en lecture seule "
            "ou plein) : une copie de cette session pourrait encore noter une fois le disque réparé. "
            "Au besoin, changez le mot de passe de la table.",
            "error",
        )
    return redirect(url_for("pages.index"))


# --- set-password ---------------------------------------------------------------------------


@click.command("set-password")
@click.option("--remove", is_flag=True, help="Retirer le mot de passe : tout le monde peut noter.")
@with_appcontext
def set_password_command(remove: bool) -> None:
    """Set the table password (asked twice, never shown); only its hash is written."""
    path = password_file(current_app)
    if current_app.config.get("TABLE_PASSWORD_HASH"):
        click.echo("Attention : TABLE_PASSWORD_HASH est configuré et passe avant ce fichier.", err=True)
    if remove:
        if os.path.exists(path):
            os.remove(path)
        click.echo("Mot de passe retiré : tout le monde peut noter les scores.")
        return
    password = click.prompt("Mot de passe de la table", hide_input=True, confirmation_prompt="Encore une fois")
    if len(password) < MIN_PASSWORD_LENGTH:
        raise click.UsageError(f"Le mot de passe doit avoir au moins {MIN_PASSWORD_LENGTH} caractères.")
    os.makedirs(current_app.instance_path, exist_ok=True)
    temporary = f"{path}.{os.getpid()}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(generate_password_hash(password) + "\n")
    os.replace(temporary, path)
    click.echo(f"Mot de passe enregistré (haché) dans {path}. Les téléphones devront le saisir.")


def init_app(app: Flask) -> None:
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)
    app.extensions["access"] = {}
    app.register_blueprint(bp)
    app.before_request(_guard)
    app.after_request(_not_kept)
    app.context_processor(_template_globals)
    app.cli.add_command(set_password_command)
