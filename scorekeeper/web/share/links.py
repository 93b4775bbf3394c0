"""The read-only links (docs/sharing.md): a game's or a concours's « Partager » page, which makes a
link and ends one (writes: the table password's guard asks for it as for any other), and the
link's own pages, /partage/<token> and its image, which anyone who has the link may read, even on
a server that asks the password to read (access/guard.py names them open). They show that one
game or concours and link to nothing else of the app; an ended or expired link says so (410)."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import abort, flash, make_response, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from scorekeeper.belote.errors import NotFound
from scorekeeper.belote.evenings import french_date
from scorekeeper.belote.sheet import Sheet
from scorekeeper.services import sharing
from scorekeeper.services.sharing import Closed, Link
from scorekeeper.store.evenings import current_zone
from scorekeeper.web.archive.chart import running_totals_chart
from scorekeeper.web.concours import seats, words
from scorekeeper.web.database import get_db
from scorekeeper.web.form_base import ConfirmForm
from scorekeeper.web.lookups import concours_or_404, sheet_or_404
from scorekeeper.web.share.images import bp, game_png, podium_png

ENDED = "Ce lien de partage a été arrêté : demandez-en un nouveau à qui vous l'a envoyé."
EXPIRED = "Ce lien de partage a expiré : demandez-en un nouveau à qui vous l'a envoyé."
UNKNOWN = "Ce lien de partage n'existe pas : vérifiez l'adresse reçue."
GONE = "Ce qui était partagé par ce lien n'existe plus."


def now() -> datetime:
    """The time links are made, checked and ended at (the tests set it)."""
    return datetime.now(UTC)


def expiry_words(link: Link) -> str:
    """« jusqu'au samedi 17 mai 2025 à 21 h 05 », on the table's clock."""
    local = link.expires_at.astimezone(current_zone())
    return f"jusqu'au {french_date(local.date().isoformat())} à {local.hour}\u00a0h\u00a0{local.minute:02d}"


def target_or_404(kind: str, target_id: str):
    return sheet_or_404(target_id) if kind == "game" else concours_or_404(target_id)


def image_url(kind: str, target_id: str, target) -> str | None:
    """The image's address, None while the game or concours is not finished (it has none)."""
    if not target.finished:
        return None
    if kind == "game":
        return url_for("share.game_image", game_id=target_id)
    return url_for("share.podium_image", concours_id=target_id)


@bp.route("/parties/<target_id>/partage", methods=["GET", "POST"], defaults={"kind": "game"})
@bp.route("/concours/<target_id>/partage", methods=["GET", "POST"], defaults={"kind": "concours"})
def manage(kind: str, target_id: str) -> ResponseReturnValue:
    """The « Partager » page: the image, a new read-only link, the links that still open it."""
    target = target_or_404(kind, target_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        link = sharing.create_link(get_db(), kind, target_id, now())
        flash(f"Lien de lecture créé, valable {expiry_words(link)}.", "info")
        return redirect(url_for("share.manage", kind=kind, target_id=target_id))
    links = sharing.live_links(get_db(), kind, target_id, now())
    return render_template(
        "share/manage.html",
        kind=kind,
        target=target,
        target_id=target_id,
        links=[(link, url_for("share.shared", token=link.token, _external=True), expiry_words(link)) for link in links],
        confirm=form,
        link_days=sharing.LINK_DAYS,
        image_url=image_url(kind, target_id, target),
    )


@bp.post("/parties/<target_id>/partage/<token>/arreter", defaults={"kind": "game"})
@bp.post("/concours/<target_id>/partage/<token>/arreter", defaults={"kind": "concours"})
def end(kind: str, target_id: str, token: str) -> ResponseReturnValue:
    target_or_404(kind, target_id)
    if ConfirmForm().validate_on_submit():
        if sharing.end_link(get_db(), token, kind, target_id, now()):
            flash("Partage arrêté : ce lien n'ouvre plus rien.", "info")
        else:
            flash("Ce lien était déjà arrêté ou expiré.", "error")
    return redirect(url_for("share.manage", kind=kind, target_id=target_id))


def open_or_page(token: str) -> Link:
    """The link, or the French page that says why it opens nothing (410 ended or expired, 404 unknown)."""
    try:
        return sharing.open_link(get_db(), token, now())
    except NotFound:
        abort(closed_page(UNKNOWN, 404))
    except Closed as closed:
        abort(closed_page(ENDED if closed.ended else EXPIRED, 410))


def closed_page(message: str, status: int):
    return make_response(render_template("share/closed.html", message=message), status)


@bp.get("/partage/<token>")
def shared(token: str) -> ResponseReturnValue:
    """One game's sheet or one concours's ranking, read-only, for whoever has the link."""
    link = open_or_page(token)
    try:
        target = sharing.get_target(get_db(), link)
    except NotFound:  # the game or concours deleted since: the link's own page, not the app's 404
        abort(closed_page(GONE, 404))
    image = url_for("share.shared_image", token=token) if target.finished else None
    if isinstance(target, Sheet):
        db = get_db()
        date, place = sharing.game_evening_words(db, link.target_id)
        return render_template(
            "share/game.html",
            sheet=target,
            read_only=True,
            date=date,
            place=place,
            table_line=sharing.concours_table_line(db, link.target_id),
            chart=running_totals_chart(target) if target.deals else None,
            expiry=expiry_words(link),
            image_url=image,
        )
    return render_template(
        "share/ranking.html", concours=target, words=words, seats=seats, expiry=expiry_words(link), image_url=image
    )


@bp.get("/partage/<token>/image.png")
def shared_image(token: str) -> ResponseReturnValue:
    link = open_or_page(token)
    return game_png(link.target_id) if link.kind == "game" else podium_png(link.target_id)
