"""The table's tools for settling disputes: the card counter and the meld checker.

Plain GET forms that write nothing, so they need no CSRF token and work without JavaScript;
static/tools.js only makes them answer as the cards are tapped.
"""

from flask import Blueprint

bp = Blueprint("tools", __name__, url_prefix="/outils")

from scorekeeper.web.tools import routes  # noqa: E402,F401  (routes register themselves on bp)
