"""The score sheet's HTML pages, driven through their forms as a browser would send them (issue 3).

Every expected score is worked on paper from docs/scoring.md: its worked examples (quoted by number as
"ex N") or the rules, with the arithmetic written next to the numbers. A form is filled from the
page itself (its hidden fields, its checked radios, its request_id and version), so that the tests
post what a phone posts. "Nothing saved" is proved by counting rows in the database.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.services import games as service
from scorekeeper.web.database import get_db
from tests.pages import (
    NEW_GAME,
    PLAYERS,
    SheetPage,
    count,
    create_game,
    create_named_game,
    deal_form,
    delete,
    errors,
    errors_in,
    ex,
    fieldset,
    flashes,
    form_posting_to,
    forms_of,
    live_deals,
    post_deal,
    record,
    redeal,
    sheet,
    shown,
    the_form,
    undo,
    writes,
)

# --- creating a game -----------------------------------------------------------------------


def test_new_game_form_offers_the_defaults(client):
    form = the_form(client.get(NEW_GAME).text)
    assert form.value("team_a") == "Nous"
    assert form.value("team_b") == "Eux"
    assert [form.value(f"player_{i}") for i in range(4)] == ["", "", "", ""]
    assert form.checked("dealer") == ["0"]
    assert form.checked("target") == ["2000"]
    assert form.checked("rounding") == ["nearest"]
    assert form.checked("misere") == [] and form.checked("carre_de_sept") == []


def test_a_game_with_every_default_lands_on_its_empty_sheet(client, app):
    game_id = create_game(client)
    page = sheet(client, game_id)
    assert page.totals == (0, 0)
    assert page.dealer == "Joueur 1"
    assert "Nous" in page.html and "Eux" in page.html
    assert "Partie en 2000" in page.html
    assert "Aucune donne pour l'instant." in page.html
    assert "Redonne du Salon" not in shown(page.html)  # both Salon options are off by default
    assert count(app, "games") == 1


def test_a_game_with_names_dealer_target_rounding_and_salon_options(client, app):
    game_id = create_named_game(
        client,
        team_a="Les As",
        team_b="Les Rois",
        dealer="2",
        target="1000",
        rounding="complement",
        misere="y",
        carre_de_sept="y",
    )
    page = sheet(client, game_id)
    assert "Les As" in page.html and "Les Rois" in page.html
    assert "Partie en 1000" in page.html
    assert page.dealer == "Chloé"
    assert "Redonne du Salon : misère ou carré de 7" in page.html
    assert 'value="misere"' in page.html and 'value="carre_de_sept"' in page.html
    # The game keeps its rules: ex 23 (80 ♥, 85 points) scores 170 / 70 in `complement`.
    assert record(client, game_id, **ex(0, "80", "hearts", 85)).totals == (170, 70)
    api = client.get(f"/api/v1/games/{game_id}").get_json()
    assert api["players"] == PLAYERS
    assert api["target"] == 1000
    assert api["rules"] == {"rounding": "complement", "misere": True, "carre_de_sept": True}


def test_a_team_name_of_41_characters_is_refused_next_to_it(client, app):
    page = client.get(NEW_GAME).text
    response = client.post(NEW_GAME, data={**the_form(page).values(), "team_a": "x" * 41})
    assert response.status_code == 200
    assert errors(response.text) == ["« Équipe A » : 40 caractères au plus."]
    # Shown in the teams' card, under the two team names.
    teams_card = response.text.split("<h2>Équipes</h2>", 1)[1].split("<h2>Joueurs", 1)[0]
    assert "40 caractères au plus" in unescape(teams_card)
    assert 'value="' + "x" * 41 + '"' in response.text  # what was typed is kept, to be shortened
    assert count(app, "games") == 0


def test_a_name_of_40_characters_is_kept(client):
    game_id = create_game(client, team_b="y" * 40, player_3="z" * 40)
    assert client.get(f"/api/v1/games/{game_id}").get_json()["teams"]["B"] == "y" * 40


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"player_2": "p" * 41}, "« Joueur 3 » : 40 caractères au plus."),
        ({"target": "3005"}, "N'est pas un choix valide."),  # a target is a multiple of 10
        ({"target": "d40"}, "N'est pas un choix valide."),  # 4 to 30 deals
        ({"target": "mille"}, "N'est pas un choix valide."),
        ({"dealer": "7"}, "N'est pas un choix valide."),
        ({"rounding": "up"}, "N'est pas un choix valide."),
    ],
)
def test_game_form_garbage_is_refused_in_french_and_nothing_created(client, app, fields, message):
    page = client.get(NEW_GAME).text
    response = client.post(NEW_GAME, data={**the_form(page).values(), **fields})
    assert response.status_code == 200
    assert message in errors(response.text)
    assert count(app, "games") == 0


# --- recording hands: docs/scoring.md's worked examples through the deal form --------------------

# (example number, the game's rounding, what is tapped, scores A / B, made), from docs/scoring.md's table.
WORKED_EXAMPLES = [
    (1, "nearest", ex(0, "80", "hearts", 92), (170, 70), True),
    (2, "nearest", ex(0, "80", "hearts", 85), (170, 80), True),
    (3, "nearest", ex(0, "80", "hearts", 84), (160, 80), True),
    (4, "nearest", ex(0, "90", "spades", 81), (0, 250), False),
    (5, "nearest", ex(0, "80", "spades", 81), (0, 240), False),
    (6, "nearest", ex(0, "80", "spades", 71, belote_A="1"), (20, 240), False),
    (7, "nearest", ex(0, "80", "spades", 72, belote_A="1"), (170, 90), True),
    (8, "nearest", ex(0, "100", "clubs", 101, coinche="coinche"), (300, 60), True),
    (9, "nearest", ex(0, "100", "clubs", 90, coinche="coinche"), (0, 360), False),
    (10, "nearest", ex(2, "120", "diamonds", 60, coinche="surcoinche", belote_B="1"), (0, 660), False),
    (11, "nearest", ex(0, "100", "hearts", 70, melds_A_tierce="1"), (0, 280), False),
    (12, "nearest", ex(0, "110", "hearts", 95, melds_A_cinquante="1", melds_B_tierce="1"), (260, 70), True),
    (13, "nearest", ex(0, "100", "no_trump", 90, melds_A_carre_A="1"), (390, 70), True),
    (14, "nearest", ex(0, "100", "all_trump", 110, belote_A="2", belote_B="1"), (250, 70), True),
    (15, "nearest", ex(0, "130", "spades", all_tricks="y"), (380, 0), True),
    (16, "nearest", ex(0, "capot", "hearts", all_tricks="y"), (500, 0), True),
    (17, "nearest", ex(2, "capot", "hearts", coinche="coinche", belote_A="1"), (20, 660), False),
    (18, "nearest", ex(0, "generale", "spades", all_tricks="y", belote_A="1"), (820, 0), True),
    (19, "nearest", ex(2, "generale", "all_trump", coinche="coinche"), (0, 1600), False),
    (20, "nearest", ex(1, "80", "hearts", 71), (240, 0), False),
    (21, "nearest", ex(3, "100", "spades", 100, melds_A_cent="1", melds_B_carre_K="1"), (60, 300), True),
    (
        22,
        "nearest",
        ex(0, "90", "clubs", 95, melds_A_tierce="1", melds_B_tierce="2", best_meld="B"),
        (0, 290),
        False,
    ),
    (23, "complement", ex(0, "80", "hearts", 85), (170, 70), True),
    (24, "none", ex(0, "80", "hearts", 85), (165, 77), True),
]


@pytest.mark.parametrize(
    ("rounding", "fields", "scores", "made"),
    [example[1:] for example in WORKED_EXAMPLES],
    ids=[f"ex{example[0]}" for example in WORKED_EXAMPLES],
)
def test_worked_example_through_the_deal_form(client, app, rounding, fields, scores, made):
    game_id = create_named_game(client, rounding=rounding)
    page = record(client, game_id, **fields)
    [row] = page.rows
    assert row.scores == scores
    assert row.totals == scores
    assert page.totals == scores
    assert row.what.removesuffix(", capot").endswith("fait" if made else "chuté")  # ", capot": all tricks, unannounced
    taker = PLAYERS[int(fields["taker_player"])]
    assert taker in row.what
    assert live_deals(app) == 1


def test_card_points_entered_for_the_defense(client, app):
    """Ex 1 counted from the defense's pile: the defense made 70, so the takers made 92."""
    game_id = create_named_game(client)
    page = record(client, game_id, **ex(0, "80", "hearts", 70, points_team="defense"))
    assert page.totals == (170, 70)
    # Stored as the takers' points: the edit form shows 92 for the takers.
    form = deal_form(client, game_id, 1)
    assert form.value("points") == "92"
    assert form.checked("points_team") == ["takers"]


def test_the_deal_form_names_the_players_with_their_teams(client):
    game_id = create_named_game(client, team_a="Les As", team_b="Les Rois")
    html = client.get(f"/parties/{game_id}/donnes/nouvelle").text
    taker = fieldset(html, "f-taker_player")
    for index, name in enumerate(PLAYERS):
        assert f'value="{index}"' in taker
        assert name in unescape(taker)
    assert "<h1>Donne 1</h1>" in html


# --- whole games ---------------------------------------------------------------------------


def test_a_game_to_1000_totals_dealers_winner_lock_and_reopening(client, app):
    # David deals first; the deal passes in seating order, redeals included.
    game_id = create_named_game(client, target="1000", dealer="3")
    assert sheet(client, game_id).dealer == "David"
    steps = [
        # ex 1, counted from the defense's side (70): 90 + 80 / 70
        (lambda: record(client, game_id, **ex(0, "80", "hearts", 70, points_team="defense")), (170, 70), (170, 70)),
        # ex 20: Bruno (B) takes 80 ♥ and makes 71: A 160 + 80
        (lambda: record(client, game_id, **ex(1, "80", "hearts", 71)), (240, 0), (410, 70)),
        # all four pass: nothing scored, the deal passes on
        (lambda: redeal(client, game_id, "all_pass"), (0, 0), (410, 70)),
        # ex 8: Chloé takes 100 ♣ coinché, 101: 100 + 200 / 61 → 60
        (lambda: record(client, game_id, **ex(2, "100", "clubs", 101, coinche="coinche")), (300, 60), (710, 130)),
        # ex 12: 110 ♥, 95, A's cinquante beats B's tierce: 100 + 110 + 50 / 67 → 70
        (
            lambda: record(client, game_id, **ex(0, "110", "hearts", 95, melds_A_cinquante="1", melds_B_tierce="1")),
            (260, 70),
            (970, 200),
        ),
        # ex 22: 90 ♣, 95, the table says B's tierce is best: 95 against 67 + 40, B 160 + 90 + 40
        (
            lambda: record(
                client,
                game_id,
                **ex(2, "90", "clubs", 95, melds_A_tierce="1", melds_B_tierce="2", best_meld="B"),
            ),
            (0, 290),
            (970, 490),
        ),
    ]
    next_dealers = ["Ana", "Bruno", "Chloé", "David", "Ana", "Bruno"]
    for (step, scores, totals), next_dealer in zip(steps, next_dealers, strict=True):
        page = step()
        assert page.rows[-1].scores == scores
        assert page.rows[-1].totals == totals
        assert page.totals == totals
        assert page.dealer == next_dealer
        assert page.banner is None and page.has_new_deal_link

    # ex 14: 100 TA, 110, belotes A×2 B×1: A 110 + 100 + 40 = 250, B 52 → 50 + 20 = 70. A reaches 1220.
    page = record(client, game_id, **ex(0, "100", "all_trump", 110, belote_A="2", belote_B="1"))
    assert page.totals == (1220, 560)
    assert [row.dealer for row in page.rows] == ["David", "Ana", "Bruno", "Chloé", "David", "Ana", "Bruno"]
    assert [row.number for row in page.rows] == [1, 2, 3, 4, 5, 6, 7]
    assert page.rows[2].what == "Tout le monde passe"
    assert page.banner == "Partie gagnée par Nous, 1220 à 560 (+660)."
    assert page.dealer is None
    assert not page.has_new_deal_link
    assert "Tout le monde passe</button>" not in shown(page.html)  # no redeal on a finished game

    # Locked: the deal form sends back to the sheet with a French word; a post records nothing.
    before = writes(app)
    response = client.get(f"/parties/{game_id}/donnes/nouvelle")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/parties/{game_id}"
    locked = client.get(response.headers["Location"]).text
    assert "La partie est finie : modifiez ou supprimez une donne pour la rouvrir." in flashes(locked)
    response = client.post(
        f"/parties/{game_id}/donnes/nouvelle",
        data={**ex(0, "80", "hearts", 92), "enregistrer": "1", "request_id": "late"},
        follow_redirects=True,
    )
    assert response.status_code == 200
    assert "La partie est finie" in " ".join(flashes(response.text))
    response = client.post(f"/parties/{game_id}/redonne", data={"reason": "all_pass", "request_id": "late-2"})
    assert response.status_code == 302
    assert writes(app) == before
    assert sheet(client, game_id).totals == (1220, 560)

    # Deleting the last deal through its button reopens the game.
    response = delete(client, game_id, 7)
    assert response.status_code == 302
    page = SheetPage(client.get(response.headers["Location"]).text)
    assert "Donne 7 supprimée. « Annuler » la rétablit." in page.flashes
    assert page.totals == (970, 490)
    assert page.banner is None
    assert page.dealer == "Bruno"
    assert page.has_new_deal_link
    assert client.get(f"/parties/{game_id}/donnes/nouvelle").status_code == 200


def test_a_game_to_2000_with_big_hands_and_both_salon_redeals(client, app):
    game_id = create_named_game(client, dealer="1", misere="y", carre_de_sept="y")
    # ex 16: Ana's capot ♥ made, 250 + 250
    page = record(client, game_id, **ex(0, "capot", "hearts", all_tricks="y"))
    assert (page.totals, page.dealer) == ((500, 0), "Chloé")
    page = redeal(client, game_id, "misere", player=3)
    assert (page.totals, page.dealer) == ((500, 0), "David")
    assert page.rows[-1].what == "Misère (David)"
    # Bruno's capot ♠ made: 500 for B
    page = record(client, game_id, **ex(1, "capot", "spades", all_tricks="y"))
    assert (page.totals, page.dealer) == ((500, 500), "Ana")
    # ex 18: Chloé's générale ♠ made, with A's belote: 800 + 20
    page = record(client, game_id, **ex(2, "generale", "spades", all_tricks="y", belote_A="1"))
    assert (page.totals, page.dealer) == ((1320, 500), "Bruno")
    assert "Générale" in page.rows[-1].what and "Chloé" in page.rows[-1].what
    page = redeal(client, game_id, "carre_de_sept", player=0)
    assert (page.totals, page.dealer) == ((1320, 500), "Chloé")
    assert page.rows[-1].what == "Carré de 7 (Ana)"
    # ex 19: Ana's générale TA coinchée fails: B scores 800 × 2 and goes past 2000 first.
    page = record(client, game_id, **ex(0, "generale", "all_trump", coinche="coinche"))
    assert page.rows[-1].scores == (0, 1600)
    assert page.totals == (1320, 2100)
    assert [row.dealer for row in page.rows] == ["Bruno", "Chloé", "David", "Ana", "Bruno", "Chloé"]
    assert page.banner == "Partie gagnée par Eux, 2100 à 1320 (+780)."
    assert not page.has_new_deal_link
    assert "Redonne du Salon" not in shown(page.html)

    before = writes(app)
    assert client.get(f"/parties/{game_id}/donnes/nouvelle").status_code == 302
    client.post(f"/parties/{game_id}/donnes/nouvelle", data={**ex(0, "80", "hearts", 92), "enregistrer": "1"})
    client.post(f"/parties/{game_id}/redonne", data={"reason": "misere", "player": "1"})
    assert writes(app) == before

    # Correcting the last deal reopens the game: uncoinched, the failed générale gives B 800 only.
    response = post_deal(client, game_id, {"coinche": "none"}, number=6)
    assert response.status_code == 302
    page = sheet(client, game_id)
    assert page.rows[-1].scores == (0, 800)
    assert page.totals == (1320, 1300)
    assert page.banner is None and page.has_new_deal_link
    assert page.dealer == "David"


def test_equal_totals_past_the_target_play_on(client):
    game_id = create_named_game(client, target="1000")
    # ex 10 and its mirror: 0 / 660, then 660 / 0
    record(client, game_id, **ex(0, "120", "diamonds", 60, coinche="surcoinche", belote_B="1"))
    page = record(client, game_id, **ex(1, "120", "diamonds", 60, coinche="surcoinche", belote_A="1"))
    assert page.totals == (660, 660)
    # ex 8 and its mirror: 300 / 60, then 60 / 300
    record(client, game_id, **ex(0, "100", "clubs", 101, coinche="coinche"))
    page = record(client, game_id, **ex(1, "100", "clubs", 101, coinche="coinche"))
    assert page.totals == (1020, 1020)
    assert page.banner is None and page.has_new_deal_link  # both past 1000, level: another hand
    page = record(client, game_id, **ex(0, "80", "hearts", 92))  # ex 1
    assert page.totals == (1190, 1090)
    assert page.banner == "Partie gagnée par Nous, 1190 à 1090 (+100)."


# --- preview and refusals on the deal form -------------------------------------------------


def test_calculer_previews_the_score_and_saves_nothing(client, app):
    game_id = create_named_game(client)
    before = writes(app)
    response = post_deal(client, game_id, ex(0, "80", "hearts", 92), button="calculer")
    assert response.status_code == 200
    preview = re.search(r'<section class="preview card".*?</section>', response.text, re.S).group(0)
    assert "Contrat fait" in preview
    assert re.findall(r'<span class="points">(\d+)</span>', preview) == ["170", "70"]
    assert writes(app) == before
    # What was tapped is still there, ready to save with the same request_id.
    form = the_form(response.text)
    assert form.checked("taker_player") == ["0"] and form.checked("contract") == ["80"]
    assert form.value("points") == "92"
    response = client.post(f"/parties/{game_id}/donnes/nouvelle", data={**form.values(), "enregistrer": "1"})
    assert response.status_code == 302
    assert sheet(client, game_id).totals == (170, 70)


def test_calculer_shows_a_failed_contract(client, app):
    game_id = create_named_game(client)
    response = post_deal(client, game_id, ex(1, "80", "hearts", 71), button="calculer")  # ex 20
    preview = re.search(r'<section class="preview card".*?</section>', response.text, re.S).group(0)
    assert "Contrat chuté" in preview
    assert re.findall(r'<span class="points">(\d+)</span>', preview) == ["240", "0"]
    assert live_deals(app) == 0


@pytest.mark.parametrize("button", ["enregistrer", "calculer"])
def test_equal_sequences_without_best_meld_ask_the_table(client, app, button):
    game_id = create_named_game(client)
    before = writes(app)
    response = post_deal(
        client, game_id, ex(0, "90", "clubs", 95, melds_A_tierce="1", melds_B_tierce="1"), button=button
    )
    assert response.status_code == 200
    best = fieldset(response.text, "f-best_meld")
    assert " hidden" not in best.split(">", 1)[0]
    assert "Annonces égales : laquelle est la meilleure ?" in best
    [message] = errors(best)
    assert message.startswith("« Meilleure annonce » est requis")
    assert "la table doit dire laquelle l'emporte" in message
    assert writes(app) == before
    # Answered as in ex 22, B's tierce is best; with one tierce each, 95 > 67 + 20: made, 95 → 100
    # + 90 for A, 67 → 70 + 20 for B.
    form = the_form(response.text)
    assert form.value("melds_A_tierce") == "1" and form.value("melds_B_tierce") == "1"
    response = client.post(
        f"/parties/{game_id}/donnes/nouvelle", data={**form.values(), "best_meld": "B", "enregistrer": "1"}
    )
    assert response.status_code == 302
    assert sheet(client, game_id).totals == (190, 90)


def test_a_belote_in_sans_atout_is_refused(client, app):
    game_id = create_named_game(client)
    before = writes(app)
    response = post_deal(client, game_id, ex(0, "100", "no_trump", 100, belote_A="1"))
    assert response.status_code == 200
    assert errors_in(response.text, "f-melds-A") == ["« Belote » : il n'y a pas de belote en sans atout."]
    assert re.search(r'<details class="card extras" open>', response.text)
    assert writes(app) == before


@pytest.mark.parametrize(
    ("fields", "where", "message"),
    [
        ({"taker_player": None}, "f-taker_player", "Touchez le joueur qui a pris."),
        ({"contract": None}, "f-contract", "Choisissez le contrat."),
        ({"mode": None}, "f-mode", "Choisissez l'atout."),
        ({"points": "163"}, "f-points", "Entre 0 et 162 points."),
        ({"points": "-1"}, "f-points", "Entre 0 et 162 points."),
        ({"points": "quatre-vingts"}, "f-points", "N'est pas un entier valide."),
        ({"points": ""}, "f-points", "« Points faits » est requis pour un contrat chiffré (sauf capot fait)."),
        ({"contract": "85"}, "f-contract", "N'est pas un choix valide."),
        ({"mode": "pink"}, "f-mode", "N'est pas un choix valide."),
        ({"coinche": "triple"}, "f-coinche", "N'est pas un choix valide."),
        ({"taker_player": "7"}, "f-taker_player", "N'est pas un choix valide."),
        ({"taker_player": "Ana"}, "f-taker_player", "Choix non valide, ne peut pas être converti."),
        ({"melds_B_cent": "5"}, "f-melds-B", "De 0 à 4."),
        ({"belote_A": "x"}, "f-melds-A", "N'est pas un entier valide."),
        ({"best_meld": "C"}, "f-best_meld", "N'est pas un choix valide."),
        (
            {"contract": "generale", "points": "", "belote_A": "2"},
            "f-melds-A",
            "« Belote » : une seule belote possible quand une couleur est atout.",
        ),
    ],
    ids=[
        "no-taker",
        "no-contract",
        "no-mode",
        "points-163",
        "points-negative",
        "points-words",
        "points-missing",
        "contract-85",
        "mode-pink",
        "coinche-triple",
        "taker-7",
        "taker-name",
        "five-cents",
        "belote-x",
        "best-meld-C",
        "two-belotes-in-a-suit",
    ],
)
def test_bad_deal_input_is_refused_in_french_next_to_its_field(client, app, fields, where, message):
    game_id = create_named_game(client)
    data = {**the_form(client.get(f"/parties/{game_id}/donnes/nouvelle").text).values(), "enregistrer": "1"}
    data.update(ex(0, "80", "hearts", 92))
    for name, value in fields.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    before = writes(app)
    response = client.post(f"/parties/{game_id}/donnes/nouvelle", data=data)
    assert response.status_code == 200
    assert message in errors_in(response.text, where)
    assert writes(app) == before


def test_an_empty_deal_form_says_what_is_missing(client, app):
    game_id = create_named_game(client)
    response = client.post(f"/parties/{game_id}/donnes/nouvelle", data={"enregistrer": "1"})
    assert response.status_code == 200
    assert errors(response.text) == ["Touchez le joueur qui a pris.", "Choisissez le contrat.", "Choisissez l'atout."]
    assert live_deals(app) == 0


# --- corrections: edit, delete, undo --------------------------------------------------------


def test_the_edit_form_is_prefilled_with_the_stored_hand(client):
    game_id = create_named_game(client)
    record(client, game_id, **ex(2, "100", "clubs", 101, coinche="coinche", melds_A_cinquante="1", belote_B="1"))
    record(client, game_id, **ex(3, "90", "clubs", 95, melds_A_tierce="1", melds_B_tierce="2", best_meld="B"))
    first = deal_form(client, game_id, 1)
    assert first.checked("taker_player") == ["2"]
    assert first.checked("contract") == ["100"]
    assert first.checked("mode") == ["clubs"]
    assert first.checked("coinche") == ["coinche"]
    assert first.checked("points_team") == ["takers"]
    assert first.checked("all_tricks") == []
    assert first.value("points") == "101"
    assert first.value("melds_A_cinquante") == "1" and first.value("melds_A_tierce") == ""  # none: empty
    assert first.value("belote_B") == "1" and first.value("belote_A") == ""
    assert first.value("version") == "1"
    second_html = client.get(f"/parties/{game_id}/donnes/2/modifier").text
    second = the_form(second_html)
    assert second.checked("taker_player") == ["3"]
    assert second.value("melds_B_tierce") == "2"
    assert second.checked("best_meld") == ["B"]
    assert " hidden" not in fieldset(second_html, "f-best_meld").split(">", 1)[0]
    assert "<h1>Modifier la donne 2</h1>" in second_html


def test_an_edit_with_its_version_changes_the_deal(client, app):
    game_id = create_named_game(client)
    record(client, game_id, **ex(2, "100", "clubs", 101, coinche="coinche"))  # ex 8: 300 / 60
    record(client, game_id, **ex(1, "80", "hearts", 71))  # ex 20: 240 / 0
    response = post_deal(client, game_id, {"points": "120"}, number=1)
    assert response.status_code == 302
    assert response.headers["Location"] == f"/parties/{game_id}"  # the sheet at its top (issue 13)
    page = sheet(client, game_id)
    assert "Donne 1 modifiée : Nous +320, Eux +40." in page.flashes
    # 100 ♣ coinché, 120: 120 + 200 = 320 / 42 → 40; then ex 20's 240 / 0 on top
    assert page.rows[0].scores == (320, 40)
    assert page.rows[1].totals == (560, 40)
    assert page.totals == (560, 40)
    assert deal_form(client, game_id, 1).value("version") == "2"
    assert live_deals(app) == 2


def test_an_edit_can_change_the_taker(client):
    game_id = create_named_game(client)
    record(client, game_id, **ex(0, "80", "hearts", 71))  # A takes and fails: 0 / 240
    response = post_deal(client, game_id, {"taker_player": "1"}, number=1)  # in fact Bruno took: ex 20
    assert response.status_code == 302
    page = sheet(client, game_id)
    assert page.totals == (240, 0)
    assert "Bruno" in page.rows[0].what


def test_a_stale_edit_is_refused_and_overwrites_nothing(client, app):
    game_id = create_named_game(client)
    record(client, game_id, **ex(0, "80", "hearts", 92))  # ex 1
    form = deal_form(client, game_id, 1)  # this phone sees version 1…
    # …while another phone corrects the deal through the API: 85 points (ex 2: 170 / 80).
    other = client.put(
        f"/api/v1/games/{game_id}/hands/1",
        json={"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 85, "version": 1},
    )
    assert other.status_code == 200
    response = client.post(
        f"/parties/{game_id}/donnes/1/modifier",
        data={**form.values(), "points": "84", "enregistrer": "1"},
        follow_redirects=True,
    )
    assert response.status_code == 200
    assert (
        "Cette donne a été modifiée sur un autre téléphone pendant votre saisie : rien n'a été écrasé. "
        "Voici la version enregistrée." in flashes(response.text)
    )
    shown = the_form(response.text)  # back on the edit form, showing what is stored now
    assert shown.value("points") == "85"
    assert shown.value("version") == "2"
    assert sheet(client, game_id).totals == (170, 80)


def test_a_stale_edit_after_a_service_edit_is_refused(client, app):
    game_id = create_named_game(client)
    record(client, game_id, **ex(0, "80", "hearts", 92))
    form = deal_form(client, game_id, 1)
    with app.app_context():
        service.edit_deal(get_db(), game_id, 1, {**ex_body(84), "version": 1})  # ex 3: 160 / 80
    response = client.post(f"/parties/{game_id}/donnes/1/modifier", data={**form.values(), "enregistrer": "1"})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/parties/{game_id}/donnes/1/modifier"
    assert sheet(client, game_id).totals == (160, 80)


def ex_body(points: int) -> dict:
    return {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": points}


def test_an_edit_refused_by_the_rules_saves_nothing(client, app):
    game_id = create_named_game(client)
    record(client, game_id, **ex(0, "80", "hearts", 92))
    before = writes(app)
    response = post_deal(client, game_id, {"mode": "no_trump", "belote_A": "1"}, number=1)
    assert response.status_code == 200
    assert "« Belote » : il n'y a pas de belote en sans atout." in errors(response.text)
    assert writes(app) == before
    assert sheet(client, game_id).totals == (170, 70)


def test_calculer_on_the_edit_form_saves_nothing(client, app):
    game_id = create_named_game(client)
    record(client, game_id, **ex(0, "80", "hearts", 92))
    before = writes(app)
    response = post_deal(client, game_id, {"points": "85"}, number=1, button="calculer")
    assert response.status_code == 200
    preview = re.search(r'<section class="preview card".*?</section>', response.text, re.S).group(0)
    assert re.findall(r'<span class="points">(\d+)</span>', preview) == ["170", "80"]  # ex 2
    assert writes(app) == before


def test_delete_renumbers_and_recomputes(client, app):
    game_id = create_named_game(client)
    record(client, game_id, **ex(0, "80", "hearts", 92))  # ex 1: 170 / 70
    redeal(client, game_id, "all_pass")
    record(client, game_id, **ex(1, "80", "hearts", 71))  # ex 20: 240 / 0
    response = delete(client, game_id, 1)
    assert response.status_code == 302
    page = sheet(client, game_id)
    assert [row.number for row in page.rows] == [1, 2]
    assert page.rows[0].what == "Tout le monde passe"
    assert page.rows[1].totals == (240, 0)
    assert page.totals == (240, 0)
    # Two deals left: the first dealer (Ana) dealt the redeal, Bruno the hand; Chloé deals next.
    assert [row.dealer for row in page.rows] == ["Ana", "Bruno"]
    assert page.dealer == "Chloé"


def test_every_deal_links_to_its_own_edit_and_delete_addresses(client, app):
    """The sheet writes its deals' links from one base address (for speed): each must be exactly
    the address the app's routes give that deal."""
    from flask import url_for

    game_id = create_named_game(client)
    for _ in range(3):
        redeal(client, game_id, "all_pass")
    html = client.get(f"/parties/{game_id}").text
    edits = re.findall(r'href="([^"]*/modifier)"', html)
    deletes = [form.action for form in forms_of(html) if form.action.endswith("/supprimer")]
    with app.test_request_context():
        assert edits == [url_for("sheet.edit", game_id=game_id, number=number) for number in (1, 2, 3)]
        assert deletes == [url_for("sheet.delete", game_id=game_id, number=number) for number in (1, 2, 3)]


def test_a_stale_delete_is_refused(client, app):
    game_id = create_named_game(client)
    record(client, game_id, **ex(0, "80", "hearts", 92))
    html = client.get(f"/parties/{game_id}").text
    button = form_posting_to(html, "/donnes/1/supprimer")
    assert button.value("version") == "1"
    post_deal(client, game_id, {"points": "85"}, number=1)  # another phone's edit: version 2
    response = client.post(button.action, data=button.values(), follow_redirects=True)
    assert response.status_code == 200
    assert any("modifiée sur un autre téléphone" in message for message in flashes(response.text))
    assert live_deals(app) == 1
    assert sheet(client, game_id).totals == (170, 80)


def test_delete_of_a_deal_that_is_gone(client, app):
    game_id = create_named_game(client)
    record(client, game_id, **ex(0, "80", "hearts", 92))
    response = client.post(f"/parties/{game_id}/donnes/2/supprimer", data={"version": "1"}, follow_redirects=True)
    assert response.status_code == 200
    assert "Cette donne n'existe plus." in flashes(response.text)
    assert live_deals(app) == 1


def test_undo_takes_back_a_delete_an_edit_and_a_record_in_turn(client, app):
    game_id = create_named_game(client)
    assert record(client, game_id, **ex(0, "80", "hearts", 92)).totals == (170, 70)  # ex 1
    post_deal(client, game_id, {"points": "85"}, number=1)
    assert sheet(client, game_id).totals == (170, 80)  # ex 2
    delete(client, game_id, 1)
    page = sheet(client, game_id)
    assert page.totals == (0, 0) and page.rows == []
    # The only deal is gone, yet the undo button is still there to bring it back.
    form_posting_to(page.html, "/annuler")

    assert undo(client, game_id) == ["Donne 1 rétablie."]
    assert sheet(client, game_id).totals == (170, 80)
    assert undo(client, game_id) == ["Modification de la donne 1 annulée."]
    assert sheet(client, game_id).totals == (170, 70)
    assert deal_form(client, game_id, 1).value("points") == "92"
    assert undo(client, game_id) == ["Donne 1 retirée."]
    assert sheet(client, game_id).totals == (0, 0)
    assert undo(client, game_id) == ["Rien à annuler dans cette partie."]
    assert live_deals(app) == 0


def test_undo_on_a_new_game_has_nothing_to_undo(client, app):
    game_id = create_named_game(client)
    assert "/annuler" not in shown(client.get(f"/parties/{game_id}").text)  # no button yet
    response = client.post(f"/parties/{game_id}/annuler", follow_redirects=True)
    assert response.status_code == 200
    assert "Rien à annuler dans cette partie." in flashes(response.text)
    assert count(app, "actions") == 0


def test_undo_reopens_a_finished_game(client):
    game_id = create_named_game(client, target="1000")
    record(client, game_id, **ex(0, "generale", "spades", all_tricks="y", belote_A="1"))  # ex 18: 820
    page = record(client, game_id, **ex(0, "capot", "hearts", all_tricks="y"))  # ex 16: 500
    assert page.banner == "Partie gagnée par Nous, 1320 à 0 (+1320)."
    assert undo(client, game_id) == ["Donne 2 retirée."]
    page = sheet(client, game_id)
    assert page.totals == (820, 0) and page.has_new_deal_link


# --- redeals --------------------------------------------------------------------------------


def test_redeal_buttons_with_both_salon_options(client, app):
    game_id = create_named_game(client, misere="y", carre_de_sept="y")
    page = redeal(client, game_id, "all_pass")
    assert page.rows[-1].what == "Tout le monde passe" and page.dealer == "Bruno"
    page = redeal(client, game_id, "misere", player=1)
    assert page.rows[-1].what == "Misère (Bruno)" and page.dealer == "Chloé"
    page = redeal(client, game_id, "carre_de_sept", player=2)
    assert page.rows[-1].what == "Carré de 7 (Chloé)" and page.dealer == "David"
    assert [row.dealer for row in page.rows] == ["Ana", "Bruno", "Chloé"]
    assert page.totals == (0, 0)
    assert [row.scores for row in page.rows] == [(0, 0)] * 3
    # The deal after three redeals is David's, and the next hand is numbered 4.
    assert "<h1>Donne 4</h1>" in client.get(f"/parties/{game_id}/donnes/nouvelle").text


def test_only_the_games_salon_options_are_offered(client):
    only_misere = create_named_game(client, misere="y")
    html = client.get(f"/parties/{only_misere}").text
    assert "Redonne du Salon : misère" in html
    assert 'value="misere"' in html and 'value="carre_de_sept"' not in html


@pytest.mark.parametrize(
    ("options", "fields", "message"),
    [
        (
            {},
            {"reason": "misere", "player": "1"},
            "« Redonne » : l'option « Misère » n'est pas jouée dans cette partie.",
        ),
        (
            {"misere": "y"},
            {"reason": "carre_de_sept", "player": "1"},
            "« Redonne » : l'option « Carré de 7 » n'est pas jouée dans cette partie.",
        ),
        ({"misere": "y"}, {"reason": "misere"}, "« Demandée par » est requis : qui a demandé à redonner ?"),
        (
            {"misere": "y"},
            {"reason": "misere", "player": "9"},
            "Redonne non enregistrée : choisissez la raison (et qui l'a demandée).",
        ),
        ({}, {"reason": "pink"}, "Redonne non enregistrée : choisissez la raison (et qui l'a demandée)."),
        ({}, {}, "Redonne non enregistrée : choisissez la raison (et qui l'a demandée)."),
    ],
)
def test_refused_redeals_say_why_and_save_nothing(client, app, options, fields, message):
    game_id = create_named_game(client, **options)
    before = writes(app)
    response = client.post(f"/parties/{game_id}/redonne", data=fields, follow_redirects=True)
    assert response.status_code == 200
    assert message in flashes(response.text)
    assert writes(app) == before


def test_a_redeal_can_be_corrected(client):
    game_id = create_named_game(client, misere="y")
    redeal(client, game_id, "all_pass")
    html = client.get(f"/parties/{game_id}/donnes/1/modifier").text
    form = the_form(html)
    assert form.checked("reason") == ["all_pass"]
    response = client.post(
        f"/parties/{game_id}/donnes/1/modifier", data={**form.values(), "reason": "misere", "player": "3"}
    )
    assert response.status_code == 302
    assert sheet(client, game_id).rows[0].what == "Misère (David)"


# --- idempotent retries ---------------------------------------------------------------------


def test_a_deal_form_posted_twice_records_one_deal(client, app):
    game_id = create_named_game(client)
    form = deal_form(client, game_id)
    assert form.value("request_id")
    data = {**form.values(), **ex(0, "80", "hearts", 92), "enregistrer": "1"}
    first = client.post(f"/parties/{game_id}/donnes/nouvelle", data=data)
    again = client.post(f"/parties/{game_id}/donnes/nouvelle", data=data)
    assert first.status_code == again.status_code == 302
    assert again.headers["Location"] == first.headers["Location"]
    assert live_deals(app) == 1
    assert sheet(client, game_id).totals == (170, 70)
    # A new form carries a new request_id: the next deal is recorded.
    assert deal_form(client, game_id).value("request_id") != form.value("request_id")
    record(client, game_id, **ex(0, "80", "hearts", 92))
    assert live_deals(app) == 2


def test_a_retry_after_a_refusal_still_records(client, app):
    game_id = create_named_game(client)
    form = deal_form(client, game_id)
    data = {**form.values(), **ex(0, "80", "hearts", 163), "enregistrer": "1"}
    assert client.post(f"/parties/{game_id}/donnes/nouvelle", data=data).status_code == 200
    response = client.post(f"/parties/{game_id}/donnes/nouvelle", data={**data, "points": "92"})
    assert response.status_code == 302
    assert live_deals(app) == 1


def test_a_redeal_posted_twice_records_one_redeal(client, app):
    game_id = create_named_game(client, misere="y")
    html = client.get(f"/parties/{game_id}").text
    form = form_posting_to(html, "/redonne", "misere")
    data = {**form.values(), "reason": "misere", "player": "2"}
    assert data["request_id"]
    for _ in range(2):
        assert client.post(form.action, data=data).status_code == 302
    page = sheet(client, game_id)
    assert [row.what for row in page.rows] == ["Misère (Chloé)"]
    assert page.dealer == "Bruno"
    assert live_deals(app) == 1


# --- unknown games and deals, wrong methods -------------------------------------------------


def assert_french_404(response) -> None:
    assert response.status_code == 404
    assert '<html lang="fr">' in response.text
    assert "introuvable" in response.text


@pytest.mark.parametrize(
    "url",
    [
        "/parties/inconnue",
        "/parties/inconnue/donnes/nouvelle",
        "/parties/inconnue/donnes/1/modifier",
        "/parties/%20",
        "/parties/x/y/z",
    ],
)
def test_unknown_game_pages_are_a_french_404(client, url):
    assert_french_404(client.get(url))


@pytest.mark.parametrize("action", ["donnes/1/supprimer", "annuler", "redonne", "donnes/nouvelle"])
def test_writes_to_an_unknown_game_are_a_french_404(client, app, action):
    response = client.post(f"/parties/inconnue/{action}", data={"reason": "all_pass", "version": "1"})
    assert_french_404(response)
    assert writes(app) == (0, 0, 0, 0)


@pytest.mark.parametrize("number", ["0", "99", "2", "-1", "un", "1.5"])
def test_unknown_deals_are_a_french_404(client, app, number):
    game_id = create_named_game(client)
    record(client, game_id, **ex(0, "80", "hearts", 92))
    assert_french_404(client.get(f"/parties/{game_id}/donnes/{number}/modifier"))
    before = writes(app)
    response = client.post(f"/parties/{game_id}/donnes/{number}/modifier", data=ex(0, "80", "hearts", 70))
    assert_french_404(response)
    assert writes(app) == before


@pytest.mark.parametrize("url_end", ["annuler", "redonne", "donnes/1/supprimer"])
def test_a_get_of_a_button_address_is_a_french_refusal(client, url_end):
    game_id = create_named_game(client)
    response = client.get(f"/parties/{game_id}/{url_end}")
    assert response.status_code == 405
    assert '<html lang="fr">' in response.text
    assert "Action impossible" in response.text


def test_the_sheet_of_a_game_with_odd_names_is_escaped(client):
    game_id = create_game(client, team_a="<b>Nous</b>", player_0="Ana & Co")
    html = client.get(f"/parties/{game_id}").text
    assert "<b>Nous</b>" not in html
    assert "&lt;b&gt;Nous&lt;/b&gt;" in html
    assert SheetPage(html).dealer == "Ana & Co"


def test_each_deal_row_reads_as_a_sentence(client):
    """Issue #16: the sheet's column heads are only drawn (aria-hidden); each row's name says what
    they say, the suit and the coinche in words: "Donne 1 : 100 cœur coinché, Ana fait ; …"."""
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    for path, body in [
        (
            "hands",
            {
                "taker": "A",
                "taker_player": 0,
                "contract": 100,
                "mode": "hearts",
                "coinche": "coinche",
                "taker_points": 110,
            },
        ),
        ("redeals", {"reason": "all_pass"}),
        (
            "hands",
            {
                "taker": "B",
                "taker_player": 3,
                "contract": 80,
                "mode": "no_trump",
                "all_tricks": True,
                "taker_points": 162,
            },
        ),
    ]:
        response = client.post(f"/api/v1/games/{game_id}/{path}", json=body)
        assert response.status_code == 201, response.get_json()
    deals = response.get_json()["hands"]
    html = client.get(f"/parties/{game_id}").text
    said = [unescape(name) for name in re.findall(r'<summary class="deal-row" aria-label="([^"]*)">', html)]
    words = ["100 cœur coinché, Ana fait", "Tout le monde passe", "80 sans atout, David fait, capot"]
    assert said == [
        f"Donne {deal['number']} : {what} ; Nous {deal['scores']['A']}, total {deal['totals']['A']} ; "
        f"Eux {deal['scores']['B']}, total {deal['totals']['B']}"
        for deal, what in zip(deals, words, strict=True)
    ]
    assert '<div class="deals-head" aria-hidden="true">' in html
