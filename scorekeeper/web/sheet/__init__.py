"""The score sheet's pages: a new game, the sheet, entering and correcting deals."""


from scorekeeper.web.sheet.routes import bp

__all__ = ["bp"]
