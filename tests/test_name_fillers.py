"""Names lose what shows nothing (issue 24): "Ana" followed by a Hangul filler (U+3164), a Braille
blank (U+2800) or a combining grapheme joiner (U+034F) made a second player who read "Ana", and a
name of U+3164 alone looked empty. A name now loses every Default_Ignorable_Code_Point of Unicode
(fillers, variation selectors, …) and the blanks beside them, as it lost its control and format
characters (tests/test_name_normalisation.py); a name left with nothing is refused in French."""

from __future__ import annotations

import sys

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.names import BLANKS, name_key, pair_key, parse_name, shows_nothing, tidy_name
from scorekeeper.services import stats
from scorekeeper.store import derived
from scorekeeper.store.db import write_transaction
from tests.helpers import examples

HAND = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}
FILLERS = {
    "hangul filler": "\u3164",
    "halfwidth hangul filler": "\uffa0",
    "hangul choseong filler": "\u115f",
    "hangul jungseong filler": "\u1160",
    "braille blank": "\u2800",
    "combining grapheme joiner": "\u034f",
    "mongolian free variation selector 1": "\u180b",
    "mongolian free variation selector 4": "\u180f",
    "variation selector 1": "\ufe00",
    "variation selector 16": "\ufe0f",
    "variation selector 17": "\U000e0100",
    "khmer inherent vowel": "\u17b4",
    "khitan filler": "\U00016fe4",
    "invisible times": "\u2062",
}
DEFAULT_IGNORABLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")


def test_the_list_is_unicodes_default_ignorable_code_points_and_the_blanks():
    """Python's unicodedata has no Default_Ignorable_Code_Point: names.py writes it out, which must
    be Unicode's own (the `regex` module's tables), every code point, plus the two blanks."""
    blanks = {chr(code) for low, high in BLANKS for code in range(ord(low), ord(high) + 1)}
    for code in range(sys.maxunicode + 1):
        character = chr(code)
        if DEFAULT_IGNORABLE.match(character) or character in blanks:
            assert shows_nothing(character), f"U+{code:04X}"
        elif shows_nothing(character):
            assert regex.match(r"\p{Cc}|\p{Cf}", character), f"U+{code:04X}"  # dropped by its category


@pytest.mark.parametrize("filler", FILLERS.values(), ids=FILLERS.keys())
def test_a_filler_is_dropped_wherever_it_is(filler):
    assert tidy_name(f"Ana{filler}") == tidy_name(f"{filler}Ana") == tidy_name(f"A{filler}na") == "Ana"
    assert tidy_name(f"Anne {filler} Sophie") == "Anne Sophie"
    assert parse_name(f"Ana{filler}", "players.0", "Joueur 1") == "Ana"
    assert name_key(f"Ana{filler}") == name_key("Ana") == "ana"


@pytest.mark.parametrize("typed", ["\u3164", "\u2800\u2800", "\u034f", " \u3164 \uffa0 ", "\ufe0f\u200b"])
def test_a_name_of_nothing_but_fillers_is_refused_in_french(typed):
    with pytest.raises(InvalidInput) as refused:
        parse_name(typed, "players.0", "Joueur 1")
    assert refused.value.message == "« players.0 » : ce nom ne contient que des caractères invisibles."


def test_what_shows_is_kept():
    """Marks and letters that draw something stay: only those that show nothing go."""
    for name in ("Chloé", "Chloe\u0301", "Nguyễn", "한국", "ㅎㅎ", "⠁na", "Les 🃏", "👩🏽", "ᠮᠣᠩᠭᠣᠯ"):
        assert tidy_name(name) != "" and len(tidy_name(name)) >= len(name) - 1


names = st.text(st.characters(categories=("L", "N", "P", "Zs")), min_size=1, max_size=20).filter(
    lambda text: tidy_name(text)
)


@settings(max_examples=examples(300))
@given(
    names,
    st.lists(st.tuples(st.integers(min_value=0), st.sampled_from(sorted(FILLERS.values()))), max_size=6),
)
def test_a_name_with_fillers_inserted_anywhere_keys_as_the_name_without(name, inserts):
    filled = name
    for position, filler in inserts:
        at = position % (len(filled) + 1)
        filled = filled[:at] + filler + filled[at:]
    assert tidy_name(filled) == tidy_name(name)
    assert name_key(filled) == name_key(name)
    assert pair_key(filled, "Chloé") == pair_key(name, "Chloé")


@settings(max_examples=examples(300))
@given(st.text(st.characters(codec="utf-8"), max_size=30))
def test_a_tidy_name_shows_something_in_every_character(text):
    tidied = tidy_name(text)
    assert not any(shows_nothing(character) for character in tidied)
    assert tidy_name(tidied) == tidied


# --- the API, the page, the statistics ----------------------------------------------------------


def test_ana_and_a_hangul_filler_is_the_same_ana_in_the_statistics(client, db):
    for players in (["Ana\u3164", "Bruno", "Chloé", "David"], ["Ana", "Bruno\u2800", "Chlo\u034fé", "David"]):
        response = client.post("/api/v1/games", json={"players": players})
        assert response.status_code == 201
        assert response.get_json()["players"] == ["Ana", "Bruno", "Chloé", "David"]
        assert client.post(f"/api/v1/games/{response.get_json()['id']}/hands", json=HAND).status_code == 201
    page = stats.players_page(db, 1)
    assert sorted((row.name, row.figures.games) for row in page.items) == [
        ("Ana", 2),
        ("Bruno", 2),
        ("Chloé", 2),
        ("David", 2),
    ]


def test_the_api_refuses_a_name_of_a_hangul_filler(client, db):
    response = client.post("/api/v1/games", json={"players": ["\u3164", None, None, None]})
    assert response.status_code == 422
    assert response.get_json() == {"error": "« players.0 » : ce nom ne contient que des caractères invisibles."}
    response = client.post("/api/v1/games", json={"teams": {"A": "\u2800"}})
    assert response.get_json() == {"error": "« teams.A » : ce nom ne contient que des caractères invisibles."}
    assert db["games"].count == 0


def test_the_new_game_page_refuses_a_name_of_fillers_next_to_it(client, db):
    fields = {"team_a": "Nous", "team_b": "Eux", "dealer": "0", "target": "2000", "rounding": "nearest"}
    response = client.post("/parties/nouvelle", data={**fields, "player_0": "\u3164\u3164", "player_1": "Bo\u034fb"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "« Joueur 1 » : ce nom ne contient que des caractères invisibles." in page
    assert ">Bob<" in page.replace("\n", "").replace(" ", "")
    assert db["games"].count == 0


def test_a_name_stored_with_a_filler_before_is_counted_with_its_twin(client, db):
    """A name stored before the fillers were dropped is not rewritten; the statistics key it without
    them (the derived rows are rebuilt at the update: names.py is in their code's fingerprint)."""
    players = ["Ana", "Bruno", "Chloé", "David"]
    old = client.post("/api/v1/games", json={"players": players}).get_json()["id"]
    assert client.post(f"/api/v1/games/{old}/hands", json=HAND).status_code == 201
    with write_transaction(db):
        db.execute("update games set player_0 = ? where id = ?", ["Ana\u3164", old])
        derived.rebuild_all(db)
    new = client.post("/api/v1/games", json={"players": players}).get_json()["id"]
    assert client.post(f"/api/v1/games/{new}/hands", json=HAND).status_code == 201
    assert client.get(f"/api/v1/games/{old}").get_json()["players"][0] == "Ana\u3164"
    assert stats.player(db, "ana").figures.games == 2
    assert sum(1 for row in stats.players_page(db, 1).items if row.name.startswith("Ana")) == 1
