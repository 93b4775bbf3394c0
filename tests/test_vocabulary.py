"""One vocabulary (issue 10): the deal form's and the sheet's scripts (and the scoring engine they
load, static/engine.js) read the game's words and numbers from JSON the server renders from
belote/terms.py (static/vocabulary.js, an ES module the server writes: `export default {…}`), so
that the JavaScript cannot drift from the Python."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorekeeper.belote.house_rules import OPTIONS
from scorekeeper.belote.terms import (
    CAPOT_BONUS,
    CAPOT_VALUE,
    CARD_POINTS_TOTAL,
    FAILED_CONTRACT_BONUS,
    FLAT_CAPOT_VALUE,
    MAX_BELOTES,
    MAX_MELDS_PER_TEAM,
    MELD_SHORT_LABELS,
    SEATS,
    Meld,
    Mode,
    team_of_player,
)
from scorekeeper.web.vocabulary import script_vocabulary
from tests.helpers import ENGINE_MODULES

STATIC = Path(__file__).resolve().parents[1] / "static"
SCRIPTS = tuple(sorted(path.name for path in STATIC.glob("*.js")))


def new_game(client) -> str:
    response = client.post(
        "/parties/nouvelle",
        data={"team_a": "Nous", "team_b": "Eux", "dealer": "0", "target": "2000", "rounding": "nearest"},
    )
    assert response.status_code == 302
    return response.headers["Location"]


def deal_form_page(client) -> str:
    response = client.get(new_game(client) + "/donnes/nouvelle")
    assert response.status_code == 200
    return response.text


def bound(tag: str) -> int:
    return int(re.search(r' max="(\d+)"', tag).group(1))


def vocabulary_script(client, sheet: str) -> str:
    """The JSON of static vocabulary.js, at the address the sheet's import map gives it (the sheet's
    modules import it, rather than the page carrying it)."""
    (imports,) = re.findall(r'<script type="importmap">(.*?)</script>', client.get(sheet).text)
    address = json.loads(imports)["imports"]["/static/vocabulary.js"]
    text = client.get(address).get_data(as_text=True)
    assert text.startswith("export default ") and text.endswith(";\n")
    return text.removeprefix("export default ").removesuffix(";\n")


def test_the_deal_form_and_the_sheet_render_what_terms_says(client):
    sheet = new_game(client)
    for vocabulary in (vocabulary_script(client, sheet), vocabulary_script(client, sheet + "/donnes/nouvelle")):
        vocabulary = json.loads(vocabulary)
        assert vocabulary == json.loads(json.dumps(script_vocabulary(), sort_keys=True))
        short_labels = vocabulary["meld_short_labels"]
        assert (short_labels["carre_J"], short_labels["cinquante"], len(short_labels)) == ("Carré V", "Cinquante", 9)
        assert vocabulary["max_belotes"] == {mode.value: mode.max_belotes for mode in Mode}
        assert vocabulary["seat_teams"] == [team_of_player(seat).value for seat in range(SEATS)]
        assert vocabulary["card_points_total"] == CARD_POINTS_TOTAL
        assert vocabulary["meld_values"]["carre_J"] == 200 and vocabulary["mode_meld_values"] == {
            "no_trump": {"carre_A": 200}
        }
        assert vocabulary["mode_symbols"]["no_trump"] == "SA" and vocabulary["coinche_badges"]["surcoinche"] == "×4"
        # the house rules (docs/house-rules.md), for static/engine.js: each option's values, the default first
        assert [key for key, _ in vocabulary["house_options"]] == [option.key for option in OPTIONS]
        assert vocabulary["house_options"][1] == ["coinche_all_or_nothing", [False, True]]
        assert vocabulary["all_points"] == {"nearest": 160, "complement": 160, "none": 160, "raw": 162}
        assert (vocabulary["capot_bonus"], vocabulary["flat_capot_value"]) == (CAPOT_BONUS, FLAT_CAPOT_VALUE)


def test_the_fields_bounds_are_the_rules(client):
    page = deal_form_page(client)
    assert f'max="{CARD_POINTS_TOTAL}"' in page and f'placeholder="0–{CARD_POINTS_TOTAL}"' in page
    inputs = re.findall(r"<input [^>]*>", page)
    assert [bound(tag) for tag in inputs if "data-meld=" in tag] == [MAX_MELDS_PER_TEAM] * 2 * len(Meld)
    assert [bound(tag) for tag in inputs if re.search(r'name="belote_[AB]"', tag)] == [MAX_BELOTES] * 2


def test_no_page_carries_it(client):
    """The pages import it (kept a year under its versioned address), rather than each carrying it."""
    sheet = new_game(client)
    for url in ("/", "/outils/compter", "/outils/annonces", sheet, sheet + "/donnes/nouvelle"):
        assert '"meld_short_labels"' not in client.get(url).text, url


@pytest.mark.parametrize("name", SCRIPTS)
def test_the_scripts_write_none_of_the_rules_again(name):
    script = (STATIC / name).read_text(encoding="utf-8")
    assert str(CARD_POINTS_TOTAL) not in script
    assert "% 2" not in script  # a seat's team
    assert not [label for label in MELD_SHORT_LABELS.values() if f'"{label}"' in script]
    assert "no_trump" not in script and "all_trump" not in script  # the belotes each mode allows


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_the_engine_writes_none_of_the_scores_numbers(name):
    """static/engine.js and its modules score with the vocabulary's numbers: a failure's 160, a capot's
    250 (252 with the rounding `raw`), its 90 over all the points, an announced capot's 500 are never in
    them."""
    script = (STATIC / name).read_text(encoding="utf-8")
    for number in (FAILED_CONTRACT_BONUS, CAPOT_VALUE, CAPOT_BONUS, CARD_POINTS_TOTAL + CAPOT_BONUS, FLAT_CAPOT_VALUE):
        assert not re.search(rf"\b{number}\b", script), number
