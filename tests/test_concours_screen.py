"""The room's screen (/concours/<id>/ecran) and « Quelle table ? » (/concours/<id>/tables), as a
browser without JavaScript gets them (CONCOURS.md, "Pages"): the teams before the draw, each table
with its live totals and its deal, the resting team, the ranking, the pages of a long list, the
plain refresh, the QR code and the phone page it opens; and the API's ETag the screen's script
polls with. The script's own paint is tests/browser/test_concours_screen_live.py's.

The totals are docs/scoring.md's example 1 (80 ♥ made with 92: 170 to 70), hand after hand."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from scorekeeper.web import join
from scorekeeper.web.concours_screen import board, routes
from tests.helpers import CONCOURS, api_concours, api_draw, page_text, qr_text_of_svg
from tests.pages import shown

LAN = "192.0.2.2"
HAND_170_70 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}


@pytest.fixture(autouse=True)
def lan(monkeypatch):
    """The machine's LAN address, whatever this machine's network is (as tests/test_join.py)."""
    monkeypatch.setattr(join, "lan_address", lambda: LAN)


def screen(client, concours_id: str, page: int | None = None) -> str:
    response = client.get(f"/concours/{concours_id}/ecran" + ("" if page is None else f"?page={page}"))
    assert response.status_code == 200
    return response.text


def words(html: str) -> str:
    """What a browser without JavaScript shows of `html`, as words (hidden elements left out)."""
    return page_text(shown(html))


def section(html: str, element_id: str) -> str:
    return re.search(rf'<(section|p) id="{element_id}"[^>]*>(.*?)</\1>', html, re.S).group(0)


def lines(html: str, css_class: str) -> list[str]:
    """The words of each <li class="css_class …"> of `html`."""
    return [page_text(item) for item in re.findall(rf'<li class="{css_class}[ "].*?</li>', html, re.S)]


def table_numbers(html: str) -> list[int]:
    return [int(line.split()[0]) for line in lines(section(html, "main"), "table")]


def record(client, game_id: str, hands: int = 1) -> None:
    for _ in range(hands):
        response = client.post(f"/api/v1/games/{game_id}/hands", json=HAND_170_70)
        assert response.status_code == 201, response.get_json()


def names_of(concours: dict) -> dict[int, str]:
    return {team["number"]: team["name"] for team in concours["teams"]}


def test_before_the_first_draw_the_screen_shows_the_teams_and_the_qr_code(client):
    concours = api_concours(client, ["Les As", "Les Rois", "Les Dames"])
    html = screen(client, concours["id"])
    text = words(html)
    assert "Concours du vendredi Inscriptions tirage à venir" in text
    assert '<li class="table' not in html
    assert "Équipes inscrites 3 1 Les As cote 1000 2 Les Rois cote 1000 3 Les Dames cote 1000" in text
    assert re.search(r'<section id="ranking"[^>]* hidden>', html)  # no ranking before the first game
    svg = re.search(r'<div class="qr">(<svg.*?</svg>)</div>', html, re.S).group(1)
    address = f"http://{LAN}/concours/{concours['id']}/tables"
    assert qr_text_of_svg(svg) == address
    assert address in text


def test_before_the_draw_each_team_shows_its_cote_for_information(client):
    """Les As 1 & Les As 2 beat Bruno & David in a game to 500 (a capot): each goes to 1097 (docs/
    ratings.md, "A tiny example"), their team too; Les Rois are newcomers (1000); « Mixte » pairs
    Les As 1 with a newcomer: (1097 + 1000) / 2 = 1048.5, a half rounded up. Once drawn, the list
    (and its cotes) gives way to the tables."""
    game = client.post(
        "/api/v1/games", json={"players": ["Les As 1", "Bruno", "Les As 2", "David"], "end": {"points": 500}}
    )
    capot = {"taker": "A", "taker_player": 0, "contract": "capot", "mode": "hearts", "all_tricks": True}
    assert client.post(f"/api/v1/games/{game.get_json()['id']}/hands", json=capot).status_code == 201
    concours = api_concours(client, ["Les As", "Les Rois"])
    mixed = {"name": "Mixte", "players": ["les as 1", "Zoé"]}  # matched as the archive matches names
    assert client.post(f"/api/v1/concours/{concours['id']}/teams", json=mixed).status_code == 201
    html = screen(client, concours["id"])
    assert "Équipes inscrites 3 1 Les As cote 1097 2 Les Rois cote 1000 3 Mixte cote 1049" in words(html)
    board_html = client.get(f"/concours/{concours['id']}/ecran/tableau").text  # the board the script swaps in
    assert "1 Les As cote 1097" in words(board_html)
    api_draw(client, concours["id"])
    assert "cote" not in words(screen(client, concours["id"]))


def test_a_melees_screen_shows_no_cote(client):
    concours = client.post(
        "/api/v1/concours",
        json={
            "name": "Mêlée",
            "format": "melee",
            "parties": 3,
            "end": {"points": 1000},
            "players": [{"name": name} for name in ["Ana", "Bruno", "Chloé", "David"]],
        },
    )
    assert concours.status_code == 201, concours.get_json()
    text = words(screen(client, concours.get_json()["id"]))
    assert "Joueurs inscrits 4" in text and "cote" not in text


def test_the_screen_follows_itself_without_javascript(client):
    concours = api_concours(client, ["Les As", "Les Rois"])
    html = screen(client, concours["id"])
    head = html[: html.index("</head>")]
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in head
    assert '<script type="module" src="/static/concours_screen.js?v=' in html


def test_each_table_with_its_live_totals_its_deal_and_the_team_resting(client):
    teams = ["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix"]
    concours = api_draw(client, api_concours(client, teams, end={"deals": 12}, time_limit=45)["id"])
    names = names_of(concours)
    round_ = concours["rounds"][0]
    first, second = round_["tables"]
    record(client, first["game"], hands=2)
    html = screen(client, concours["id"])
    a, b = (names[number] for number in first["teams"])
    c, d = (names[number] for number in second["teams"])
    assert lines(section(html, "main"), "table") == [
        f"1 {a} 340 {b} 140 donne 3 sur 12",  # two hands of 170 to 70, the third being played
        f"2 {c} 0 {d} 0 donne 1 sur 12",
    ]
    assert page_text(section(html, "rests")) == f"Exempte : {names[round_['rests']]}"
    text = words(html)
    assert "Partie 1 sur 3 depuis 0 min reste 45 min" in text
    assert "Classement provisoire" in text
    ranked = lines(section(html, "ranking"), "rank")
    assert ranked[0].startswith(f"1 {a} 340 ")  # by points: the team ahead at table 1 leads


def test_a_finished_table_is_marked_and_its_winner_too(client):
    concours = api_draw(
        client, api_concours(client, ["Les As", "Les Rois", "Les Dames", "Les Valets"], end={"deals": 4})["id"]
    )
    first = concours["rounds"][0]["tables"][0]
    record(client, first["game"], hands=4)  # 4 × 170 to 70: 680 to 280, the game's 4 deals played
    html = section(screen(client, concours["id"]), "main")
    finished = re.search(r'<li class="table finished"[^>]*>.*?</li>', html, re.S).group(0)
    assert page_text(finished).endswith("680 " + names_of(concours)[first["teams"][1]] + " 280 Terminée")
    assert '<span class="team side-a won">' in finished and "side-b won" not in finished
    assert html.count('class="table finished"') == 1


def test_forty_tables_are_shown_on_pages_that_cover_them_all_once(client):
    """D8: `?page=N` is page N as the screen names it, from 1 (it was a turn counted from 0)."""
    concours = api_draw(client, api_concours(client, [f"Équipe {n}" for n in range(1, 81)])["id"])
    pages = [table_numbers(screen(client, concours["id"], page)) for page in (1, 2, 3)]
    assert pages == [list(range(1, 17)), list(range(17, 33)), list(range(33, 41))]
    assert table_numbers(screen(client, concours["id"], 4)) == pages[2]  # past the last page: the last
    html = screen(client, concours["id"], 2)
    assert '<span class="pager">page 2 sur 3</span>' in section(html, "main")
    assert '<span class="pager">page 2 sur 7</span>' in section(html, "ranking")
    # The ranking of 80 teams: 12 a page, 7 pages, each team on one of them.
    ranks = [
        [line.split()[0] for line in lines(section(screen(client, concours["id"], page), "ranking"), "rank")]
        for page in range(1, 8)
    ]
    assert sorted(int(rank) for page in ranks for rank in page) == sorted(s["rank"] for s in concours["standings"])
    assert [len(page) for page in ranks] == [12] * 6 + [8]


def test_without_a_page_asked_the_clock_picks_one(client):
    concours = api_draw(client, api_concours(client, [f"Équipe {n}" for n in range(1, 41)])["id"])
    for asked in (None, 0, "x"):  # no page, or none that is one: the clock's
        assert table_numbers(screen(client, concours["id"], asked)) in (list(range(1, 17)), list(range(17, 21)))
    assert table_numbers(screen(client, concours["id"], 2)) == list(range(17, 21))  # 20 tables: 2 pages
    board_at = f"/concours/{concours['id']}/ecran/tableau?turn="
    assert table_numbers(client.get(board_at + "6").text) == list(range(1, 17))  # the script's turn, round
    assert table_numbers(client.get(board_at + "7").text) == list(range(17, 21))


def test_after_the_last_partie_the_final_ranking(client):
    concours = api_draw(client, api_concours(client, ["Les As", "Les Rois"], parties=1)["id"])
    table = concours["rounds"][0]["tables"][0]
    record(client, table["game"], hands=6)  # 6 × 170 = 1020 to 420: the game to 1000 is won
    html = screen(client, concours["id"])
    text = words(html)
    assert "Classement final" in text and "provisoire" not in text
    a, b = (names_of(concours)[number] for number in table["teams"])
    assert lines(section(html, "main"), "rank") == [f"1 {a} 1020 +600", f"2 {b} 420 −600"]
    assert '<li class="table' not in html


def test_a_partie_closed_before_the_next_draw(client):
    concours = api_draw(client, api_concours(client, ["Les As", "Les Rois"])["id"])
    assert client.post(f"{CONCOURS}/{concours['id']}/rounds/1/close", json={}).status_code == 200
    text = words(screen(client, concours["id"]))
    assert "Partie 1 sur 3 partie terminée" in text
    assert "0 Arrêtée" in text


def test_names_are_shown_as_text(client):
    concours = api_draw(client, api_concours(client, ["<b>Les As</b>", "Les Rois"])["id"])
    html = screen(client, concours["id"])
    assert "<b>Les As</b>" not in html and "&lt;b&gt;Les As&lt;/b&gt;" in html


@pytest.mark.parametrize(
    ("now", "expected"),
    [
        ("2026-12-04T20:18:30+00:00", board.Clock("depuis 18 min", "reste 12 min", False)),  # 11 min 30 s left
        ("2026-12-04T20:29:59+00:00", board.Clock("depuis 29 min", "reste 1 min", False)),
        ("2026-12-04T20:31:00+00:00", board.Clock("depuis 31 min", "temps écoulé", True)),
        ("2026-12-04T21:05:10+00:00", board.Clock("depuis 1 h 05", "temps écoulé", True)),
    ],
)
def test_the_clock_says_what_is_left_of_the_time_limit(now, expected):
    round_ = {"state": "playing", "drawn_at": "2026-12-04T20:00:00.000+00:00"}
    assert board.clock("playing", round_, 30, datetime.fromisoformat(now)) == expected


def test_wins_with_a_draw_counted_half():
    assert board.wins_text(2, 1) == "2½ v."
    assert board.wins_text(3, 0) == "3 v."
    assert board.wins_text(0, 1) == "0½ v."


def test_the_tables_page_leads_to_each_sheet(client):
    concours = api_concours(client, ["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix"])
    before = client.get(f"/concours/{concours['id']}/tables")
    assert before.status_code == 200
    assert "Aucune partie n'est encore tirée" in page_text(before.text)
    concours = api_draw(client, concours["id"])
    names = names_of(concours)
    html = client.get(f"/concours/{concours['id']}/tables").text
    links = re.findall(r'<li><a href="([^"]+)">(.*?)<small', html, re.S)
    assert links == [
        (
            f"/parties/{table['game']}",
            f'<span class="table-number">Table {table["table"]}</span> · '
            f"{names[table['teams'][0]]} – {names[table['teams'][1]]}",
        )
        for table in concours["rounds"][0]["tables"]
    ]
    assert f"Exempte : {names[concours['rounds'][0]['rests']]}" in page_text(html)
    assert "Partie 1 sur 3" in page_text(html)
    for href, _ in links:
        assert client.get(href).status_code == 200


def found_tables(client, concours_id: str, search: str) -> list[str]:
    """« Quelle table ? » searched as a phone's form sends it (GET ?q=): the words of each table."""
    response = client.get(f"/concours/{concours_id}/tables", query_string={"q": search})
    assert response.status_code == 200
    return [
        page_text(item)
        for item in re.findall(r'<ol class="table-links">.*?</ol>', response.text, re.S)[0].split("<li>")[1:]
    ]


def test_the_tables_page_finds_a_table_by_team_or_player_name(client, drawn_order):
    """D6: with 32 tables the list is four phone screens; a name, or part of one, typed in any case
    and without its accents, finds its table (and the team resting, when it is theirs)."""
    teams = [
        {"name": "Les As", "players": ["Ana", "Alain"]},
        {"name": "Les Rois", "players": ["Rémi", "Rose"]},
        {"name": "Les Dames", "players": ["Dora", "Diane"]},
        {"name": "Les Valets", "players": ["Vic", "Hélène"]},
        {"name": "Les Dix", "players": ["Dan", "Eve"]},
    ]
    concours = client.post(CONCOURS, json={"name": "Vendredi", "parties": 2, "teams": teams}).get_json()
    drawn_order([1, 2, 3, 4, 5])  # table 1: As – Rois, table 2: Dames – Valets, Dix rest
    api_draw(client, concours["id"])
    table_1 = "Table 1 · Les As – Les Rois Ana, Alain – Rémi, Rose"
    table_2 = "Table 2 · Les Dames – Les Valets Dora, Diane – Vic, Hélène"
    assert found_tables(client, concours["id"], "") == [table_1, table_2]
    assert found_tables(client, concours["id"], "remi") == [table_1]  # a player, without the accent
    assert found_tables(client, concours["id"], "VALETS") == [table_2]  # a team, in capitals
    assert found_tables(client, concours["id"], "  hél ") == [table_2]  # a part of a name
    assert found_tables(client, concours["id"], "Les") == [table_1, table_2]
    assert found_tables(client, concours["id"], "Zoé") == []
    nobody = client.get(f"/concours/{concours['id']}/tables", query_string={"q": "Zoé"}).text
    assert "Aucune table pour « Zoé » · toutes les tables" in page_text(nobody) and "Exempte" not in nobody
    resting = page_text(client.get(f"/concours/{concours['id']}/tables", query_string={"q": "eve"}).text)
    assert "Exempte : Les Dix (Dan, Eve)" in resting and "Aucune table pour « eve »" in resting
    searched = client.get(f"/concours/{concours['id']}/tables").text
    assert '<form method="get" class="which-search" role="search">' in searched and 'name="q"' in searched


def test_the_organiser_page_links_to_the_screen_the_tables_and_the_slips(client):
    """D6: the organiser typed the screen's and « Quelle table ? »'s addresses from the docs."""
    concours = api_concours(client, ["Les As", "Les Rois"])
    page = client.get(f"/concours/{concours['id']}").text
    assert f'href="/concours/{concours["id"]}/ecran"' in page
    assert f'href="/concours/{concours["id"]}/tables"' in page
    assert "slips-link" not in page  # nothing to print before the draw
    api_draw(client, concours["id"])
    page = client.get(f"/concours/{concours['id']}").text
    assert re.search(
        rf'id="slips-link" href="/concours/{concours["id"]}/parties/1/imprimer">Feuilles de la partie 1<', page
    )


def test_an_unknown_concours_is_a_404(client):
    assert client.get("/concours/nothere/ecran").status_code == 404
    assert client.get("/concours/nothere/tables").status_code == 404


def test_the_api_answers_304_while_nothing_changed(client):
    concours = api_draw(client, api_concours(client, ["Les As", "Les Rois"])["id"])
    url = f"{CONCOURS}/{concours['id']}"
    first = client.get(url)
    tag = first.headers["ETag"]
    assert first.status_code == 200 and tag.startswith('W/"')
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag
    record(client, concours["rounds"][0]["tables"][0]["game"])
    changed = client.get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert changed.get_json()["rounds"][0]["tables"][0]["totals"] == {"A": 170, "B": 70}
    tag = changed.headers["ETag"]
    assert client.post(f"{url}/rounds/1/close", json={}).status_code == 200
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 200  # closed: changed


def test_the_board_the_script_swaps_in_is_the_screens_and_answers_304_while_unchanged(client, monkeypatch):
    """/concours/<id>/ecran/tableau: the screen's bar, main panel and ranking as its page draws them,
    at the page asked; a 304 from the concours's revision while nothing changed (the clock's step
    made long enough not to turn during the test), a new board once a deal is recorded."""
    monkeypatch.setattr(routes, "CLOCK_S", 10**9)
    concours = api_draw(client, api_concours(client, [f"Équipe {n}" for n in range(1, 41)])["id"])
    url = f"/concours/{concours['id']}/ecran/tableau?page=2"
    first = client.get(url)
    assert first.status_code == 200 and first.mimetype == "text/html"
    page = screen(client, concours["id"], page=2)
    for element_id in ("main", "ranking"):
        assert section(first.text, element_id) == section(page, element_id)
    assert '<header id="bar" class="bar">' in first.text and '<body data-state="playing">' in first.text
    assert table_numbers(first.text) == [17, 18, 19, 20]
    tag = first.headers["ETag"]
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    assert client.get(url.replace("page=2", "page=1"), headers={"If-None-Match": tag}).status_code == 200
    record(client, concours["rounds"][0]["tables"][16]["game"])
    changed = client.get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200
    assert lines(section(changed.text, "main"), "table")[0].startswith("17 Équipe")
    assert "170" in lines(section(changed.text, "main"), "table")[0]
    assert client.get("/concours/nothere/ecran/tableau").status_code == 404


def test_a_concours_ranked_by_wins_shows_the_wins(client):
    concours = api_draw(client, api_concours(client, ["Les As", "Les Rois"], parties=1, ranking="wins")["id"])
    table = concours["rounds"][0]["tables"][0]
    record(client, table["game"], hands=6)  # 1020 to 420: won
    a, b = (names_of(concours)[number] for number in table["teams"])
    assert lines(section(screen(client, concours["id"]), "main"), "rank") == [f"1 {a} 1 v. +600", f"2 {b} 0 v. −600"]
