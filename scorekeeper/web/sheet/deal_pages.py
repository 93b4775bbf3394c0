"""The deal form's pages: a deal entered, a deal or a redeal corrected, a redeal recorded; the
form kept across the card counter and the meld checker, its preview, its refusals in French."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for

from scorekeeper.belote.errors import Conflict, InvalidInput, NotFound
from scorekeeper.belote.hand_json import SEAT_KEYS, parse_hand
from scorekeeper.belote.scoring import score
from scorekeeper.belote.sheet import Sheet
from scorekeeper.belote.terms import CARD_POINTS_TOTAL
from scorekeeper.services import games as service
from scorekeeper.services.deal_checks import STOPPED
from scorekeeper.services.game_end import WouldEndEarly
from scorekeeper.services.idempotency import KeyReused
from scorekeeper.web.api.score import result_to_json
from scorekeeper.web.conditional import validated_by
from scorekeeper.web.database import get_db
from scorekeeper.web.form_base import ConfirmForm, choices
from scorekeeper.web.lookups import sheet_or_404
from scorekeeper.web.sheet.deal_form import FIELD_OF_ERROR, DealForm, RedealForm, entered_as, for_people, refusal_words
from scorekeeper.web.sheet.routes import (
    bp,
    game_ends_page,
    new_request_id,
    remove_later_of_form,
    unchanged_page,
    version_or_none,
)


def _carries_a_form() -> bool:
    """A GET that carries a deal form's state: back from the card counter ("Compter les plis"
    submits the whole form to it, and it sends every field back) or the meld checker."""
    return request.method == "GET" and ("contract" in request.args or "request_id" in request.args)


def _deal_form(sheet: Sheet) -> DealForm:
    """The deal form, filled from the state a GET carries back from the tools (see above)."""
    if _carries_a_form():
        form = DealForm(formdata=request.args)
    else:
        form = DealForm()
    form.set_players(sheet.game.players, sheet.game.teams)
    return form


FORM_ALREADY_SAVED = (
    "Ce formulaire a déjà enregistré une donne, que vous avez modifiée depuis : rien n'a été enregistré. "
    "Vérifiez la feuille ; « Enregistrer » à nouveau l'enregistre comme une nouvelle donne."
)


def _show_error(form: DealForm, error: InvalidInput) -> None:
    field = getattr(form, FIELD_OF_ERROR.get(error.field, "taker_player"))
    field.errors = [*field.errors, for_people(error.message)]


def _preview(form: DealForm, sheet: Sheet) -> dict[str, Any]:
    """The deal's score before saving (the "Calculer" step without JavaScript), in the same JSON
    form as the scoring service answers the page's live preview."""
    body = {key: value for key, value in form.to_body().items() if key not in SEAT_KEYS}
    return result_to_json(score(parse_hand(body, rules=sheet.game.rules)))


def _render_deal_form(sheet: Sheet, form: DealForm, preview: dict | None, deal) -> str:
    body_extras = any(field.data for team in ("A", "B") for _, field in form.meld_fields(team)) or any(
        (form.belote_A.data, form.belote_B.data)
    )
    problems = form.problems(sheet.game.teams) if request.method == "POST" else []
    return render_template(
        "sheet/deal_form.html",
        sheet=sheet,
        form=form,
        preview=preview,
        deal=deal,
        extras_open=body_extras,
        problems=problems,
        focus=problems[0][0] if problems else None,
        counter_url=url_for("tools.counter"),
        refusal_words=refusal_words(),
    )


def _submit_deal_form(sheet: Sheet, form: DealForm, deal, save: Callable[[], Any]) -> Any:
    """The deal form's answer: on a valid POST, "Calculer" previews the score and anything else
    saves through `save`; a refusal is shown next to its field and nothing is saved."""
    preview = None
    if "tous_les_plis" in request.form:  # "Tous les plis ?" answered yes: ticked, then previewed
        form.all_tricks.data = True
        form.all_tricks.raw_data = ["y"]
    if form.validate_on_submit():
        try:
            if "calculer" in request.form or "tous_les_plis" in request.form:
                preview = _preview(form, sheet)
            else:
                return save()
        except InvalidInput as error:
            _show_error(form, error)
    return _render_deal_form(sheet, form, preview, deal)


@bp.route("/<game_id>/donnes/nouvelle", methods=["GET", "POST"])
def record(game_id: str):
    if request.method == "GET" and (unchanged := unchanged_page(game_id)) is not None:
        return unchanged
    sheet = sheet_or_404(game_id)
    if sheet.finished and request.method == "GET":  # a POST may be a retry: the service replays it
        flash(
            STOPPED if sheet.stopped else "La partie est finie : modifiez ou supprimez une donne pour la rouvrir.",
            "error",
        )
        return redirect(url_for("sheet.show", game_id=game_id))
    form = _deal_form(sheet)
    if request.method == "GET":
        validated_by(game_id, sheet.revision)
        form.request_id.data = form.request_id.data or new_request_id()
        form.number.data = form.number.data or str(len(sheet.deals) + 1)
        _prefill_from_counter(form)

    def save():
        try:
            answer = service.record_hand(
                get_db(), game_id, {**form.to_body(), **entered_as(form)}, form.request_id.data or None
            )
        except service.DealAlreadyRecorded as taken:
            return _already_recorded(sheet, taken)
        except KeyReused:
            # This form was saved already, and has been changed since (the browser's "back"): a
            # new form's id, so that "Enregistrer" records it as a deal of its own if meant.
            form.request_id.data = new_request_id()
            form.taker_player.errors = [*form.taker_player.errors, FORM_ALREADY_SAVED]
            return _render_deal_form(sheet, form, None, None)
        except Conflict as error:
            flash(error.message, "error")
            return redirect(url_for("sheet.show", game_id=game_id))
        sent = json.loads(answer.text)
        hands = sent.get("hands") or []
        # A retry's answer is the sheet as it stands: the deal this form entered, not the last one.
        entered = [hand for hand in hands if str(hand["number"]) == form.number.data] or hands[-1:]
        if "message" in sent:  # the other phone had recorded this very deal
            flash(sent["message"], "info")
        elif entered:
            flash(_saved_line(entered[0], sheet.game.teams, "enregistrée"), "info")
        # The sheet at its top: the totals, who deals next, and that line (no anchor to scroll to).
        return redirect(url_for("sheet.show", game_id=game_id))

    return _submit_deal_form(sheet, form, None, save)


def _already_recorded(sheet: Sheet, taken: service.DealAlreadyRecorded) -> tuple[str, int]:
    """Another phone recorded this deal's number first: what it recorded, and the choice between
    the sheet (nothing recorded) and recording this one all the same, as the next deal (the same
    form sent again, with the next number)."""
    resend = [(key, value) for key, value in request.form.items(multi=True) if key not in ("csrf_token", "number")]
    page = render_template("sheet/deal_taken.html", sheet=sheet, taken=taken, resend=resend, confirm=ConfirmForm())
    return page, 409


def _saved_line(deal: dict[str, Any], teams: dict[str, str], done: str) -> str:
    """'Donne 3 enregistrée : Nous +170, Eux +70.', shown atop the sheet after a save."""
    scores = ", ".join(f"{teams[team]} +{deal['scores'][team]}" for team in ("A", "B"))
    return f"Donne {deal['number']} {done} : {scores}."


def _prefill_from_counter(form: DealForm) -> None:
    """Back from the card counter (/outils/compter): its pile's points fill the points field,
    counted for the side its `team` names (takers or defense)."""
    points = request.args.get("points", type=int)
    if points is not None and 0 <= points <= CARD_POINTS_TOTAL:
        form.points.data = points
        form.points.raw_data = [str(points)]
        form.points_team.data = "takers" if request.args.get("team", "takers") == "takers" else "defense"


@bp.route("/<game_id>/donnes/<int:number>/modifier", methods=["GET", "POST"])
def edit(game_id: str, number: int):
    sheet = sheet_or_404(game_id)
    deal = sheet.deal(number)
    if deal is None:
        abort(404)
    if not deal.is_hand:
        return _edit_redeal(sheet, deal)
    form = _deal_form(sheet)
    if request.method == "GET":
        if not _carries_a_form():
            form.fill_from(deal.input, deal.version)
        _prefill_from_counter(form)

    def save():
        body = {**form.to_body(), "version": version_or_none(form.version.data)}
        remove_later = remove_later_of_form()
        if remove_later is not None:
            body["remove_later"] = remove_later
        try:
            after = service.edit_deal(get_db(), game_id, number, body)
        except WouldEndEarly as refused:
            return game_ends_page(game_id, refused)
        except Conflict as error:
            flash(error.message, "error")
            return redirect(url_for("sheet.edit", game_id=game_id, number=number))
        except NotFound:
            flash("Cette donne n'existe plus : elle a été supprimée sur un autre téléphone.", "error")
            return redirect(url_for("sheet.show", game_id=game_id))
        edited = after.deal(number) if isinstance(after, Sheet) else None
        if edited is not None:
            saved = {"number": number, "scores": edited.scores}
            flash(_saved_line(saved, sheet.game.teams, "modifiée"), "info")
        else:
            flash(f"Donne {number} modifiée.", "info")
        return redirect(url_for("sheet.show", game_id=game_id))

    return _submit_deal_form(sheet, form, deal, save)


def _edit_redeal(sheet: Sheet, deal) -> Any:
    form = RedealForm()
    form.player.choices = choices(enumerate(sheet.game.players))
    if request.method == "GET":
        form.reason.data = deal.reason
        form.player.data = deal.player
    elif form.validate_on_submit():
        body = {
            "reason": form.reason.data,
            "player": form.player.data,
            "version": version_or_none(request.form.get("version")),
        }
        if body["reason"] == "all_pass":
            body["player"] = None
        try:
            service.edit_deal(get_db(), sheet.game.id, deal.number, body)
        except InvalidInput as error:
            form.reason.errors = [for_people(error.message)]
        except Conflict as error:
            flash(error.message, "error")
            return redirect(url_for("sheet.edit", game_id=sheet.game.id, number=deal.number))
        else:
            flash(f"Donne {deal.number} modifiée.", "info")
            return redirect(url_for("sheet.show", game_id=sheet.game.id))
    return render_template("sheet/redeal_form.html", sheet=sheet, form=form, deal=deal)


@bp.post("/<game_id>/redonne")
def redeal(game_id: str):
    sheet = sheet_or_404(game_id)
    form = RedealForm()
    form.player.choices = choices(enumerate(sheet.game.players))
    if form.validate_on_submit():
        body = {"reason": form.reason.data}
        if form.reason.data != "all_pass":
            body["player"] = form.player.data
        try:
            answer = service.record_redeal(
                get_db(), game_id, {**body, **entered_as(form)}, form.request_id.data or None
            )
        except service.DealAlreadyRecorded as taken:
            return _already_recorded(sheet, taken)
        except (InvalidInput, Conflict) as error:
            flash(for_people(error.message), "error")
        else:
            sent = json.loads(answer.text)
            if "message" in sent:  # the other phone had recorded this very redeal
                flash(sent["message"], "info")
    else:
        flash("Redonne non enregistrée : choisissez la raison (et qui l'a demandée).", "error")
    return redirect(url_for("sheet.show", game_id=game_id))
