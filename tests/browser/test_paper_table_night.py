"""A paper table through a later draw, in Chromium at a phone's size (issue 32, item 2; D2, D3):
the sheet its slip's QR code opens, the evening's archive and the player's statistics show the
slip's result, and the partie stays « finie ». Screenshots to look at.

The concours: four teams, two parties to 1000, drawn Un, Deux, Trois, Quatre. Table 1 (Un – Deux)
plays on paper, its slip 1020 – 640; table 2 (Trois – Quatre) plays two capots, 500 – 0 each, and
wins 1000 – 0. The partie closes by itself; partie 2 is drawn.
"""

from __future__ import annotations

from urllib.parse import quote

from tests.browser.helpers import wait_for_the_kept_sheet
from tests.helpers import fixed_draws

CAPOT = {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True, "taker_player": 0}  # 500 / 0
TEAMS = ["Un", "Deux", "Trois", "Quatre"]


def test_a_paper_table_shows_its_slip_everywhere_after_the_next_draw(app, monkeypatch, page, base_url, screenshot):
    client = app.test_client()
    body = {
        "name": "Concours du vendredi",
        "parties": 2,
        "end": {"points": 1000},
        "teams": [{"name": name, "players": [f"{name} 1", f"{name} 2"]} for name in TEAMS],
    }
    created = client.post("/api/v1/concours", json=body).get_json()
    concours_id, evening = created["id"], created["evening"]
    fixed_draws(monkeypatch)([1, 2, 3, 4])
    tables = client.post(f"/api/v1/concours/{concours_id}/rounds", json={}).get_json()["rounds"][0]["tables"]
    paper, played = tables[0]["game"], tables[1]["game"]
    slip = f"/api/v1/concours/{concours_id}/rounds/1/tables/1/slip"
    assert client.put(slip, json={"totals": {"A": 1020, "B": 640}}).status_code == 200
    for _ in range(2):
        assert client.post(f"/api/v1/games/{played}/hands", json=CAPOT).status_code == 201
    assert client.post(f"/api/v1/concours/{concours_id}/rounds", json={}).status_code == 201

    page.goto(f"{base_url}/parties/{paper}")
    wait_for_the_kept_sheet(page)  # the page drawn again by the phone's script, from the server's answer
    banner = page.locator("#sheet .banner").inner_text()
    assert "Résultat saisi depuis la feuille de table : partie gagnée par Un, 1020 à 640 (+380)" in banner
    assert "arrêtée" not in page.locator("#sheet").inner_text()
    assert "Aucune donne" not in page.locator("#sheet").inner_text()  # its deals are on its slip
    assert "Les donnes sont sur la feuille de table" in page.locator("#sheet").inner_text()
    screenshot(page, "concours-paper-sheet")

    page.goto(f"{base_url}/soirees/{evening}")
    line = page.locator("li", has_text="partie 1 · table 1").first.inner_text()
    assert "résultat saisi depuis la feuille de table" in line and "1020 – 640" in line and "gagnée par Un" in line
    screenshot(page, "concours-paper-archive")

    page.goto(f"{base_url}/statistiques/joueurs/{quote('Un 1')}")
    won = page.locator("dt", has_text="Gagnées").locator("xpath=following-sibling::dd").inner_text()
    assert won.startswith("1")  # the paper game, won; partie 2's is not finished
    screenshot(page, "concours-paper-statistics")

    page.goto(f"{base_url}/concours/{concours_id}")
    assert page.locator("h3", has_text="Partie 1").inner_text().endswith("· finie")
    screenshot(page, "concours-paper-organiser")


def test_the_organiser_confirms_a_slip_that_names_its_doubt(app, monkeypatch, page, base_url, screenshot):
    """500 – 400 in a game to 1000, the partie not stopped: asked again, the doubt named beside a
    checkbox; ticked, the second submit takes the totals."""
    client = app.test_client()
    body = {"name": "Vendredi", "parties": 1, "end": {"points": 1000}}
    body["teams"] = [{"name": name, "players": [f"{name} 1", f"{name} 2"]} for name in TEAMS[:2]]
    concours_id = client.post("/api/v1/concours", json=body).get_json()["id"]
    fixed_draws(monkeypatch)([1, 2])
    client.post(f"/api/v1/concours/{concours_id}/rounds", json={})
    page.goto(f"{base_url}/concours/{concours_id}")
    page.locator("summary", has_text="Résultat de la feuille").click()
    page.fill("#p1-t1-a", "500")
    page.fill("#p1-t1-b", "400")
    page.locator("#table-p1-t1 button", has_text="Enregistrer").click()
    doubt = page.locator("#table-p1-t1 .error").inner_text()
    assert "aucune équipe n'a atteint 1000" in doubt
    screenshot(page, "concours-paper-confirm")
    page.locator("#p1-t1-confirm").check()
    page.locator("#table-p1-t1 button", has_text="Enregistrer").click()
    assert page.locator("#table-p1-t1 .table-state").inner_text() == "feuille papier"
    assert page.locator("#table-p1-t1 [data-total=A]").inner_text() == "500"
