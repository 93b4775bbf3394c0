"""A paper table is a paper table everywhere (issue 32, items 2 and 3: D2, D3, D4, D15;
docs/concours.md, "A table on paper").

The concours of these tests: four teams, two parties to 1000, drawn in the order Un, Deux, Trois,
Quatre: table 1 Un (A) – Deux (B), table 2 Trois (A) – Quatre (B). Table 1 plays on paper, its
slip says 1020 – 640 (Un win); table 2 plays two capots (docs/scoring.md ex 16, 500 – 0 each):
1000 – 0, Trois win. The partie closes by itself, nobody stopped it: it is « finie », and stays so
once partie 2 is drawn; table 1's game is the 1020 – 640 won by Un on its sheet, in the archive and
in Un's players' statistics, whatever is drawn afterwards.
"""

from __future__ import annotations

import re

from scorekeeper.services import stats
from tests.helpers import api_concours, api_draw, page_text

CONCOURS = "/api/v1/concours"
GAMES = "/api/v1/games"
CAPOT = {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True, "taker_player": 0}  # 500 / 0
EX_8 = {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101}  # 300 / 60
TYPED = "résultat saisi depuis la feuille de table"


def slip_path(concours_id: str, partie: int, table: int) -> str:
    return f"{CONCOURS}/{concours_id}/rounds/{partie}/tables/{table}/slip"


def played_on_paper(client, drawn_order) -> tuple[str, str]:
    """The module's concours through partie 1 and the draw of partie 2: its id, table 1's game."""
    concours = api_concours(client, ["Un", "Deux", "Trois", "Quatre"], parties=2)
    drawn_order([1, 2, 3, 4])
    tables = api_draw(client, concours["id"])["rounds"][0]["tables"]
    paper, played = tables[0]["game"], tables[1]["game"]
    assert client.put(slip_path(concours["id"], 1, 1), json={"totals": {"A": 1020, "B": 640}}).status_code == 200
    for _ in range(2):
        assert client.post(f"{GAMES}/{played}/hands", json=CAPOT).status_code == 201
    api_draw(client, concours["id"])
    return concours["id"], paper


def test_a_paper_tables_sheet_shows_its_slip_after_the_next_draw(client, drawn_order):
    """D2: the sheet its slip's QR code opens said « arrêtée par l'organisateur », 0 – 0."""
    _, game = played_on_paper(client, drawn_order)
    sheet = client.get(f"{GAMES}/{game}").get_json()
    assert sheet["totals"] == {"A": 1020, "B": 640}
    assert (sheet["finished"], sheet["winner"]) == (True, "A")
    text = page_text(client.get(f"/parties/{game}").text)
    assert "arrêtée par l'organisateur" not in text
    assert "Résultat saisi depuis la feuille de table : partie gagnée par Un" in text and "1020 à 640 (+380)." in text


def test_a_paper_tables_game_in_the_archive_is_the_finished_game_it_was(client, drawn_order):
    concours_id, game = played_on_paper(client, drawn_order)
    evening = client.get(f"{CONCOURS}/{concours_id}").get_json()["evening"]
    text = page_text(client.get(f"/soirees/{evening}").text)
    line = re.search(r"partie 1 · table 1 .*?(?=Concours «|$)", text).group(0)
    assert "Un – Deux" in line and "1020 – 640 gagnée par Un" in line and TYPED in line
    archived = page_text(client.get(f"/archives/parties/{game}").text)
    assert "arrêtée par l'organisateur" not in archived and "1020 à 640" in archived


def test_a_paper_tables_game_counts_in_its_players_statistics(client, db, drawn_order):
    """Un 1 and Deux 1 played table 1 of partie 1, won by Un 1020 – 640 with no hand of its own to
    count, and each a game of partie 2, not finished."""
    played_on_paper(client, drawn_order)
    un, deux = stats.player(db, "Un 1").figures, stats.player(db, "Deux 1").figures
    assert (un.games, un.finished, un.won, un.drawn, un.hands) == (2, 1, 1, 0, 0)
    assert (deux.games, deux.finished, deux.won, deux.drawn) == (2, 1, 0, 0)


def test_a_partie_that_finished_stays_finie_after_the_next_draw(client, drawn_order):
    """D3: partie 1 read « arrêtée » once partie 2 was drawn, though nobody stopped it."""
    concours_id, _ = played_on_paper(client, drawn_order)
    text = page_text(client.get(f"/concours/{concours_id}").text)
    assert "Partie 1 · finie" in text and "Partie 1 · arrêtée" not in text
    table = client.get(f"{CONCOURS}/{concours_id}").get_json()["rounds"][0]["tables"][0]
    assert (table["stopped"], table["finished"], table["totals"]) == (False, True, {"A": 1020, "B": 640})


def test_a_partie_the_organiser_stopped_reads_arretee(client, drawn_order):
    concours = api_concours(client, ["Un", "Deux", "Trois", "Quatre"], parties=2)
    drawn_order([1, 2, 3, 4])
    game = api_draw(client, concours["id"])["rounds"][0]["tables"][0]["game"]
    assert client.post(f"{GAMES}/{game}/hands", json={**EX_8, "taker_player": 0}).status_code == 201
    assert client.post(f"{CONCOURS}/{concours['id']}/rounds/1/close", json={}).status_code == 200
    api_draw(client, concours["id"])
    assert "Partie 1 · arrêtée" in page_text(client.get(f"/concours/{concours['id']}").text)


def test_the_bye_leaves_out_a_game_with_no_scored_hand_once_the_partie_is_closed(client, drawn_order):
    """D4: five teams, Cinq rests; table 1 plays ex 8 (300 – 60) and table 2 nothing, then the
    organiser closes the partie. The bye's means are table 1's alone: 300 scored, 60 conceded
    (the 0 – 0 of table 2 made them 150 and 30)."""
    concours = api_concours(client, ["Un", "Deux", "Trois", "Quatre", "Cinq"], parties=2)
    drawn_order([1, 2, 3, 4, 5])
    game = api_draw(client, concours["id"])["rounds"][0]["tables"][0]["game"]
    assert client.post(f"{GAMES}/{game}/hands", json={**EX_8, "taker_player": 0}).status_code == 201
    closed = client.post(f"{CONCOURS}/{concours['id']}/rounds/1/close", json={}).get_json()
    assert closed["rounds"][0]["bye"] == {"points": 300, "conceded": 60}
    cinq = next(row for row in closed["standings"] if row["team"] == 5)
    assert (cinq["points"], cinq["conceded"], cinq["provisional"]) == (300, 60, False)


def test_the_bye_counts_a_paper_tables_slip(client, drawn_order):
    """Table 1 on paper 1020 – 640, table 2 nothing yet: the bye is the slip's, 1020 and 640."""
    concours = api_concours(client, ["Un", "Deux", "Trois", "Quatre", "Cinq"], parties=2)
    drawn_order([1, 2, 3, 4, 5])
    api_draw(client, concours["id"])
    typed = client.put(slip_path(concours["id"], 1, 1), json={"totals": {"A": 1020, "B": 640}}).get_json()
    assert typed["rounds"][0]["bye"] == {"points": 1020, "conceded": 640}


# --- D15: totals no game could end on ---------------------------------------------------------


def one_table(client, drawn_order, rules=None) -> str:
    fields = {"rules": rules} if rules else {}
    concours = api_concours(client, ["Un", "Deux"], parties=1, **fields)
    drawn_order([1, 2])
    api_draw(client, concours["id"])
    return concours["id"]


def test_a_total_off_the_tens_of_its_rounding_is_refused_next_to_the_field(client, drawn_order):
    concours_id = one_table(client, drawn_order)
    refused = client.put(slip_path(concours_id, 1, 1), json={"totals": {"A": 1025, "B": 640}})
    assert refused.status_code == 422
    answer = refused.get_json()
    assert "« totals.A »" in answer["error"] and "multiple de 10" in answer["error"]
    assert client.get(f"{CONCOURS}/{concours_id}").get_json()["rounds"][0]["tables"][0]["slip"] is None


def test_a_total_off_the_tens_is_taken_when_the_rules_count_exact_points(client, drawn_order):
    concours_id = one_table(client, drawn_order, {"rounding": "raw"})
    assert client.put(slip_path(concours_id, 1, 1), json={"totals": {"A": 1025, "B": 643}}).status_code == 200


def test_an_end_not_reached_asks_for_a_confirmation_that_names_the_doubt(client, drawn_order):
    concours_id = one_table(client, drawn_order)
    path = slip_path(concours_id, 1, 1)
    asked = client.put(path, json={"totals": {"A": 500, "B": 400}})
    assert asked.status_code == 422
    assert "aucune équipe n'a atteint 1000" in asked.get_json()["error"]
    assert '"confirm": true' in asked.get_json()["error"]
    assert client.get(f"{CONCOURS}/{concours_id}").get_json()["rounds"][0]["tables"][0]["slip"] is None
    taken = client.put(path, json={"totals": {"A": 500, "B": 400}, "confirm": True})
    assert taken.status_code == 200
    assert taken.get_json()["rounds"][0]["tables"][0]["totals"] == {"A": 500, "B": 400}


def test_equal_totals_and_both_over_the_target_ask_too(client, drawn_order):
    concours_id = one_table(client, drawn_order)
    path = slip_path(concours_id, 1, 1)
    equal = client.put(path, json={"totals": {"A": 1100, "B": 1100}}).get_json()
    assert "égalité" in equal["error"] and '"confirm": true' in equal["error"]
    both = client.put(path, json={"totals": {"A": 1100, "B": 1050}}).get_json()
    assert '"confirm": true' in both["error"] and "les deux équipes ont dépassé 1000" in both["error"]


def test_an_end_not_reached_is_taken_once_the_organiser_stopped_the_partie(client, drawn_order):
    concours_id = one_table(client, drawn_order)
    assert client.post(f"{CONCOURS}/{concours_id}/rounds/1/close", json={}).status_code == 200
    assert client.put(slip_path(concours_id, 1, 1), json={"totals": {"A": 500, "B": 400}}).status_code == 200


def test_a_game_in_deals_takes_any_totals_in_tens(client, drawn_order):
    concours = api_concours(client, ["Un", "Deux"], parties=1, end={"deals": 12})
    drawn_order([1, 2])
    api_draw(client, concours["id"])
    assert client.put(slip_path(concours["id"], 1, 1), json={"totals": {"A": 800, "B": 800}}).status_code == 200


def test_the_organisers_form_asks_to_confirm_with_a_checkbox(client, drawn_order):
    concours_id = one_table(client, drawn_order)
    form = f"/concours/{concours_id}/parties/1/tables/1/feuille"
    asked = client.post(form, data={"p1-t1-a": "500", "p1-t1-b": "400"})
    assert asked.status_code == 422
    text = page_text(asked.text)
    assert "Je confirme" in text and "aucune équipe n'a atteint 1000" in text
    assert 'name="p1-t1-confirm"' in asked.text
    assert client.get(f"{CONCOURS}/{concours_id}").get_json()["rounds"][0]["tables"][0]["slip"] is None
    confirmed = client.post(form, data={"p1-t1-a": "500", "p1-t1-b": "400", "p1-t1-confirm": "y"})
    assert confirmed.status_code == 302
    assert client.get(f"{CONCOURS}/{concours_id}").get_json()["rounds"][0]["tables"][0]["slip"] == {
        "A": 500,
        "B": 400,
    }
    off = client.post(form, data={"p1-t1-a": "1025", "p1-t1-b": "640"})
    assert off.status_code == 422 and "multiple de 10" in page_text(off.text)


def test_a_paper_tables_sheet_says_its_deals_were_played_on_paper(client, drawn_order):
    """Its sheet, and the archive's, said « Aucune donne pour l'instant » under the slip's result,
    as if the game had not begun: its deals are on the paper slip."""
    _, game = played_on_paper(client, drawn_order)
    for address in (f"/parties/{game}", f"/archives/parties/{game}"):
        text = page_text(client.get(address).text)
        assert "Aucune donne pour l'instant" not in text
        assert "Les donnes sont sur la feuille de table" in text
