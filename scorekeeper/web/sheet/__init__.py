"""The score sheet's pages: a new game, the sheet, entering and correcting deals."""

from flask import Blueprint

bp = Blueprint("sheet", __name__, url_prefix="/parties")

from scorekeeper.web.sheet import routes  # noqa: E402,F401  (routes register themselves on bp)
