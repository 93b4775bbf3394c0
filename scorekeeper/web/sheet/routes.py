"""Views of a game: a new game, its sheet, a deal deleted, the last action undone, and what the
sheet's other pages share (the blueprint, the game looked up or a 404). The deal form's pages are
in deal_pages.py, playing again in rematch.py. Each write goes through the service layer, like
the API; a refusal shows the French message next to its field and saves nothing."""

from __future__ import annotations

import json
import secrets

from flask import Blueprint, flash, redirect, render_template, request, url_for
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from scorekeeper.belote.errors import Conflict, InvalidInput, NotFound
from scorekeeper.belote.sheet_json import sheet_to_json
from scorekeeper.services import chances as chances_service
from scorekeeper.services import concours as concours_service
from scorekeeper.services import games as service
from scorekeeper.services import lists
from scorekeeper.services.game_end import WouldEndEarly
from scorekeeper.web.conditional import not_modified, validated_by
from scorekeeper.web.database import get_db
from scorekeeper.web.form_base import ConfirmForm, choices
from scorekeeper.web.join import join_url, phones_can_join, qr_svg
from scorekeeper.web.lookups import sheet_or_404
from scorekeeper.web.sheet.deal_form import DealForm, RedealForm, refusal_words
from scorekeeper.web.sheet.game_form import GameForm

bp = Blueprint("sheet", __name__, url_prefix="/parties")


def new_request_id() -> str:
    return secrets.token_urlsafe(12)


@bp.route("/nouvelle", methods=["GET", "POST"])
def create():
    form = GameForm()
    form.set_evenings(lists.evening_choices(get_db(), 12))
    if form.validate_on_submit():
        try:
            sheet = service.create_game(get_db(), form.to_body())
        except InvalidInput as error:
            form.team_a.errors = [error.message]  # only reachable through a forged form
        else:
            return redirect(url_for("sheet.show", game_id=sheet.game.id))
    if form.is_submitted():
        form.settle_house_rules()
    return render_template("sheet/new_game.html", form=form)


def unchanged_page(game_id: str):
    """A 304 for a phone whose copy of this page is of the game's current revision (conditional.py)."""
    return not_modified(game_id, service.get_revision(get_db(), game_id))


@bp.get("/<game_id>")
def show(game_id: str):
    unchanged = unchanged_page(game_id)
    if unchanged is not None:
        return unchanged
    sheet = sheet_or_404(game_id)
    validated_by(game_id, sheet.revision)  # this sheet's: a write may have come since
    redeal = RedealForm(request_id=new_request_id(), number=str(len(sheet.deals) + 1))
    redeal.player.choices = choices(enumerate(sheet.game.players))
    address = join_url(request, url_for("sheet.show", game_id=game_id)) if phones_can_join() else None
    chances = chances_service.of_sheet(get_db(), sheet)
    deal_form = DealForm()  # blank: the sheet's panel (static/deal_panel.js) opens a copy for each deal
    deal_form.set_players(sheet.game.players, sheet.game.teams)
    return render_template(
        "sheet/sheet.html",
        sheet=sheet,
        redeal_form=redeal,
        confirm=ConfirmForm(),
        join_url=address,
        join_qr=Markup(qr_svg(address)) if address else None,  # segno's SVG: attributes only, no style (the CSP)
        # The API's JSON of the sheet, which the phone keeps (static/outbox.js) and draws the sheet
        # from, then polls (GET /api/v1/games/<id>). Made safe for an attribute as |tojson is.
        sheet_json=htmlsafe_json_dumps(sheet_to_json(sheet, chances=chances), dumps=compact_json),
        chances=chances,
        form=deal_form,
        deal=None,
        focus=None,
        problems=[],
        counter_url=url_for("tools.counter"),
        refusal_words=refusal_words(),
        concours_table=concours_service.concours_of_game(get_db(), game_id),  # a concours's table: its line
    )


def game_ends_page(game_id: str, refused: WouldEndEarly) -> tuple[str, int]:
    """A correction that would leave the game won before its last deal: the sentence, and the same
    form sent again with `remove_later` to apply it and remove the later deals (game_ends.html)."""
    resend = [
        (key, value) for key, value in request.form.items(multi=True) if key not in ("csrf_token", "remove_later")
    ]
    page = render_template(
        "sheet/game_ends.html", sheet=sheet_or_404(game_id), refused=refused, resend=resend, confirm=ConfirmForm()
    )
    return page, 409


def remove_later_of_form() -> list[int] | None:
    """The deals the game-ends page's button agreed to remove ("4,5"), None when not sent; anything
    else than numbers is sent on as a list the service refuses."""
    raw = request.form.get("remove_later")
    if raw is None:
        return None
    parts = raw.split(",")
    return [int(part) for part in parts] if all(part.isascii() and part.isdigit() for part in parts) else []


def compact_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def version_or_none(value: str | None) -> int | None:
    """A form's version as a number, None for anything else ("²" is a digit to isdigit(), not to int())."""
    return int(value) if value and value.isascii() and value.isdigit() else None


@bp.post("/<game_id>/donnes/<int:number>/supprimer")
def delete(game_id: str, number: int):
    sheet_or_404(game_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        try:
            service.delete_deal(
                get_db(), game_id, number, version_or_none(form.version.data), remove_later=remove_later_of_form()
            )
        except WouldEndEarly as refused:
            return game_ends_page(game_id, refused)
        except NotFound:
            flash("Cette donne n'existe plus.", "error")
        except Conflict as error:
            flash(error.message, "error")
        else:
            flash(f"Donne {number} supprimée. « Annuler » la rétablit.", "info")
    return redirect(url_for("sheet.show", game_id=game_id))


@bp.post("/<game_id>/annuler")
def undo(game_id: str):
    sheet_or_404(game_id)
    if ConfirmForm().validate_on_submit():
        try:
            _, message = service.undo(get_db(), game_id)
        except Conflict as error:
            flash(error.message, "error")
        else:
            flash(message, "info")
    return redirect(url_for("sheet.show", game_id=game_id))
