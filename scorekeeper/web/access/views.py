"""/connexion: entering the table password (wrong ones limited per address and in total, one
hashed at a time: limits.py; a phone that logged in before is let past the total: devices.py) and
"Sortir"."""

from __future__ import annotations

import math
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
from scorekeeper.web.access.devices import known_device, remember_device
from scorekeeper.web.access.limits import LoginLimits, Wait
from scorekeeper.web.access.password import fingerprint, password_hash
from scorekeeper.web.database import get_db
from scorekeeper.web.errors import database_fault
from scorekeeper.web.tools.links import local_path

bp = Blueprint("access", __name__, url_prefix="/connexion")


# --- what is written --------------------------------------------------------------------------


# The password is checked before anything is written, so that a phone enters the right one even
# when the disk is read-only; the wrong guesses are then counted in memory (limits.py), and in the
# database if the disk lets them be (the count then holds across restarts and processes).


def _window_start(now: float) -> float:
    return now - current_app.config["LOGIN_WINDOW_MINUTES"] * 60


def _count_wrong_guess(address: str, now: float) -> None:
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
    status, headers = 200, {}
    if form.validate_on_submit():
        address = request.remote_addr or "inconnue"
        device = known_device()
        now = time.time()
        verdict = _check(hashed, form.password.data, address, device, now)
        if isinstance(verdict, Wait):
            form.password.errors = [_wait_message(verdict)]
            status = 429
            headers = {"Retry-After": str(verdict.seconds)}
        elif verdict:
            session["table"] = fingerprint(hashed)
            session["table_until"] = now + current_app.config["TABLE_SESSION_HOURS"] * 3600
            session["table_session"] = secrets.token_urlsafe(18)  # what "Sortir" ends on the server
            session.permanent = True
            g.pop("table_entered", None)
            flash("Mot de passe accepté : vous pouvez noter les scores.", "info")
            response = redirect(destination)
            remember_device(response, device)
            return response
        else:
            _if_the_disk_allows(_count_wrong_guess, address, now)
            form.password.errors = ["Mot de passe incorrect."]
            status = 401
    return render_template("access/login.html", form=form), status, headers


def login_limits() -> LoginLimits:
    return current_app.extensions["login_limits"]


def _check(hashed: str, password: str, address: str, device: str | None, now: float) -> bool | Wait:
    """Whether `password` is the table's, or how long to wait first. The limits are looked at
    before hashing, and only one password is hashed at a time (limits.py): a login that comes
    while another is being checked waits a second, and the server's other threads stay free.
    `device`: the id of a phone that logged in before (its cookie), or None."""
    limits = login_limits()
    config = current_app.config
    stored = table_access.wrong_guess_times(get_db(), address, _window_start(now))
    if not limits.hashing.acquire(blocking=False):
        return Wait(1, this_address=False)
    try:
        wait = limits.wait(
            address,
            device,
            stored,
            now,
            attempts=config["LOGIN_ATTEMPTS"],
            window_s=config["LOGIN_WINDOW_MINUTES"] * 60,
            per_minute=config["LOGIN_GUESSES_PER_MINUTE"],
        )
        if wait is not None:
            return wait
        right = check_password_hash(hashed, password)
        (limits.forget if right else limits.count)(address, device, now)
    finally:
        limits.hashing.release()
    if right and stored:
        _if_the_disk_allows(_forget_attempts, address)
    return right


def _wait_message(wait: Wait) -> str:
    seconds = wait.seconds
    delay = f"{seconds} s" if seconds < 120 else f"{math.ceil(seconds / 60)} min"
    return f"Trop d'essais{' depuis cet appareil' if wait.this_address else ''} : réessayez dans {delay}."


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
