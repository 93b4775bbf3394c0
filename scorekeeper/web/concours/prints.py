"""What the organiser prints or downloads: a partie's table slips (two or one to an A4 page, each with
its table's QR code, the paper fallback of a table with no phone) and the ranking, as a page and
as CSV for a French spreadsheet (the archive's dialect)."""

from __future__ import annotations

from flask import Response, render_template, request, url_for
from markupsafe import Markup

from scorekeeper.services.concours_ranking_csv import standings_csv
from scorekeeper.web.concours import seats, words
from scorekeeper.web.concours.routes import bp, round_or_404
from scorekeeper.web.join import join_url, qr_svg
from scorekeeper.web.lookups import concours_or_404


@bp.get("/<concours_id>/parties/<int:number>/imprimer")
def slips(concours_id: str, number: int):
    concours = concours_or_404(concours_id)
    round_ = round_or_404(concours, number)
    codes = {}
    for table in round_.tables:
        address = join_url(request, url_for("sheet.show", game_id=table.game_id))
        codes[table.number] = (address, Markup(qr_svg(address)))  # segno's SVG: attributes only (the CSP)
    rows = words.slip_rows(concours)
    return render_template(
        "concours/slips.html",
        concours=concours,
        round=round_,
        codes=codes,
        rows=rows,
        per_page=words.slips_to_a_page(rows),
        seats=seats,
    )


@bp.get("/<concours_id>/classement")
def ranking(concours_id: str):
    concours = concours_or_404(concours_id)
    return render_template("concours/ranking.html", concours=concours, words=words, seats=seats)


@bp.get("/<concours_id>/classement.csv")
def ranking_csv(concours_id: str):
    concours = concours_or_404(concours_id)
    response = Response(standings_csv(concours), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="concours-{concours.id}-classement.csv"'
    response.headers["Cache-Control"] = "no-cache"
    return response
