"""A mêlée in the archive (issue 32, item 5): a mêlée's table is a game whose teams are named by
their players (« Emma et Bruno », `melee.side_name`), so the archive's lines, its game page, its
print, the shared page and the shared image say the players once, not again as « Emma & Bruno »;
an ordinary game keeps its players beside its teams' names. An evening with a mêlée is exported
and imported whole, from the evening's own export.

The mêlée: nine players, partie 1 drawn in the order 5, 2, 8, 1, 7, 3, 6, 4, 9 (Inès rests):
table 1 Emma et Bruno against Hugo et Ana, played on a phone (two capots, 1000 – 0), table 2
Gaëlle et Chloé against Fabien et David, typed from its slip (700 – 1000)."""

from __future__ import annotations

import json
import re

from scorekeeper.belote.concours.melee import named_by_players
from scorekeeper.services import export
from scorekeeper.services import games as games_service
from scorekeeper.services.concours_json import concours_json
from scorekeeper.services.concours_view import load
from scorekeeper.web.share.game_image import draw_game, game_card
from tests.helpers import api_game, fixed_draws, import_data, page_text

CONCOURS = "/api/v1/concours"
NAMES = ["Ana", "Bruno", "Chloé", "David", "Emma", "Fabien", "Gaëlle", "Hugo", "Inès"]
CAPOT_A = {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True}


def played_melee(client, monkeypatch) -> tuple[str, list[str]]:
    """The module's mêlée, partie 1 played and closed; its id and its tables' games."""
    body = {"name": "Mêlée du jeudi", "parties": 2, "end": {"points": 1000}, "format": "melee"}
    cid = client.post(CONCOURS, json=body | {"players": [{"name": name} for name in NAMES]}).get_json()["id"]
    fixed_draws(monkeypatch)([5, 2, 8, 1, 7, 3, 6, 4, 9])
    tables = client.post(f"{CONCOURS}/{cid}/rounds", json={}).get_json()["rounds"][0]["tables"]
    for _ in range(2):
        assert client.post(f"/api/v1/games/{tables[0]['game']}/hands", json=CAPOT_A).status_code == 201
    slip = {"totals": {"A": 700, "B": 1000}, "confirm": True}
    assert client.put(f"{CONCOURS}/{cid}/rounds/1/tables/2/slip", json=slip).status_code == 200
    assert client.post(f"{CONCOURS}/{cid}/rounds/1/close", json={}).status_code == 200
    return cid, [table["game"] for table in tables]


def test_a_game_is_named_by_its_players_when_each_team_s_name_is_its_two_players():
    seated = ["Emma", "Hugo", "Bruno", "Ana"]  # A1 B1 A2 B2
    assert named_by_players({"A": "Emma et Bruno", "B": "Hugo et Ana"}, seated)
    assert not named_by_players({"A": "Emma et Hugo", "B": "Bruno et Ana"}, seated)  # not their seats
    assert not named_by_players({"A": "Emma et Bruno", "B": "Les Pies"}, seated)
    assert not named_by_players({"A": "Nous", "B": "Eux"}, seated)


def test_the_archive_says_a_melee_table_s_players_once(client, db, monkeypatch):
    _, (phone_game, paper_game) = played_melee(client, monkeypatch)
    ordinary = api_game(
        client, CAPOT_A, teams={"A": "Les Pies", "B": "Les Geais"}, players=["Zoé", "Yann", "Léa", "Max"]
    )
    evening = db.execute("select evening_id from concours").fetchone()[0]
    text = page_text(client.get(f"/soirees/{evening}").text)
    assert "Concours « Mêlée du jeudi » · partie 1 · table 1 Emma et Bruno – Hugo et Ana 1000 – 0" in text
    assert "Gaëlle et Chloé – Fabien et David 700 – 1000" in text
    assert "Les Pies – Les Geais Zoé & Léa · Yann & Max" in text  # an ordinary game names its players
    assert "Emma & Bruno" not in text and "Gaëlle & Chloé" not in text
    assert "Emma & Bruno" not in page_text(client.get("/recherche?joueur=Emma").text)

    game_page = page_text(client.get(f"/archives/parties/{phone_game}").text)
    assert " contre " not in game_page and "Emma & Bruno" not in game_page
    assert "Zoé & Léa contre Yann & Max" in page_text(client.get(f"/archives/parties/{ordinary}").text)

    printed = page_text(client.get(f"/soirees/{evening}/imprimer").text)
    assert "Emma et Bruno : Emma & Bruno" not in printed and "Gaëlle et Chloé : Gaëlle & Chloé" not in printed
    assert "Les Pies : Zoé & Léa · Les Geais : Yann & Max" in printed
    assert "Emma & Bruno" not in page_text(client.get(f"/archives/parties/{paper_game}/imprimer").text)


def test_a_shared_melee_table_says_its_players_once(client, db, monkeypatch):
    _, (phone_game, _) = played_melee(client, monkeypatch)
    assert client.post(f"/parties/{phone_game}/partage").status_code == 302
    token = re.findall(r"/partage/([\w-]{20,})\"", client.get(f"/parties/{phone_game}/partage").text)[0]
    shared = page_text(client.get(f"/partage/{token}").text)
    assert "Emma et Bruno – Hugo et Ana" in shared and "Emma & Bruno" not in shared and " contre " not in shared
    card = game_card(games_service.get_sheet(db, phone_game), "jeudi 3 décembre", "", "")
    assert card.players == {"A": "", "B": ""}
    drawn = [text.text for text in draw_game(card).texts]
    assert "Emma et Bruno" in drawn and not any("&" in line for line in drawn)


def test_an_evening_with_a_melee_is_exported_and_imported_whole(client, db, other, monkeypatch):
    cid, _ = played_melee(client, monkeypatch)
    evening = db.execute("select evening_id from concours").fetchone()[0]
    exported = client.get(f"/soirees/{evening}/export.json")
    assert exported.status_code == 200
    data = json.loads(exported.data)
    assert [concours["format"] for concours in data["concours"]] == ["melee"]
    report = import_data(other, exported.data.decode())
    assert report.concours_added == [cid] and len(report.games_added) == 2
    assert concours_json(load(other, cid)) == concours_json(load(db, cid))
    assert export.export_json(other) == export.export_json(db)
