"""The archive's export: the whole archive, an evening or a game, as JSON or CSV, sent as it is read
(`export.json_pieces`: a batch of games at a time, in one read transaction), one at a time per
server process.

A 10,000-game archive built whole took 1 GB and 8 to 17 s of one of the server's four threads,
and any number could run at once: four clients downloading it in a loop stalled every table
(issue 31, F2). Streamed, an export's memory is a batch's; one at a time, it holds one thread at
most, and another export asked meanwhile is told to come back (429, Retry-After). The lock is
taken without waiting and let go at the export's end, or when the response is closed (which the
server does also when the client goes away).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator, Iterator
from datetime import datetime

from flask import Flask, Response, abort, current_app, render_template, request, stream_with_context

from scorekeeper.services import export
from scorekeeper.store import evenings
from scorekeeper.web.archive.routes import bp
from scorekeeper.web.database import get_db
from scorekeeper.web.lookups import sheet_or_404

BUSY_MESSAGE = "Un export est déjà en cours : réessayez dans un instant."
RETRY_AFTER_SECONDS = "5"
MAX_PAUSE_S = 0.5


def _released_once(lock: threading.Lock) -> Callable[[], None]:
    """The lock's release, done by the first call only: by the export's end, or the response's
    close (which a server always calls, also when the client went away before the first byte)."""
    released = False

    def release() -> None:
        nonlocal released
        if not released:
            released = True
            lock.release()

    return release


def _encoded(pieces: Generator[str, None, None], release: Callable[[], None]) -> Iterator[bytes]:
    """The export's text in UTF-8, a piece at a time, giving way to the tables: after each piece
    (a batch of games) it sleeps as long as that piece took to make, so that it holds Python's
    lock at most half the time and the tables' requests, which need it too, are not stuck
    behind it (an export takes twice as long; it is one at a time anyway)."""
    try:
        started = time.perf_counter()
        for piece in pieces:
            data = piece.encode("utf-8")
            time.sleep(min(time.perf_counter() - started, MAX_PAUSE_S))
            yield data
            started = time.perf_counter()
    finally:
        pieces.close()  # ends the export's read transaction, also when the client went away
        release()


def _export(kind: str, filename: str, **selection) -> Response | tuple[str, int, dict[str, str]]:
    # A French spreadsheet's CSV (`;`, a byte order mark) unless `?sep=comma` asks for the old one.
    separator = request.args.get("sep", export.CSV_DEFAULT_SEPARATOR)
    if kind == "csv" and separator not in export.CSV_SEPARATORS:
        abort(400)
    lock: threading.Lock = current_app.extensions["export_lock"]
    if not lock.acquire(blocking=False):
        page = render_template("error.html", title="Export en cours", message=BUSY_MESSAGE)
        return page, 429, {"Retry-After": RETRY_AFTER_SECONDS}
    release = _released_once(lock)
    try:
        db = get_db()
        if kind == "json":
            pieces = export.json_pieces(db, **selection)
        else:
            pieces = export.csv_pieces(db, separator=separator, **selection)
        mimetype = "application/json" if kind == "json" else "text/csv"
        # stream_with_context: the request's connection (get_db) stays this response's until it closes
        response = Response(stream_with_context(_encoded(pieces, release)), mimetype=mimetype)
        response.headers["Content-Disposition"] = f'attachment; filename="{filename}.{kind}"'
        response.call_on_close(release)
    except BaseException:
        release()
        raise
    return response


@bp.get("/archives/export.<any(json, csv):kind>")
def export_all(kind: str):
    today = datetime.now(evenings.current_zone()).date()  # on the table's clock
    return _export(kind, f"belote-archive-{today.isoformat()}")


@bp.get("/soirees/<int:evening_id>/export.<any(json, csv):kind>")
def export_evening(evening_id: int, kind: str):
    found = evenings.fetch(get_db(), evening_id)
    if found is None:
        abort(404)
    return _export(kind, f"belote-soiree-{found['date']}-{evening_id}", evening_id=evening_id)


@bp.get("/archives/parties/<game_id>/export.<any(json, csv):kind>")
def export_game(game_id: str, kind: str):
    sheet_or_404(game_id)
    return _export(kind, f"belote-partie-{game_id}", game_id=game_id)


def init_app(app: Flask) -> None:
    app.extensions["export_lock"] = threading.Lock()  # one export at a time in this process
