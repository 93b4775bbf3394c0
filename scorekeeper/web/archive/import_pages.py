"""The archive's import pages: the file sent (`import_jobs` imports it in a thread of this
process), then its progress and its report."""

from __future__ import annotations

from flask import abort, current_app, make_response, redirect, render_template, request, url_for

from scorekeeper.services import import_checks, import_jobs
from scorekeeper.services.import_lock import ImportBusy
from scorekeeper.store.db import DiskFault
from scorekeeper.web.archive.forms import ImportForm
from scorekeeper.web.archive.routes import bp
from scorekeeper.web.csrf import csrf, french_reason
from scorekeeper.web.errors import disk_message

IMPORT_MAX_BYTES = 64 * 1024 * 1024  # a whole archive; the app's other bodies stay small
IMPORT_WAIT_S = 3  # how long the page waits for an import before showing its progress
IMPORT_STEPS = (import_checks.READING, import_checks.CHECKING, import_checks.WRITING)


@bp.route("/archives/importer", methods=["GET", "POST"])
@csrf.exempt  # the form checks its own token, after the larger body limit below is set
def import_archive():
    """The file is imported in a thread of this process (`import_jobs.start_import`): a small one is
    done before the answer (its report, or the form with its refusal); a large one's page shows its
    progress until it is done."""
    request.max_content_length = IMPORT_MAX_BYTES
    form = ImportForm()
    if form.validate_on_submit():
        try:
            import_id, status = import_jobs.start_import(
                current_app.config["DATABASE"], form.archive.data.stream, wait=IMPORT_WAIT_S
            )
        except ImportBusy as busy:  # nothing started
            form.archive.errors = [busy.message]
            return render_template("archive/import.html", form=form), 409
        if status["state"] == "refused":
            form.archive.errors = [status["message"]]
        elif status["state"] == "failed" and _disk_words(status):
            raise DiskFault(status["fault"])  # the disk's 503, as every other write answers it
        else:
            return redirect(url_for("archive.import_report", import_id=import_id))
    token = getattr(form, "csrf_token", None)  # none when the app checks no token (its tests)
    if token is not None and token.errors:  # shown where the file is chosen: no other message
        form.archive.errors = [*form.archive.errors, french_reason(token.errors[0])]
        return render_template("archive/import.html", form=form), 400
    status = 422 if form.errors else 200
    return render_template("archive/import.html", form=form), status


@bp.get("/archives/import/<import_id>")
def import_report(import_id: str):
    """An import's progress (the page refreshes itself, without a script) or what it did."""
    status = import_jobs.import_status(current_app.config["DATABASE"], import_id)
    if status is None:
        abort(404)
    if status["state"] == "failed" and _disk_words(status):
        status["message"] = _disk_words(status)[1]
    response = make_response(render_template("archive/import_report.html", status=status, steps=IMPORT_STEPS))
    response.headers["Cache-Control"] = "no-store"  # its progress: asked again, never kept
    return response


def _disk_words(status: dict) -> tuple[str, str] | None:
    """What the disk's answer says of the fault that stopped a failed import, if it was the disk's."""
    return disk_message(DiskFault(status["fault"])) if status.get("fault") else None
