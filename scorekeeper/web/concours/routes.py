"""The organiser's pages (CONCOURS.md, "Pages"): the list of concours, a new one, the organiser's
page of one (its teams, the draw, each partie's tables, closing, undoing, the ranking) and its
writes. Each write is a plain form (CSRF, the table password's guard like every other write) that
goes through the service, like the API, then back to the page (Post/Redirect/Get); a refusal (409,
422) is the organiser's page again with its French sentence where it was asked, and what was typed."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for

from scorekeeper.belote.concours.slips import SlipDoubt
from scorekeeper.belote.errors import Conflict, InvalidInput
from scorekeeper.services import concours as service
from scorekeeper.services import lists, ratings
from scorekeeper.services.concours_view import Concours, Player, Round, Table, Team
from scorekeeper.web.concours import seats, words
from scorekeeper.web.concours.forms import ConcoursForm, PlayersForm, SlipForm, TeamsForm
from scorekeeper.web.database import get_db
from scorekeeper.web.form_base import ConfirmForm
from scorekeeper.web.lookups import concours_or_404

bp = Blueprint("concours", __name__, url_prefix="/concours")
RECENT_EVENINGS = 12  # the new concours's evening picker, as the new game's


def round_or_404(concours: Concours, number: int) -> Round:
    found = next((round_ for round_ in concours.rounds if round_.number == number), None)
    if found is None:
        abort(404)
    return found


@bp.get("")
def index():
    return render_template("concours/list.html", concours_list=service.concours_list(get_db()))


@bp.route("/nouveau", methods=["GET", "POST"])
def create():
    form = ConcoursForm()
    form.set_evenings(lists.evening_choices(get_db(), RECENT_EVENINGS))
    status = 200
    if form.validate_on_submit():
        try:
            concours = service.create_concours(get_db(), form.to_body())
        except InvalidInput as error:
            form.field_of(error).errors = [error.message]
        else:
            return redirect(url_for("concours.show", concours_id=concours.id))
    if form.is_submitted():
        form.settle_house_rules()
        status = 422
    return render_template("concours/new.html", form=form), status


def slip_key(round_number: int, table_number: int) -> str:
    return f"p{round_number}-t{table_number}"


def slip_form(concours: Concours, round_number: int, table: Table, submitted: bool = False) -> SlipForm:
    """A table's slip form, its fields prefixed by the partie and the table (one page, many forms),
    each named by its team: as sent, or blank, or with the totals typed before."""
    key = slip_key(round_number, table.number)
    form = SlipForm(prefix=key) if submitted else SlipForm(formdata=None, prefix=key)
    form.a.label.text, form.b.label.text = (side.name for side in seats.sides(concours, table))
    if table.slip is not None and not submitted:
        form.a.data, form.b.data = table.slip["A"], table.slip["B"]
    return form


def organiser_page(concours: Concours, status: int = 200, refusal: str | None = None, at: str = "", **forms):
    """The organiser's page; `refusal` the French sentence of a write refused, shown at `at` ("teams",
    "parties", or a table's slip form "p2-t3"); `forms` the forms sent back as they were typed."""
    slips = {
        slip_key(round_.number, table.number): slip_form(concours, round_.number, table)
        for round_ in concours.rounds
        for table in round_.tables
        if not table.deal_count
    }
    slips.update(forms.pop("slips", {}))
    page = render_template(
        "concours/organiser.html",
        concours=concours,
        words=words,
        seats=seats,
        actions=words.actions(concours),
        evening=lists.evening(get_db(), concours.evening_id),
        cotes=ratings.ratings(get_db()),  # each team's, for information (templates/concours/_team_rating.html)
        teams_form=forms.pop("teams_form", None) or TeamsForm(formdata=None),
        players_form=forms.pop("players_form", None) or PlayersForm(formdata=None),
        slips=slips,
        refusal=refusal,
        refusal_at=at,
    )
    return page, status


def refused(concours_id: str, error: Conflict | InvalidInput, at: str, **forms):
    status = 409 if isinstance(error, Conflict) else 422
    return organiser_page(concours_or_404(concours_id), status, error.message, at, **forms)


def back(concours_id: str, anchor: str = ""):
    return redirect(url_for("concours.show", concours_id=concours_id) + (f"#{anchor}" if anchor else ""))


@bp.get("/<concours_id>")
def show(concours_id: str):
    return organiser_page(concours_or_404(concours_id))


@bp.post("/<concours_id>/equipes")
def add_teams(concours_id: str):
    concours_or_404(concours_id)
    form = TeamsForm()
    if not form.validate_on_submit():
        return organiser_page(concours_or_404(concours_id), 422, teams_form=form)
    try:
        service.add_teams(get_db(), concours_id, form.parsed)
    except InvalidInput as error:  # a name already taken: beside the list, as typed
        form.teams.errors = [error.message]
        return organiser_page(concours_or_404(concours_id), 422, teams_form=form)
    except Conflict as error:
        return refused(concours_id, error, "teams", teams_form=form)
    return back(concours_id, "equipes")


def entrant_or_404(concours: Concours, number: int, melee: bool) -> Team | Player:
    """The team of that number, or with `melee` the mêlée's player (a 404 on the other format)."""
    entrants: list[Team] | list[Player] = concours.players if melee else concours.teams
    found = next((entrant for entrant in entrants if entrant.number == number), None)
    if found is None:
        abort(404)
    return found


def entrants_section(melee: bool) -> tuple[str, str]:
    """Where the organiser's page lists the teams (a mêlée's players): the refusal's place, the anchor."""
    return ("players", "joueurs") if melee else ("teams", "equipes")


def entrant_write(concours_id: str, number: int, write, melee: bool):
    """A team's or a player's button (withdraw, reinstate): the service's `write`, or its refusal on the page."""
    entrant_or_404(concours_or_404(concours_id), number, melee)
    where, anchor = entrants_section(melee)
    if ConfirmForm().validate_on_submit():
        try:
            write(get_db(), concours_id, number)
        except Conflict as error:
            return refused(concours_id, error, where)
    return back(concours_id, anchor)


def withdraw_page(concours_id: str, number: int, write, melee: bool):
    """« Retirer »: a page that says what withdrawing does and how to take it back, and its button
    (the POST: the service's `write`)."""
    if request.method == "POST":
        return entrant_write(concours_id, number, write, melee)
    concours = concours_or_404(concours_id)
    entrant = entrant_or_404(concours, number, melee)
    _, anchor = entrants_section(melee)
    if not entrant.active:
        return back(concours_id, anchor)
    return render_template("concours/withdraw.html", concours=concours, entrant=entrant, anchor=anchor)


@bp.route("/<concours_id>/equipes/<int:number>/retirer", methods=["GET", "POST"])
def withdraw(concours_id: str, number: int):
    return withdraw_page(concours_id, number, service.withdraw_team, melee=False)


@bp.post("/<concours_id>/equipes/<int:number>/reintegrer")
def reinstate(concours_id: str, number: int):
    return entrant_write(concours_id, number, service.reinstate_team, melee=False)


@bp.post("/<concours_id>/parties")
def draw(concours_id: str):
    concours_or_404(concours_id)
    if ConfirmForm().validate_on_submit():
        try:
            service.draw_round(get_db(), concours_id)
        except (Conflict, InvalidInput) as error:
            return refused(concours_id, error, "parties")
    return back(concours_id, "parties")


def round_write(concours_id: str, number: int, write):
    """A partie's button (reopen, undo): the service's `write`, or its refusal on the page."""
    round_or_404(concours_or_404(concours_id), number)
    if ConfirmForm().validate_on_submit():
        try:
            write(get_db(), concours_id, number)
        except (Conflict, InvalidInput) as error:
            return refused(concours_id, error, "parties")
    return back(concours_id, "parties")


@bp.route("/<concours_id>/parties/<int:number>/arreter", methods=["GET", "POST"])
def close(concours_id: str, number: int):
    """ "Arrêter la partie": a page that says which tables it stops at which totals, and its button."""
    concours = concours_or_404(concours_id)
    round_ = round_or_404(concours, number)
    if ConfirmForm().validate_on_submit():
        return round_write(concours_id, number, service.close_round)
    return render_template("concours/close.html", concours=concours, round=round_, words=words, seats=seats)


@bp.post("/<concours_id>/parties/<int:number>/rouvrir")
def reopen(concours_id: str, number: int):
    return round_write(concours_id, number, service.reopen_round)


@bp.post("/<concours_id>/parties/<int:number>/annuler")
def undo(concours_id: str, number: int):
    return round_write(concours_id, number, service.undo_round)


@bp.post("/<concours_id>/parties/<int:number>/tables/<int:table>/feuille")
def enter_slip(concours_id: str, number: int, table: int):
    """ "Résultat de la feuille": the totals of a table that played on paper; "Effacer" takes them
    back (the form's token is checked for every POST by CSRFProtect, web/csrf.py)."""
    concours = concours_or_404(concours_id)
    found = next((t for t in round_or_404(concours, number).tables if t.number == table), None)
    if found is None:
        abort(404)
    key = slip_key(number, table)
    form = slip_form(concours, number, found, submitted=True)
    clear = "clear" in request.form
    if not clear and not form.validate_on_submit():
        return organiser_page(concours, 422, slips={key: form})
    try:
        service.enter_slip(get_db(), concours_id, number, table, None if clear else form.totals(), form.confirm.data)
    except SlipDoubt as doubt:  # asked again, with the checkbox that takes them
        form.doubt = doubt.doubt
        form.confirm.errors = [doubt.doubt]
        return organiser_page(concours, 422, slips={key: form})
    except InvalidInput as error:
        if error.field not in ("totals.A", "totals.B"):
            return refused(concours_id, error, key, slips={key: form})
        (form.a if error.field == "totals.A" else form.b).errors = [error.message]
        return organiser_page(concours, 422, slips={key: form})
    except Conflict as error:
        return refused(concours_id, error, key, slips={key: form})
    return back(concours_id, f"table-{key}")
