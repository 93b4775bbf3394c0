"""Playing again: a finished game's "Revanche" (the same teams, seats, rules and evening, in one
tap), and the new-game form filled with the last game's teams and players."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, url_for

from scorekeeper.belote.errors import Conflict, NotFound
from scorekeeper.belote.game import Game
from scorekeeper.services import lists, playing_again
from scorekeeper.web.database import get_db
from scorekeeper.web.form_base import ConfirmForm
from scorekeeper.web.sheet.game_form import GameForm
from scorekeeper.web.sheet.routes import bp


@bp.post("/<game_id>/revanche")
def rematch(game_id: str):
    """Open the game's rematch, created by the first tap: a double tap, or a tap on another phone,
    opens the same game."""
    if not ConfirmForm().validate_on_submit():
        flash("Revanche non créée : la page avait expiré, touchez « Revanche » à nouveau.", "error")
        return redirect(url_for("sheet.show", game_id=game_id))
    try:
        new_id = playing_again.rematch(get_db(), game_id)
    except NotFound:
        abort(404)
    except Conflict as error:
        flash(error.message, "error")
        return redirect(url_for("sheet.show", game_id=game_id))
    return redirect(url_for("sheet.show", game_id=new_id))


@bp.get("/nouvelle/reprendre")
def resume_last():
    """The new-game form with the last game's teams, players, end and rules; the first deal goes
    to the player after that game's first dealer. Nothing is created until the form is sent."""
    game = playing_again.last_game(get_db())
    if game is None:
        return redirect(url_for("sheet.create"))
    form = GameForm()
    form.set_evenings(lists.evening_choices(get_db(), 12))
    form.fill_from(playing_again.rematch_body(game))
    return render_template("sheet/new_game.html", form=form, resumed=game)


@bp.app_template_global()
def last_game_lineup() -> Game | None:
    """The last game, for the new-game form's offer to take its teams again."""
    return playing_again.last_game(get_db())
