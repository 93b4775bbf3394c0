"""A mêlée's players on the organiser's page (CONCOURS.md, "The mêlée"): added one a line or as a
pasted list, withdrawn after a page that asks, and reinstated (« Réintégrer ») until the next draw,
as teams are (routes.py), through services.concours_players."""

from __future__ import annotations

from flask import abort, render_template, request

from scorekeeper.belote.errors import Conflict, InvalidInput
from scorekeeper.services import concours_players
from scorekeeper.services.concours_view import Concours
from scorekeeper.web.concours.forms import PlayersForm
from scorekeeper.web.concours.routes import back, bp, organiser_page, refused
from scorekeeper.web.database import get_db
from scorekeeper.web.form_base import ConfirmForm
from scorekeeper.web.lookups import concours_or_404


@bp.post("/<concours_id>/joueurs")
def add_players(concours_id: str):
    """A mêlée's players, one a line (a name already taken is refused beside the list, as typed)."""
    concours_or_404(concours_id)
    form = PlayersForm()
    if not form.validate_on_submit():
        return organiser_page(concours_or_404(concours_id), 422, players_form=form)
    try:
        concours_players.add_players(get_db(), concours_id, form.parsed)
    except InvalidInput as error:
        form.players.errors = [error.message]
        return organiser_page(concours_or_404(concours_id), 422, players_form=form)
    except Conflict as error:
        return refused(concours_id, error, "players", players_form=form)
    return back(concours_id, "joueurs")


def player_or_404(concours: Concours, number: int):
    found = next((player for player in concours.players if player.number == number), None)
    if found is None:
        abort(404)
    return found


def player_write(concours_id: str, number: int, write):
    """A player's button (withdraw, reinstate): the service's `write`, or its refusal on the page."""
    player_or_404(concours_or_404(concours_id), number)
    if ConfirmForm().validate_on_submit():
        try:
            write(get_db(), concours_id, number)
        except Conflict as error:
            return refused(concours_id, error, "players")
    return back(concours_id, "joueurs")


@bp.route("/<concours_id>/joueurs/<int:number>/retirer", methods=["GET", "POST"])
def withdraw_player(concours_id: str, number: int):
    """A mêlée's « Retirer »: a page that says what withdrawing does and how to take it back."""
    if request.method == "POST":
        return player_write(concours_id, number, concours_players.withdraw_player)
    concours = concours_or_404(concours_id)
    player = player_or_404(concours, number)
    if not player.active:
        return back(concours_id, "joueurs")
    return render_template("concours/withdraw_player.html", concours=concours, player=player)


@bp.post("/<concours_id>/joueurs/<int:number>/reintegrer")
def reinstate_player(concours_id: str, number: int):
    return player_write(concours_id, number, concours_players.reinstate_player)
