"""The score sheet's pages: a new game, the sheet, entering and correcting deals, playing again."""

from scorekeeper.web.sheet import deal_pages, rematch  # noqa: F401  (their routes join the blueprint)
from scorekeeper.web.sheet.routes import bp

__all__ = ["bp"]
