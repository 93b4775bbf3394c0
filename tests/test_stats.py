"""Statistics on a small archive worked by hand (issue 5): three games, two evenings, a partner
change. Every hand is one of docs/scoring.md's worked examples (quoted "ex N", with its published
score), so each expected figure below was added up on paper from that table.

Evening 1, 17 May 2025: Ana & Chloé (team A) against Bruno & David (team B), twice.
Evening 2, 24 May 2025: Ana & Élise (team A) against Bruno & David: Ana changed partner.
Every game is played to 1000.

Game 1                                     A     B   totals
  1 Ana:    ex 8, 100 ♣ coinché, made     300    60   300 / 60
  2 Bruno:  ex 20 coinché, 80 ♥, failed   320     0   620 / 60    (160 + 80×2)
  3 redeal (all pass)                       0     0   620 / 60
  4 Chloé:  ex 16, capot ♥, made          500     0  1120 / 60    → A wins
Game 2
  1 David:  ex 21, 100 ♠, made             60   300    60 / 300
  2 Chloé:  ex 9, 100 ♣ coinché, failed     0   360    60 / 660
  3 Ana:    ex 4, 90 ♠, failed              0   250    60 / 910
  4 Ana:    ex 5, 80 ♠, failed              0   240    60 / 1150  → B wins
Game 3
  1 Élise:  ex 17, capot ♥ coinché, failed  20   660    20 / 660
  2 Ana:    ex 1, 80 ♥, made               170    70   190 / 730
  3 Ana:    ex 15, 130 ♠, all tricks       380     0   570 / 730
  4 Élise:  ex 10, 120 ♦ surcoinché, failed  0   660   570 / 1390  → B wins
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.services import games as service
from scorekeeper.services import stats
from scorekeeper.store import derived, evenings
from scorekeeper.store.db import write_transaction

EX = {
    1: {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92},
    4: {"taker": "A", "contract": 90, "mode": "spades", "taker_points": 81},
    5: {"taker": "A", "contract": 80, "mode": "spades", "taker_points": 81},
    8: {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101},
    9: {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 90},
    10: {
        "taker": "A",
        "contract": 120,
        "mode": "diamonds",
        "coinche": "surcoinche",
        "taker_points": 60,
        "belote": {"B": 1},
    },
    15: {"taker": "A", "contract": 130, "mode": "spades", "all_tricks": True},
    16: {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True},
    17: {"taker": "A", "contract": "capot", "mode": "hearts", "coinche": "coinche", "belote": {"A": 1}},
    20: {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 71},
    21: {
        "taker": "B",
        "contract": 100,
        "mode": "spades",
        "taker_points": 100,
        "melds": {"A": ["cent"], "B": ["carre_K"]},
    },
}
FIRST = ["Ana", "Bruno", "Chloé", "David"]
SECOND = ["Ana", "Bruno", "Élise", "David"]


def hand(example: int, taker_player: int, **changes) -> dict:
    return {**EX[example], "taker_player": taker_player, **changes}


@pytest.fixture
def archive(db):
    """The three games above; returns their ids."""
    with write_transaction(db):
        first = evenings.insert(db, "2025-05-17", place="Chez Ana")
        second = evenings.insert(db, "2025-05-24")
    games = [
        (first, FIRST, [hand(8, 0), hand(20, 1, coinche="coinche"), None, hand(16, 2)]),
        (first, FIRST, [hand(21, 3), hand(9, 2), hand(4, 0), hand(5, 0)]),
        (second, SECOND, [hand(17, 2), hand(1, 0), hand(15, 0), hand(10, 2)]),
    ]
    ids = []
    for evening_id, players, hands in games:
        game_id = service.create_game(db, {"players": players, "target": 1000, "evening": evening_id}).game.id
        for body in hands:
            if body is None:
                service.record_redeal(db, game_id, {"reason": "all_pass"})
            else:
                service.record_hand(db, game_id, body)
        ids.append(game_id)
    return ids


def test_the_games_end_as_worked_on_paper(db, archive):
    results = [(sheet.totals, sheet.winner) for sheet in (service.get_sheet(db, game_id) for game_id in archive)]
    assert results == [
        ({"A": 1120, "B": 60}, "A"),
        ({"A": 60, "B": 1150}, "B"),
        ({"A": 570, "B": 1390}, "B"),
    ]


# (player, figures worked on paper from the table in the docstring)
PLAYER_FIGURES = [
    (
        "Ana",
        dict(
            games=3,
            evenings=2,
            finished=3,
            won=1,
            hands=11,
            points=1120 + 60 + 570,
            taken=5,
            made=3,
            coinche_def=1,
            coinche_def_won=1,
            coinche_took=1,
            coinche_took_made=1,
            capot_taken=0,
            capot_made=0,
            capot_unannounced=1,
            generale_taken=0,
            generale_made=0,
        ),
    ),
    (
        "Chloé",
        dict(
            games=2,
            evenings=1,
            finished=2,
            won=1,
            hands=7,
            points=1120 + 60,
            taken=2,
            made=1,
            coinche_def=1,
            coinche_def_won=1,
            coinche_took=1,
            coinche_took_made=0,
            capot_taken=1,
            capot_made=1,
            capot_unannounced=0,
            generale_taken=0,
            generale_made=0,
        ),
    ),
    (
        "Élise",
        dict(
            games=1,
            evenings=1,
            finished=1,
            won=0,
            hands=4,
            points=570,
            taken=2,
            made=0,
            coinche_def=0,
            coinche_def_won=0,
            coinche_took=2,
            coinche_took_made=0,
            capot_taken=1,
            capot_made=0,
            capot_unannounced=0,
            generale_taken=0,
            generale_made=0,
        ),
    ),
    # Bruno defends every coinche of team A: ex 8 (made), ex 9, 17, 10 (failed).
    (
        "Bruno",
        dict(
            games=3,
            evenings=2,
            finished=3,
            won=2,
            hands=11,
            points=60 + 1150 + 1390,
            taken=1,
            made=0,
            coinche_def=4,
            coinche_def_won=3,
            coinche_took=1,
            coinche_took_made=0,
            capot_taken=0,
            capot_made=0,
            capot_unannounced=0,
            generale_taken=0,
            generale_made=0,
        ),
    ),
    (
        "David",
        dict(
            games=3,
            evenings=2,
            finished=3,
            won=2,
            hands=11,
            points=60 + 1150 + 1390,
            taken=1,
            made=1,
            coinche_def=4,
            coinche_def_won=3,
            coinche_took=0,
            coinche_took_made=0,
            capot_taken=0,
            capot_made=0,
            capot_unannounced=0,
            generale_taken=0,
            generale_made=0,
        ),
    ),
]


@pytest.mark.parametrize(("name", "expected"), PLAYER_FIGURES, ids=[row[0] for row in PLAYER_FIGURES])
def test_player_figures(db, archive, name, expected):
    subject = stats.player(db, name)
    assert subject.name == name
    assert subject.figures == stats.Figures(**expected)


def test_a_player_is_found_whatever_the_accents_and_case(db, archive):
    assert stats.player(db, "ELISE").name == "Élise"
    assert stats.player(db, "Zoé") is None


def test_ana_by_mode_and_by_contract(db, archive):
    subject = stats.player(db, "ana")
    # Ana took ex 8 (♣ made), ex 4 and ex 5 (♠ failed), ex 1 (♥ made), ex 15 (♠ made).
    assert [(row.code, row.taken, row.made) for row in subject.by_mode] == [
        ("spades", 3, 1),
        ("hearts", 1, 1),
        ("clubs", 1, 1),
    ]
    assert [(row.code, row.taken, row.made) for row in subject.by_level] == [
        ("80", 2, 1),
        ("90", 1, 0),
        ("100", 1, 1),
        ("130", 1, 1),
    ]
    assert subject.figures.points_per_deal == pytest.approx(1750 / 11)
    assert [(p.name, p.games, p.won) for p in subject.partners] == [("Chloé", 2, 1), ("Élise", 1, 0)]


TEAM_FIGURES = [
    (
        ("Ana", "Chloé"),
        dict(
            games=2,
            won=1,
            taken=5,
            made=2,
            coinche_def=1,
            coinche_def_won=1,
            coinche_took=2,
            coinche_took_made=1,
            capot_taken=1,
            capot_made=1,
        ),
    ),
    (
        ("Élise", "Ana"),
        dict(
            games=1,
            won=0,
            taken=4,
            made=2,
            coinche_def=0,
            coinche_took=2,
            coinche_took_made=0,
            capot_taken=1,
            capot_made=0,
            capot_unannounced=1,
        ),
    ),
    (
        ("David", "Bruno"),
        dict(games=3, won=2, taken=2, made=1, coinche_def=4, coinche_def_won=3, coinche_took=1, coinche_took_made=0),
    ),
]


@pytest.mark.parametrize(("pair", "expected"), TEAM_FIGURES, ids=["ana-chloe", "ana-elise", "bruno-david"])
def test_team_figures(db, archive, pair, expected):
    subject = stats.team(db, *pair)
    figures = subject.figures
    assert {key: getattr(figures, key) for key in expected} == expected


def test_the_team_of_ana_and_chloe_by_mode(db, archive):
    # Team A of games 1 and 2 took ex 8 (♣ made), ex 16 (♥ capot made), ex 9 (♣ failed),
    # ex 4 and ex 5 (♠ failed).
    subject = stats.team(db, "chloe", "ana")
    assert subject.name == "Ana & Chloé"
    assert [(row.code, row.taken, row.made) for row in subject.by_mode] == [
        ("spades", 2, 0),
        ("hearts", 1, 1),
        ("clubs", 2, 1),
    ]


def test_the_overview_lists_the_most_seen_players_first(db, archive):
    page = stats.players_page(db, 1)
    figures = [(row.name, f.games, f.won, f.taken, f.made) for row in page.items for f in [row.figures]]
    assert figures == [
        ("Ana", 3, 1, 5, 3),
        ("Bruno", 3, 2, 1, 0),
        ("David", 3, 2, 1, 1),
        ("Chloé", 2, 1, 2, 1),
        ("Élise", 1, 0, 2, 0),
    ]
    teams = stats.teams_page(db, 1)
    assert [(row.name, row.figures.games) for row in teams.items] == [
        ("Bruno & David", 3),
        ("Ana & Chloé", 2),
        ("Ana & Élise", 1),
    ]


def test_the_statistics_pages_show_the_figures(client, archive):
    page = client.get("/statistiques").get_data(as_text=True)
    assert "Ana" in page and "Élise" in page
    player = unescape(client.get("/statistiques/joueurs/ana").get_data(as_text=True))
    assert "159,1" in player  # points per deal: 1750 / 11
    assert "(33\u202f%)" in player  # won 1 of 3 finished games
    assert "(60\u202f%)" in player  # made 3 of 5 contracts
    assert client.get("/statistiques/joueurs/zoe").status_code == 404
    assert client.get("/statistiques/equipes/ana|chloe").status_code == 200
    assert client.get("/statistiques/equipes/ana|zoe").status_code == 404


LINK = re.compile(r'<a class="figure" href="([^"]+)">([^<]+)</a>')
TOTAL = re.compile(r"<p class=\"muted\">(\d+) (?:donne|partie)s?\.")


@pytest.mark.parametrize(
    "url",
    [
        "/statistiques/joueurs/ana",
        "/statistiques/joueurs/bruno",
        "/statistiques/joueurs/elise",
        "/statistiques/equipes/ana|chloe",
        "/statistiques/equipes/bruno|david",
        "/statistiques",
        "/statistiques/equipes",
    ],
)
def test_every_figure_links_to_as_many_deals_or_games_as_it_counts(client, archive, url):
    page = client.get(url).get_data(as_text=True)
    links = LINK.findall(page)
    assert len(links) >= 5
    for href, text in links:
        listing = client.get(unescape(href))
        assert listing.status_code == 200, href
        (total,) = TOTAL.findall(listing.get_data(as_text=True))
        if "," in text:  # points per deal links to every deal played
            continue
        assert int(total) == int(text), (href, text, total)


def test_the_deals_behind_a_figure(client, archive):
    # Bruno's coinches that made the contract fail: ex 9 (game 2), ex 17 and ex 10 (game 3).
    page = client.get("/statistiques/donnes?joueur=bruno&role=defense&coinche=1&fait=0").get_data(as_text=True)
    assert "3 donnes." in page
    assert "Donnes en défense (Bruno), coinchées, chutées" in unescape(page)
    assert page.count('class="deal-link"') == 3
    assert f"/archives/parties/{archive[1]}#donne-2" in page


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("atout=carreau", "« atout » : valeur inconnue « carreau »."),
        ("joueur=ana&equipe=ana|chloe", "Choisissez un joueur ou une équipe, pas les deux."),
        ("equipe=ana", "« equipe » doit nommer deux partenaires, séparés par « | »."),
        ("role=arbitre", "« role » : valeur inconnue « arbitre »."),
    ],
)
def test_a_list_with_a_bad_filter_says_why(client, archive, query, message):
    response = client.get(f"/statistiques/donnes?{query}")
    assert response.status_code == 400
    assert message in unescape(response.get_data(as_text=True))


def test_a_list_of_games_with_a_bad_filter_says_why(client, archive):
    response = client.get("/statistiques/parties?equipe=ana&partenaire=bruno")
    assert response.status_code == 400
    assert "Liste impossible" in unescape(response.get_data(as_text=True))


def test_statistics_follow_a_correction(db, archive):
    # Ana's ex 5 (game 2, deal 4) corrected to ex 7: 80 ♠, P=72, belote A, made (170 / 90).
    service.edit_deal(
        db, archive[1], 4, {**EX[5], "taker_points": 72, "belote": {"A": 1}, "taker_player": 0, "version": 1}
    )
    subject = stats.player(db, "ana")
    assert (subject.figures.taken, subject.figures.made) == (5, 4)
    # Game 2 now stands at 60 + 170 = 230 / 910 + 90 = 1000, and B has reached 1000 first: B wins.
    assert (subject.figures.won, subject.figures.points) == (1, 1120 + 230 + 570)
    incremental = stats.player(db, "ana")
    with write_transaction(db):
        derived.rebuild_all(db)
    assert stats.player(db, "ana") == incremental
