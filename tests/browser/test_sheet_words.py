"""Issue 13, items 6 to 8, in headless Chromium at 390×844, as a table would play them: a new game
whose first dealer's buttons name the players as they are typed, an unannounced capot that says
so, the game's rules in one line, a win that reads right with a plural team name, a one-tap
"Revanche" (a double tap makes one game), and the next new game taking the last teams again.

Scores worked from docs/scoring.md: 80 ♠ with every trick (not announced) is 250 + 80 = 330 for the
takers; a capot announced and made is 500 (ex 16). Target 1000: 330 + 500 + 500 = 1330, won.
"""

from __future__ import annotations

import json
import urllib.request

from scorekeeper.store.db import connect
from tests.browser.helpers import new_phone, open_sheet_ready_for_offline, wait_for_an_empty_outbox

NAMES = ["Ana", "Bruno", "Chloé", "David"]
CAPOT_A = {"taker": "A", "taker_player": 2, "contract": "capot", "mode": "hearts", "all_tricks": True}


def dealer_labels(page) -> list[str]:
    return [text.strip() for text in page.locator("#f-dealer .options span").all_inner_texts()]


def game_count(app) -> int:
    database = connect(app.config["DATABASE"])
    try:
        return database.conn.execute("select count(*) from games").fetchone()[0]
    finally:
        database.close()


def post_hand(base_url: str, game_id: str, body: dict) -> None:
    request = urllib.request.Request(
        f"{base_url}/api/v1/games/{game_id}/hands",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request) as response:
        assert response.status == 201


def test_a_game_played_then_a_rematch_then_the_same_teams_again(page, base_url, app, screenshot):
    # A new game: the first dealer's buttons follow the names as they are typed.
    page.goto(base_url + "/parties/nouvelle")
    assert page.locator("#resume").count() == 0  # no last game to take again
    assert dealer_labels(page) == ["Joueur 1", "Joueur 2", "Joueur 3", "Joueur 4"]
    page.fill("#team_a", "Filles")
    page.fill("#team_b", "Garçons")
    for index, name in enumerate(NAMES[:3]):
        page.fill(f"#player_{index}", name)
    page.locator("#f-dealer span", has_text="Chloé").wait_for()
    assert dealer_labels(page) == ["Ana", "Bruno", "Chloé", "Joueur 4"]
    page.fill("#player_3", "David")
    page.fill("#player_1", "")  # a name erased: its seat's number again
    assert dealer_labels(page) == ["Ana", "Joueur 2", "Chloé", "David"]
    page.fill("#player_1", "Bruno")
    page.locator("#f-dealer label", has_text="Chloé").click()
    page.locator("#f-target label", has_text="1000").click()
    page.locator("#house summary").click()  # "Règles de la maison", folded: the rounding is there
    page.locator("#f-rounding label").nth(1).click()  # complement
    page.locator("label.check", has_text="Misère").click()
    screenshot(page, "new-game-named-dealers")
    page.click("text=Commencer la partie")
    page.wait_for_url("**/parties/*")
    game_id = page.url.rsplit("/", 1)[-1]

    sheet = page.inner_text("#sheet")
    assert "Prochaine donne : Chloé distribue" in sheet
    assert "Partie en 1000 · preneurs arrondis, défense en complément à 160 · Salon\u00a0: misère" in sheet

    # Ana takes 80 ♠ and makes every trick, without announcing the capot.
    page.click("#new-deal")
    page.locator("#f-taker_player label", has_text="Ana").first.click()
    page.locator("#f-contract label", has_text="80").first.click()
    page.locator("#f-mode label", has_text="♠").first.click()
    page.check("#all_tricks")
    page.locator("#preview", has_text="330").wait_for()
    page.click("#save")
    page.wait_for_selector("#sheet")
    page.locator('[data-total="A"]', has_text="330").wait_for()
    assert "80 ♠\nAna fait, capot" in page.inner_text("#donne-1") or "Ana fait, capot" in page.inner_text("#donne-1")
    assert "Prochaine donne : David distribue" in page.inner_text("#sheet")
    screenshot(page, "sheet-unannounced-capot")

    # Two announced capots (another phone), once this phone's deal has reached the server: Filles
    # reach 1330 and win.
    wait_for_an_empty_outbox(page)
    post_hand(base_url, game_id, CAPOT_A)
    post_hand(base_url, game_id, CAPOT_A)
    page.reload()
    banner = page.inner_text(".banner")
    assert banner == "Partie gagnée par Filles, 1330 à 0 (+1330)."
    assert page.locator("#new-deal").is_hidden()  # won: no new deal (static/sheet_view.js hides its bar)
    assert page.locator("#rematch").is_visible()
    assert "David distribue la première donne." in page.inner_text(".rematch")
    screenshot(page, "sheet-won-rematch")

    # "Revanche", tapped twice in a hurry: one new game, the same table, David deals first.
    before = game_count(app)
    page.locator("#rematch").dblclick()
    page.wait_for_url(lambda url: not url.endswith(game_id))
    page.wait_for_selector("#sheet")
    rematch_id = page.url.rsplit("/", 1)[-1]
    assert rematch_id != game_id
    assert game_count(app) == before + 1
    sheet = page.inner_text("#sheet")
    assert "Prochaine donne : David distribue" in sheet
    assert "Partie en 1000 · preneurs arrondis, défense en complément à 160 · Salon\u00a0: misère" in sheet
    assert [page.inner_text(".team-name >> nth=0"), page.inner_text(".team-name >> nth=1")] == ["Filles", "Garçons"]
    screenshot(page, "sheet-rematch")

    # Back on the old sheet, "Revanche" opens the same rematch again, creating nothing.
    page.goto(f"{base_url}/parties/{game_id}")
    page.click("#rematch")
    page.wait_for_url(f"**/parties/{rematch_id}")
    assert game_count(app) == before + 1

    # The next new game: one tap takes the last game's teams and players again.
    page.goto(base_url + "/parties/nouvelle")
    resume = page.locator("#resume")
    assert "Filles (Ana & Chloé) – Garçons (Bruno & David)" in resume.inner_text()
    screenshot(page, "new-game-resume-offer")
    resume.click()
    page.wait_for_url("**/parties/nouvelle/reprendre")
    assert page.input_value("#team_a") == "Filles" and page.input_value("#player_3") == "David"
    assert dealer_labels(page) == NAMES
    assert page.is_checked("#dealer-0")  # after David, the last game's (the rematch's) first dealer
    screenshot(page, "new-game-resumed")
    page.click("text=Commencer la partie")
    page.wait_for_url("**/parties/*")
    assert page.url.rsplit("/", 1)[-1] not in (game_id, rematch_id, "reprendre")
    assert "Partie en 1000" in page.inner_text("#sheet")


# The sheet as it will be once the saves waiting on the phone land (drawn by static/sheet_view.js): the same
# words. Target 1000: Filles' capot (500), then Ana's 100 ♥ with 112 (110 + 100 = 210; Garçons 50),
# then, server unreachable, Ana's 80 ♠ with every trick (330): 1040 to 50, won once it is sent.


def test_the_waiting_sheet_says_capot_and_who_wins_in_the_same_words(browser, server, client, screenshot):  # noqa: F811
    body = {"teams": {"A": "Filles", "B": "Garçons"}, "players": NAMES, "target": 1000}
    game_id = client.post("/api/v1/games", json=body).get_json()["id"]
    for hand in (CAPOT_A, {"taker": "A", "taker_player": 0, "contract": 100, "mode": "hearts", "taker_points": 112}):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=hand).status_code == 201
    game_url = f"{server.url}/parties/{game_id}"
    context, page = new_phone(browser)
    try:
        open_sheet_ready_for_offline(page, game_url)
        server.stop()
        page.click("#new-deal")
        page.wait_for_selector("#deal-form")
        page.locator("#f-taker_player label", has_text="Ana").click()
        page.locator("#f-contract label", has_text="80").first.click()
        page.locator("#f-mode label", has_text="♠").first.click()
        page.check("#all_tricks")
        page.locator("#preview", has_text="330").wait_for()
        page.click("#save")
        page.locator("#deal-panel").wait_for(state="detached")  # saved in place: the panel closes
        assert page.url == game_url
        waiting = page.locator("#donnes li.waiting")
        waiting.wait_for()
        assert "Ana fait, capot" in waiting.inner_text()
        assert page.inner_text("#sheet .banner") == (
            "Partie gagnée par Filles, 1040 à 50 (+990), une fois les saisies envoyées."
        )
        screenshot(page, "sheet-waiting-won-capot")
        server.start()
        page.evaluate("async () => (await import('/static/outbox.js')).flush()")
        wait_for_an_empty_outbox(page)
        page.locator("#donnes li.waiting").wait_for(state="detached")
        page.locator(".banner", has_text="Partie gagnée par Filles, 1040 à 50 (+990).").wait_for()
    finally:
        context.close()
