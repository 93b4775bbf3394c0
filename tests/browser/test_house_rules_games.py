"""A game per preset of house rules (issue 15), played through the pages in Chromium at 390×844 as
the table would: created from the new-game form by tapping the preset, five hands entered in the
sheet's deal panel, the sheet's totals and rules line checked. One more game of "Règles personnalisées"
(the concours with its all-or-nothing coinche turned off), and the rematch of a won game.

The same five hands in every game (Ana and Chloé are A, Bruno and David B; rounding to the nearest
ten):
1. Ana takes 80 ♥ and makes 92 points.
2. Bruno takes 100 ♠, coinché, makes 110 points; B holds the belote (130 ≥ 100 and > 52: made).
3. Chloé announces a capot ♣, coinché, and takes every trick; A declared a tierce.
4. David takes 90 ♦, coinché, makes 70 points; B declared a tierce (70 + 20 = 90 ≥ 90, but not more
   than A's 92: failed).
5. Ana takes 120 ♦ and takes every trick: a capot not announced.

Worked on paper from docs/house-rules.md's general form (W the team that wins the hand, m the coinche):
- Belote bridgée (Salon), docs/scoring.md: 1. 90 + 80 = 170 / 70. 2. B 110 + 100×2 + 20 = 330, A 50.
  3. A 250 + 250×2 + 20 = 770. 4. A 160 + 90×2 + 20 (B's tierce goes to the winner) = 360.
  5. A 250 + 120 = 370. Totals 170/70, 220/400, 990/400, 1350/400, 1720/400.
- Coinche — concours (whole, all or nothing, announced capot 500, unannounced without bonus):
  1. m = 1: 170 / 70. 2. all or nothing: B (160 + 100)×2 + 20 = 540, A 0. 3. (0 + 500 + 20)×2 =
  1040. 4. a failure is not all or nothing: (160 + 90 + 20)×2 = 540. 5. 160 + 120 = 280.
  Totals 170/70, 170/610, 1210/610, 1750/610, 2030/610: A wins.
- Coinche multipliée (whole): 1. 170 / 70. 2. B (110 + 100)×2 + 20 = 440, A 50. 3. (250 + 250 +
  20)×2 = 1040. 4. (160 + 90 + 20)×2 = 540. 5. 250 + 120 = 370.
  Totals 170/70, 220/510, 1260/510, 1800/510, 2170/510: A wins.
- Contrée — points annoncés (the contract alone, times the coinche, to the winner): 1. A 80.
  2. B 100×2 = 200. 3. A 250×2 = 500. 4. A 90×2 = 180. 5. A 120 (all the tricks bring nothing).
  Totals 80/0, 80/200, 580/200, 760/200, 880/200.
- Règles personnalisées, the concours without "tout ou rien": 1. 170 / 70. 2. B (110 + 100)×2 + 20
  = 440, A 50. 3. (0 + 500 + 20)×2 = 1040. 4. (160 + 90 + 20)×2 = 540. 5. 160 + 120 = 280.
  Totals 170/70, 220/510, 1260/510, 1800/510, 2080/510: A wins.
"""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, SCREENSHOTS
from tests.browser.helpers import wait_for_an_empty_outbox

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
NEAREST = "arrondi à la dizaine la plus proche"

# (who takes, contract, trump, coinched, points of the takers, every trick, melds {team: [meld]}, belote team)
HANDS = [
    ("Ana", "80", "♥", False, 92, False, {}, None),
    ("Bruno", "100", "♠", True, 110, False, {}, "B"),
    ("Chloé", "Capot", "♣", True, None, True, {"A": ["Tierce"]}, None),
    ("David", "90", "♦", True, 70, False, {"B": ["Tierce"]}, None),
    ("Ana", "120", "♦", False, None, True, {}, None),
]

# preset's label, the options changed after it (a field's id, the answer's words), the rules line,
# the totals after each hand.
GAMES = {
    "salon": (
        "Belote bridgée (Salon)",
        {},
        f"Partie en 2000 · {NEAREST}",
        [(170, 70), (220, 400), (990, 400), (1350, 400), (1720, 400)],
    ),
    "concours": (
        "Coinche — concours",
        {},
        f"Partie en 2000 · Coinche — concours · {NEAREST}",
        [(170, 70), (170, 610), (1210, 610), (1750, 610), (2030, 610)],
    ),
    "multipliee": (
        "Coinche multipliée",
        {},
        f"Partie en 2000 · Coinche multipliée · {NEAREST}",
        [(170, 70), (220, 510), (1260, 510), (1800, 510), (2170, 510)],
    ),
    "annonces": (
        "Contrée — points annoncés",
        {},
        "Partie en 2000 · Contrée — points annoncés",
        [(80, 0), (80, 200), (580, 200), (760, 200), (880, 200)],
    ),
    "custom": (
        "Coinche — concours",
        {"coinche_all_or_nothing": "Non"},
        "Partie en 2000 · la coinche multiplie tout le score du gagnant, capot annoncé à 500, "
        f"capot non annoncé sans prime · {NEAREST}",
        [(170, 70), (220, 510), (1260, 510), (1800, 510), (2080, 510)],
    ),
}


def api(base_url: str, path: str) -> dict:
    with urllib.request.urlopen(base_url + path) as response:
        return json.loads(response.read())


def screen(page, name: str) -> None:
    """What the player sees, the screen only."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def tap(page, fieldset: str, words: str) -> None:
    """Tap the choice of `fieldset` whose words begin with `words` (a whole word: "80" is not "180")."""
    page.locator(f"#f-{fieldset} label").filter(has_text=re.compile(rf"^\s*{re.escape(words)}(?!\w)")).click()


def checked(page, name: str) -> str:
    return page.locator(f"input[name={name}]:checked").get_attribute("value")


def totals(page) -> tuple[int, int]:
    return int(page.inner_text('[data-total="A"]')), int(page.inner_text('[data-total="B"]'))


def create_game(page, base_url: str, preset: str, changes: dict[str, str], screenshot) -> str:
    page.goto(base_url + "/parties/nouvelle")
    for index, name in enumerate(PLAYERS):
        page.fill(f"#player_{index}", name)
    assert checked(page, "preset") == "salon"
    expect(page.locator("details.house")).not_to_have_attribute("open", "")
    tap(page, "preset", preset)
    if changes:
        page.click("details.house summary")
        for field, words in changes.items():
            tap(page, field, words)
        expect(page.locator("#preset-4")).to_be_checked()  # « Règles personnalisées »
        page.locator("#f-preset").scroll_into_view_if_needed()
        screen(page, "house-rules-new-game-custom")
        screenshot(page, "house-rules-new-game-custom-full")
    page.click("text=Commencer la partie")
    page.wait_for_url(re.compile(r".*/parties/[a-z0-9]+$"))
    return page.url.rsplit("/", 1)[-1]


def enter_hand(page, hand) -> None:
    """In the sheet's panel (static/deal_panel.js); saved, the panel closes and the sheet is drawn."""
    taker, contract, mode, coinched, points, all_tricks, melds, belote = hand
    page.click("#new-deal")
    page.locator("#deal-panel #deal-form").wait_for()
    tap(page, "taker_player", taker)
    tap(page, "contract", contract)
    tap(page, "mode", mode)
    if coinched:
        tap(page, "coinche", "Coinche ×2")
    if points is not None:
        page.fill("#points", str(points))
    if all_tricks:
        page.locator("label.check", has_text="Tous les plis").click()
    if melds or belote:
        page.click("text=Annonces et belote")
        for team, names in melds.items():
            for name in names:
                page.locator(f"#f-melds-{team} .adder", has_text=name).click()
        if belote:
            page.locator(f"#f-melds-{belote} .adder", has_text="Belote").click()
    page.click("#save")
    page.locator("#deal-panel").wait_for(state="detached")


@pytest.mark.parametrize("key", list(GAMES))
def test_a_game_of_each_preset_through_the_pages(page, base_url, screenshot, key):
    preset, changes, line, expected = GAMES[key]
    game_id = create_game(page, base_url, preset, changes, screenshot)
    assert page.inner_text("p.target") == line
    for number, (hand, (a, b)) in enumerate(zip(HANDS, expected, strict=True), start=1):
        enter_hand(page, hand)
        assert page.url == f"{base_url}/parties/{game_id}"  # the one page of the game
        page.locator('[data-total="A"]', has_text=re.compile(rf"^\s*{a}\s*$")).wait_for()
        assert totals(page) == (a, b), (key, number)
    wait_for_an_empty_outbox(page)  # the phone's totals drawn at once; the server's once sent
    assert api(base_url, f"/api/v1/games/{game_id}")["totals"] == {"A": expected[-1][0], "B": expected[-1][1]}
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.click('details[data-deal="3"] summary')  # the coinched capot's breakdown
    screenshot(page, f"house-rules-sheet-{key}")
    screen(page, f"house-rules-sheet-{key}-top")


def test_the_form_ticks_a_presets_options_and_names_custom_rules(page, base_url, screenshot):
    page.goto(base_url + "/parties/nouvelle")
    page.click("details.house summary")
    tap(page, "preset", "Coinche — concours")
    assert [
        checked(page, name)
        for name in (
            "coinche_scope",
            "coinche_all_or_nothing",
            "announced_capot",
            "unannounced_capot",
            "belote_to",
            "scoring",
        )
    ] == ["whole", "true", "flat", "none", "holder", "points_faits"]
    assert checked(page, "rounding") == "nearest"  # a preset leaves the rounding
    page.locator("#f-preset").scroll_into_view_if_needed()
    screen(page, "house-rules-new-game-concours")
    screenshot(page, "house-rules-new-game-open")
    tap(page, "belote_to", "à l'équipe qui gagne le coup")
    assert checked(page, "preset") == "custom"
    tap(page, "belote_to", "toujours à l'équipe qui l'a")  # back to the concours' answers
    assert checked(page, "preset") == "concours"
    tap(page, "preset", "Belote bridgée (Salon)")
    assert checked(page, "coinche_scope") == "contract" and checked(page, "announced_capot") == "bonus"
    tap(page, "coinche_scope", "tout le score du gagnant")  # the multipliée's one option
    assert checked(page, "preset") == "multipliee"
    tap(page, "preset", "Règles personnalisées")  # the options stay as they are
    assert checked(page, "coinche_scope") == "whole"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_form_folded_at_first(page, base_url, screenshot):
    page.goto(base_url + "/parties/nouvelle")
    expect(page.locator("details.house")).not_to_have_attribute("open", "")
    page.locator("#f-preset").scroll_into_view_if_needed()
    screen(page, "house-rules-new-game")
    screenshot(page, "house-rules-new-game-full")
    tap(page, "preset", "Règles personnalisées")  # opens the options to choose
    expect(page.locator("details.house")).to_have_attribute("open", "")


@pytest.fixture
def no_js(browser):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, java_script_enabled=False
    )
    yield context.new_page()
    context.close()


def test_without_javascript_a_preset_or_an_option_changed_is_what_the_game_plays(no_js, base_url):
    page = no_js
    page.goto(base_url + "/parties/nouvelle")
    tap(page, "preset", "Coinche — concours")  # the options below stay as shown: the server applies it
    assert checked(page, "coinche_scope") == "contract"
    page.click("text=Commencer la partie")
    page.wait_for_url(re.compile(r".*/parties/[a-z0-9]+$"))
    assert page.inner_text("p.target") == f"Partie en 2000 · Coinche — concours · {NEAREST}"
    game_id = page.url.rsplit("/", 1)[-1]
    assert api(base_url, f"/api/v1/games/{game_id}")["rules"]["announced_capot"] == "flat"

    page.goto(base_url + "/parties/nouvelle")
    page.click("details.house summary")
    tap(page, "belote_to", "à l'équipe qui gagne le coup")  # the Salon still ticked: changed by hand
    page.click("text=Commencer la partie")
    page.wait_for_url(re.compile(r".*/parties/[a-z0-9]+$"))
    assert page.inner_text("p.target") == f"Partie en 2000 · belote au gagnant du coup · {NEAREST}"


def test_the_rematch_of_a_won_game_keeps_its_preset(page, base_url):
    game_id = create_game(page, base_url, "Coinche multipliée", {}, None)
    for hand in HANDS:
        enter_hand(page, hand)
    page.locator("#rematch").wait_for()
    assert totals(page) == (2170, 510)
    wait_for_an_empty_outbox(page)  # the rematch opens once the won game's deals are sent
    page.click("#rematch")
    page.wait_for_url(re.compile(r".*/parties/(?!" + game_id + r")[a-z0-9]+$"))
    assert page.inner_text("p.target") == f"Partie en 2000 · Coinche multipliée · {NEAREST}"
    assert totals(page) == (0, 0)
