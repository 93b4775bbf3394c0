"""Issue 14, item 7: an archive may hold a game that goes on after it was won (deals after the one
that won it, which the table refuses: « La partie est finie »). That game is not imported, and the
report says why in French; the rest of the file is imported."""

from __future__ import annotations

import copy
import io
import json

from scorekeeper.services import games as service
from tests.helpers import import_data

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
CAPOT = {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True, "taker_player": 0}  # 500 / 0
REDEAL = {"kind": "redeal", "input": {"reason": "all_pass", "player": None}}
GAME = {
    "id": "gagne234",
    "evening": 1,
    "created_at": "2025-05-17T19:05:00+00:00",
    "teams": {"A": "Nous", "B": "Eux"},
    "players": PLAYERS,
    "dealer": 0,
    "target": 1000,
    "rules": {"rounding": "nearest", "misere": False, "carre_de_sept": False},
    "deals": [{"kind": "hand", "input": CAPOT}, {"kind": "hand", "input": CAPOT}],  # 1000 to 0: won
}
ARCHIVE = {
    "format": "belote-bridgee-archive",
    "version": 1,
    "evenings": [{"id": 1, "date": "2025-05-17", "place": "", "note": "", "created_at": "2025-05-17T19:00:00+00:00"}],
    "games": [GAME],
}


def archive_with_a_game_won_then_played_on() -> dict:
    data = copy.deepcopy(ARCHIVE)
    good = data["games"][0]
    played_on = copy.deepcopy(good)
    played_on["id"] = "encore23"
    played_on["deals"] += [REDEAL, {"kind": "hand", "input": CAPOT}]  # two deals after the win
    data["games"] = [played_on, good]
    return data


def test_a_game_won_is_imported_as_it_is(db):
    report = import_data(db, ARCHIVE)
    assert report.games_added == ["gagne234"] and report.games_refused == []
    assert service.get_sheet(db, "gagne234").winner == "A"


def test_a_game_with_deals_after_its_win_is_refused_and_the_rest_imported(db):
    report = import_data(db, archive_with_a_game_won_then_played_on())
    assert report.games_added == ["gagne234"] and report.deals_added == 2
    [(game_id, reason)] = report.games_refused
    assert game_id == "encore23"
    assert reason == (
        "Partie 1 (encore23) : la partie est gagnée par Nous à la donne 2 (1000 à 0), mais le fichier contient "
        "encore 2 donne(s) après : une partie gagnée ne prend plus de donne. Partie non importée."
    )
    assert "1 partie(s) refusée(s), non importée(s)." in report.summary()
    assert db["games"].count_where("id = ?", ["encore23"]) == 0
    assert db["deals"].count_where("game_id = ?", ["encore23"]) == 0
    assert db["game_summaries"].count == 1 and db["deal_facts"].count == 2


def test_the_import_page_shows_why_the_game_was_not_imported(client, db):
    raw = json.dumps(archive_with_a_game_won_then_played_on()).encode()
    response = client.post(
        "/archives/importer",
        data={"archive": (io.BytesIO(raw), "archive.json")},
        content_type="multipart/form-data",
        follow_redirects=True,
    )
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Import terminé : 1 partie(s) importée(s), 2 donne(s), 1 soirée(s) ajoutée(s)." in page
    assert "Partie 1 (encore23) : la partie est gagnée par Nous à la donne 2" in page
    assert db["games"].count == 1


def test_the_command_line_says_which_game_was_not_imported(app, db, tmp_path):
    path = tmp_path / "archive.json"
    path.write_text(json.dumps(archive_with_a_game_won_then_played_on()), encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    assert "Non importée : Partie 1 (encore23) : la partie est gagnée par Nous à la donne 2" in result.output
    assert "Import terminé : 1 partie(s) importée(s)" in result.output
