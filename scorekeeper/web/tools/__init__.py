"""The table's tools for settling disputes: the card counter and the meld checker.

Plain GET forms that write nothing, so they need no CSRF token and work without JavaScript;
static/tools.js only makes them answer as the cards are tapped.
"""

from scorekeeper.web.tools.routes import bp

__all__ = ["bp"]
