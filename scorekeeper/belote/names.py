"""Names of players and teams: how they are typed, and how the archive matches them."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from scorekeeper.belote.errors import InvalidInput

MAX_NAME_LENGTH = 40
NAME_FORBIDDEN = "|"  # what joins two partners' names into their team's key (`pair_key`)


def parse_name(value: Any, field: str, default: str) -> str:
    """A name as typed, with its spaces tidied; `default` when none was given."""
    if value is None:
        return default
    if not isinstance(value, str):
        raise InvalidInput(field, f"« {field} » doit être un texte.")
    value = " ".join(value.split())
    if len(value) > MAX_NAME_LENGTH:
        raise InvalidInput(field, f"« {field} » : {MAX_NAME_LENGTH} caractères au plus.")
    if any(character in value for character in NAME_FORBIDDEN):
        raise InvalidInput(field, f"« {field} » : le caractère « | » ne va pas dans un nom.")
    return value or default


@lru_cache(maxsize=4096)  # every write keys its game's four players again
def name_key(name: str) -> str:
    """A player's name as the archive matches it: no accents, no case, single spaces."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(char for char in text if not unicodedata.combining(char))
    return " ".join(text.casefold().split())


def pair_key(first: str, second: str) -> str:
    """A team as a pair of partners, whichever sat first: 'ana|chloe'."""
    return NAME_FORBIDDEN.join(sorted((name_key(first), name_key(second))))
