"""/concours/<id>/ecran, the room's screen, and /concours/<id>/tables, « Quelle table ? ».

The screen is drawn from the concours's API JSON (board.py), by the server alone: static/concours_screen.js
asks every second for the board (/concours/<id>/ecran/tableau?turn=T, the turn of the pages its clock
shows, or ?page=N)
and swaps it in, answered 304 while it would show the same; without JavaScript the page asks for
itself again every 2 s (a refresh in <noscript>), the server choosing which page of the tables and
the ranking to show from its clock, or from `?page=N` (page N, from 1, of each list).
"""

from __future__ import annotations

from datetime import UTC, datetime

from flask import Blueprint, render_template, request, url_for
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from scorekeeper.belote.names import MAX_NAME_LENGTH, name_key
from scorekeeper.services import chances as chances_service
from scorekeeper.services import concours as service
from scorekeeper.services import melee_seats, ratings
from scorekeeper.services.concours_json import concours_json
from scorekeeper.services.concours_view import Concours
from scorekeeper.web.concours import seats
from scorekeeper.web.concours_screen import board as boards
from scorekeeper.web.conditional import not_modified, validated_by
from scorekeeper.web.database import get_db
from scorekeeper.web.join import join_url, qr_svg
from scorekeeper.web.lookups import concours_or_404

bp = Blueprint("concours_screen", __name__, url_prefix="/concours")

REFRESH_S = 2  # without JavaScript: the page asks for itself again this often (a save shows within 3 s)
# With it: how often the script asks for the board, mostly a 304 that reads the concours's revision
# alone (bench/concours_screen.py: well under a millisecond). A save shows at the next poll: within
# this and a board's drawing (bench/screen_follow.py measures it; 2 s let 3 saves in 23 take over 3 s).
POLL_S = 1
# The board's clock says whole minutes since the draw: its ETag names the concours's revision and
# this step of the clock, so that a poll is a 304 read of the revision alone, and the minutes shown
# are at most CLOCK_S (and a poll) late.
CLOCK_S = 10
MAX_PAGE = 1000


def pinned_page() -> int | None:
    """`?page=N`: page N of each list (from 1, as the screen says « page 2 sur 3 »), held still."""
    value = request.args.get("page", "")
    return int(value) if value.isascii() and value.isdigit() and 1 <= int(value) <= MAX_PAGE else None


def clock_turn(now: datetime) -> int:
    """Which turn of the pages to show: the one the screen's script counted (`?turn=`, from the
    server's clock it was given, so that a page asked at the turn is that turn's), or the clock's."""
    value = request.args.get("turn", "")
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 12 else boards.turn_at(now)


def team_cotes(concours: Concours) -> dict[int, int]:
    """Each active team's cote by its number, for information before the first draw (the teams'
    list shows them; docs/ratings.md): none once drawn, when the list is gone (a replay of the
    archive after each deal would cost the board's drawing), nor for a mêlée's players."""
    if concours.rounds or concours.is_melee:
        return {}
    rated = ratings.ratings(get_db())
    return {team.number: rated.team_rating(*team.players) for team in concours.teams if team.active}


def script_settings(concours: Concours, now: datetime, page: int | None) -> dict:
    """What static/concours_screen.js needs, from the one place that sets it."""
    return {
        "board": url_for("concours_screen.board", concours_id=concours.id),
        "now": int(now.timestamp() * 1000),  # the server's clock, which the script's is set by
        "page": page,
        "poll_ms": POLL_S * 1000,
        "turn_ms": boards.TURN_S * 1000,
    }


@bp.get("/<concours_id>/ecran")
def screen(concours_id: str):
    concours = concours_or_404(concours_id)
    now = datetime.now(UTC)
    page = pinned_page()
    tables_url = join_url(request, url_for("concours_screen.tables", concours_id=concours.id))
    data = concours_json(concours)
    return render_template(
        "concours_screen/screen.html",
        board=boards.board(data, now, boards.turn_at(now), page, team_cotes(concours)),
        chances=chances_service.of_concours(get_db(), data),  # beside each unfinished table's totals
        refresh_s=REFRESH_S,
        tables_url=tables_url,
        tables_qr=Markup(qr_svg(tables_url)),  # segno's SVG: attributes only, no style (the CSP)
        settings=htmlsafe_json_dumps(script_settings(concours, now, page)),
    )


@bp.get("/<concours_id>/ecran/tableau")
def board(concours_id: str):
    """The screen's board alone (board.html), at the page `?page=` names, for its script to swap in."""
    now = datetime.now(UTC)
    state = (service.get_revision(get_db(), concours_id), int(now.timestamp()) // CLOCK_S)
    unchanged = not_modified(*state)
    if unchanged is not None:
        return unchanged
    concours = concours_or_404(concours_id)
    validated_by(*state)
    data = concours_json(concours)
    return render_template(
        "concours_screen/board.html",
        board=boards.board(data, now, clock_turn(now), pinned_page(), team_cotes(concours)),
        chances=chances_service.of_concours(get_db(), data),
    )


def matches(sides: list[seats.Side], search: str) -> bool:
    """Found by any part of a team's or a player's name, accents and case aside."""
    return any(search in name_key(name) for side in sides for name in (side.name, *side.players))


@bp.get("/<concours_id>/tables")
def tables(concours_id: str):
    """« Quelle table ? », with `?q=` the tables of the teams or players whose name holds it; in a
    mêlée, every player by name with their table, partner and opponents (`?q=` keeps the players
    whose name holds it)."""
    concours = concours_or_404(concours_id)
    round_ = concours.current
    search = request.args.get("q", "").strip()[:MAX_NAME_LENGTH]
    key = name_key(search)
    shown, resting, players = [], [], []
    if round_ is not None and concours.is_melee:
        players = melee_seats.seats(concours, round_, search)
    elif round_ is not None:
        shown = [(table, seats.sides(concours, table)) for table in round_.tables]
        shown = [(table, sides) for table, sides in shown if matches(list(sides), key)]
        resting = [side for side in seats.resting(concours, round_) if matches([side], key)]
    return render_template(
        "concours_screen/tables.html",
        concours=concours,
        round=round_,
        tables=shown,
        players=players,
        search=search,
        resting=resting,
        sheet_url=lambda table: url_for("sheet.show", game_id=table.game_id),
    )
