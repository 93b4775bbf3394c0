"""Games in M deals and games stopped by an organiser (issue 25) through the service, the API and the
pages: the draw, the 409 of a game over, a correction still taken, the revision the phones follow,
the statistics (a draw neither won nor lost) and the archive's pages.

The hands are tests/test_ending.py's, worked on paper: A takes 80 ♥ with 92 card points (A 170,
B 70), B the same (A 70, B 170); in turn, 12 of them end 1440 to 1440.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.belote.errors import Conflict
from scorekeeper.services import games as service
from scorekeeper.services import stats
from scorekeeper.services.deal_checks import STOPPED
from scorekeeper.store import games as store
from tests.helpers import GAMES, api_game, page_text, stop_game
from tests.pages import create_named_game, form_posting_to, sheet

A80 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # A 170, B 70
B80 = {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 92}  # A 70, B 170
PLAYERS = ["Ana", "Bruno", "Chloé", "David"]


def in_turn(hands: int) -> list[dict]:
    return [A80 if index % 2 == 0 else B80 for index in range(hands)]


def deals_game(db, hands: int, deals: int = 12) -> str:
    game_id = service.create_game(db, {"players": PLAYERS, "end": {"deals": deals}}).game.id
    for body in in_turn(hands):
        service.record_hand(db, game_id, body)
    return game_id


def test_a_game_in_twelve_deals_through_the_api_ends_in_a_draw(client):
    game_id = api_game(client, *in_turn(2), players=PLAYERS, end={"deals": 12})
    assert client.post(f"{GAMES}/{game_id}/redeals", json={"reason": "all_pass"}).status_code == 201
    for body in in_turn(10):
        assert client.post(f"{GAMES}/{game_id}/hands", json=body).status_code == 201
    found = client.get(f"{GAMES}/{game_id}").get_json()
    assert {key: found[key] for key in ("end", "target", "finished", "winner", "draw", "stopped", "hands_played")} == {
        "end": {"deals": 12},
        "target": None,
        "finished": True,
        "winner": None,
        "draw": True,
        "stopped": False,
        "hands_played": 12,
    }
    assert found["totals"] == {"A": 1440, "B": 1440} and len(found["hands"]) == 13
    refused = client.post(f"{GAMES}/{game_id}/hands", json=A80)
    assert refused.status_code == 409
    assert refused.get_json()["error"] == (
        "La partie est finie sur une égalité : modifiez ou supprimez une donne pour la rouvrir."
    )
    assert client.post(f"{GAMES}/{game_id}/redeals", json={"reason": "all_pass"}).status_code == 409


@pytest.mark.parametrize(
    ("end", "status"), [({"points": 1500}, 201), ({"deals": 4}, 201), ({"points": 1501}, 422), ({"deals": 40}, 422)]
)
def test_the_api_takes_any_end_a_concours_may_choose(client, end, status):
    response = client.post(GAMES, json={"end": end})
    assert response.status_code == status
    if status == 201:
        assert response.get_json()["end"] == end
    else:
        assert response.get_json()["error"].startswith("« end » doit valoir")


def test_a_stopped_game_takes_no_new_deal_but_a_correction(client, db):
    game_id = deals_game(db, 3)
    before = service.get_sheet(db, game_id).revision
    stopped = stop_game(db, game_id)
    assert (stopped.finished, stopped.winner, stopped.stopped, stopped.totals) == (
        True,
        "A",
        True,
        {"A": 410, "B": 310},
    )
    assert stopped.revision == before + 1  # the phones see the stop
    with pytest.raises(Conflict, match="^La partie a été arrêtée par l'organisateur : elle ne prend plus de donne.$"):
        service.record_hand(db, game_id, A80)
    refused = client.post(f"{GAMES}/{game_id}/redeals", json={"reason": "all_pass"})
    assert (refused.status_code, refused.get_json()["error"]) == (409, STOPPED)
    found = client.get(f"{GAMES}/{game_id}").get_json()
    assert (found["stopped"], found["finished"], found["winner"], found["draw"]) == (True, True, "A", False)
    # A correction of a recorded deal stays possible, and moves the result: deal 3 given to B.
    corrected = service.edit_deal(db, game_id, 3, {**B80, "version": 1})
    assert (corrected.totals, corrected.draw, corrected.winner) == ({"A": 310, "B": 410}, False, "B")
    assert service.undo(db, game_id)[1] == "Modification de la donne 3 annulée."  # undo skips the stop
    resumed = stop_game(db, game_id, stopped=False)
    assert (resumed.finished, resumed.stopped, resumed.revision) == (False, False, before + 4)
    assert len(service.record_hand(db, game_id, B80).text) > 0


def test_a_stopped_game_at_equal_totals_is_a_draw_and_its_rematch_keeps_the_end(client, db):
    game_id = deals_game(db, 2, deals=10)
    stop_game(db, game_id)
    assert service.get_sheet(db, game_id).draw
    response = client.post(f"/parties/{game_id}/revanche", data={})
    rematch = response.headers["Location"].rsplit("/", 1)[1]
    assert store.fetch_game(db, rematch).end.as_json() == {"deals": 10}


def test_the_sheet_page_of_a_game_in_deals(client, db):
    game_id = deals_game(db, 6)
    page = sheet(client, game_id)
    text = page_text(page.html)
    assert "Donne 7 sur 12" in text and "Partie en 12 donnes · arrondi à la dizaine la plus proche" in text
    assert '<progress max="12" value="6">' in page.html and page.html.count("<progress") == 1
    for body in in_turn(6):
        service.record_hand(db, game_id, body)
    page = sheet(client, game_id)
    assert page.banner == "Partie nulle : 1440 à 1440."
    assert "Donnes jouées : 12 sur 12" in page_text(page.html)
    assert not page.has_new_deal_link
    response = client.get(f"/parties/{game_id}/donnes/nouvelle")
    assert response.status_code == 302  # as any finished game: back to the sheet, which says why


def test_the_sheet_page_of_a_stopped_game(client, db):
    game_id = deals_game(db, 3)
    stop_game(db, game_id)
    page = sheet(client, game_id)
    assert page.banner == "Partie arrêtée par l'organisateur : gagnée par Nous, 410 à 310 (+100)."
    follow = client.get(f"/parties/{game_id}/donnes/nouvelle", follow_redirects=True)
    assert STOPPED in page_text(follow.text)
    game_id = deals_game(db, 2)
    stop_game(db, game_id)
    assert sheet(client, game_id).banner == "Partie arrêtée par l'organisateur : égalité, 240 à 240."


def test_a_stopped_game_refuses_the_redeal_form(client, db):
    game_id = create_named_game(client)
    service.record_hand(db, game_id, A80)
    page = sheet(client, game_id).html
    stop_game(db, game_id)  # another phone's page still shows the redeal buttons
    form = form_posting_to(page, "/redonne", "all_pass")
    response = client.post(form.action, data={**form.values(), "reason": "all_pass"}, follow_redirects=True)
    assert STOPPED in page_text(response.text)
    assert len(service.get_sheet(db, game_id).deals) == 1


def test_the_new_game_form_offers_twelve_deals(client, db):
    html = client.get("/parties/nouvelle").text
    assert [label for label in ("en 2000 points", "en 1000 points", "en 12 donnes") if label in html] == [
        "en 2000 points",
        "en 1000 points",
        "en 12 donnes",
    ]
    game_id = create_named_game(client, target="d12")
    assert store.fetch_game(db, game_id).end.as_json() == {"deals": 12}
    page = sheet(client, game_id)
    assert "Donne 1 sur 12" in page_text(page.html)
    again = client.get("/parties/nouvelle/reprendre").text  # the last game's teams, and its end
    assert re.findall(r'<input checked id="target-\d" name="target" type="radio" value="([^"]+)">', again) == ["d12"]


def test_a_draw_is_neither_won_nor_lost_in_the_statistics(client, db):
    deals_game(db, 12)  # 1440 – 1440
    deals_game(db, 12)
    game_id = deals_game(db, 11)
    service.record_hand(db, game_id, A80)  # 7 hands to A: Ana and Chloé win, 1540 – 1340
    figures = stats.player(db, "ana").figures
    assert (figures.games, figures.finished, figures.won, figures.drawn, figures.lost) == (3, 3, 1, 2, 0)
    figures = stats.player(db, "bruno").figures
    assert (figures.won, figures.drawn, figures.lost) == (0, 2, 1)
    lost = page_text(client.get("/statistiques/parties?joueur=bruno&issue=perdues").text)
    assert "1540 – 1340" in lost and "1440 – 1440" not in lost


def test_the_archive_shows_a_draw(client, db):
    game_id = deals_game(db, 12)
    html = client.get(f"/archives/parties/{game_id}").text
    chart = html.split('<figure class="chart">')[1].split("</figure>")[0]
    assert 'class="target"' not in chart and "Objectif" not in chart
    assert "Nous 1440, Eux 1440, partie en 12 donnes." in chart
    assert "Partie nulle : 1440 à 1440." in page_text(html)
    printed = page_text(client.get(f"/archives/parties/{game_id}/imprimer").text)
    assert "1440 – 1440 · partie nulle" in printed and "Partie en 12 donnes" in printed
    evening = service.load_game(db, game_id)
    del evening
    assert "1440 – 1440 partie nulle" in page_text(client.get("/soirees").text + client.get("/soirees/1").text)


def test_a_points_game_still_plays_as_before(client):
    capot = {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True}  # A 500, B 0
    found = client.get(f"{GAMES}/{api_game(client, capot)}").get_json()
    assert (found["end"], found["target"], found["hands_played"], found["draw"]) == ({"points": 2000}, 2000, 1, False)
    assert found["totals"] == {"A": 500, "B": 0} and not found["finished"]


def test_a_concours_end_the_form_does_not_offer_is_kept_by_the_next_game(client, db):
    service.create_game(db, {"players": PLAYERS, "end": {"points": 1500}})
    again = client.get("/parties/nouvelle/reprendre").text
    assert re.findall(r'<input checked id="target-\d" name="target" type="radio" value="([^"]+)">', again) == ["1500"]
    assert "en 1500 points" in again
    game_id = create_named_game(client, target="1500")
    assert store.fetch_game(db, game_id).end.as_json() == {"points": 1500}
