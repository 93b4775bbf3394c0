"""The service worker keeps blank pages only (issue 23: "Phantom melds", "A stale deal number",
"Disputes offline"), in Chromium at 390×844 on localhost, a secure context, so with the worker.

- A deal form reached with a query string (back from the card counter, or any link) is never
  the offline copy: offline, "a new deal" is the blank form.
- The kept deal form takes its number, dealer and names from the latest sheet the phone saw.
- The counter and the meld checker open offline on a phone that never opened them: in place in the
  deal form (static/disputes.js, no request), and their own pages (the no-JS path) from the cache.

The game: Ana, Bruno, Chloé, David; Ana deals first (docs/api.md: `dealer` 0), so Chloé deals
deal 3 and David deal 4. Deals 1 and 2 are recorded through the API before the phone opens it.
"""

from __future__ import annotations

from tests.browser.conftest import SCREENSHOTS
from tests.browser.helpers import new_phone, open_sheet_ready_for_offline

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
DEALS = [
    {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92},
    {"taker": "B", "taker_player": 1, "contract": 90, "mode": "spades", "taker_points": 100},
]
DEAL_3 = {"taker": "A", "taker_player": 2, "contract": 80, "mode": "clubs", "taker_points": 100}
PILE = ("JH", "9H", "AS", "10S", "AD", "10D", "KC", "JC")  # ♥ trump: 82, with the last trick 92
# What the counter's "Reporter dans la donne" gives, as any link can: Ana's 80 ♥, 150 points
# and a carré de valets for Nous.
FILLED = "?contract=80&mode=hearts&taker_player=0&points=150&team=takers&melds_A_carre_J=1"


def new_game(client) -> str:
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    for deal in DEALS:
        assert client.post(f"/api/v1/games/{game_id}/hands", json=deal).status_code == 201
    return game_id


def wait_for_the_script(page):
    """deal_form.js has run: the melds' "+" buttons are drawn, the heading freshened."""
    page.locator("#f-melds-A button.adder").first.wait_for(state="attached")


def assert_blank(page):
    assert page.locator("#points").input_value() == ""
    assert (
        page.locator("#melds_A_carre_J").input_value() == ""
    )  # blank: no count typed (a count field is empty until typed)
    assert page.locator(".chip").count() == 0
    chosen = page.evaluate(
        "() => Array.from(document.querySelectorAll('#deal-form input[type=radio]:checked'),"
        " i => i.name + '=' + i.value)"
    )
    # the form's defaults: no taker, contract, trump; nobody named for a coinche (docs/bidding.md)
    assert chosen == ["coinche=none", "coinched_by=inconnu", "surcoinched_by=inconnu", "points_team=takers"]


def counter_page_address(page) -> str:
    """Where "Compter les plis" takes the deal form without JavaScript (a GET of the form to the
    counter page, the form's fields as the query): with it the tools open in place instead."""
    return page.evaluate(
        "() => { const form = document.getElementById('deal-form');"
        " const to = new URL(document.getElementById('count-link').formAction);"
        " to.search = new URLSearchParams(new FormData(form)).toString(); return to.href; }"
    )


def kept_hands(page, game_id) -> int:
    return page.evaluate(
        "game => (JSON.parse(localStorage.getItem('belote.sheets') || '{}')[game] || {sheet: {hands: []}})"
        ".sheet.hands.length",
        game_id,
    )


def test_after_the_counter_round_trip_a_new_deal_offline_is_blank_and_has_the_right_number(
    browser, server, client, screenshot
):
    game_id = new_game(client)
    sheet_url = f"{server.url}/parties/{game_id}"
    form_url = sheet_url + "/donnes/nouvelle"
    context, page = new_phone(browser)
    try:
        open_sheet_ready_for_offline(page, sheet_url)
        page.goto(form_url)
        wait_for_the_script(page)
        page.locator("#f-taker_player label", has_text="Ana").click()
        page.locator("#f-contract label", has_text="80").first.click()
        page.locator("#f-mode label").nth(1).click()  # ♥
        page.click("text=Annonces et belote")
        page.locator("#f-melds-A button.adder", has_text="Carré V").click()
        page.goto(counter_page_address(page))  # the round trip through the counter's page, as without JS
        page.wait_for_url("**/outils/compter?**")
        for code in PILE:
            page.locator(f"#deck-cards input[value='{code}']").locator("xpath=..").click()
        page.get_by_text("Ce tas a fait le dernier pli").click()
        page.get_by_role("button", name="Compter").click()
        page.get_by_role("link", name="Reporter dans la donne").click()
        page.wait_for_url("**/donnes/nouvelle?**")
        wait_for_the_script(page)
        assert page.locator("#points").input_value() == "92"  # the abandoned entry, as the phone saw it
        assert page.locator("#melds_A_carre_J").input_value() == "1"

        # The entry is abandoned; another phone records deal 3; this phone goes back to the sheet.
        assert client.post(f"/api/v1/games/{game_id}/hands", json=DEAL_3).status_code == 201
        page.goto(sheet_url)
        page.wait_for_function(f"() => document.querySelectorAll('#donnes > li').length === {len(DEALS) + 1}")
        page.wait_for_function(
            "game => JSON.parse(localStorage.getItem('belote.sheets'))[game].sheet.hands.length === 3", arg=game_id
        )

        context.set_offline(True)
        page.goto(form_url)
        wait_for_the_script(page)
        assert page.locator("h1").inner_text() == "Donne 4"
        assert page.locator("#form-dealer").inner_text() == "David distribue"
        assert page.locator("input[name=number]").input_value() == "4"
        assert_blank(page)
        screenshot(page, "offline-deal-form-freshened")
        page.screenshot(path=str(SCREENSHOTS / "offline-deal-form-freshened-screen.png"))  # the screen only

        page.goto(form_url + FILLED)  # offline, a query too gets the blank form
        wait_for_the_script(page)
        assert page.locator("h1").inner_text() == "Donne 4"
        assert_blank(page)
    finally:
        context.close()


def test_a_link_with_a_query_string_plants_nothing(browser, server, client):
    game_id = new_game(client)
    sheet_url = f"{server.url}/parties/{game_id}"
    form_url = sheet_url + "/donnes/nouvelle"
    context, page = new_phone(browser)
    try:
        open_sheet_ready_for_offline(page, sheet_url)  # the blank deal form is kept
        page.goto(form_url + FILLED)
        wait_for_the_script(page)
        assert page.locator("#points").input_value() == "150"  # online: the link's fields, shown
        assert page.locator("#melds_A_carre_J").input_value() == "1"
        page.goto(f"{form_url}?points=150&melds_A_carre_J=1")  # the link
        assert page.locator("#points").input_value() == "150"

        context.set_offline(True)
        page.goto(form_url)
        wait_for_the_script(page)
        assert page.locator("h1").inner_text() == "Donne 3"
        assert page.locator("#form-dealer").inner_text() == "Chloé distribue"
        assert_blank(page)
    finally:
        context.close()


def test_the_counter_and_the_meld_checker_open_offline_on_a_phone_that_never_opened_them(browser, server, client):
    game_id = new_game(client)
    sheet_url = f"{server.url}/parties/{game_id}"
    context, page = new_phone(browser)
    try:
        open_sheet_ready_for_offline(page, sheet_url)  # the worker active: the tools were kept at install

        context.set_offline(True)
        page.goto(sheet_url + "/donnes/nouvelle")
        wait_for_the_script(page)
        page.wait_for_selector("#count-link[aria-expanded]", state="attached")  # disputes.js has attached
        page.click("#count-link")  # in place, computed on the phone
        counter = page.locator("dialog#counter-panel")
        counter.wait_for()
        assert counter.locator("h2").inner_text() == "Compter les plis"
        assert counter.locator("button.dispute-card").count() == 32
        page.keyboard.press("Escape")
        counter.wait_for(state="detached")
        page.click("text=Annonces et belote")
        page.click("#check-melds")
        checker = page.locator("dialog#melds-panel")
        checker.wait_for()
        assert checker.locator("h2").inner_text() == "Vérifier les annonces"
        assert checker.locator("button.dispute-card").count() == 64  # a deck for each hand
        page.keyboard.press("Escape")
        checker.wait_for(state="detached")
        page.goto(counter_page_address(page))  # the form's fields as a query: the blank counter answers
        assert page.locator("h1").inner_text() == "Compter les plis"
        assert page.locator("#deck-cards label.pc").count() == 32
        page.goto(f"{server.url}/outils/annonces")
        assert page.locator("h1").inner_text() == "Vérifier les annonces"
        assert page.locator("label.pc").count() == 64  # a deck for each hand
        page.goto(f"{server.url}/")
        assert page.locator("h1").inner_text().startswith("Marqueur")
    finally:
        context.close()


def test_a_stale_sheet_on_the_phone_leaves_a_newer_page_as_the_server_wrote_it(browser, server, client):
    """Online, the deal form the server just wrote is later than the sheet the phone kept (another
    phone's deal since): it keeps the server's number, as no freshen from the older sheet may."""
    game_id = new_game(client)
    sheet_url = f"{server.url}/parties/{game_id}"
    context, page = new_phone(browser)
    try:
        open_sheet_ready_for_offline(page, sheet_url)
        page.route("**/api/v1/games/*", lambda route: route.abort())  # the form's own fetch of the sheet
        assert client.post(f"/api/v1/games/{game_id}/hands", json=DEAL_3).status_code == 201
        page.goto(sheet_url + "/donnes/nouvelle")
        wait_for_the_script(page)
        assert kept_hands(page, game_id) == 2  # the phone's sheet is older than the page
        assert page.locator("h1").inner_text() == "Donne 4"
        assert page.locator("#form-dealer").inner_text() == "David distribue"
        assert page.locator("input[name=number]").input_value() == "4"
    finally:
        context.close()


def test_freshen_writes_the_sheets_number_dealer_and_names_as_text(browser, server, client):
    game_id = new_game(client)
    context, page = new_phone(browser)
    try:
        page.goto(f"{server.url}/parties/{game_id}/donnes/nouvelle")
        wait_for_the_script(page)
        # Six deals played, Bruno (seat 1) deals the seventh; with a save waiting the new deal is
        # the eighth, dealt by seat 2, "Chloé 2". Names with markup in them, which must stay text.
        page.evaluate(
            """async () => {
              const { freshen } = await import("/static/deal_heading.js");
              const sheet = { dealer: 1, hands: [1, 2, 3, 4, 5, 6], revision: 99,
                players: ["<b>Zoé</b>", "Bruno 2", "Chloé 2", "David 2"],
                teams: { A: "Les <i>Bleus</i>", B: "Eux & co" } };
              freshen(document.getElementById("deal-form"), sheet, 8);
            }"""
        )
        assert page.locator("h1").inner_text() == "Donne 8"
        assert page.locator("#form-dealer").inner_text() == "Chloé 2 distribue"
        assert page.locator("input[name=number]").input_value() == "8"
        takers = [" ".join(text.split()) for text in page.locator("#f-taker_player label").all_inner_texts()]
        assert takers == [
            "<b>Zoé</b> Les <i>Bleus</i>",
            "Bruno 2 Eux & co",
            "Chloé 2 Les <i>Bleus</i>",
            "David 2 Eux & co",
        ]
        assert page.locator("#f-melds-A > legend").text_content() == "Les <i>Bleus</i>"
        assert page.locator("#f-melds-B > legend").text_content() == "Eux & co"
        assert page.locator("#f-best_meld label").nth(0).text_content() == "Les <i>Bleus</i>"
        assert page.locator("input[name=team_a]").input_value() == "Les <i>Bleus</i>"
        assert page.locator("#deal-form b, #deal-form i, h1 b, #form-dealer b").count() == 0
    finally:
        context.close()
