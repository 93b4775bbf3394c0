"""The table password: optional, set with `flask --app scorekeeper set-password`.

When one is set, every write (a page's form or the JSON API) needs a session that has entered it
at /connexion; reading stays open unless READ_REQUIRES_PASSWORD. Only the hash is kept
(werkzeug's scrypt), in TABLE_PASSWORD_HASH or the instance folder's `table_password` file. Entry
lasts TABLE_SESSION_HOURS, and changing the password ends every session. Wrong passwords are
counted per address in SQLite, so that the limit holds across gunicorn's workers.
"""

from __future__ import annotations

import hashlib
import os
import time
from urllib.parse import urlsplit

import click
from flask import (
    Blueprint,
    Flask,
    current_app,
    flash,
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
    return session.get("table") == _fingerprint(hashed) and session.get("table_until", 0) > time.time()


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
    if has_entered(hashed):
        return None
    reading_locked = current_app.config["READ_REQUIRES_PASSWORD"]
    if not (reading_locked or _is_write()):
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


# --- rate limit -----------------------------------------------------------------------------


def _attempt_allowed(address: str) -> bool:
    """Count this attempt against the address; False once the window's attempts are used up.
    The attempt is written before the password is checked, so that parallel guesses count too."""
    config = current_app.config
    now = time.time()
    window = config["LOGIN_WINDOW_MINUTES"] * 60
    db = get_db()
    with write_transaction(db):
        db.execute("delete from login_attempts where attempted_at < ?", [now - window])
        row = db.execute("select count(*) from login_attempts where address = ?", [address]).fetchone()
        if row[0] >= config["LOGIN_ATTEMPTS"]:
            return False
        db.execute("insert into login_attempts (address, attempted_at) values (?, ?)", [address, now])
    return True


def _forget_attempts(address: str) -> None:
    db = get_db()
    with write_transaction(db):
        db.execute("delete from login_attempts where address = ?", [address])


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
        if not _attempt_allowed(address):
            form.password.errors = [f"Trop d'essais depuis cet appareil : réessayez dans {minutes} minutes."]
            status = 429
        elif check_password_hash(hashed, form.password.data):
            _forget_attempts(address)
            session["table"] = _fingerprint(hashed)
            session["table_until"] = time.time() + current_app.config["TABLE_SESSION_HOURS"] * 3600
            session.permanent = True
            flash("Mot de passe accepté : vous pouvez noter les scores.", "info")
            return redirect(destination)
        else:
            form.password.errors = ["Mot de passe incorrect."]
            status = 401
    return render_template("access/login.html", form=form), status


@bp.post("/sortie")
def logout():  # CSRFProtect has checked the form's token: no other site can log a phone out
    session.pop("table", None)
    session.pop("table_until", None)
    flash("Déconnecté : il faudra le mot de passe pour noter les scores.", "info")
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
    app.context_processor(_template_globals)
    app.cli.add_command(set_password_command)
