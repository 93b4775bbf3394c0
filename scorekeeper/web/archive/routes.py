"""The archive's pages: evenings, a past game's sheet (read-only), search, statistics, the deals
behind each figure, export (the import's pages: import_pages.py). Reads go through `lists`, `stats`
and `figure_lists`; the only write (an evening's details) runs in one IMMEDIATE transaction."""

from __future__ import annotations

from datetime import date, datetime

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)

from scorekeeper.belote.errors import InvalidInput, NotFound
from scorekeeper.belote.evenings import short_date
from scorekeeper.belote.sheet import Sheet
from scorekeeper.services import evening_concours, export, figure_lists, lists, stats
from scorekeeper.services import games as service
from scorekeeper.store import evenings
from scorekeeper.store.db import write_transaction
from scorekeeper.web.archive.chart import running_totals_chart
from scorekeeper.web.archive.forms import LIMITS, EveningForm
from scorekeeper.web.database import get_db

bp = Blueprint("archive", __name__)


# --- helpers of the templates --------------------------------------------------------------


@bp.app_template_global()
def page_url(number: int) -> str:
    """This page's address with another page number, its other filters kept."""
    args = request.args.to_dict(flat=False)
    args["page"] = [str(number)]
    return url_for(request.endpoint, **(request.view_args or {}), **args)


@bp.app_template_global()
def deals_url(subject: dict[str, str], **filters: str) -> str:
    """The list of deals behind a figure of `subject` (a player's or a team's query key)."""
    return url_for("archive.deals", **subject, **filters)


@bp.app_template_global()
def games_url(subject: dict[str, str], **filters: str) -> str:
    return url_for("archive.games", **subject, **filters)


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


def _sheet_or_404(game_id: str) -> Sheet:
    try:
        return service.get_sheet(get_db(), game_id)
    except NotFound:
        abort(404)


# --- evenings ------------------------------------------------------------------------------


@bp.get("/soirees")
def evenings_list():
    page = lists.evenings_page(get_db(), _page())
    return render_template("archive/evenings.html", page=page)


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
    sheet = _sheet_or_404(game_id)
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
    sheet = _sheet_or_404(game_id)
    title = f"{sheet.game.teams['A']} – {sheet.game.teams['B']}"
    return render_template("archive/print.html", sheets=[sheet], evening=None, title=title)


# --- export (the import: import_pages.py) ----------------------------------------------------


def _download(text: str, filename: str, kind: str) -> Response:
    mimetype = "application/json" if kind == "json" else "text/csv"
    response = Response(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}.{kind}"'
    return response


def _export(kind: str, filename: str, **selection) -> Response:
    db = get_db()
    if kind == "json":
        return _download(export.export_json(db, **selection), filename, kind)
    # A French spreadsheet's CSV (`;`, a byte order mark) unless `?sep=comma` asks for the old one.
    separator = request.args.get("sep", export.CSV_DEFAULT_SEPARATOR)
    if separator not in export.CSV_SEPARATORS:
        abort(400)
    return _download(export.export_csv(db, separator=separator, **selection), filename, kind)


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
    _sheet_or_404(game_id)
    return _export(kind, f"belote-partie-{game_id}", game_id=game_id)


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


@bp.get("/statistiques")
def statistics():
    return render_template("archive/stats.html", page=stats.players_page(get_db(), _page()), teams=False)


@bp.get("/statistiques/equipes")
def team_statistics():
    return render_template("archive/stats.html", page=stats.teams_page(get_db(), _page()), teams=True)


@bp.get("/statistiques/joueurs/<path:name>")  # a name may hold a "/"
def player(name: str):
    subject = stats.player(get_db(), name)
    if subject is None:
        abort(404)
    return render_template("archive/subject.html", subject=subject)


@bp.get("/statistiques/equipes/<path:pair>")
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
    title = game_filter.describe(_subject_name(game_filter.kind, game_filter.key), partner)
    return render_template("archive/games.html", page=page, title=title)
