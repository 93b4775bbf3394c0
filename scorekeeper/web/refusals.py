"""The HTTP status of each kind of refusal (`belote.errors`), for the API and the pages alike."""

from __future__ import annotations

from scorekeeper.belote.errors import Conflict, InvalidInput, NotFound, Refusal

STATUS_OF = ((InvalidInput, 422), (NotFound, 404), (Conflict, 409))


def refusal_status(error: Refusal) -> int:
    status = getattr(error, "status", None)  # a refusal that carries its own (the API's `ApiError`)
    if status is not None:
        return status
    return next((code for kind, code in STATUS_OF if isinstance(error, kind)), 422)
