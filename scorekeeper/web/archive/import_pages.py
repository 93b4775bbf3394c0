"""The archive's import page: the file sent, imported while the request waits (`importing`, one
transaction), then what it did, or the form with the file's refusal."""

from __future__ import annotations

from flask import render_template, request

from scorekeeper.services import importing
from scorekeeper.services.import_checks import ImportRefused
from scorekeeper.web.archive.forms import ImportForm
from scorekeeper.web.archive.routes import bp
from scorekeeper.web.csrf import csrf, french_reason
from scorekeeper.web.database import get_db

IMPORT_MAX_BYTES = 64 * 1024 * 1024  # a whole archive; the app's other bodies stay small
# The one URL that takes a body over MAX_CONTENT_LENGTH, from a phone that entered the password
# (web/bodies.py, which the server asks before reading a body).
IMPORT_PATH = "/archives/importer"


@bp.route(IMPORT_PATH, methods=["GET", "POST"])
@csrf.exempt  # the form checks its own token, after the larger body limit below is set
def import_archive():
    """The uploaded file stays where the server spooled it (on the disk, for a large one) and is
    read as it streams; the disk's faults answer as every other write does (the disk's 503)."""
    request.max_content_length = IMPORT_MAX_BYTES
    form = ImportForm()
    if form.validate_on_submit():
        try:
            report = importing.import_file(get_db(), form.archive.data.stream)
        except ImportRefused as refusal:
            form.archive.errors = [refusal.message + " Rien n'a été importé."]
        else:
            return render_template("archive/import_report.html", report=report)
    token = getattr(form, "csrf_token", None)  # none when the app checks no token (its tests)
    if token is not None and token.errors:  # shown where the file is chosen: no other message
        form.archive.errors = [*form.archive.errors, french_reason(token.errors[0])]
        return render_template("archive/import.html", form=form), 400
    status = 422 if form.errors else 200
    return render_template("archive/import.html", form=form), status
