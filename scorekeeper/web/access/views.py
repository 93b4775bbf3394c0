"""/connexion: entering the table password (wrong ones counted per address) and "Sortir"."""

from __future__ import annotations

import secrets
import sqlite3
import time
from collections.abc import Callable

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, session, url_for
from flask_wtf import FlaskForm
from werkzeug.security import check_password_hash
from wtforms import HiddenField, PasswordField
from wtforms.validators import InputRequired

from scorekeeper.store import access as table_access
from scorekeeper.store.db import write_transaction
from scorekeeper.web.access.password import fingerprint, password_hash
from scorekeeper.web.database import get_db
from scorekeeper.web.errors import database_fault
from scorekeeper.web.tools.links import local_path

bp = Blueprint("access", __name__, url_prefix="/connexion")


# --- what is written --------------------------------------------------------------------------


# The password is checked before anything is written, so that a phone enters the right one even
# when the disk is read-only; the wrong guesses are then counted if the disk lets them be. Guesses
# sent at once from one address may each pass the count before any is written: at most one per
# request running at once (one per server thread) beyond LOGIN_ATTEMPTS.


def _window_start(now: float) -> float:
    return now - current_app.config["LOGIN_WINDOW_MINUTES"] * 60


def _count_wrong_guess(address: str) -> None:
    now = time.time()
    db = get_db()
    with write_transaction(db):
        table_access.count_wrong_guess(db, address, now, _window_start(now))


def _forget_attempts(address: str) -> None:
    db = get_db()
    with write_transaction(db):
        table_access.forget_attempts(db, address)


def _end_session(session_id: str, until: float) -> None:
    """Record that this session left, until it would have expired (older ones are pruned)."""
    now = time.time()
    db = get_db()
    with write_transaction(db):
        table_access.end_session(db, session_id, max(until, now), now)


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
        guesses = table_access.wrong_guesses(get_db(), address, _window_start(time.time()))
        if guesses >= current_app.config["LOGIN_ATTEMPTS"]:
            form.password.errors = [f"Trop d'essais depuis cet appareil : réessayez dans {minutes} minutes."]
            status = 429
        elif check_password_hash(hashed, form.password.data):
            if guesses:
                _if_the_disk_allows(_forget_attempts, address)
            session["table"] = fingerprint(hashed)
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
