"""The organiser's tie-breaks (`"tiebreaks"`, CONCOURS.md, "Tie-breaks chosen by the organiser")
through the API, the creation form, the results page and the archive: given at creation, refused
in French naming the field, stored as entered, read back, applied by the ranking (and so by the
next draw), said on the results page, carried by the export and the import.

The concours of these tests, worked on paper: four teams, two parties to 1000, `pairing: random`
with the draws made known, every table's result typed from its slip.

    Partie 1, drawn 2, 1, 3, 4: Rois (2) – As (1) 900 – 1000, Dames (3) – Valets (4) 1000 – 500.
    Partie 2, drawn 1, 3, 2, 4: As – Dames 900 – 1000, Rois – Valets 1000 – 400.
    Scored: Dames 2000, As 1900, Rois 1900, Valets 900. As conceded 900 + 1000 (0), Rois 1000 +
    400 (+500), Dames 500 + 900 (+600), Valets 2000 (−1100). The usual order puts Rois (+500)
    before As (0), as does the drawn order; As beat Rois in partie 1: head-to-head puts As first.
"""

from __future__ import annotations

import json
from html import unescape

import pytest

from scorekeeper.services import export
from scorekeeper.services.concours_json import concours_json
from scorekeeper.services.concours_view import load
from tests.helpers import import_data, page_text
from tests.test_concours_pages import error_next_to, new_concours

CONCOURS = "/api/v1/concours"
AS, ROIS, DAMES, VALETS = 1, 2, 3, 4
TEAMS = [
    {"name": "Les As", "players": ["Ana", "Alain"]},
    {"name": "Les Rois", "players": ["Bruno", "Béa"]},
    {"name": "Les Dames", "players": ["Chloé", "Claude"]},
    {"name": "Les Valets", "players": ["David", "Dora"]},
]
PARTIES = [
    ([ROIS, AS, DAMES, VALETS], {ROIS: 900, AS: 1000, DAMES: 1000, VALETS: 500}),
    ([AS, DAMES, ROIS, VALETS], {AS: 900, DAMES: 1000, ROIS: 1000, VALETS: 400}),
]


def body(**fields) -> dict:
    return {"name": "Concours du vendredi", "parties": 2, "end": {"points": 1000}, "pairing": "random", **fields}


def played(client, drawn_order, **fields) -> dict:
    """The module's concours created with `fields` and both parties typed from their slips."""
    response = client.post(CONCOURS, json=body(teams=TEAMS, **fields))
    assert response.status_code == 201, response.get_json()
    concours_id = response.get_json()["id"]
    concours = None
    for order, points in PARTIES:
        drawn_order(order)
        round_ = client.post(f"{CONCOURS}/{concours_id}/rounds", json={}).get_json()["rounds"][-1]
        for table in round_["tables"]:
            a, b = table["teams"]
            path = f"{CONCOURS}/{concours_id}/rounds/{round_['number']}/tables/{table['table']}/slip"
            answer = client.put(path, json={"totals": {"A": points[a], "B": points[b]}})
            assert answer.status_code == 200, answer.get_json()
            concours = answer.get_json()
    return concours


def ranking(concours: dict) -> list[int]:
    return [line["team"] for line in concours["standings"]]


def test_the_api_stores_the_list_reads_it_back_and_ranks_by_it(client, drawn_order):
    usual = played(client, drawn_order)
    assert usual["tiebreaks"] is None
    assert ranking(usual) == [DAMES, ROIS, AS, VALETS]
    chosen = played(client, drawn_order, tiebreaks=["head_to_head", "difference"])
    assert chosen["tiebreaks"] == ["head_to_head", "difference"]
    assert ranking(chosen) == [DAMES, AS, ROIS, VALETS]
    assert client.get(f"{CONCOURS}/{chosen['id']}").get_json()["tiebreaks"] == ["head_to_head", "difference"]
    points = {line["team"]: (line["points"], line["difference"]) for line in chosen["standings"]}
    assert points == {DAMES: (2000, 600), AS: (1900, 0), ROIS: (1900, 500), VALETS: (900, -1100)}


@pytest.mark.parametrize(
    "tiebreaks, message",
    [
        (["ecart"], "Le 1er critère de départage (« tiebreaks.0 ») est inconnu : les critères sont « difference »,"),
        (
            ["difference", "best", "difference"],
            "Le 3e critère de départage (« tiebreaks.2 ») répète « difference » (écart), déjà choisi plus haut.",
        ),
        (["points"], "répète « points » (points marqués), premier critère du classement choisi."),
        ("head_to_head", "« tiebreaks » doit être une liste de critères"),
    ],
)
def test_the_api_refuses_an_unknown_criterion_or_one_twice(client, db, tiebreaks, message):
    response = client.post(CONCOURS, json=body(tiebreaks=tiebreaks), headers={"Idempotency-Key": "k"})
    assert response.status_code == 422
    assert message in response.get_json()["error"]
    assert db.execute("select count(*) from concours").fetchone()[0] == 0


def test_a_retry_of_a_creation_with_tie_breaks_creates_one_concours(client, db):
    """Item 7: the creating writes honour Idempotency-Key with the new key in the body as with the
    others; another list under the same key is another request, refused."""
    first = client.post(CONCOURS, json=body(tiebreaks=["best"]), headers={"Idempotency-Key": "k"})
    again = client.post(CONCOURS, json=body(tiebreaks=["best"]), headers={"Idempotency-Key": "k"})
    assert first.status_code == again.status_code == 201 and again.get_json() == first.get_json()
    other = client.post(CONCOURS, json=body(tiebreaks=["wins"]), headers={"Idempotency-Key": "k"})
    assert other.status_code == 422
    assert db.execute("select count(*) from concours").fetchone()[0] == 1


def test_the_results_page_says_the_order(client, drawn_order):
    usual = played(client, drawn_order)
    text = page_text(client.get(f"/concours/{usual['id']}/classement").text)
    assert "départage : écart, puis meilleure partie, puis tirage de la 1re partie" in text
    by_wins = client.post(CONCOURS, json=body(ranking="wins")).get_json()
    text = page_text(client.get(f"/concours/{by_wins['id']}/classement").text)
    assert "départage : écart, puis points marqués, puis tirage de la 1re partie" in text
    chosen = played(client, drawn_order, tiebreaks=["difference", "head_to_head", "conceded"])
    page = client.get(f"/concours/{chosen['id']}/classement").text
    assert (
        "départage : écart, puis confrontation directe, puis moins de points encaissés, puis tirage de la 1re partie"
        in page_text(page)
    )
    # the table in the order of the list: Dames, Rois (+500), As (0), Valets
    assert [unescape(page).index(name) for name in ("Les Dames", "Les Rois", "Les As", "Les Valets")] == sorted(
        unescape(page).index(name) for name in ("Les Dames", "Les Rois", "Les As", "Les Valets")
    )


# --- the creation form ---------------------------------------------------------------------


def test_the_form_offers_numbered_choices_and_stores_them_in_order(client):
    page = client.get("/concours/nouveau").text
    assert "Départage des égalités" in page
    for place in ("1er critère", "2e critère", "3e critère", "4e critère", "5e critère"):
        assert place in page
    assert page.count('<option value="head_to_head">Confrontation directe</option>') == 5
    response = new_concours(client, **{"tiebreak_1": "head_to_head", "tiebreak_2": "conceded"})
    assert response.status_code == 302
    concours_id = response.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"{CONCOURS}/{concours_id}").get_json()["tiebreaks"] == ["head_to_head", "conceded"]


def test_the_form_left_empty_keeps_the_usual_order(client):
    response = new_concours(client)
    assert response.status_code == 302
    concours_id = response.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"{CONCOURS}/{concours_id}").get_json()["tiebreaks"] is None


@pytest.mark.parametrize(
    "fields, field, message",
    [
        (
            {"tiebreak_1": "best", "tiebreak_2": "difference", "tiebreak_3": "best"},
            "tiebreak_3",
            "répète « best » (meilleure partie), déjà choisi plus haut.",
        ),
        ({"tiebreak_1": "points"}, "tiebreak_1", "répète « points » (points marqués), premier critère"),
        (
            {"tiebreak_1": "best", "tiebreak_3": "wins"},
            "tiebreak_3",
            "« 3e critère » : choisissez d'abord le 2e critère.",
        ),
        ({"tiebreak_2": "nothing"}, "tiebreak_2", "N'est pas un choix valide."),  # WTForms' own, in French
    ],
)
def test_the_form_refuses_a_criterion_twice_next_to_its_place(client, db, fields, field, message):
    response = new_concours(client, **fields)
    assert response.status_code == 422
    assert error_next_to(response.text, field, message), response.text
    assert db.execute("select count(*) from concours").fetchone()[0] == 0
    for name, value in fields.items():  # what was chosen is kept
        if value != "nothing":
            assert (
                f'<option selected value="{value}">' in response.text.split(f'name="{name}"')[1].split("</select>")[0]
            )


# --- the archive ---------------------------------------------------------------------------


def test_the_archive_carries_the_list_and_the_import_ranks_by_it(client, db, other, drawn_order):
    chosen = played(client, drawn_order, tiebreaks=["head_to_head", "best"])
    usual = played(client, drawn_order)
    data = json.loads(export.export_json(db))
    by_id = {concours["id"]: concours for concours in data["concours"]}
    assert by_id[chosen["id"]]["tiebreaks"] == ["head_to_head", "best"]
    assert "tiebreaks" not in by_id[usual["id"]]  # as a file written before tie-breaks
    import_data(other, export.export_json(db))
    imported = concours_json(load(other, chosen["id"]))
    assert imported["tiebreaks"] == ["head_to_head", "best"]
    assert ranking(imported) == [DAMES, AS, ROIS, VALETS]
    assert concours_json(load(other, usual["id"]))["tiebreaks"] is None
    assert export.export_json(other) == export.export_json(db)


def test_an_archive_with_a_bad_list_is_refused_in_french(client, db, other, drawn_order):
    chosen = played(client, drawn_order, tiebreaks=["head_to_head"])
    data = json.loads(export.export_json(db))
    data["concours"][0]["tiebreaks"] = ["head_to_head", "head_to_head"]
    with pytest.raises(Exception) as refused:
        import_data(other, json.dumps(data))
    assert f"Concours 1 ({chosen['id']}) : Le 2e critère de départage (« tiebreaks.1 ») répète" in str(refused.value)
