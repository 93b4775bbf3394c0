"""Playing again (issue 13, item 8): a finished game's "Revanche" makes one new game with the same
teams, seats, target, rules and evening, the deal passing to the player after the last game's
first dealer; the new-game form offers the last game's teams and players; its first dealer's
buttons name the players. And the sheet's words that read right whatever the team's name (item 6,
7): who won, who deals next, an unannounced capot, the game's rules.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from scorekeeper.belote.house_rules import PRESETS, BeloteTo
from scorekeeper.services import games as service
from scorekeeper.services import playing_again
from scorekeeper.store import evenings
from scorekeeper.store.db import write_transaction
from tests.helpers import page_text
from tests.pages import shown

CAPOT_A = {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True}  # 500 / 0
BODY = {
    "teams": {"A": "Filles", "B": "Garçons"},
    "players": ["Ana", "Bruno", "Chloé", "David"],
    "dealer": 2,
    "target": 1000,
    "rules": {"rounding": "complement", "misere": True, "carre_de_sept": False},
}


def count_games(db) -> int:
    return db.conn.execute("select count(*) from games").fetchone()[0]


def evening_of(db, game_id: str) -> int:
    return db.conn.execute("select evening_id from games where id = ?", [game_id]).fetchone()[0]


@pytest.fixture
def finished(db) -> str:
    """Filles 1000 – Garçons 0, in an evening of last year, after two capots."""
    with write_transaction(db):
        evening = evenings.insert(db, "2024-11-30", place="Chez Ana")
    game_id = service.create_game(db, {**BODY, "evening": evening}).game.id
    for _ in range(2):
        service.record_hand(db, game_id, CAPOT_A)
    assert service.get_sheet(db, game_id).finished
    return game_id


def test_a_finished_sheet_says_who_won_whatever_the_name_and_offers_a_rematch(client, finished):
    html = client.get(f"/parties/{finished}").text
    assert "Partie gagnée par Filles , 1000 à 0 (+1000)." in page_text(html)
    assert "gagne" not in page_text(html).replace("gagnée", "")
    assert f'action="/parties/{finished}/revanche"' in html
    assert "Revanche" in html and "David distribue la première donne." in page_text(html)  # after Chloé
    assert 'id="new-deal"' not in shown(html)


def test_a_game_in_progress_says_who_deals_next_and_offers_no_rematch(client, db):
    game_id = service.create_game(db, BODY).game.id
    html = client.get(f"/parties/{game_id}").text
    assert "Prochaine donne : Chloé distribue" in page_text(html)
    assert "/revanche" not in shown(html)


def test_the_rematch_is_the_same_table_in_the_same_evening_with_the_next_dealer(client, db, finished):
    before = count_games(db)
    response = client.post(f"/parties/{finished}/revanche")
    assert response.status_code == 302
    new_id = re.fullmatch(r"/parties/([a-z0-9]+)", response.headers["Location"]).group(1)
    assert new_id != finished and count_games(db) == before + 1
    old, new = service.load_game(db, finished), service.load_game(db, new_id)
    assert new.teams == old.teams and new.players == old.players
    assert new.target == old.target and new.rules == old.rules
    assert new.first_dealer == 3  # the player after Chloé (2), the last game's first dealer
    assert evening_of(db, new_id) == evening_of(db, finished)  # not today's evening
    sheet = service.get_sheet(db, new_id)
    assert sheet.deals == [] and not sheet.finished
    page = client.get(response.headers["Location"]).text
    assert "Prochaine donne : David distribue" in page_text(page)


def test_a_double_tap_makes_one_rematch(client, db, finished):
    before = count_games(db)
    first = client.post(f"/parties/{finished}/revanche").headers["Location"]
    second = client.post(f"/parties/{finished}/revanche").headers["Location"]
    assert first == second
    assert count_games(db) == before + 1
    assert playing_again.rematch(db, finished) == first.rsplit("/", 1)[1]  # another phone: the same game


def test_no_rematch_before_the_game_is_won(client, db):
    game_id = service.create_game(db, BODY).game.id
    before = count_games(db)
    response = client.post(f"/parties/{game_id}/revanche", follow_redirects=True)
    assert "La partie n'est pas finie" in page_text(response.text)
    assert count_games(db) == before


def test_a_rematch_of_no_game_is_a_404(client):
    assert client.post("/parties/zzzzzzzz/revanche").status_code == 404


def test_a_rematch_needs_the_pages_csrf_token(app, db, finished):
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    before = count_games(db)
    assert client.post(f"/parties/{finished}/revanche").status_code == 400  # the app's CSRFProtect
    assert count_games(db) == before
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', client.get(f"/parties/{finished}").text)
    assert token, "the sheet's rematch form carries its CSRF token"
    response = client.post(f"/parties/{finished}/revanche", data={"csrf_token": token.group(1)})
    assert response.status_code == 302 and count_games(db) == before + 1


def test_the_rematch_keeps_the_house_rules(client, db):
    """Issue 15: a game of the concours (an announced capot is worth 500) and its rematch."""
    concours = next(preset for preset in PRESETS if preset.key == "concours")
    rules = {**BODY["rules"], **concours.rules.as_json(), "belote_to": "winner"}  # one option more: custom
    game_id = service.create_game(db, {**BODY, "rules": rules}).game.id
    for _ in range(2):  # 500 each with `announced_capot: flat`: 1000, won
        service.record_hand(db, game_id, CAPOT_A)
    assert service.get_sheet(db, game_id).totals == {"A": 1000, "B": 0}
    response = client.post(f"/parties/{game_id}/revanche")
    new_id = response.headers["Location"].rsplit("/", 1)[1]
    old, new = service.load_game(db, game_id), service.load_game(db, new_id)
    assert new.rules == old.rules and new.rules.house == replace(concours.rules, belote_to=BeloteTo.WINNER)
    assert client.get(f"/api/v1/games/{new_id}").get_json()["rules"] == rules
    line = re.search(r'<p class="target">(.*?)</p>', client.get(f"/parties/{new_id}").text, re.S).group(1)
    assert page_text(line) == (
        "Partie en 1000 · la coinche multiplie tout le score du gagnant, coinche tout ou rien, "
        "capot annoncé à 500, capot non annoncé sans prime, belote au gagnant du coup · "
        "preneurs arrondis, défense en complément à 160 · Salon : misère"
    )


# --- a new game with the last game's teams ----------------------------------------------------


def test_the_new_game_form_offers_the_last_games_teams(client, db):
    assert "Reprendre les équipes" not in client.get("/parties/nouvelle").text  # no game yet
    service.create_game(db, BODY)
    html = client.get("/parties/nouvelle").text
    assert 'href="/parties/nouvelle/reprendre"' in html
    assert "Reprendre les équipes de la dernière partie" in html
    assert "Filles (Ana &amp; Chloé) – Garçons (Bruno &amp; David)" in html


def test_taking_the_last_games_teams_again_fills_the_form(client, db):
    service.create_game(db, BODY)
    html = client.get("/parties/nouvelle/reprendre").text
    assert 'action="/parties/nouvelle"' in html
    for name, value in [("team_a", "Filles"), ("team_b", "Garçons"), ("player_0", "Ana"), ("player_3", "David")]:
        assert re.search(rf'id="{name}"[^>]*value="{value}"', html), name
    checked = dict(re.findall(r'name="(\w+)" type="radio" value="(\w+)" checked', html))
    assert re.search(r'checked[^>]*id="dealer-3"|id="dealer-3"[^>]*checked', html)  # after Chloé
    assert re.search(r'id="target-1"[^>]*checked|checked[^>]*id="target-1"', html) or checked.get("target") == "1000"
    assert re.search(r'<input checked id="misere"|id="misere"[^>]*checked', html)
    # The dealer's buttons name the players, without any script.
    labels = re.findall(r'id="dealer-\d"[^>]*><span>([^<]*)</span>', html)
    assert labels == ["Ana", "Bruno", "Chloé", "David"]


def test_the_form_taken_again_creates_its_game(client, db):
    service.create_game(db, BODY)
    data = {
        "team_a": "Filles",
        "team_b": "Garçons",
        "player_0": "Ana",
        "player_1": "Bruno",
        "player_2": "Chloé",
        "player_3": "David",
        "dealer": "3",
        "target": "1000",
        "rounding": "complement",
        "misere": "y",
        "evening": "",
    }
    response = client.post("/parties/nouvelle", data=data)
    assert response.status_code == 302
    game = service.load_game(db, response.headers["Location"].rsplit("/", 1)[1])
    assert game.first_dealer == 3 and game.rules.misere and game.target == 1000


def test_with_no_game_yet_taking_teams_again_opens_the_empty_form(client):
    response = client.get("/parties/nouvelle/reprendre")
    assert response.status_code == 302 and response.headers["Location"] == "/parties/nouvelle"


def test_a_refused_form_names_the_dealers_as_typed(client):
    data = {
        "team_a": "Nous",
        "team_b": "E|ux",
        "player_0": "Ana",
        "player_1": "",
        "player_2": "Chloé",
        "player_3": "David",
        "dealer": "0",
        "target": "2000",
        "rounding": "nearest",
        "evening": "",
    }
    html = client.post("/parties/nouvelle", data=data).text
    assert "ne va pas dans un nom" in html
    assert re.findall(r'id="dealer-\d"[^>]*><span>([^<]*)</span>', html) == ["Ana", "Joueur 2", "Chloé", "David"]


# --- the sheet's words ------------------------------------------------------------------------


def test_an_unannounced_capot_says_capot_and_an_announced_one_does_not_twice(client, db):
    game_id = service.create_game(db, BODY).game.id
    service.record_hand(
        db, game_id, {"taker": "A", "taker_player": 0, "contract": 80, "mode": "spades", "all_tricks": True}
    )
    service.record_hand(db, game_id, {**CAPOT_A, "taker_player": 2})
    service.record_hand(
        db, game_id, {"taker": "B", "taker_player": 1, "contract": 90, "mode": "clubs", "taker_points": 100}
    )
    words = page_text(client.get(f"/parties/{game_id}").text)
    assert "80 ♠ Ana fait, capot" in words
    assert "Capot ♥ Chloé fait " in words + " " and "Chloé fait, capot" not in words
    assert "90 ♣ Bruno fait " in words and "Bruno fait, capot" not in words


@pytest.mark.parametrize(
    ("rules", "target", "line"),
    [
        ({}, 2000, "Partie en 2000 · arrondi à la dizaine la plus proche"),
        (
            {"rounding": "complement", "misere": True},
            1000,
            "Partie en 1000 · preneurs arrondis, défense en complément à 160 · Salon : misère",
        ),
        (
            {"rounding": "none", "misere": True, "carre_de_sept": True},
            2000,
            "Partie en 2000 · sans arrondi, chute à 160 · Salon : misère et carré de 7",
        ),
        ({"rounding": "raw"}, 2000, "Partie en 2000 · arrondi : aucun, chute à 162"),
        (
            {"scoring": "points_annonces", "carre_de_sept": True},
            1000,
            "Partie en 1000 · Contrée — points annoncés · Salon : carré de 7",
        ),  # no card points: no rounding
    ],
)
def test_the_sheet_shows_the_games_rules_in_one_line(client, db, rules, target, line):
    game_id = service.create_game(db, {"rules": rules, "target": target}).game.id
    found = re.search(r'<p class="target">(.*?)</p>', client.get(f"/parties/{game_id}").text, re.S)
    assert page_text(found.group(1)) == line


def test_the_archives_say_who_won_whatever_the_name(client, db, finished):
    archive = page_text(client.get(f"/archives/parties/{finished}").text)
    assert "Partie gagnée par Filles" in archive and "Règles :" not in archive
    assert "Premier donneur : Chloé." in archive
    evening = page_text(client.get(f"/soirees/{evening_of(db, finished)}").text)
    assert "gagnée par Filles" in evening and "Filles gagne" not in evening
    printed = page_text(client.get(f"/archives/parties/{finished}/imprimer").text)
    assert "partie gagnée par Filles" in printed


def test_the_statistics_say_the_percentage_counts_finished_games(client, db, finished):
    service.create_game(db, BODY)  # in progress: counted in "Parties", not in the percentage
    words = page_text(client.get("/statistiques").text)
    assert "Le pourcentage de parties gagnées compte les parties finies" in words
    ana = re.search(r"Ana (\d+) (\d+ finies?)? ?(\d+) \((\d+) %\)", words.replace("\u202f", " "))
    assert ana and ana.groups() == ("2", "1 finie", "1", "100")
