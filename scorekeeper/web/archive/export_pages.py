"""The archive's export: the whole archive, an evening or a game, as JSON or CSV, sent as it is read
(`export.json_pieces`: a batch of games at a time, in one read transaction), one at a time per
server process.

A 10,000-game archive built whole took 1 GB and 8 to 17 s of one of the server's four threads,
and any number could run at once: four clients downloading it in a loop stalled every table
(issue 31, F2). Streamed, an export's memory is a batch's; one at a time, it holds one thread at
most, and another export asked meanwhile is told to come back (429, Retry-After). The lock is
taken without waiting and let go at the export's end, or when the response is closed (which the
server does also when the client goes away). Sent gzip-compressed as it goes to a client that
asks (`compression.gzip_stream`: a streamed answer is not compressed by `compression.compress`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
from datetime import datetime
from functools import partial

import sqlite_utils
from flask import Flask, Response, abort, current_app, render_template, request

from scorekeeper.services import export
from scorekeeper.store import evenings
from scorekeeper.store.db import pool
from scorekeeper.web.archive.routes import bp
from scorekeeper.web.compression import gzip_stream
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


def _streamed(
    path: str, pieces_of: Callable[[sqlite_utils.Database], Generator[str, None, None]], release: Callable[[], None]
) -> Generator[bytes, None, None]:
    """The export's text in UTF-8, a piece at a time, read on a connection of its own (taken from
    the pool when the first byte is asked, given back at the end): the response outlives its
    request's context, and an answer never read holds nothing but its turn, until it is closed.

    It gives way to the tables: after each piece (a batch of games) it sleeps as long as that
    piece took to make, so that it holds Python's lock at most half the time and the tables'
    requests, which need it too, are not stuck behind it (an export takes twice as long; it is
    one at a time anyway)."""
    db = pool.take(path)
    failed = False
    try:
        pieces = pieces_of(db)
        try:
            started = time.perf_counter()
            for piece in pieces:
                data = piece.encode("utf-8")
                time.sleep(min(time.perf_counter() - started, MAX_PAUSE_S))
                yield data
                started = time.perf_counter()
        finally:
            pieces.close()  # ends the export's read transaction, also when the client went away
    except Exception:
        failed = True  # the connection is closed rather than kept (as a request's, web/database.py)
        raise
    finally:
        pool.give_back(path, db, failed)
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
        if kind == "json":
            pieces_of = partial(export.json_pieces, **selection)
        else:
            pieces_of = partial(export.csv_pieces, separator=separator, **selection)
        body: Generator[bytes, None, None] = _streamed(current_app.config["DATABASE"], pieces_of, release)
        packed = request.accept_encodings.quality("gzip") > 0  # every phone's browser asks
        if packed:
            body = gzip_stream(body)
        response = Response(body, mimetype="application/json" if kind == "json" else "text/csv")
        response.headers["Content-Disposition"] = f'attachment; filename="{filename}.{kind}"'
        response.vary.add("Accept-Encoding")
        if packed:
            response.headers["Content-Encoding"] = "gzip"
        response.call_on_close(release)  # a response closed before its first byte was asked
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
