"""« Partager » on a mêlée (docs/sharing.md; issue 32, item 5): its podium image names players
alone (a player has no partners to list), its sentence says « Ana gagne » where a team « gagnent »,
and its read-only link opens the ranking of players.

The mêlée: nine players, one partie drawn in the order 1 to 9: Inès (9) rests with the fixed bye
500 – 300; table 1 is Ana et Bruno 1020 against Chloé et David 700, table 2 Emma et Fabien 600
against Gaëlle et Hugo 1000. Ana and Bruno lead with 1020."""

from __future__ import annotations

import io
import re
from urllib.parse import unquote

from PIL import Image

from scorekeeper.web.share.podium_image import Placed, PodiumCard, draw_podium
from tests.helpers import fixed_draws, page_text

CONCOURS = "/api/v1/concours"
NAMES = ["Ana", "Bruno", "Chloé", "David", "Emma", "Fabien", "Gaëlle", "Hugo", "Inès"]


def finished_melee(client, monkeypatch) -> str:
    body = {"name": "Mêlée du jeudi", "parties": 1, "end": {"points": 1000}, "format": "melee"}
    body |= {"players": [{"name": name} for name in NAMES], "bye": {"points": 500, "conceded": 300}}
    cid = client.post(CONCOURS, json=body).get_json()["id"]
    fixed_draws(monkeypatch)(list(range(1, 10)))
    partie = client.post(f"{CONCOURS}/{cid}/rounds", json={}).get_json()["rounds"][0]
    assert [table["teams"] for table in partie["tables"]] == [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
    for table, totals in ((1, {"A": 1020, "B": 700}), (2, {"A": 600, "B": 1000})):
        path = f"{CONCOURS}/{cid}/rounds/1/tables/{table}/slip"
        assert client.put(path, json={"totals": totals, "confirm": True}).status_code == 200
    assert client.post(f"{CONCOURS}/{cid}/rounds/1/close", json={}).status_code == 200
    return cid


def test_a_melee_s_podium_names_its_players_and_its_winner_gagne(client, monkeypatch):
    cid = finished_melee(client, monkeypatch)
    response = client.get(f"/concours/{cid}/image.png")
    assert response.status_code == 200
    assert Image.open(io.BytesIO(response.data)).size == (1080, 1350)
    first = client.get(f"{CONCOURS}/{cid}").get_json()["standings"][0]
    assert first["points"] == 1020 and first["player"] in (1, 2)
    winner = NAMES[first["player"] - 1]
    assert unquote(response.headers["X-Share-Text"]) == f"{winner} gagne le concours « Mêlée du jeudi »"


def test_a_melee_s_podium_draws_each_player_once_and_counts_players_left_out():
    placed = [Placed(rank, f"Joueur {rank}", "", 2000 - rank * 10, 1) for rank in range(1, 41)]
    card = PodiumCard(name="Mêlée du jeudi", date="jeudi 3 décembre", evening="", ranking=placed, melee=True)
    shown = [text.text for text in draw_podium(card).texts]
    assert all("&" not in line for line in shown)
    assert sum(line == "Joueur 1" for line in shown) == 1
    assert any(re.fullmatch(r"… et \d+ autres joueurs", line) for line in shown), shown[-3:]


def test_a_melee_s_read_only_link_opens_its_ranking_of_players(client, monkeypatch):
    cid = finished_melee(client, monkeypatch)
    assert client.post(f"/concours/{cid}/partage").status_code == 302
    token = re.findall(r"/partage/([\w-]{20,})\"", client.get(f"/concours/{cid}/partage").text)[0]
    text = page_text(client.get(f"/partage/{token}").text)
    assert "classement final" in text and "# Joueur" in text
    assert "Inès exempt 1 fois 1 1 0 0 500 300 +200" in text
    assert client.get(f"/partage/{token}/image.png").status_code == 200
