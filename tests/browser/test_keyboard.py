"""The app with a keyboard only (issue #16), in Chromium at 390×844:

- a whole deal entered and saved with Tab, Space, Enter and the arrows: after each key the focused
  control is on the screen and under no bar stuck to it (the save bar, the sheet's "+ Nouvelle
  donne", the refusal's summary), and its ring reaches 3:1 against what is behind it, in the light
  and the dark scheme;
- the focus kept where the person was: on the deal panel's heading when "+ Nouvelle donne" opens it
  in place (then "Fermer", then the form's fields), after a meld chip is removed, after "+ Belote"
  disables itself, when the sheet refreshes with another phone's deal, after saving and after closing
  the panel (on "+ Nouvelle donne"); the confirmation read out from a role=status;
- Enter in the points field saves, once, with the page's script and without it.

The deal, worked from docs/scoring.md: Ana (A) takes 100 ♥ with 110 points and the belote: 110 + 20 ≥
100 and more than 52: A 110 + 100 + 20 = 230, B 52 → 50.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE
from tests.browser.helpers import background, contrast

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
EARLIER = [
    {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92},
    {
        "taker": "B",
        "taker_player": 1,
        "contract": 90,
        "mode": "spades",
        "taker_points": 100,
        "melds": {"A": [], "B": ["tierce"]},
    },
    {"taker": "A", "taker_player": 2, "contract": 110, "mode": "clubs", "taker_points": 81},
    {"taker": "B", "taker_player": 3, "contract": 80, "mode": "diamonds", "taker_points": 85},
]

# Where the focus is and whether it is seen: its box (a radio's or a checkbox's drawn label when the
# box itself is unseen), the bars stuck to the screen that cover it, the ring and what lies behind it.
FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const label = e.matches('.tap input, .pc input, .tool-option input') ? e.closest('label') : null;
  const seen = label ? label.querySelector('span') : e;
  const box = seen.getBoundingClientRect();
  const bars = Array.from(document.querySelectorAll('body *')).filter(bar => {
    const position = getComputedStyle(bar).position;
    return (position === 'sticky' || position === 'fixed') && !bar.contains(e) && bar.getClientRects().length;
  });
  const covering = bars.filter(bar => {
    const r = bar.getBoundingClientRect();
    return r.top < box.bottom - 1 && r.bottom > box.top + 1 && r.left < box.right && r.right > box.left;
  });
  const rgba = value => {
    const m = value.match(/rgba?\\(([^)]+)\\)/);
    const parts = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const layers = [];
  for (let p = seen.parentElement; p; p = p.parentElement) {
    const colour = rgba(getComputedStyle(p).backgroundColor);
    if (colour[3] > 0) layers.push(colour);
    if (colour[3] >= 1) break;
  }
  const style = getComputedStyle(seen);
  return {
    what: e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' "' +
      ((label || e).textContent || e.value || '').trim().replace(/\\s+/g, ' ').slice(0, 30) + '"',
    top: box.top, bottom: box.bottom, height: innerHeight,
    covered: covering.map(bar => bar.tagName.toLowerCase() + '.' + bar.className),
    ring: [style.outlineStyle, parseFloat(style.outlineWidth), rgba(style.outlineColor)],
    behind: layers,
  };
}"""


def focused(page) -> dict | None:
    return page.evaluate(FOCUSED)


def problems_with(where: dict | None, canvas) -> list:
    """What is wrong with the focus as `focused` saw it: lost, off the screen, under a bar, its ring
    missing or under 3:1."""
    if where is None:
        return ["the focus is on the page's body"]
    wrong = []
    if where["top"] < -1 or where["bottom"] > where["height"] + 1:
        wrong.append(f"{where['what']} is off the screen ({where['top']:.0f}–{where['bottom']:.0f})")
    if where["covered"]:
        wrong.append(f"{where['what']} is under {where['covered']}")
    style, width, colour = where["ring"]
    ratio = contrast(colour, background(where["behind"], canvas))
    if style == "none" or width < 2 or ratio < 3:
        wrong.append(f"{where['what']}: ring {style} {width} px, {ratio:.2f}:1")
    return wrong


def new_game(client, deals=EARLIER) -> str:
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    for deal in deals:
        assert client.post(f"/api/v1/games/{game_id}/hands", json=deal).status_code == 201
    return game_id


class Keyboard:
    """Keys pressed on `page`, the focus checked after each (the light scheme's canvas unless told)."""

    def __init__(self, page, canvas=(255, 255, 255, 1)):
        self.page, self.canvas, self.wrong = page, list(canvas), []

    def press(self, key: str, times: int = 1):
        for _ in range(times):
            self.page.keyboard.press(key)
            self.check(key)

    def check(self, why: str):
        self.wrong.extend(f"after {why}: {problem}" for problem in problems_with(focused(self.page), self.canvas))

    def tab_to(self, test: str, backwards: bool = False, most: int = 120):
        """Tab (or Shift+Tab) until `test`, a JavaScript expression on `e` (the focused element), holds."""
        for _ in range(most):
            self.press("Shift+Tab" if backwards else "Tab")
            if self.page.evaluate(f"() => {{ const e = document.activeElement; return !!({test}); }}"):
                return
        raise AssertionError(f"never reached {test}")

    def is_on(self, test: str) -> bool:
        return self.page.evaluate(f"() => {{ const e = document.activeElement; return !!({test}); }}")


def hands(client, game_id) -> list:
    return client.get(f"/api/v1/games/{game_id}").get_json()["hands"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_whole_deal_with_the_keyboard_only(browser, base_url, client, screenshot, scheme):
    game_id = new_game(client)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme=scheme
    )
    page = context.new_page()
    keys = Keyboard(page, (255, 255, 255, 1) if scheme == "light" else (0, 0, 0, 1))
    try:
        page.goto(f"{base_url}/parties/{game_id}")
        keys.tab_to("e.matches('summary')")  # the first deal's row: its breakdown opens and closes
        keys.press("Enter")
        keys.tab_to("e.textContent === 'Modifier'")
        keys.tab_to("e.id === 'new-deal'")  # past every row, "+ Nouvelle donne" stuck at the bottom
        moves = []
        page.on("framenavigated", lambda frame: frame == page.main_frame and moves.append(frame.url))
        keys.press("Enter")  # the deal panel opens in place, the focus on its heading
        page.locator("#deal-panel #f-melds-A button.adder").first.wait_for(state="attached")  # deal_form.js has run
        assert keys.is_on("e.id === 'panel-title' && e.textContent === 'Donne 5'"), focused(page)
        keys.press("Tab")  # then "Fermer", then the form's fields in order
        assert keys.is_on("e.id === 'close-panel'"), focused(page)

        keys.tab_to("e.name === 'taker_player'")
        keys.press("Space")  # Ana, the first
        keys.tab_to("e.name === 'contract'")
        keys.press("ArrowRight", 2)  # 80, 90, 100
        keys.tab_to("e.name === 'mode'")
        keys.press("ArrowRight")  # ♠, ♥
        if scheme == "light":
            screenshot(page, "keyboard-focus-ring")
        assert keys.is_on("e.id === 'points'"), focused(page)  # the trump chosen, the points come next
        page.keyboard.type("110")
        keys.tab_to("e.matches('details.extras summary')")
        keys.press("Enter")  # "Annonces et belote" opens

        # "+ Belote" for A: the table holds one belote, so it disables itself; the focus goes to its chip.
        keys.tab_to("e.matches('#f-melds-A [data-belote-adder]')")
        keys.press("Enter")
        assert keys.is_on("e.matches('#f-melds-A .chip') && e.textContent === 'Belote ✕'"), focused(page)
        assert page.locator("[data-belote-adder]:disabled").count() == 2
        # Two tierces, one removed: the focus stays on the chip now in its place.
        keys.tab_to("e.matches('#f-melds-A .adder') && e.textContent === '+ Tierce'")
        keys.press("Enter", 2)
        keys.tab_to("e.matches('#f-melds-A .chip')", backwards=True)
        assert page.locator("#f-melds-A .chip").all_inner_texts() == ["Tierce ✕", "Tierce ✕", "Belote ✕"]
        keys.press("Enter")  # the last chip reached backwards: the belote's
        assert page.locator("#f-melds-A .chip").all_inner_texts() == ["Tierce ✕", "Tierce ✕"]
        assert keys.is_on("e.matches('#f-melds-A .chip') && e.textContent === 'Tierce ✕'"), focused(page)
        keys.press("Enter", 2)  # both tierces: none left, the focus on "+ Tierce"
        assert page.locator("#f-melds-A .chip").count() == 0
        assert keys.is_on("e.textContent === '+ Tierce'"), focused(page)
        keys.tab_to("e.matches('#f-melds-A [data-belote-adder]')")
        keys.press("Space")  # the belote again
        assert keys.is_on("e.textContent === 'Belote ✕'"), focused(page)

        # Back to the points, and Enter there saves the deal, once: the panel closes, the focus on
        # "+ Nouvelle donne", where a second Enter opens the next deal's panel and sends nothing more.
        keys.tab_to("e.id === 'points'", backwards=True)
        assert page.inner_text("#preview").split("\n")[0] == "Contrat fait"
        page.keyboard.press("Enter")
        page.locator(f"#donne-{len(EARLIER) + 1}").wait_for()
        assert page.locator("#deal-panel").count() == 0
        assert keys.is_on("e.id === 'new-deal'"), focused(page)
        keys.check("saving")
        # The confirmation is read out: a role=status, with the deal's scores, once the server has it.
        status = page.locator("#sheet-status")
        assert status.get_attribute("role") == "status"
        status.filter(has_text="enregistrée").wait_for()
        assert status.inner_text() == f"Donne {len(EARLIER) + 1} enregistrée : Nous +230, Eux +50."
        if scheme == "light":
            screenshot(page, "keyboard-saved-in-place")
        page.keyboard.press("Enter")
        page.locator("#deal-panel").wait_for()
        assert keys.is_on(f"e.id === 'panel-title' && e.textContent === 'Donne {len(EARLIER) + 2}'"), focused(page)
        keys.check("the next deal's panel")
        keys.tab_to("e.id === 'close-panel'")
        keys.press("Enter")  # closed without saving: the focus back on "+ Nouvelle donne"
        assert page.locator("#deal-panel").count() == 0
        assert keys.is_on("e.id === 'new-deal'"), focused(page)
        page.wait_for_function("() => !document.querySelector('#donnes li.waiting')")  # the outbox has sent it
        recorded = hands(client, game_id)
        assert len(recorded) == len(EARLIER) + 1
        assert recorded[-1]["input"] == {
            "taker": "A",
            "taker_player": 0,
            "contract": 100,
            "mode": "hearts",
            "taker_points": 110,
            "belote": {"A": 1, "B": 0},
        }
        assert recorded[-1]["scores"] == {"A": 230, "B": 50}
        assert moves == [], moves  # all of it in the sheet's page
    finally:
        context.close()
    assert keys.wrong == []


def test_the_focus_is_seen_on_every_control_of_the_deal_form_and_the_sheet(page, base_url, client, screenshot):
    """Tab through every control, then back, on the deal form (every fold open, the meld chips out,
    then a refusal's summary stuck atop), the sheet of a long game and the counter with its result
    at the bottom."""
    game_id = new_game(client, EARLIER * 2)
    keys = Keyboard(page)
    page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
    page.locator("#f-melds-A button.adder").first.wait_for(state="attached")
    page.evaluate("() => document.querySelector('details.extras').open = true")
    page.locator("#f-melds-B button.adder").first.click()
    keys.tab_to("e.id === 'save'")
    keys.tab_to("e.matches('.brand')", backwards=True)
    page.click("#save")  # nothing chosen: the summary of what is missing sticks to the top
    page.locator("#problems li").first.wait_for()
    keys.tab_to("e.id === 'save'")
    keys.tab_to("e.matches('#problems a, .brand')", backwards=True)

    page.goto(f"{base_url}/parties/{game_id}")
    page.evaluate("() => document.querySelectorAll('#sheet details').forEach(d => d.open = true)")
    keys.tab_to("e.matches('.join summary')")
    keys.tab_to("e.matches('.brand')", backwards=True)

    # The same form in the sheet's panel, every fold open and the meld chips out, then refused.
    page.click("#new-deal")
    page.locator("#deal-panel #f-melds-A button.adder").first.wait_for(state="attached")
    page.evaluate("() => document.querySelector('#deal-panel details.extras').open = true")
    page.locator("#f-melds-B button.adder").first.click()
    keys.tab_to("e.id === 'save'")
    keys.tab_to("e.matches('.brand')", backwards=True)
    page.click("#save")
    page.locator("#problems li").first.wait_for()
    keys.tab_to("e.id === 'save'")
    keys.tab_to("e.matches('#problems a, .brand')", backwards=True)
    page.click("#close-panel")

    page.goto(f"{base_url}/outils/compter?mode=hearts&cards=AH&cards=10H&cards=KH&compter=1")
    keys.tab_to("e.name === 'last_trick'")
    keys.tab_to("e.matches('.brand')", backwards=True)
    assert keys.wrong == []


def test_the_focus_stays_on_its_deal_when_the_sheet_refreshes(page, base_url, client, screenshot):
    game_id = new_game(client)
    keys = Keyboard(page)
    page.goto(f"{base_url}/parties/{game_id}")
    keys.tab_to("e.matches('#donne-2 summary')")
    keys.press("Enter")
    keys.tab_to("e.matches('#donne-2 a') && e.textContent === 'Modifier'")
    # Another phone records deal 5: the sheet draws itself again, row 2 open, "Modifier" focused.
    client.post(f"/api/v1/games/{game_id}/hands", json=EARLIER[0])
    page.locator("#donne-5").wait_for()
    assert keys.is_on("e.matches('#donne-2 a') && e.textContent === 'Modifier'"), focused(page)
    screenshot(page, "keyboard-sheet-refreshed")
    keys.tab_to("e.matches('#donne-3 summary')")
    client.post(f"/api/v1/games/{game_id}/hands", json=EARLIER[1])
    page.locator("#donne-6").wait_for()
    assert keys.is_on("e.matches('#donne-3 summary')"), focused(page)
    keys.check("the refresh")
    assert keys.wrong == []


def test_enter_in_the_points_field_saves_once_without_javascript(browser, base_url, client):
    game_id = new_game(client)
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
        page.locator("#f-taker_player label", has_text="Ana").click()
        page.locator("#f-contract label", has_text="100").click()
        page.locator("#f-mode label").nth(1).click()  # ♥
        page.fill("#points", "110")
        page.press("#points", "Enter")
        page.wait_for_url(f"**/parties/{game_id}")
        recorded = hands(client, game_id)
        assert len(recorded) == len(EARLIER) + 1
        assert recorded[-1]["scores"] == {"A": 210, "B": 50}
    finally:
        context.close()


def test_offline_the_next_deal_is_entered_from_the_keyboard_too(browser, base_url, client):
    """No server and no service worker: the deal saved with Enter stays on the phone, the form offers
    "Donne suivante", and Enter on it leaves the focus on the new deal's first choice."""
    game_id = new_game(client)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, service_workers="block"
    )
    page = context.new_page()
    keys = Keyboard(page)
    try:
        page.goto(f"{base_url}/parties/{game_id}/donnes/nouvelle")
        page.locator("#f-melds-A button.adder").first.wait_for(state="attached")
        page.route("**/api/v1/**", lambda route: route.abort("connectionfailed"))
        keys.tab_to("e.name === 'taker_player'")
        keys.press("Space")
        keys.tab_to("e.name === 'contract'")
        keys.press("ArrowRight", 2)
        keys.tab_to("e.name === 'mode'")
        keys.press("ArrowRight")
        assert keys.is_on("e.id === 'points'"), focused(page)  # the trump chosen, the points come next
        page.keyboard.type("110")
        page.keyboard.press("Enter")
        page.locator(".saving button", has_text="Donne suivante").wait_for()
        keys.tab_to("e.textContent === 'Donne suivante'", backwards=True)
        keys.press("Enter")
        assert page.locator("h1").inner_text() == f"Donne {len(EARLIER) + 2}"
        assert keys.is_on("e.name === 'taker_player' && e.value === '0'"), focused(page)
    finally:
        context.close()
    assert keys.wrong == []
