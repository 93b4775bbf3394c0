"""Every page, in every state the browser tests bring it to, checked by axe-core (issue #16): no
violation of WCAG 2.1 A and AA, nor of axe's best practices, in the light and the dark scheme.

axe comes with axe-playwright-python, which injects it with `page.evaluate`: the DevTools protocol
runs it outside the pages' Content-Security-Policy (scorekeeper/web/security.py: no inline script,
no eval), so the pages are checked with their real headers, no `bypass_csp`.

The states, each with one `h1`: every page of tests/browser/test_every_page_fits.py as it is
there (the deal form with meld chips and its preview, the tools with cards picked, every
`<details>` open); the forms refused, by the page's script and by the server without it (the deal
form, the new game, an evening, the import, the password); the sheet with a save waiting offline
and with another phone's deal under the same number, the home page saying so; the deal form saved
with the server unreachable; the sheet app's states (issue #23: its deal panel, the counter and the
meld checker opened from it, a save waiting, another phone's deal first, the server down); a deal
already recorded (the page without JavaScript); the redeal's edit form; a page not found.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from werkzeug.security import generate_password_hash

from tests.browser.conftest import PHONE, SCREENSHOTS
from tests.browser.helpers import PAGES, sheet_with_a_waiting_save
from tests.browser.layout import seed_archive
from tests.browser.test_every_page_fits import SHEET_APP

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
AXE = Axe()
PASSWORD = "belote-du-jeudi"


def violations(page) -> list:
    """axe's violations on the page as it is now: (rule, impact, the first few elements)."""
    results = AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
    return [(v["id"], v["impact"], [node["target"] for node in v["nodes"]][:3]) for v in results.response["violations"]]


def phone(browser, scheme: str, **options):
    return browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme=scheme, **options
    )


def choose_a_deal(page, taker="Ana", contract="100", points="110"):
    page.locator("#f-taker_player label", has_text=taker).click()
    page.locator("#f-contract label", has_text=contract).first.click()
    page.locator("#f-mode label").nth(1).click()  # ♥
    page.fill("#points", points)


def with_script(page, base_url, ids, client, look):
    for name, path, action in PAGES:
        page.goto(base_url + path.format(**ids))
        if action:
            action(page)
        look(page, name)

    deal_form = f"{base_url}/parties/{ids['live']}/donnes/nouvelle"
    page.goto(deal_form)
    page.locator("#f-melds-A button.adder").first.wait_for(state="attached")  # deal_form.js has run
    page.click("#save")
    page.locator("#problems li").first.wait_for()
    look(page, "deal form refused by its script")
    choose_a_deal(page, points="162")
    page.locator("#capot-question").wait_for()
    look(page, "deal form asking: tous les plis ?")

    page.goto(f"{base_url}/parties/nouvelle")
    page.fill("#team_a", "Les | Bleus")
    page.click("text=Commencer la partie")
    page.locator(".error").first.wait_for()
    look(page, "new game refused")

    page.goto(f"{base_url}/soirees/{ids['evening']}")
    page.locator("details.edit-evening summary").click()
    page.fill("input[name=date]", "")
    page.locator("details.edit-evening button[type=submit]").click()
    page.locator(".error").first.wait_for()
    look(page, "evening refused")

    page.goto(f"{base_url}/archives/importer")
    page.locator("form button[type=submit]").click()
    page.locator(".error").first.wait_for()
    look(page, "import refused")

    page.goto(f"{base_url}/parties/{ids['live']}/donnes/3/modifier")
    look(page, "redeal edit")
    page.goto(f"{base_url}/parties/inconnue")
    look(page, "not found")

    # A save kept on the phone, the network gone: the sheet as it will be, a waiting row open.
    sheet_with_a_waiting_save(page, base_url, ids["live"])
    look(page, "sheet, a save waiting")
    page.unroute("**/api/v1/**")
    page.evaluate("() => localStorage.clear()")

    # Another phone recorded the deal first: the sheet says so, and every other page.
    page.goto(deal_form)
    choose_a_deal(page)
    number = int(page.locator("#deal-form input[name=number]").input_value())
    body = {"taker": "B", "taker_player": 1, "contract": 80, "mode": "spades", "taker_points": 90, "number": number}
    assert client.post(f"/api/v1/games/{ids['live']}/hands", json=body).status_code == 201
    page.click("#save")
    page.locator(".waiting-box .notice.held").wait_for()
    look(page, "sheet, another phone's deal first")
    page.goto(base_url + "/")
    page.locator(".waiting-elsewhere").wait_for()
    look(page, "home, a save waiting elsewhere")
    page.evaluate("() => localStorage.clear()")


def sheet_app(context, base_url, ids, client, look, screenshot, scheme):
    """The sheet app's states (tests/browser/test_every_page_fits.py's SHEET_APP), each on a page of
    its own, its saves forgotten after; each screenshot at 390×844 (the state in view, and the page)."""
    for name, reach in SHEET_APP:
        page = context.new_page()
        try:
            reach(page, base_url, ids, client)
            look(page, name)
            screenshot(page, f"{name}-{scheme}")
            page.screenshot(path=str(SCREENSHOTS / f"{name}-{scheme}-in-view.png"))
        finally:
            page.unroute("**/*")
            page.unroute("**/api/v1/**")
            page.evaluate("() => localStorage.clear()")
            page.close()


def saved_unreachable(browser, scheme, base_url, ids, look):
    """No service worker and no server: the deal stays on the phone, and the form offers the next."""
    context = phone(browser, scheme, service_workers="block")
    page = context.new_page()
    try:
        page.goto(f"{base_url}/parties/{ids['live']}/donnes/nouvelle")
        page.route("**/api/v1/**", lambda route: route.abort("connectionfailed"))
        choose_a_deal(page)
        page.click("#save")
        page.locator(".saving button", has_text="Donne suivante").wait_for()
        look(page, "deal form saved, server unreachable")
    finally:
        context.close()


def without_script(browser, scheme, app, base_url, ids, look):
    """The pages as the server draws them: their scripts are not loaded (axe, injected, needs the
    page's JavaScript on; the <noscript> refresh of the sheet is all that differs)."""
    context = phone(browser, scheme)
    context.route(lambda url: "/static/" in url and ".js" in url, lambda route: route.abort())
    page = context.new_page()
    try:
        deal_form = f"{base_url}/parties/{ids['live']}/donnes/nouvelle"
        page.goto(deal_form)
        page.click("#save")
        page.locator(".error").first.wait_for()
        look(page, "deal form refused by the server")
        choose_a_deal(page)
        page.click("#calc")
        page.locator("#preview .preview-teams").wait_for()
        look(page, "deal form previewed by the server")

        # Two phones on deal N: the second is told what the first recorded.
        other = context.new_page()
        other.goto(deal_form)
        choose_a_deal(other, taker="Bruno", contract="80", points="90")
        other.click("#save")
        other.wait_for_url(f"**/parties/{ids['live']}")
        other.close()
        page.click("#save")
        page.locator(".taken").wait_for()
        look(page, "deal already recorded")

        page.goto(f"{base_url}/parties/nouvelle")
        page.fill("#player_0", "A|na")
        page.click("text=Commencer la partie")
        page.locator(".error").first.wait_for()
        look(page, "new game refused by the server")

        app.config["TABLE_PASSWORD_HASH"] = generate_password_hash(PASSWORD, method="pbkdf2:sha256:1000")
        page.goto(f"{base_url}/connexion")
        look(page, "login")
        page.fill("input[type=password]", "pas le bon")
        page.click("text=Entrer")
        page.locator(".error, .flash-error").first.wait_for()
        look(page, "login refused")
        page.fill("input[type=password]", PASSWORD)
        page.click("text=Entrer")
        page.goto(f"{base_url}/parties/{ids['live']}")
        look(page, "sheet, the password entered")
    finally:
        app.config.pop("TABLE_PASSWORD_HASH", None)
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_page_in_any_state_breaks_wcag_21_aa_nor_axes_best_practices(
    browser, app, client, base_url, screenshot, scheme
):
    ids = seed_archive(app)
    found, seen = [], []

    def look(page, name):
        seen.append(name)
        found.extend((name, *violation) for violation in violations(page))
        headings = page.locator("h1").count()
        if headings != 1:
            found.append((name, "one h1 a page", headings))

    context = phone(browser, scheme)
    try:
        with_script(context.new_page(), base_url, ids, client, look)
        sheet_app(context, base_url, ids, client, look, screenshot, scheme)
    finally:
        context.close()
    saved_unreachable(browser, scheme, base_url, ids, look)
    without_script(browser, scheme, app, base_url, ids, look)
    assert len(seen) == len(PAGES) + 18 + len(SHEET_APP), seen
    assert found == [], "\n".join(map(str, found))
