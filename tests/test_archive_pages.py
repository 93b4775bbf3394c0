"""The archive's pages (issue 5): the home page, evenings, a past game read-only with its chart,
the printable sheet, search, pagination; no inline style or script anywhere."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.services import games as service
from scorekeeper.store import evenings
from scorekeeper.store.db import connect, write_transaction
from tests.helpers import csrf_token

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
EX_1 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92, "taker_player": 0}  # 170 / 70
EX_16 = {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True, "taker_player": 2}  # 500 / 0
EX_20 = {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 71, "taker_player": 1}  # 240 / 0


def new_evening(db, day: str, **fields) -> int:
    with write_transaction(db):
        return evenings.insert(db, day, **fields)


def finished_game(db, evening_id: int, players=PLAYERS) -> str:
    """To 1000: ex 1, ex 16 twice: 170 + 500 + 500 = 1170 against 70: the first team wins."""
    game_id = service.create_game(db, {"players": players, "target": 1000, "evening": evening_id}).game.id
    for body in (EX_1, EX_16, EX_16):
        service.record_hand(db, game_id, body)
    return game_id


def text(response) -> str:
    return unescape(response.get_data(as_text=True))


def test_the_home_page_shows_games_in_progress_then_evenings_newest_first(client, db):
    old = new_evening(db, "2025-05-17", place="Chez Ana")
    recent = new_evening(db, "2025-06-07")
    done = finished_game(db, old)
    playing = service.create_game(db, {"players": ["Élise", "Fabien", "Gaëlle", "Hugo"], "evening": recent}).game.id
    service.record_hand(db, playing, EX_20)
    page = text(client.get("/"))
    in_progress = page.index("Parties en cours")
    assert in_progress < page.index("Élise & Gaëlle") < page.index("Soirées")
    assert page.index("samedi 7 juin 2025") < page.index("samedi 17 mai 2025 · Chez Ana")
    assert f'href="/parties/{playing}"' in page  # a game in progress opens its live sheet
    assert f'href="/archives/parties/{done}"' in page  # a past one, the archive's
    assert "1170 – 70" in page and "gagnée par Nous" in page
    assert "240 – 0" in page and "en cours · 1 donne" in page
    for link in ("/soirees", "/statistiques", "/recherche", "/archives/importer", "/outils/compter"):
        assert f'href="{link}"' in page


def test_the_home_page_pages_its_evenings(client, db):
    for day in range(1, 13):
        finished_game(db, new_evening(db, f"2025-03-{day:02d}"))
    first = text(client.get("/"))
    assert "12 mars 2025" in first and "8 mars 2025" in first and "7 mars 2025" not in first
    assert "Page 1 sur 3" in first and 'href="/?page=2"' in first
    third = text(client.get("/?page=3"))
    assert "2 mars 2025" in third and "1er mars 2025" in third and "12 mars 2025" not in third
    assert client.get("/?page=abc").status_code == 200


def test_the_evenings_page(client, db):
    evening_id = new_evening(db, "2025-05-17", place="Chez Ana")
    game_id = finished_game(db, evening_id)
    page = text(client.get("/soirees"))
    assert "samedi 17 mai 2025 · Chez Ana" in page and "1 partie" in page
    assert "Ana & Chloé · Bruno & David" in page
    assert f'href="/archives/parties/{game_id}"' in page
    for link in ("/archives/export.json", "/archives/export.csv", "/archives/importer"):
        assert f'href="{link}"' in page


def test_an_evening_page_and_its_form(client, db):
    evening_id = new_evening(db, "2025-05-17")
    finished_game(db, evening_id)
    page = text(client.get(f"/soirees/{evening_id}"))
    assert "<h1>samedi 17 mai 2025</h1>" in page
    response = client.post(
        f"/soirees/{evening_id}", data={"date": "2025-05-16", "place": " Chez  Ana ", "note": "Revanche"}
    )
    assert response.status_code == 302
    page = text(client.get(response.headers["Location"]))
    assert "vendredi 16 mai 2025 · Chez Ana" in page and "Revanche" in page and "Soirée enregistrée." in page
    refused = client.post(f"/soirees/{evening_id}", data={"date": "", "place": "x" * 61})
    assert refused.status_code == 200
    assert "Donnez la date de la soirée." in text(refused)
    assert evenings.fetch(db, evening_id)["date"] == "2025-05-16"
    assert client.get("/soirees/99").status_code == 404


def test_an_evening_form_needs_its_csrf_token(make_app):
    app = make_app(WTF_CSRF_ENABLED=True)
    database = connect(app.config["DATABASE"])
    evening_id = new_evening(database, "2025-05-17")
    client = app.test_client()
    assert client.post(f"/soirees/{evening_id}", data={"date": "2025-05-18"}).status_code == 400
    page = client.get(f"/soirees/{evening_id}").get_data(as_text=True)
    token = csrf_token(page)
    response = client.post(f"/soirees/{evening_id}", data={"csrf_token": token, "date": "2025-05-18"})
    assert response.status_code == 302
    assert evenings.fetch(database, evening_id)["date"] == "2025-05-18"
    database.close()


def test_a_past_game_is_read_only_with_every_breakdown_and_a_chart(client, db):
    evening_id = new_evening(db, "2025-05-17")
    game_id = finished_game(db, evening_id)
    service.record_hand(db, service.create_game(db, {}).game.id, EX_1)  # another game: not on this page
    page = text(client.get(f"/archives/parties/{game_id}"))
    assert "Partie gagnée par Nous" in page and "1170" in page
    assert page.count('class="breakdown"') == 3
    assert "Points faits arrondis (92 → 90)" in page and "Capot fait" in page
    assert 'class="why"' in page  # the explanations, as on the live sheet
    assert "Modifier" not in page and "Supprimer" not in page and 'src="/static/sheet_app.js' not in page
    assert "samedi 17 mai 2025" in page
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert 'viewBox="0 0 360 230"' in svg and 'width="100%"' in svg
    assert svg.count("<polyline") == 2 and "Objectif 1000" in svg
    assert 'stroke-dasharray="6 4"' in svg  # the target's line
    for label in ("0", "500", "1000", "1500"):
        assert f">{label}</text>" in svg
    assert "Donnes</text>" in svg
    assert client.get("/archives/parties/nope1234").status_code == 404


def test_the_live_sheet_keeps_its_corrections(client, db):
    game_id = finished_game(db, new_evening(db, "2025-05-17"))
    page = text(client.get(f"/parties/{game_id}"))
    assert page.count(">Modifier</a>") == 3 and page.count(">Supprimer</button>") == 3


def test_the_chart_draws_the_running_totals(client, db):
    from scorekeeper.web.archive.chart import running_totals_chart

    sheet = service.get_sheet(db, finished_game(db, new_evening(db, "2025-05-17")))
    chart = running_totals_chart(sheet)
    # Four points per team (before deal 1, then after each): 0, 170, 670, 1170 for A; 0, 70, 70, 70 for B.
    # The plot is 44..348 wide and 14..196 high for 0..1500 points (1170 rounds up to 1500).
    assert chart.lines["A"] == "44.0,196.0 145.3,175.4 246.7,114.7 348.0,54.0"
    assert chart.lines["B"] == "44.0,196.0 145.3,187.5 246.7,187.5 348.0,187.5"
    assert chart.target_y == 74.7
    assert [tick.label for tick in chart.x_ticks] == ["0", "1", "2", "3"]


def test_a_long_game_labels_at_most_about_eight_deals(db):
    from scorekeeper.web.archive.chart import running_totals_chart

    game_id = service.create_game(db, {}).game.id
    for _ in range(37):
        service.record_redeal(db, game_id, {"reason": "all_pass"})
    labels = [tick.label for tick in running_totals_chart(service.get_sheet(db, game_id)).x_ticks]
    assert labels == ["0", "5", "10", "15", "20", "25", "30", "37"]


def test_the_printable_sheet_is_one_section_per_game(client, db):
    evening_id = new_evening(db, "2025-05-17")
    first, second = finished_game(db, evening_id), finished_game(db, evening_id, ["Élise", "Bruno", "Ana", "David"])
    page = text(client.get(f"/soirees/{evening_id}/imprimer"))
    assert page.count('<section class="print-sheet">') == 2
    assert page.count("<tr>") == 2 * (1 + 3)
    assert "Élise & Ana" in page and "1170 – 70" in page
    one = text(client.get(f"/archives/parties/{first}/imprimer"))
    assert one.count('<section class="print-sheet">') == 1
    with client.get("/static/archive.css") as response:
        css = response.get_data(as_text=True)
    assert "@media print" in css and "break-after: page" in css
    assert client.get(f"/archives/parties/{second}/imprimer").status_code == 200


def test_search_by_player_name(client, db):
    evening_id = new_evening(db, "2025-05-17")
    finished_game(db, evening_id)
    finished_game(db, evening_id, ["Élise", "Bruno", "Chloë", "David"])
    page = text(client.get("/recherche?joueur=CHLOE"))
    assert "Chloé" in page and "Chloë" in page
    assert '<h2>Parties <small class="muted">(2)</small></h2>' in page
    assert text(client.get("/recherche?joueur=elise")).count('class="game-link"') == 1
    assert "Aucun joueur" in text(client.get("/recherche?joueur=zz%25"))
    assert 'name="joueur"' in text(client.get("/recherche"))


def test_search_pages_its_games(client, db):
    evening_id = new_evening(db, "2025-05-17")
    for _ in range(31):
        service.create_game(db, {"players": PLAYERS, "evening": evening_id})
    first = text(client.get("/recherche?joueur=ana"))
    assert first.count('class="game-link"') == 30 and "Page 1 sur 2" in first
    assert 'href="/recherche?joueur=ana&page=2"' in first.replace("&amp;", "&")
    assert text(client.get("/recherche?joueur=ana&page=2")).count('class="game-link"') == 1


ARCHIVE_PAGES = [
    "/",
    "/soirees",
    "/soirees/1",
    "/soirees/1/imprimer",
    "/archives/parties/{game}",
    "/archives/parties/{game}/imprimer",
    "/recherche?joueur=ana",
    "/statistiques",
    "/statistiques/equipes",
    "/statistiques/joueurs/ana",
    "/statistiques/equipes/ana|chloe",
    "/statistiques/donnes?joueur=ana",
    "/statistiques/parties?joueur=ana",
    "/archives/importer",
]


@pytest.mark.parametrize("url", ARCHIVE_PAGES)
def test_no_inline_style_or_script(client, db, url):
    game_id = finished_game(db, new_evening(db, "2025-05-17"))
    response = client.get(url.format(game=game_id))
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert not re.search(r"\sstyle=", page)
    assert not re.search(r"<style", page)
    assert all('src="' in tag for tag in re.findall(r"<script[^>]*>", page) if tag != '<script type="importmap">')
    assert not re.search(r"\son[a-z]+=", page)  # no onclick= and the like
    assert "archive.css" in page
