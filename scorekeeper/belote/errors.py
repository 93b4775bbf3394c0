"""Refusals: what the app says no to, with a French sentence for the person who asked.

Every layer raises these (the rules, storage, the services); the web layer turns one into a
message next to a field, an error page or a JSON error, by its kind, and never into a 500.
"""

from __future__ import annotations


class Refusal(Exception):
    """A request refused; `message` says why, in French, to the people at the table."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class InvalidInput(Refusal):
    """Input that is refused (422); the message names `field`, as the JSON form spells it."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


class InvalidHand(InvalidInput):
    """A hand that cannot be scored (it cannot have happened at a table, or says too little)."""


class NotFound(Refusal):
    """No such game, deal or evening (404)."""

    def __init__(self, message: str = "Partie ou donne introuvable."):
        super().__init__(message)


class Conflict(Refusal):
    """The game's state forbids it: it is over, another phone changed the deal, nothing to undo (409)."""
