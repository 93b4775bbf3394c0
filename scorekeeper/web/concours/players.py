"""A mêlée's players on the organiser's page (CONCOURS.md, "The mêlée"): added one a line or as a
pasted list, withdrawn after a page that asks, and reinstated (« Réintégrer ») until the next draw,
as teams are (routes.py), through services.concours_players."""

from __future__ import annotations

from scorekeeper.belote.errors import Conflict, InvalidInput
from scorekeeper.services import concours_players
from scorekeeper.web.concours.forms import PlayersForm
from scorekeeper.web.concours.routes import back, bp, entrant_write, organiser_page, refused, withdraw_page
from scorekeeper.web.database import get_db
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


@bp.route("/<concours_id>/joueurs/<int:number>/retirer", methods=["GET", "POST"])
def withdraw_player(concours_id: str, number: int):
    return withdraw_page(concours_id, number, concours_players.withdraw_player, melee=True)


@bp.post("/<concours_id>/joueurs/<int:number>/reintegrer")
def reinstate_player(concours_id: str, number: int):
    return entrant_write(concours_id, number, concours_players.reinstate_player, melee=True)
