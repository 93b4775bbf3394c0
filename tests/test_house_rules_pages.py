"""House rules through the pages (issue 15), without JavaScript: the new-game form's preset picker
and its "Règles de la maison"; the rules line of the sheet, the archive and the print sheet; the
statistics and the CSV of a game with options.

The form, as a phone without the script sends it: a preset tapped leaves the option radios as the
page showed them, so a named preset's options are taken; an option changed by hand (the radios
differ both from the preset's and from what the page showed) counts as "Règles personnalisées",
as the script would have made it; "Règles personnalisées" takes the options as they are.

The concours game (`FIVE_HANDS`, the same hands as tests/browser/test_house_rules_games.py),
worked on paper from docs/house-rules.md (concours: the coinche multiplies the winner's whole score, all
or nothing; an announced capot is 500 × coinche; an unannounced one has no bonus), rounding to
the nearest ten:
1. Ana (A) 80 ♥, 92 points, no coinche: m = 1, nothing changes: A 90 + 80 = 170, B 70.
2. Bruno (B) 100 ♠ coinché, 110 points, B's belote: 130 ≥ 100 and > 52, made; all or nothing:
   B (160 + 100) × 2 + 20 = 540, A 0.                                      Totals 170 / 610.
3. Chloé (A) capot ♣ coinché, every trick, A's tierce: (0 + 500 + 20) × 2 = 1040, B 0. 1210 / 610.
4. David (B) 90 ♦ coinché, 70 points, B's tierce: 70 + 20 = 90 ≥ 90 but not more than 92: failed;
   A (160 + 90 + 20) × 2 = 540, B 0.                                       Totals 1750 / 610.
5. Ana (A) 120 ♦, every trick, not announced: 160 + 120 = 280, B 0.        Totals 2030 / 610: A wins.
(The Salon would give 170/70, 50/330, 770/0, 360/0, 370/0: 1720 / 400.)
"""

from __future__ import annotations

import csv
import io
import re
from html import unescape

import pytest

from scorekeeper.belote.house_rules import PRESETS, AnnouncedCapot, BeloteTo, HouseRules
from scorekeeper.services import export, stats
from scorekeeper.services import games as service
from tests.helpers import page_text
from tests.pages import NEW_GAME, PLAYERS, count, errors, ex, form_posting_to, record, sheet, the_form

CONCOURS = next(preset for preset in PRESETS if preset.key == "concours")
FIVE_HANDS = [
    {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92},
    {
        "taker": "B",
        "taker_player": 1,
        "contract": 100,
        "mode": "spades",
        "coinche": "coinche",
        "taker_points": 110,
        "belote": {"A": 0, "B": 1},
    },
    {
        "taker": "A",
        "taker_player": 2,
        "contract": "capot",
        "mode": "clubs",
        "coinche": "coinche",
        "all_tricks": True,
        "melds": {"A": ["tierce"], "B": []},
    },
    {
        "taker": "B",
        "taker_player": 3,
        "contract": 90,
        "mode": "diamonds",
        "coinche": "coinche",
        "taker_points": 70,
        "melds": {"A": [], "B": ["tierce"]},
    },
    {"taker": "A", "taker_player": 0, "contract": 120, "mode": "diamonds", "all_tricks": True},
]
CONCOURS_SCORES = [(170, 70), (0, 540), (1040, 0), (540, 0), (280, 0)]
CONCOURS_TOTALS = [(170, 70), (170, 610), (1210, 610), (1750, 610), (2030, 610)]


def rules_line(html: str) -> str:
    return page_text(re.search(r'<p class="target">(.*?)</p>', html, re.S).group(1))


def post_new_game(client, **fields: str):
    """The new-game form as shown, the players named, then `fields` tapped; the answer."""
    names = {f"player_{index}": name for index, name in enumerate(PLAYERS)}
    data = {**the_form(client.get(NEW_GAME).text).values(), **names, **fields}
    return client.post(NEW_GAME, data=data)


def created(client, db, **fields: str):
    response = post_new_game(client, **fields)
    assert response.status_code == 302, errors(response.text)
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    return game_id, service.load_game(db, game_id)


# --- the form ------------------------------------------------------------------------------


def test_the_form_offers_the_presets_salon_first_and_every_option_folded(client):
    html = client.get(NEW_GAME).text
    form = the_form(html)
    assert form.checked("preset") == ["salon"]
    labels = re.findall(r'name="preset" type="radio" value="\w+"><span>([^<]*)</span>', html)
    assert labels == [
        "Belote bridgée (Salon)",
        "Coinche — concours",
        "Coinche multipliée",
        "Contrée — points annoncés",
        "Règles personnalisées",
    ]
    assert [
        form.checked(key)
        for key in (
            "coinche_scope",
            "coinche_all_or_nothing",
            "announced_capot",
            "unannounced_capot",
            "belote_to",
            "scoring",
        )
    ] == [["contract"], ["false"], ["bonus"], ["bonus"], ["holder"], ["points_faits"]]
    assert form.checked("rounding") == ["nearest"]
    details = re.search(r'<details class="house"[^>]*>(.*?)</details>', html, re.S)
    assert " open" not in re.search(r'<details class="house"[^>]*>', html).group(0)  # folded
    words = page_text(details.group(1))
    assert words.startswith("Règles de la maison Arrondi")  # the rounding, then the house rules
    for legend in (
        "La coinche multiplie",
        "Coinche « tout ou rien » : le gagnant marque 160 + contrat, le perdant 0",
        "Capot annoncé",
        "Capot non annoncé",
        "La belote va",
        "Décompte",
    ):
        assert f"<legend>{legend}</legend>" in unescape(details.group(1))
    assert "Aucun, chute à 162" in words and "500 × coinche, fait ou chuté" in words


def test_a_preset_tapped_without_the_script_gives_its_options(client, db):
    _, game = created(client, db, preset="concours")  # the radios stay as shown: the Salon's
    assert game.rules.house == CONCOURS.rules
    assert game.rules.rounding == "nearest"  # a preset leaves the rounding


def test_the_script_ticking_a_presets_options_gives_the_same(client, db):
    _, game = created(
        client,
        db,
        preset="concours",
        coinche_scope="whole",
        coinche_all_or_nothing="true",
        announced_capot="flat",
        unannounced_capot="none",
    )
    assert game.rules.house == CONCOURS.rules


def test_custom_rules_take_the_options_as_chosen(client, db):
    game_id, game = created(client, db, preset="custom", belote_to="winner", rounding="raw")
    assert game.rules.house == HouseRules(belote_to=BeloteTo.WINNER) and game.rules.rounding == "raw"
    api = client.get(f"/api/v1/games/{game_id}").get_json()
    assert api["rules"] == {"rounding": "raw", "misere": False, "carre_de_sept": False, "belote_to": "winner"}
    assert rules_line(client.get(f"/parties/{game_id}").text) == (
        "Partie en 2000 · belote au gagnant du coup · arrondi : aucun, chute à 162"
    )
    # docs/scoring.md ex 6 (80 ♠, 71 points, A's belote: failed): the belote goes to the defence, which
    # wins the hand, and the chute is 162 (`raw`): A 0, B 162 + 80 + 20 = 262.
    assert record(client, game_id, **ex(0, "80", "spades", 71, belote_A="1")).totals == (0, 262)


def test_an_option_changed_by_hand_under_a_preset_counts_as_custom_rules(client, db):
    # No script: the Salon still ticked, "Capot annoncé" changed: the options as chosen win.
    _, game = created(client, db, announced_capot="flat")
    assert game.rules.house == HouseRules(announced_capot=AnnouncedCapot.FLAT)
    # A preset tapped and an option changed too: the option changed by hand is the player's word.
    _, game = created(client, db, preset="annonces", announced_capot="flat")
    assert game.rules.house == HouseRules(announced_capot=AnnouncedCapot.FLAT)


def test_options_that_are_a_preset_name_it(client, db):
    game_id, game = created(client, db, preset="custom", coinche_scope="whole")
    assert game.rules.house == next(preset for preset in PRESETS if preset.key == "multipliee").rules
    assert rules_line(client.get(f"/parties/{game_id}").text) == (
        "Partie en 2000 · Coinche multipliée · arrondi à la dizaine la plus proche"
    )


def test_a_refused_form_shows_the_house_rules_as_understood(client, app):
    response = post_new_game(client, preset="concours", team_a="x" * 41)
    assert response.status_code == 200 and count(app, "games") == 0
    form = the_form(response.text)
    assert form.checked("preset") == ["concours"]
    assert form.checked("coinche_scope") == ["whole"] and form.checked("announced_capot") == ["flat"]
    assert form.value("house_shown") == "whole,true,flat,none,holder,points_faits"
    assert " open" not in re.search(r'<details class="house"[^>]*>', response.text).group(0)
    # Sent again as it came back (the name shortened), it is still the concours.
    data = {**form.values(), "team_a": "Nous"}
    assert client.post(NEW_GAME, data=data).status_code == 302


def test_custom_rules_sent_back_open_the_house_rules(client, app):
    response = post_new_game(client, preset="custom", belote_to="winner", team_b="E|ux")
    form = the_form(response.text)
    assert form.checked("preset") == ["custom"] and form.checked("belote_to") == ["winner"]
    assert re.search(r'<details class="house"[^>]*\bopen\b', response.text)


@pytest.mark.parametrize(
    ("field", "value"), [("preset", "belote"), ("belote_to", "loser"), ("coinche_all_or_nothing", "1")]
)
def test_a_choice_not_offered_is_refused_and_nothing_created(client, app, field, value):
    response = post_new_game(client, **{field: value})
    assert response.status_code == 200
    assert "N'est pas un choix valide." in errors(response.text)
    assert count(app, "games") == 0
    if field != "preset":  # the refusal is in the house rules: they open to show it
        assert re.search(r'<details class="house"[^>]*\bopen\b', response.text)


def test_a_forged_shown_value_only_leaves_the_preset(client, db):
    _, game = created(client, db, preset="concours", house_shown="n'importe,quoi")
    assert game.rules.house == CONCOURS.rules


def test_taking_a_custom_game_again_fills_its_house_rules(client, db):
    service.create_game(
        db, {"players": PLAYERS, "rules": {"rounding": "complement", "belote_to": "winner", "coinche_scope": "whole"}}
    )
    html = client.get("/parties/nouvelle/reprendre").text
    form = form_posting_to(html, NEW_GAME)
    assert form.checked("preset") == ["custom"]
    assert form.checked("belote_to") == ["winner"] and form.checked("coinche_scope") == ["whole"]
    assert form.checked("rounding") == ["complement"]
    assert re.search(r'<details class="house"[^>]*\bopen\b', html)
    response = client.post(NEW_GAME, data=form.values())
    game = service.load_game(db, response.headers["Location"].rsplit("/", 1)[1])
    assert game.rules.house == HouseRules(belote_to=BeloteTo.WINNER, coinche_scope="whole")


def test_taking_a_preset_game_again_names_its_preset(client, db):
    service.create_game(db, {"players": PLAYERS, "rules": CONCOURS.rules.as_json()})
    form = form_posting_to(client.get("/parties/nouvelle/reprendre").text, NEW_GAME)
    assert form.checked("preset") == ["concours"] and form.checked("unannounced_capot") == ["none"]


# --- downstream: the sheet, the archive, the print sheet, the statistics, the CSV ------------


@pytest.fixture
def concours(db) -> str:
    game_id = service.create_game(db, {"players": PLAYERS, "rules": CONCOURS.rules.as_json()}).game.id
    for body in FIVE_HANDS:
        service.record_hand(db, game_id, body)
    return game_id


def test_the_concours_game_scores_as_worked_on_paper(client, db, concours):
    got = service.get_sheet(db, concours)
    assert [(deal.scores["A"], deal.scores["B"]) for deal in got.deals] == CONCOURS_SCORES
    assert [(deal.totals["A"], deal.totals["B"]) for deal in got.deals] == CONCOURS_TOTALS
    assert got.winner == "A"
    assert sheet(client, concours).totals == (2030, 610)


@pytest.mark.parametrize("url", ["/parties/{id}", "/archives/parties/{id}"])
def test_the_rules_line_names_the_preset(client, concours, url):
    html = client.get(url.format(id=concours)).text
    assert rules_line(html) == "Partie en 2000 · Coinche — concours · arrondi à la dizaine la plus proche"


def test_the_print_sheet_names_the_preset_and_its_scores(client, concours):
    html = client.get(f"/archives/parties/{concours}/imprimer").text
    head = page_text(re.search(r'<header class="print-head">(.*?)</header>', html, re.S).group(1))
    assert "Partie en 2000 · Coinche — concours · Nous : Ana & Chloé" in head
    assert "2030 – 610" in head
    cells = [page_text(cell) for cell in re.findall(r'<td class="num">(.*?)</td>', html, re.S)]
    assert cells[:8] == ["170", "70", "170", "70", "0", "540", "170", "610"]


def test_a_default_games_print_sheet_reads_as_before(client, db):
    game_id = service.create_game(db, {"players": PLAYERS, "rules": {"rounding": "complement"}}).game.id
    head = page_text(client.get(f"/archives/parties/{game_id}/imprimer").text)
    assert "Partie en 2000 · Nous : Ana & Chloé" in head


def test_the_statistics_count_the_house_rules_scores(db, concours):
    ana = stats.player(db, "Ana").figures
    assert (ana.hands, ana.points, ana.points_per_deal) == (5, 2030, 406.0)  # the Salon: 1720, 344.0
    assert (ana.taken, ana.made, ana.capot_unannounced) == (2, 2, 1)
    # The coinches are counted on the verdict, which no house rule changes: A defended ex 2 (made)
    # and ex 4 (failed); David took ex 4, coinched and failed, and defended Chloé's capot (made).
    assert (ana.coinche_def, ana.coinche_def_won, ana.coinche_took) == (2, 1, 0)
    david = stats.player(db, "David").figures
    assert (david.points, david.points_per_deal) == (610, 122.0)
    assert (david.coinche_def, david.coinche_def_won, david.coinche_took, david.coinche_took_made) == (1, 0, 1, 0)
    chloe = stats.player(db, "Chloé").figures
    assert (chloe.capot_taken, chloe.capot_made, chloe.coinche_took, chloe.coinche_took_made) == (1, 1, 1, 1)


def test_the_csv_has_the_house_rules_scores_and_the_same_columns(db, concours):
    rows = list(csv.reader(io.StringIO(export.export_csv(db, game_id=concours).lstrip("\ufeff")), delimiter=";"))
    assert rows[0] == export.CSV_COLUMNS
    by_name = [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]
    assert [(int(row["score A"]), int(row["score B"])) for row in by_name] == CONCOURS_SCORES
    assert [(int(row["total A"]), int(row["total B"])) for row in by_name] == CONCOURS_TOTALS
