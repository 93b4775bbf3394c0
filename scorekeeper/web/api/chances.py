"""`GET /api/v1/chances` (docs/api.md, docs/chances.md): the chances of any state of a game, from
the club's deals, so that anyone can check a sheet's figure. `end=points:2000&a=1200&b=900` or
`end=deals:12&k=7&d=140`. The club's deals are the same for every game, whatever its rules: the
end alone says which table answers."""

from __future__ import annotations

from flask import jsonify, request

from scorekeeper.belote.ending import DEALS_RANGE, POINTS_RANGE, POINTS_STEP, End, parse_end
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.services import chances as service
from scorekeeper.web.api.common import ApiError, bp
from scorekeeper.web.database import get_db

MAX_POINTS = 99_999  # more than any total a game reaches: a bound on what is asked, not a rule

END_WORDS = (
    f"« end » doit valoir points:T (T de {POINTS_RANGE[0]} à {POINTS_RANGE[1]}, un multiple de {POINTS_STEP}) "
    f"ou deals:M (M de {DEALS_RANGE[0]} à {DEALS_RANGE[1]} donnes), par exemple end=points:2000."
)


def _end(raw: str | None) -> End:
    kind, _, value = (raw or "").partition(":")
    if kind not in ("points", "deals") or not (value.isascii() and value.isdigit()):
        raise ApiError(422, END_WORDS)
    try:
        return parse_end({"end": {kind: int(value)}})
    except InvalidInput:
        raise ApiError(422, END_WORDS) from None


def _number(name: str, low: int, high: int, meaning: str) -> int:
    raw = request.args.get(name)
    digits = raw[1:] if raw and raw[0] == "-" and low < 0 else raw
    if raw is None or not (digits and digits.isascii() and digits.isdigit()) or not low <= int(raw) <= high:
        raise ApiError(422, f"« {name} » doit être {meaning}, un nombre entier de {low} à {high}.")
    return int(raw)


@bp.get("/chances")
def chances():
    end = _end(request.args.get("end"))
    db = get_db()
    if end.points is not None:
        a = _number("a", 0, MAX_POINTS, "le total de l'équipe A")
        b = _number("b", 0, MAX_POINTS, "le total de l'équipe B")
        found = service.in_points(db, end, a, b)
        state = {"a": a, "b": b}
    else:
        assert end.deals is not None
        k = _number("k", 0, end.deals, "le nombre de donnes jouées (redonnes non comprises)")
        d = _number("d", -MAX_POINTS, MAX_POINTS, "l'écart A − B")
        found = service.in_deals(db, end, k, d)
        state = {"k": k, "d": d}
    return jsonify(end=end.as_json(), **state, chances=None if found is None else found.as_json())
