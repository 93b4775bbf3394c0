"""Dark mode follows the phone's setting (issue #13, item 11), and every text on every page is
readable in both schemes: for each visible piece of text, its colour against its effective
background (the first opaque background up its ancestors, the translucent ones in between laid
over it) must reach WCAG AA's contrast ratio, 4.5:1, or 3:1 for large text (24 px, or bold
from 18.66 px). Form fields count (their value or placeholder against their own background), and
the chart's SVG labels (their fill). Disabled controls are exempt, as WCAG allows.

The pages are shown in the states that bring out every colour: the sheet with deals (a coinche
badge, a failed contract, a redeal, a breakdown open, a save "en attente d'envoi"), a finished
sheet (the banner), the deal form with choices selected (♥ among them), meld chips and the
preview, and without script, its errors; the archive (a flash with a link, chips, the chart), the
tools with cards chosen. Screenshots of the dark sheet and deal form:
test-artifacts/screenshots/dark-*.png."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE
from tests.browser.helpers import (
    MELDS_CHECKED,
    background,
    contrast,
    counter_with_cards,
    deal_form_with_chips_and_preview,
    over,
    sheet_with_a_waiting_save,
)
from tests.browser.layout import seed_archive

AA = 4.5
# The classes and tags of texts that must have been measured: the top bar, links, buttons, a
# selected choice's hint, the red suits on a button, a card and in text, the flash, the banner,
# errors, chips, badges, totals, the deal rows, a waiting row's tag, muted text, fields.
EVERY_KIND = {
    "brand",
    "a",
    "button",
    "secondary",
    "danger",
    "small",
    "mode-hearts",
    "pc-suit",
    "suit-red",
    "flash",
    "banner",
    "error",
    "chip",
    "chip-link",
    "badge",
    "points",
    "num",
    "score",
    "waiting-tag",
    "muted",
    "hint",
    "input",
    "tick",
}
AA_LARGE = 3.0

# Every element's own text: [what, colour, background layers from the element up to the first
# opaque one, font size, weight, opacity]. Colours are [r, g, b, a], 0–255 and 0–1.
TEXTS = """() => {
  const rgba = value => {
    const m = value.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const parts = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const layers = start => {
    const found = [];
    for (let e = start; e; e = e.parentElement) {
      const colour = rgba(getComputedStyle(e).backgroundColor);
      if (colour && colour[3] > 0) found.push(colour);
      if (colour && colour[3] >= 1) return found;
    }
    return found;
  };
  const opacity = start => {
    let value = 1;
    for (let e = start; e; e = e.parentElement) value *= Number(getComputedStyle(e).opacity);
    return value;
  };
  const shown = e => {
    const box = e.getBoundingClientRect();
    const style = getComputedStyle(e);
    return e.getClientRects().length && box.width > 1 && box.height > 1 && style.visibility === 'visible';
  };
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const label = e.closest('label');
    if (!shown(e) || e.closest(':disabled') || (label && label.control && label.control.disabled)) continue;
    const style = getComputedStyle(e);
    let text = null, colour = null, layersFrom = e;
    if (e.matches('input:not([type=radio], [type=checkbox], [type=hidden], [type=file]), textarea, select')) {
      if (e.value) { text = e.value; colour = style.color; }
      else if (e.placeholder) { text = e.placeholder; colour = getComputedStyle(e, '::placeholder').color; }
    } else if (e.closest('svg')) {
      if (e.tagName.toLowerCase() === 'text') {
        text = e.textContent; colour = style.fill; layersFrom = e.closest('svg');
      }
    } else if (!e.matches('script, style, title, option')) {
      text = Array.from(e.childNodes).filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent).join('');
      colour = style.color;
    }
    if (!text || !text.trim()) continue;
    const classes = (e.getAttribute('class') || '').trim();
    out.push([e.tagName.toLowerCase() + (classes ? '.' + classes.replace(/ +/g, '.') : '')
              + ' "' + text.trim().replace(/\\s+/g, ' ').slice(0, 24) + '"',
              rgba(colour), layers(layersFrom), parseFloat(style.fontSize), Number(style.fontWeight), opacity(e)]);
  }
  return out;
}"""


def is_large(size: float, weight: float) -> bool:
    return size >= 24 or (weight >= 700 and size >= 18.66)


def low_contrast(page, scheme: str, measured: set | None = None) -> list:
    """Every text on the page below AA, as (what, ratio, needed); adds what it measured (tag and
    classes) to `measured`."""
    canvas = [255, 255, 255, 1] if scheme == "light" else [0, 0, 0, 1]
    failures = []
    for what, colour, layers, size, weight, opacity in page.evaluate(TEXTS):
        if measured is not None:
            measured.update(what.split(" ", 1)[0].split("."))
        behind = background(layers, canvas)
        ink = over([*colour[:3], colour[3] * opacity], behind)
        ratio = contrast(ink, behind)
        needed = AA_LARGE if is_large(size, weight) else AA
        if ratio < needed:
            failures.append((what, round(ratio, 2), needed))
    return failures


def test_the_contrast_formula_gives_wcags_known_ratios():
    white, black = [255, 255, 255, 1], [0, 0, 0, 1]
    assert contrast(white, black) == pytest.approx(21)
    assert contrast(white, white) == pytest.approx(1)
    assert contrast([118, 118, 118, 1], white) == pytest.approx(4.54, abs=0.01)  # #767676, the AA grey
    assert contrast(over([0, 0, 0, 0.5], white), white) == pytest.approx(contrast([128, 128, 128, 1], white), abs=0.05)


def new_phone(browser, scheme: str, script: bool = True):
    return browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
        java_script_enabled=script,
    )


def visit(page, base_url, ids, failures, measured, scheme, screenshot):
    def look(name):
        failures.extend((name, *failure) for failure in low_contrast(page, scheme, measured))

    page.goto(base_url + "/")
    look("home")
    page.goto(base_url + "/parties/nouvelle")
    look("new game")

    sheet_with_a_waiting_save(page, base_url, ids["live"])
    look("sheet, a save waiting")
    screenshot(page, f"{scheme}-sheet")
    page.unroute("**/api/v1/**")
    page.evaluate("() => localStorage.clear()")

    page.goto(f"{base_url}/parties/{ids['live']}")
    page.locator('details[data-deal="2"] summary').click()
    look("sheet")
    page.goto(f"{base_url}/parties/{ids['finished']}")
    look("sheet, finished")

    page.goto(f"{base_url}/parties/{ids['live']}/donnes/nouvelle")
    deal_form_with_chips_and_preview(page)
    page.locator("#f-coinche label").nth(1).click()
    look("deal form with the preview")
    screenshot(page, f"{scheme}-deal-form")
    page.goto(f"{base_url}/parties/{ids['live']}/donnes/3/modifier")
    look("redeal edit")

    for path in [
        "/soirees",
        f"/soirees/{ids['evening']}",
        f"/archives/parties/{ids['finished']}",
        f"/archives/parties/{ids['live']}",
        "/statistiques",
        "/statistiques/joueurs/ana",
        "/recherche?joueur=a",
        "/archives/importer",
        f"/soirees/{ids['evening']}/imprimer",
    ]:
        page.goto(base_url + path)
        page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
        look(path)
    page.goto(base_url + "/statistiques/joueurs/ana")
    page.locator("dd a.figure").first.click()
    page.wait_for_load_state()
    look("deals behind a figure")
    page.goto(base_url + "/statistiques")
    page.locator(".stats-table tbody td a.figure").first.click()
    page.wait_for_load_state()
    look("games behind a figure")

    page.goto(base_url + "/outils/compter")
    counter_with_cards(page)
    look("counter")
    page.goto(base_url + MELDS_CHECKED)
    look("melds")


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_every_text_is_readable(browser, app, base_url, screenshot, scheme):
    ids = seed_archive(app)
    context = new_phone(browser, scheme)
    page = context.new_page()
    failures, measured = [], set()
    try:
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        visit(page, base_url, ids, failures, measured, scheme, screenshot)
    finally:
        context.close()

    # The deal form's errors and the error flash, as the server draws them (no script).
    context = new_phone(browser, scheme, script=False)
    page = context.new_page()
    try:
        page.goto(f"{base_url}/parties/{ids['live']}/donnes/nouvelle")
        page.click("#save")
        page.locator(".error").first.wait_for()
        failures.extend(("deal form, errors", *failure) for failure in low_contrast(page, scheme, measured))
        if scheme == "dark":
            screenshot(page, "dark-deal-form-errors")
    finally:
        context.close()
    assert failures == []
    # Every kind of text the issue names was there to be measured.
    assert EVERY_KIND <= measured, EVERY_KIND - measured


def test_dark_mode_follows_the_phone(browser, app, base_url):
    backgrounds = {}
    for scheme in ("light", "dark"):
        context = new_phone(browser, scheme)
        page = context.new_page()
        page.goto(base_url + "/")
        backgrounds[scheme] = page.evaluate(
            "() => [getComputedStyle(document.documentElement).backgroundColor,"
            " getComputedStyle(document.documentElement).colorScheme]"
        )
        context.close()
    assert backgrounds["light"] == ["rgb(246, 243, 234)", "light dark"]
    assert backgrounds["dark"] == ["rgb(18, 22, 28)", "light dark"]
