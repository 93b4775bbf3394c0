"""What several browser tests do alike, written once: a phone's context, the sheet made ready for
offline, WCAG's contrast ratio, the pages every walk visits and the hands a long game plays."""

from __future__ import annotations

import time

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE


def new_phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    return context, context.new_page()


def phone_with_a_profile(browser, profile, args=(), env=None):
    """A phone's Chromium with a profile folder of its own (a persistent context: Playwright's
    `new_context()` is off the record, where Chromium never offers to install), the session's
    options plus `args`, `env` its environment (a HOME whose NSS store trusts a root). The caller
    closes the context."""
    context = browser.browser_type.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        headless=True,
        args=[*CHROMIUM_ARGS, *args],
        env=env,
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    return context, context.pages[0] if context.pages else context.new_page()


def wait_for_the_kept_sheet(page):
    """Until the phone has kept the game's sheet (outbox.js's copy of the server's last answer)."""
    page.wait_for_function(
        "() => { const game = document.querySelector('[data-game]').dataset.game;"
        " return JSON.parse(localStorage.getItem('belote.sheets') || '{}')[game]; }"
    )


def wait_until(page, expression: str, seconds: float = 30) -> None:
    """Until `expression`, a function that returns a promise, resolves to a truthy value
    (wait_for_function takes the promise itself for one: it would not wait)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"not within {seconds} s: {expression}"
        page.wait_for_timeout(100)


def wait_for_an_empty_outbox(page, seconds: float = 30) -> None:
    """Until every save kept on the phone (static/outbox.js) has reached the server."""
    wait_until(page, "async () => (await import('/static/outbox.js')).entries().length === 0", seconds)


def open_sheet_ready_for_offline(page, url):
    """The sheet, once the service worker controls it and keeps its deal form, and the phone has
    the game's sheet."""
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    wait_until(
        page,
        "() => caches.open('belote-blank-pages').then(c => Promise.all([c.match(location.pathname),"
        " c.match(location.pathname + '/donnes/nouvelle')])).then(kept => kept.every(Boolean))",
    )
    wait_for_the_kept_sheet(page)


def linear(channel: float) -> float:
    """One sRGB channel (0–255) to linear light, WCAG 2's formula."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb) -> float:
    """WCAG 2's relative luminance: 0.2126 R + 0.7152 G + 0.0722 B, of the linear channels."""
    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one, other) -> float:
    """(L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 to 21."""
    lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def over(top, bottom):
    """`top` ([r, g, b, a]) laid over the opaque colour `bottom`."""
    alpha = top[3]
    return [top[i] * alpha + bottom[i] * (1 - alpha) for i in range(3)] + [1]


def background(layers, canvas):
    """The colour behind the text: the opaque layer, then each translucent one over it."""
    colour = canvas
    for layer in reversed(layers):
        colour = over(layer, colour)
    return colour


def sheet_with_a_waiting_save(page, base_url, game_id):
    """The sheet with a breakdown open and a redeal kept on the phone (its POST never arrives)."""
    page.route(
        "**/api/v1/**",
        lambda route: route.abort("connectionfailed") if route.request.method == "POST" else route.continue_(),
    )
    page.goto(f"{base_url}/parties/{game_id}")
    page.locator("#sheet-status").wait_for(state="attached")  # static/sheet_app.js has drawn the sheet
    page.click("button:has-text('Tout le monde passe')")
    page.locator("#donnes li.waiting").wait_for()
    page.locator('#donnes details[data-deal="5"] summary').click()  # the waiting one: its buttons
    page.locator('#donnes details[data-deal="2"] summary').click()  # a coinche, melds, a failure


def open_details(page, selector="details"):
    page.evaluate(f"() => document.querySelectorAll({selector!r}).forEach(d => d.open = true)")


def deal_form_with_chips_and_preview(page):
    page.locator("#f-taker_player label", has_text="Ana").click()
    page.locator("#f-contract label", has_text="100").click()
    page.locator("#f-mode label").nth(1).click()  # ♥
    page.fill("#points", "110")
    page.locator("#f-melds-A button.adder").first.wait_for(state="attached")  # deal_form.js has run
    page.evaluate("() => { document.querySelector('details.extras').open = true; }")
    page.locator("#f-melds-A button.adder", has_text="Cinquante").click()
    page.locator("#f-melds-B button.adder", has_text="Tierce").click()
    page.locator("#f-melds-A button.adder", has_text="Belote").click()
    page.locator(".chip").first.wait_for()
    page.locator("#preview .preview-teams").wait_for()


def counter_with_cards(page):
    for index in (0, 1, 9, 17, 30):
        page.locator("label.pc").nth(index).click()


# The meld checker's answer: a tierce at ♥ for the first hand, one at ♦ for the second, clubs
# trump; the verdict says which one counts.
MELDS_CHECKED = "/outils/annonces?mode=clubs&a=7H&a=8H&a=9H&a=QS&a=KS&b=7D&b=8D&b=9D&verifier=1"


def follow(selector):
    """A page reached by a link of the page before (the lists behind a figure carry a query)."""

    def go(page):
        page.locator(selector).first.click()
        page.wait_for_load_state()

    return go


# (name, path with {live}, {finished}, {evening}, what to do once there)
PAGES = [
    ("home", "/", None),
    ("new-game", "/parties/nouvelle", lambda page: open_details(page)),
    ("sheet", "/parties/{live}", lambda page: open_details(page)),
    ("sheet-finished", "/parties/{finished}", lambda page: open_details(page)),
    ("sheet-deals", "/parties/{deals}", None),
    ("sheet-stopped", "/parties/{stopped}", None),
    ("deal-form", "/parties/{live}/donnes/nouvelle", deal_form_with_chips_and_preview),
    ("deal-edit", "/parties/{live}/donnes/2/modifier", lambda page: open_details(page)),
    ("redeal-edit", "/parties/{live}/donnes/3/modifier", None),
    ("evenings", "/soirees", None),
    ("evening", "/soirees/{evening}", lambda page: open_details(page)),
    ("evening-print", "/soirees/{evening}/imprimer", None),
    ("share", "/parties/{finished}/partage", None),  # « Partager »: the image and the read-only links
    ("game", "/archives/parties/{finished}", lambda page: open_details(page)),
    ("game-live", "/archives/parties/{live}", None),
    ("game-stopped", "/archives/parties/{stopped}", None),
    ("game-print", "/archives/parties/{finished}/imprimer", None),
    ("stats", "/statistiques", None),
    ("stats-teams", "/statistiques/equipes", None),
    ("stats-player", "/statistiques/joueurs/ana", None),
    ("cotes", "/cotes", None),
    ("stats-team", "/statistiques/equipes", follow(".stats-table tbody th a")),
    ("games", "/statistiques", follow(".stats-table tbody td a.figure")),
    ("deals", "/statistiques/joueurs/ana", follow("dd a.figure")),
    ("search", "/recherche", None),
    ("search-results", "/recherche?joueur=a", None),
    ("import", "/archives/importer", None),
    ("counter", "/outils/compter", counter_with_cards),
    ("melds", "/outils/annonces", None),
    ("melds-checked", MELDS_CHECKED, None),
    ("certificate", "/certificat", None),  # without HTTPS: how to turn it on (with: test_certificate_on_a_phone.py)
]


MODES = ["hearts", "spades", "diamonds", "clubs", "no_trump", "all_trump"]


SUITS = {"hearts", "spades", "diamonds", "clubs"}


POINTS = [92, 85, 101, 84, 110, 97, 70, 120, 95, 88, 75, 90, 99, 87]  # the 11th fails: 75 < 80


def hand(index: int, points: int) -> dict:
    player = index % 4
    team, other = ("A", "B") if player % 2 == 0 else ("B", "A")
    mode = MODES[index % len(MODES)]
    body = {"taker": team, "taker_player": player, "contract": 80, "mode": mode, "taker_points": points}
    if index % 3 == 0:
        body["melds"] = {team: ["cinquante" if index % 2 == 0 else "tierce"], other: []}
    if index % 4 == 1 and mode in SUITS:
        body["belote"] = {team: 1, other: 0}
    return body
