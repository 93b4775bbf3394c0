"""The archive's pages: evenings, a past game's sheet (read-only), search, statistics, the deals
behind each figure (the export: export_pages.py; the import's pages: import_pages.py). Reads go
through `lists`, `stats` and `figure_lists`; the only write (an evening's details) runs in one
IMMEDIATE transaction."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import wraps
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.evenings import short_date
from scorekeeper.services import evening_concours, figure_lists, lists, ratings, stats
from scorekeeper.services import games as service
from scorekeeper.store import evenings
from scorekeeper.store.db import write_transaction
from scorekeeper.web import backups
from scorekeeper.web.archive.chart import running_totals_chart
from scorekeeper.web.archive.forms import LIMITS, EveningForm
from scorekeeper.web.archive.rating_chart import rating_chart
from scorekeeper.web.conditional import not_modified, validated_by
from scorekeeper.web.database import get_db
from scorekeeper.web.lookups import sheet_or_404

bp = Blueprint("archive", __name__)


# --- helpers of the templates --------------------------------------------------------------


@bp.app_template_global()
def page_url(number: int) -> str:
    """This page's address with another page number, its other filters kept."""
    args = request.args.to_dict(flat=False)
    args["page"] = [str(number)]
    assert request.endpoint is not None  # a page of this blueprint asks
    values: dict[str, Any] = {**(request.view_args or {}), **args}
    return url_for(request.endpoint, **values)


@bp.app_template_global()
def deals_url(subject: dict[str, str], **filters: str) -> str:
    """The list of deals behind a figure of `subject` (a player's or a team's query key)."""
    values: dict[str, Any] = {**subject, **filters}
    return url_for("archive.deals", **values)


@bp.app_template_global()
def games_url(subject: dict[str, str], **filters: str) -> str:
    values: dict[str, Any] = {**subject, **filters}
    return url_for("archive.games", **values)


@bp.app_template_filter()
def percent(part: int, whole: int, bare: bool = False) -> str:
    """12 of 20 → ' (60 %)'; nothing when there is no whole to divide by."""
    if not whole:
        return "–" if bare else ""
    text = f"{round(100 * part / whole)}\u202f%"
    return text if bare else f" ({text})"


bp.app_template_filter("short_date")(short_date)


@bp.app_template_filter()
def decimal(value: float) -> str:
    """In the French way: 123,4."""
    return f"{value:.1f}".replace(".", ",")


def _page() -> int:
    return lists.page_number(request.args.get("page"))


# --- evenings ------------------------------------------------------------------------------


@bp.get("/soirees")
def evenings_list():
    page = lists.evenings_page(get_db(), _page())
    return render_template("archive/evenings.html", page=page, backup_status=backups.status())


@bp.route("/soirees/<int:evening_id>", methods=["GET", "POST"])
def evening(evening_id: int):
    db = get_db()
    found = lists.evening(db, evening_id)
    if found is None:
        abort(404)
    form = EveningForm(data={"date": date.fromisoformat(found.date), "place": found.place, "note": found.note})
    if form.validate_on_submit():
        try:
            with write_transaction(db):
                evenings.update(db, evening_id, form.to_body())
        except InvalidInput as error:
            getattr(form, error.field if error.field in ("place", "note") else "date").errors = [error.message]
        else:
            flash("Soirée enregistrée.", "info")
            return redirect(url_for("archive.evening", evening_id=evening_id))
    return render_template(
        "archive/evening.html",
        evening=found,
        form=form,
        limits=LIMITS,
        concours=evening_concours.evening_concours(db, evening_id),
        tables=evening_concours.tables_of_evening(db, evening_id),
    )


@bp.get("/soirees/<int:evening_id>/imprimer")
def print_evening(evening_id: int):
    db = get_db()
    found = lists.evening(db, evening_id)
    if found is None:
        abort(404)
    sheets = [service.get_sheet(db, game.id) for game in found.games]
    return render_template("archive/print.html", sheets=sheets, evening=found, title=found.label)


# --- a past game ---------------------------------------------------------------------------


@bp.get("/archives/parties/<game_id>")
def game(game_id: str):
    sheet = sheet_or_404(game_id)
    db = get_db()
    line = lists.game_line(db, game_id)
    found = lists.evening(db, line.evening_id) if line and line.evening_id else None
    return render_template(
        "archive/game.html",
        sheet=sheet,
        evening=found,
        chart=running_totals_chart(sheet),
        read_only=True,
    )


@bp.get("/archives/parties/<game_id>/imprimer")
def print_game(game_id: str):
    sheet = sheet_or_404(game_id)
    title = f"{sheet.game.teams['A']} – {sheet.game.teams['B']}"
    return render_template("archive/print.html", sheets=[sheet], evening=None, title=title)


# --- search and statistics -----------------------------------------------------------------


@bp.get("/recherche")
def search():
    query = " ".join((request.args.get("joueur") or "").split())[:40]
    players, page = [], None
    if query:
        db = get_db()
        players = lists.search_players(db, query)
        page = lists.search_games(db, query, _page())
    return render_template("archive/search.html", query=query, players=players, page=page)


def tagged_by_archive(view: Callable[..., ResponseReturnValue]) -> Callable[..., ResponseReturnValue]:
    """A statistics page shows the derived rows and nothing else: its ETag names the archive's
    revision, so that a revisit of an unchanged archive is answered 304 before any figure is read
    (a hash of the rendered page cost as much as the page, 360 ms at 50,000 games)."""

    @wraps(view)
    def tagged(**args: str) -> ResponseReturnValue:
        revision = stats.archive_revision(get_db())
        unchanged = not_modified("archive", revision)
        if unchanged is not None:
            return unchanged
        validated_by("archive", revision)
        return view(**args)

    return tagged


@bp.get("/statistiques")
@tagged_by_archive
def statistics():
    return render_template("archive/stats.html", page=stats.players_page(get_db(), _page()), teams=False)


@bp.get("/statistiques/equipes")
@tagged_by_archive
def team_statistics():
    return render_template("archive/stats.html", page=stats.teams_page(get_db(), _page()), teams=True)


@bp.get("/statistiques/joueurs/<path:name>")  # a name may hold a "/"
@tagged_by_archive
def player(name: str):
    subject = stats.player(get_db(), name)
    if subject is None:
        abort(404)
    rated = ratings.ratings(get_db()).of(subject.key)  # templates/archive/_rating.html
    rating = {"player": rated, "chart": rating_chart(rated) if rated is not None else None}
    return render_template("archive/subject.html", subject=subject, rating=rating)


@bp.get("/statistiques/equipes/<path:pair>")
@tagged_by_archive
def team(pair: str):
    """`pair` is the two partners' names joined by "|" (which no name holds), in either order."""
    names = pair.split("|")
    subject = stats.team(get_db(), *names) if len(names) == 2 else None
    if subject is None:
        abort(404)
    return render_template("archive/subject.html", subject=subject)


def _subject_name(kind: str | None, key: str) -> str | None:
    if kind == "joueur":
        return stats.display_names(get_db(), [key]).get(key, key)
    if kind == "equipe":
        names = stats.display_names(get_db(), key.split("|"))
        return " & ".join(names.get(part, part) for part in key.split("|"))
    return None


@bp.get("/statistiques/donnes")
def deals():
    deal_filter = figure_lists.DealFilter.from_args(request.args)
    page = figure_lists.deals(get_db(), deal_filter, _page())
    title = deal_filter.describe(_subject_name(deal_filter.kind, deal_filter.key))
    return render_template("archive/deals.html", page=page, title=title)


@bp.get("/statistiques/parties")
def games():
    game_filter = figure_lists.GameFilter.from_args(request.args)
    page = figure_lists.games(get_db(), game_filter, _page())
    partner = _subject_name("joueur", game_filter.partner) if game_filter.partner else None
    subject = _subject_name(game_filter.kind, game_filter.key)
    assert subject is not None  # GameFilter.from_args takes a player's or a team's games only
    title = game_filter.describe(subject, partner)
    return render_template("archive/games.html", page=page, title=title)
