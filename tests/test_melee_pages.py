"""A mêlée's pages (CONCOURS.md, "The mêlée", "Pages"; issue 32, item 5): the new-concours form's
format choice and its players one a line, refused in French beside the list; the organiser's page
with its players (added, withdrawn after asking, reinstated), each table's four players and who
rests; « Quelle table ? » by player with its search; the slips; the screen; the ranking of players.

The mêlée of these tests: nine players, 1 Ana, 2 Bruno, 3 Chloé, 4 David, 5 Emma, 6 Fabien,
7 Gaëlle, 8 Hugo, 9 Inès. Partie 1 is drawn in the order 5, 2, 8, 1, 7, 3, 6, 4, 9: nine is not a
multiple of four, so one rests, the last of those who rested least: Inès. Partners top down:
Emma–Bruno, Hugo–Ana, Gaëlle–Chloé, Fabien–David; no one has met, every table costs 0, so table 1
is Emma et Bruno against Hugo et Ana, table 2 Gaëlle et Chloé against Fabien et David (CONCOURS.md's
example with a ninth player)."""

from __future__ import annotations

import re
from html import unescape

from tests.helpers import page_text
from tests.pages import the_form
from tests.test_concours_pages import (
    NEW,
    api,
    count,
    created,
    error_next_to,
    new_concours,
    organiser,
    press,
    refusal,
)

NAMES = ["Ana", "Bruno", "Chloé", "David", "Emma", "Fabien", "Gaëlle", "Hugo", "Inès"]
PLAYERS = "\n".join(NAMES)
ORDER_1 = [5, 2, 8, 1, 7, 3, 6, 4, 9]
TABLE_1 = ("Emma", "Bruno", "Hugo", "Ana")  # A1, A2 against B1, B2
TABLE_2 = ("Gaëlle", "Chloé", "Fabien", "David")


def melee(client, drawn_order=None, **fields: str) -> str:
    """The module's mêlée through its form, and partie 1 drawn when `drawn_order` is given."""
    concours_id = created(client, format="melee", players=PLAYERS, parties="3", end="1000", **fields)
    if drawn_order is not None:
        drawn_order(ORDER_1)
        assert press(client, concours_id, "/parties").status_code == 302
    return concours_id


def withdraw_player(client, concours_id: str, number: int):
    """ "Retirer" as the organiser does it: the link on the page, then its page's button."""
    assert f'href="/concours/{concours_id}/joueurs/{number}/retirer"' in organiser(client, concours_id)
    asked = client.get(f"/concours/{concours_id}/joueurs/{number}/retirer")
    assert asked.status_code == 200
    return client.post(f"/concours/{concours_id}/joueurs/{number}/retirer", data=the_form(asked.text).values())


def players_typed(html: str) -> str:
    """The players' list as the page gives it back (the newline after the tag is not in it)."""
    return unescape(re.search(r'<textarea[^>]*name="players"[^>]*>(?:\r?\n)?(.*?)</textarea>', html, re.S).group(1))


def seats_found(client, concours_id: str, search: str = "") -> list[str]:
    """« Quelle table ? » as a phone's search sends it: the words of each player's line."""
    response = client.get(f"/concours/{concours_id}/tables", query_string={"q": search} if search else {})
    assert response.status_code == 200
    listed = re.search(r'<ol class="table-links player-seats">(.*?)</ol>', response.text, re.S).group(1)
    return [page_text(item) for item in re.findall(r"<li[ >].*?</li>", listed, re.S)]


# --- the form ------------------------------------------------------------------------------


def test_the_form_offers_teams_or_a_melee_and_a_melee_takes_its_players_one_a_line(client):
    form = the_form(client.get(NEW).text)
    assert form.checked("format") == ["teams"]  # a team concours unless chosen
    page = page_text(client.get(NEW).text)
    assert "Équipes" in page and "Mêlée (joueurs seuls)" in page and "Joueurs, un par ligne" in page
    # A team list typed before the format was changed is not sent with a mêlée.
    concours_id = created(client, format="melee", players="  Ana \n\nBruno\nChloé\n", teams="Les As : Ana, Alain")
    concours = api(client, concours_id)
    assert concours["format"] == "melee" and "teams" not in concours
    assert [(p["number"], p["name"], p["active"]) for p in concours["players"]] == [
        (1, "Ana", True),
        (2, "Bruno", True),
        (3, "Chloé", True),
    ]
    text = page_text(organiser(client, concours_id))
    assert "mêlée · 3 joueurs" in text and "à la mêlée, partenaires tirés au hasard" in text
    assert "1. Ana Retirer 2. Bruno Retirer 3. Chloé Retirer" in text
    assert "appariement selon le classement" not in text  # a team concours's word
    assert "4 parties en 2000 points · mêlée" in page_text(client.get("/concours").text)  # the list says it


def test_a_team_concours_from_the_same_form_ignores_a_list_of_players(client):
    concours_id = created(client, teams="Les As : Ana, Alain\nLes Rois : Rémi, Rose", players="Zoé\nYann")
    concours = api(client, concours_id)
    assert concours["format"] == "teams" and [t["name"] for t in concours["teams"]] == ["Les As", "Les Rois"]


def test_a_bad_list_of_players_is_refused_beside_it_as_typed_and_nothing_is_stored(client, db):
    for typed, message in [
        ("Ana\nana", "Un joueur s'appelle déjà « Ana » dans ce concours."),  # who would find their table?
        # A name refused is named by its line (blank lines counted), not by the API's « players.name ».
        ("Ana\n" + "x" * 41, "« ligne 2 » : 40 caractères au plus."),
        ("Ana\n\nAna|Bruno", "« ligne 3 » : le caractère « | » ne va pas dans un nom."),
        ("Ana\n\u200b", "« ligne 2 » : ce nom ne contient que des caractères invisibles."),
    ]:
        response = new_concours(client, format="melee", players=typed)
        assert response.status_code == 422
        assert error_next_to(response.text, "players", message), typed
        assert players_typed(response.text) == typed
        assert the_form(response.text).checked("format") == ["melee"]  # the choice kept
    assert count(db, "concours") == 0


# --- the organiser's page ------------------------------------------------------------------


def test_players_are_added_one_a_line_refused_in_french_and_late_players_join_the_next_partie(client, drawn_order):
    concours_id = created(client, format="melee", players="Ana\nBruno", parties="2")
    added = client.post(f"/concours/{concours_id}/joueurs", data={"players": "Chloé\n\nDavid\n"})
    assert added.status_code == 302 and added.headers["Location"].endswith("#joueurs")
    assert "3. Chloé Retirer 4. David Retirer" in page_text(organiser(client, concours_id))

    same = client.post(f"/concours/{concours_id}/joueurs", data={"players": "Emma\nCHLOÉ"})
    assert same.status_code == 422
    assert error_next_to(same.text, "players", "Un joueur s'appelle déjà « Chloé » dans ce concours.")
    assert players_typed(same.text) == "Emma\nCHLOÉ"
    empty = client.post(f"/concours/{concours_id}/joueurs", data={"players": "  \n "})
    assert empty.status_code == 422
    assert error_next_to(empty.text, "players", "Écrivez au moins un joueur, un nom par ligne.")
    assert len(api(client, concours_id)["players"]) == 4

    teams = client.post(f"/concours/{concours_id}/equipes", data={"teams": "Les As : Ana, Alain"})
    assert teams.status_code == 409 and "mêlée" in refusal(teams.text)

    drawn_order([1, 2, 3, 4])
    press(client, concours_id, "/parties")
    assert "Un joueur ajouté en cours de concours joue à partir de la prochaine partie." in page_text(
        organiser(client, concours_id)
    )


def test_withdrawing_a_player_asks_first_and_is_undone_until_the_next_draw(client, drawn_order):
    concours_id = melee(client)
    asked = client.get(f"/concours/{concours_id}/joueurs/2/retirer")
    assert "Retirer Bruno ?" in page_text(asked.text) and "« Réintégrer » le fait revenir" in page_text(asked.text)
    assert all(player["active"] for player in api(client, concours_id)["players"])  # only asked

    assert withdraw_player(client, concours_id, 2).status_code == 302
    assert [p["active"] for p in api(client, concours_id)["players"]][:3] == [True, False, True]
    assert "2. Bruno abandon Réintégrer" in page_text(organiser(client, concours_id))
    again = client.post(f"/concours/{concours_id}/joueurs/2/retirer", data={})
    assert again.status_code == 409 and refusal(again.text) == "Bruno a déjà abandonné."
    assert press(client, concours_id, "/joueurs/2/reintegrer").status_code == 302
    assert "Réintégrer" not in organiser(client, concours_id)

    assert withdraw_player(client, concours_id, 9).status_code == 302  # eight left: nobody rests
    drawn_order([5, 2, 8, 1, 7, 3, 6, 4])
    press(client, concours_id, "/parties")
    page = organiser(client, concours_id)
    assert "9. Inès abandon" in page_text(page) and "Réintégrer" not in page
    late = client.post(f"/concours/{concours_id}/joueurs/9/reintegrer", data={})
    assert late.status_code == 409
    assert refusal(late.text) == "Une partie a été tirée depuis l'abandon de Inès : il ne revient plus."
    assert client.get(f"/concours/{concours_id}/joueurs/42/retirer").status_code == 404


def test_each_table_names_its_four_players_and_the_one_who_rests(client, drawn_order):
    concours_id = melee(client, drawn_order)
    page = organiser(client, concours_id)
    first = page_text(re.search(r'<li class="table[^"]*" id="table-p1-t1".*?</li>', page, re.S).group(0))
    assert "Table 1 · pas commencée · feuille Emma et Bruno 0 Hugo et Ana 0" in first
    second = page_text(re.search(r'<li class="table[^"]*" id="table-p1-t2".*?</li>', page, re.S).group(0))
    assert "Gaëlle et Chloé 0 Fabien et David 0" in second
    assert "Exempt : Inès" in page_text(page)
    assert "9 joueurs en lice : 1 exempt à chaque partie, à tour de rôle" in page_text(page)
    # The slip's form names each side by its players.
    assert "Résultat de la feuille Emma et Bruno Hugo et Ana Enregistrer" in first
    # « Arrêter la partie » asks first, naming each table's players.
    asked = page_text(client.get(f"/concours/{concours_id}/parties/1/arreter").text)
    assert "Table 1 · pas commencée : Emma et Bruno 0 – 0 Hugo et Ana" in asked
    assert "Table 2 · pas commencée : Gaëlle et Chloé 0 – 0 Fabien et David" in asked


def test_a_slip_typed_closes_the_partie_and_the_ranking_is_of_players(client, drawn_order):
    """Table 1 on paper 1020 – 640 (Emma et Bruno win), table 2 1000 – 760 (Gaëlle et Chloé win).
    Inès's bye: winners' mean (1020 + 1000) / 2 = 1010, losers' (640 + 760) / 2 = 700."""
    concours_id = melee(client, drawn_order)
    for table, (a, b) in ((1, (1020, 640)), (2, (1000, 760))):
        key = f"p1-t{table}"
        path = f"/concours/{concours_id}/parties/1/tables/{table}/feuille"
        assert client.post(path, data={f"{key}-a": a, f"{key}-b": b}).status_code == 302
    text = page_text(organiser(client, concours_id))
    assert "Partie 1 · finie" in text and "Exempt : Inès · 1010 marqués, 700 encaissés" in text
    ranking = client.get(f"/concours/{concours_id}/classement")
    assert ranking.status_code == 200
    words = page_text(ranking.text)
    assert "# Joueur J G N P Points Contre Diff. Meill." in words
    # By points: Emma and Bruno 1020, Inès 1010, Gaëlle and Chloé 1000, then the losers; the first
    # partie's order separates those level (5 before 2, 7 before 3, 8 before 1, 6 before 4).
    body = re.search(r"<tbody>.*?</tbody>", ranking.text, re.S).group(0)
    rows = [page_text(row).split() for row in re.findall(r"<tr.*?</tr>", body, re.S)]
    assert [(row[1], int(row[-4])) for row in rows] == [
        ("Emma", 1020),
        ("Bruno", 1020),
        ("Inès", 1010),
        ("Gaëlle", 1000),
        ("Chloé", 1000),
        ("Fabien", 760),
        ("David", 760),
        ("Hugo", 640),
        ("Ana", 640),
    ]
    assert "3 Inès exempt 1 fois 1 1 0 0 1010 700 +310 1010" in words
    csv = client.get(f"/concours/{concours_id}/classement.csv")
    assert csv.status_code == 200 and csv.mimetype == "text/csv"
    lines = csv.data.decode("utf-8-sig").splitlines()
    assert (
        lines[0]
        == "rang;joueur;joués;gagnés;nuls;perdus;victoires;points;contre;différence;meilleure;exempt;provisoire;abandon"
    )
    assert lines[1].startswith("1;Emma;1;1;0;0;1;1020;640;380;1020;0;")
    assert lines[3].startswith("3;Inès;1;1;0;0;1;1010;700;310;1010;1;")  # the bye: a win
    assert lines[9].startswith("9;Ana;1;0;0;1;0;640;1020;-380;640;0;")


# --- « Quelle table ? », the slips, the screen ------------------------------------------------


def test_quelle_table_lists_every_player_alphabetically_with_table_partner_and_opponents(client, drawn_order):
    concours_id = melee(client)
    assert "Aucune partie n'est encore tirée" in page_text(client.get(f"/concours/{concours_id}/tables").text)
    drawn_order(ORDER_1)
    press(client, concours_id, "/parties")
    assert seats_found(client, concours_id) == [
        "Ana Table 1 avec Hugo · contre Emma et Bruno",
        "Bruno Table 1 avec Emma · contre Hugo et Ana",
        "Chloé Table 2 avec Gaëlle · contre Fabien et David",
        "David Table 2 avec Fabien · contre Gaëlle et Chloé",
        "Emma Table 1 avec Bruno · contre Hugo et Ana",
        "Fabien Table 2 avec David · contre Gaëlle et Chloé",
        "Gaëlle Table 2 avec Chloé · contre Fabien et David",
        "Hugo Table 1 avec Ana · contre Emma et Bruno",
        "Inès exempt ne joue pas cette partie : elle lui compte comme gagnée",
    ]
    tables = api(client, concours_id)["rounds"][0]["tables"]
    html = client.get(f"/concours/{concours_id}/tables", query_string={"q": "hug"}).text
    assert f'<a href="/parties/{tables[0]["game"]}">' in html  # Hugo's line leads to table 1's sheet


def test_quelle_table_finds_a_player_by_part_of_their_name_in_any_case_without_accents(client, drawn_order):
    concours_id = melee(client, drawn_order)
    assert seats_found(client, concours_id, "GAEL") == ["Gaëlle Table 2 avec Chloé · contre Fabien et David"]
    assert seats_found(client, concours_id, " ines ") == [
        "Inès exempt ne joue pas cette partie : elle lui compte comme gagnée"
    ]
    assert [line.split()[0] for line in seats_found(client, concours_id, "O")] == ["Bruno", "Chloé", "Hugo"]
    nobody = client.get(f"/concours/{concours_id}/tables", query_string={"q": "Zoé"}).text
    assert "Aucun joueur pour « Zoé » · tous les joueurs" in page_text(nobody)
    assert "Votre nom (ou une partie)" in page_text(nobody)


def test_the_slips_name_the_players_of_each_side(client, drawn_order):
    concours_id = melee(client, drawn_order)
    response = client.get(f"/concours/{concours_id}/parties/1/imprimer")
    assert response.status_code == 200
    slips = [page_text(slip) for slip in re.findall(r'<section class="slip-sheet".*?</section>', response.text, re.S)]
    assert len(slips) == 2  # Inès rests: no slip
    assert "A : Emma et Bruno B : Hugo et Ana" in slips[0]
    assert "Signature Emma et Bruno Signature Hugo et Ana" in slips[0]
    assert "A : Gaëlle et Chloé B : Fabien et David" in slips[1]


def test_the_screen_names_each_sides_players_and_the_player_resting(client, drawn_order):
    concours_id = melee(client)
    before = page_text(client.get(f"/concours/{concours_id}/ecran").text)
    assert "Joueurs inscrits 9" in before and "1 Ana" in before
    drawn_order(ORDER_1)
    press(client, concours_id, "/parties")
    html = client.get(f"/concours/{concours_id}/ecran").text
    main = page_text(re.search(r'<section id="main".*?</section>', html, re.S).group(0))
    assert "1 Emma Bruno 0 Hugo Ana 0 donne 1" in main and "2 Gaëlle Chloé 0 Fabien David 0 donne 1" in main
    assert "Exempt : Inès" in main


# --- the archive and a table's sheet ------------------------------------------------------------


def test_the_evening_and_a_tables_sheet_read_right_for_a_melee(client, drawn_order):
    """The evening says « mêlée · 9 joueurs » (not « 0 équipe »); each game is its table's, its
    teams named by their players, as « Concours « X » · Partie 1 · Table 2 » on its sheet."""
    concours_id = melee(client, drawn_order)
    concours = api(client, concours_id)
    evening = page_text(client.get(f"/soirees/{concours['evening']}").text)
    assert "Concours du vendredi · 1 partie tirée sur 3 · mêlée · 9 joueurs" in evening
    assert "partie 1 · table 1 Emma et Bruno – Hugo et Ana 0 – 0 pas commencée" in evening  # the players said once
    game = concours["rounds"][0]["tables"][1]["game"]
    sheet = client.get(f"/parties/{game}").text
    line = page_text(re.search(r'<p class="concours-line">(.*?)</p>', sheet).group(1))
    assert line == "Concours « Concours du vendredi » · Partie 1 · Table 2"
    assert "Gaëlle et Chloé" in page_text(sheet) and "Fabien et David" in page_text(sheet)


def test_a_draw_with_fewer_than_four_players_is_refused_in_french_on_the_page(client):
    concours_id = created(client, format="melee", players="Ana\nBruno\nChloé")
    response = press(client, concours_id, "/parties")
    assert response.status_code == 422
    assert refusal(response.text) == "Il faut au moins quatre joueurs en lice pour tirer une partie de mêlée."
    assert api(client, concours_id)["rounds"] == []
