"""Names of players and teams: how they are typed, and how the archive matches them."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from scorekeeper.belote.errors import InvalidInput

MAX_NAME_LENGTH = 40
NAME_FORBIDDEN = "|"  # what joins two partners' names into their team's key (`pair_key`)
# What a name never keeps: control characters (NUL, ESC, …: Unicode's Cc) and format characters
# (Cf: zero-width spaces and joiners, bidi marks, embeddings, overrides and isolates, the BOM, the
# soft hyphen, …). Invisible on screen, they made "A\u200bna" a second Ana in the statistics, let
# U+202E turn a name around, and came out raw in the CSV.
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf"})
# What a name never keeps either: the letters, symbols and marks that show nothing (issue 24: "Ana"
# and a Hangul filler was a second Ana; a name of U+3164 alone looked empty). Python's unicodedata
# has no Default_Ignorable_Code_Point, so here it is, whole, from Unicode's DerivedCoreProperties.txt
# (its Cf are dropped by category anyway; Cn, unassigned, are reserved as ignorable):
DEFAULT_IGNORABLE = (
    ("\u00ad", "\u00ad"),  # soft hyphen (Cf)
    ("\u034f", "\u034f"),  # combining grapheme joiner (Mn)
    ("\u061c", "\u061c"),  # arabic letter mark (Cf)
    ("\u115f", "\u1160"),  # Hangul choseong and jungseong fillers (Lo)
    ("\u17b4", "\u17b5"),  # Khmer inherent vowels (Mn)
    ("\u180b", "\u180f"),  # Mongolian free variation selectors (Mn), vowel separator (Cf)
    ("\u200b", "\u200f"),  # zero-width space, non-joiner, joiner, LRM, RLM (Cf)
    ("\u202a", "\u202e"),  # bidi embeddings and overrides (Cf)
    ("\u2060", "\u206f"),  # word joiner, invisible operators, isolates, deprecated format (Cf, Cn)
    ("\u3164", "\u3164"),  # Hangul filler (Lo)
    ("\ufe00", "\ufe0f"),  # variation selectors 1-16 (Mn)
    ("\ufeff", "\ufeff"),  # zero-width no-break space, the BOM (Cf)
    ("\uffa0", "\uffa0"),  # halfwidth Hangul filler (Lo)
    ("\ufff0", "\ufff8"),  # (Cn)
    ("\U0001bca0", "\U0001bca3"),  # shorthand format controls (Cf)
    ("\U0001d173", "\U0001d17a"),  # musical beam and slur controls (Cf)
    ("\U000e0000", "\U000e0fff"),  # tags (Cf), variation selectors 17-256 (Mn), and Cn
)
# ... and the blanks Unicode does not call ignorable but that draw nothing: the Braille blank
# (So) and the Khitan filler (Mn, which only fills a cluster).
BLANKS = (("\u2800", "\u2800"), ("\U00016fe4", "\U00016fe4"))
SHOWS_NOTHING = re.compile("[" + "".join(f"{low}-{high}" for low, high in DEFAULT_IGNORABLE + BLANKS) + "]")


def shows_nothing(character: str) -> bool:
    """Whether a name drops `character`: a control or format character, or one that draws nothing."""
    return unicodedata.category(character) in INVISIBLE_CATEGORIES or SHOWS_NOTHING.match(character) is not None


def lone_surrogate(text: str) -> bool:
    """Whether `text` holds half a UTF-16 pair on its own (JSON's "\\ud800"): no UTF-8 can carry it."""
    return any("\ud800" <= character <= "\udfff" for character in text)


def tidy_name(text: str) -> str:
    """A name as it is kept: composed (NFC), without control or format characters nor any that
    shows nothing (`shows_nothing`), its runs of spaces (any Unicode space, tabs and line breaks
    too) made one, none at either end."""
    words = ("".join(character for character in word if not shows_nothing(character)) for word in text.split())
    return unicodedata.normalize("NFC", " ".join(word for word in words if word))


def invisible_name(field: str) -> str:
    """The refusal of a name typed with nothing but invisible characters."""
    return f"« {field} » : ce nom ne contient que des caractères invisibles."


def parse_name(value: Any, field: str, default: str) -> str:
    """A name as typed, tidied (`tidy_name`); `default` when none was given (or only spaces)."""
    if value is None:
        return default
    if not isinstance(value, str):
        raise InvalidInput(field, f"« {field} » doit être un texte.")
    if lone_surrogate(value):
        raise InvalidInput(field, f"« {field} » contient un caractère invalide (une moitié de paire UTF-16 seule).")
    typed = value
    value = tidy_name(value)
    if not value and typed.strip():
        raise InvalidInput(field, invisible_name(field))
    if len(value) > MAX_NAME_LENGTH:
        raise InvalidInput(field, f"« {field} » : {MAX_NAME_LENGTH} caractères au plus.")
    if any(character in value for character in NAME_FORBIDDEN):
        raise InvalidInput(field, f"« {field} » : le caractère « | » ne va pas dans un nom.")
    return value or default


@lru_cache(maxsize=4096)  # every write keys its game's four players again
def name_key(name: str) -> str:
    """A player's name as the archive matches it: no accents, no case, single spaces, and none of
    the invisible characters `tidy_name` drops (a name stored before they were dropped is matched
    with its visible twin)."""
    text = unicodedata.normalize("NFKD", tidy_name(name) or name)
    text = "".join(char for char in text if not unicodedata.combining(char))
    return " ".join(text.casefold().split())


def pair_key(first: str, second: str) -> str:
    """A team as a pair of partners, whichever sat first: 'ana|chloe'."""
    return NAME_FORBIDDEN.join(sorted((name_key(first), name_key(second))))
