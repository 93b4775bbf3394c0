"""The organiser's evening on a 390×844 phone (issue 32): « Retirer » asks on a page of its own and
« Réintégrer » takes it back (D5), the organiser's page links to the screen, « Quelle table ? » and
the slips (D6), and « Quelle table ? » finds a table by a player's name typed in its search box, a
plain GET form (D6); axe-core finds nothing on these pages.

Screenshots: test-artifacts/screenshots/concours-withdraw.png, concours-organiser-links.png and
concours-tables-search.png."""

from __future__ import annotations

from tests.browser.test_accessibility import violations
from tests.helpers import CONCOURS

TEAMS = [
    {"name": "Les As", "players": ["Ana", "Alain"]},
    {"name": "Les Rois", "players": ["Rémi", "Rose"]},
    {"name": "Les Dames", "players": ["Dora", "Diane"]},
    {"name": "Les Valets", "players": ["Vic", "Hélène"]},
    {"name": "Les Dix", "players": ["Dan", "Eve"]},
]


def test_withdraw_asks_and_is_taken_back_and_a_table_is_found_by_name(page, base_url, client, drawn_order, screenshot):
    concours = client.post(CONCOURS, json={"name": "Vendredi", "parties": 3, "teams": TEAMS}).get_json()
    organiser = f"{base_url}/concours/{concours['id']}"
    page.goto(organiser)
    page.locator("#equipes li", has_text="Les Dix").get_by_role("link", name="Retirer").click()
    page.wait_for_url("**/equipes/5/retirer")
    assert page.locator("h1").inner_text() == "Retirer Les Dix ?"
    screenshot(page, "concours-withdraw")
    assert violations(page) == []
    assert client.get(f"{CONCOURS}/{concours['id']}").get_json()["teams"][4]["active"] is True  # only asked
    page.click("#confirm-withdraw")
    page.wait_for_url(f"{organiser}#equipes")
    assert client.get(f"{CONCOURS}/{concours['id']}").get_json()["teams"][4]["active"] is False
    page.locator("#equipes li", has_text="Les Dix").get_by_role("button", name="Réintégrer").click()
    page.wait_for_url(f"{organiser}#equipes")
    assert client.get(f"{CONCOURS}/{concours['id']}").get_json()["teams"][4]["active"] is True

    drawn_order([1, 2, 3, 4, 5])  # table 1: As – Rois, table 2: Dames – Valets, Dix rest
    page.click("#draw")
    page.wait_for_url(f"{organiser}#parties")
    page.evaluate("window.scrollTo(0, 0)")
    for link, address in (
        ("#screen-link", "/ecran"),
        ("#tables-link", "/tables"),
        ("#slips-link", "/parties/1/imprimer"),
    ):
        assert page.get_attribute(link, "href") == f"/concours/{concours['id']}{address}"
    screenshot(page, "concours-organiser-links")

    page.click("#tables-link")
    page.fill("#q", "helene")  # Hélène, of Les Valets, typed without her accent
    page.click(".which-search button")
    page.wait_for_url("**/tables?q=helene")
    links = page.locator(".table-links a")
    assert links.count() == 1
    assert links.first.inner_text().startswith("Table 2 · Les Dames – Les Valets")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "concours-tables-search")
    assert violations(page) == []
    links.first.click()
    second = client.get(f"{CONCOURS}/{concours['id']}").get_json()["rounds"][0]["tables"][1]["game"]
    page.wait_for_url(f"**/parties/{second}")
