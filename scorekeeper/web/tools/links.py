"""The way back from the card counter and the meld checker to the form that opened it, without an
open redirect."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit


def local_path(value: str | None) -> str | None:
    """`value` if it is a path on this site ("/parties/x?y=1"), else None.

    Refused: "//host" and "/\\host" (browsers read both as another host), any scheme, and control
    characters (browsers drop tabs and newlines, which can turn "/\\t/host" into "//host").
    """
    if not value or not value.startswith("/") or value.startswith("//") or "\\" in value:
        return None
    if any(ord(char) < 32 or ord(char) == 127 for char in value):
        return None
    parts = urlsplit(value)
    if parts.scheme or parts.netloc:
        return None
    return value


def with_params(path: str, **params: str | int) -> str:
    """`path` with `params` set in its query string (replacing earlier values), fragment kept."""
    parts = urlsplit(path)
    query = [(key, value) for key, value in parse_qsl(parts.query, keep_blank_values=True) if key not in params]
    query += [(key, str(value)) for key, value in params.items()]
    return urlunsplit(("", "", parts.path, urlencode(query), parts.fragment))


def with_fields(path: str, fields: Iterable[tuple[str, str | int]], stale: Callable[[str], bool]) -> str:
    """`path` with every query field `stale` names dropped, then `fields` added, fragment kept."""
    parts = urlsplit(path)
    query = [(key, value) for key, value in parse_qsl(parts.query, keep_blank_values=True) if not stale(key)]
    query += [(key, str(value)) for key, value in fields]
    return urlunsplit(("", "", parts.path, urlencode(query), parts.fragment))


def way_back(args, own_fields: set[str]) -> str | None:
    """`args`' `return` if it is on this site, with every field of `args` that is not the tool's
    own (`own_fields`) folded into its query: a form submitted whole to a tool (a GET) gets its
    fields back. None for an address off this site."""
    return_to = local_path(args.get("return"))
    state = [(key, value) for key, value in args.items(multi=True) if key not in own_fields]
    if return_to and state:
        keys = {key for key, _ in state}
        return_to = with_fields(return_to, state, keys.__contains__)
    return return_to
