"""D10: the room's screen never loses the end of a team's name (the end is often what tells two
teams apart: « … du Café de la Gare 1 » and « … 2 »): at 1920×1080 and 1280×720, with names of the
longest length a name may have (40 characters), every name on the tables, the ranking, the resting
line and the teams registered is shown whole, wrapped or in a smaller type, inside its line, and
no name is cut with an ellipsis.

Screenshots: test-artifacts/screenshots/concours-screen-long-names-1920.png and -1280.png."""

from __future__ import annotations

from scorekeeper.belote.names import MAX_NAME_LENGTH
from tests.browser.test_concours_screen_live import FITS, LINES_INSIDE, SIZES, open_screen
from tests.helpers import CONCOURS, api_draw

STEMS = [
    "Les Joyeux Compagnons du Café du Port",
    "Amicale des Anciens de Saint-Jean-Luz",
    "Les Inséparables de la Belote Bridgée",
]

# Each name: its whole text, inside its own box (no scroll, no clip) and its box inside its line;
# and no name cut by an ellipsis. The names that are not whole, by their text.
CUT_NAMES = """() => [...document.querySelectorAll('.team-name')].filter(e => e.offsetParent !== null).filter(e => {
  const style = getComputedStyle(e);
  const box = e.getBoundingClientRect();
  const line = e.closest('li, p').getBoundingClientRect();
  return style.textOverflow === 'ellipsis'
    || e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
    || box.left < line.left - 0.5 || box.right > line.right + 0.5
    || box.top < line.top - 0.5 || box.bottom > line.bottom + 0.5;
}).map(e => e.textContent)"""


# « page 2 sur 3 » whole, inside its panel's title.
PAGERS_INSIDE = """() => [...document.querySelectorAll('.pager')].filter(e => e.offsetParent !== null).every(e => {
  const box = e.getBoundingClientRect(), title = e.parentElement.getBoundingClientRect();
  return e.scrollWidth <= e.clientWidth + 1 && box.right <= title.right + 0.5 && box.left >= title.left - 0.5;
})"""


def long_names(count: int) -> list[str]:
    """`count` names of 40 characters, three stems told apart at their end: « … du Port 01 »."""
    return [f"{STEMS[n % len(STEMS)]} {n + 1:02d}" for n in range(count)]


def shown_names(page) -> list[str]:
    return page.locator(".team-name:visible").all_inner_texts()


def test_long_names_are_shown_whole_at_both_sizes(browser, base_url, client, screenshot):
    names = long_names(25)
    assert max(len(name) for name in names) == MAX_NAME_LENGTH
    teams = [{"name": name, "players": [f"Joueur {n}a", f"Joueur {n}b"]} for n, name in enumerate(names)]
    concours = client.post(
        CONCOURS, json={"name": "Concours du vendredi", "parties": 2, "teams": teams[:24]}
    ).get_json()
    for size in SIZES:  # before the draw: the teams registered
        context, page, _ = open_screen(browser, base_url, concours["id"], size)
        assert page.evaluate(CUT_NAMES) == [], size
        assert page.evaluate(FITS) and page.evaluate(LINES_INSIDE), size
        assert sorted(shown_names(page)) == sorted(names[:24])  # a page of the teams: 24
        context.close()
    assert client.post(f"{CONCOURS}/{concours['id']}/teams", json=teams[24]).status_code == 201
    api_draw(client, concours["id"])  # 12 tables, one team resting, a ranking of 25 on 3 pages
    for size in SIZES:
        context, page, _ = open_screen(browser, base_url, concours["id"], size, "?page=1")
        assert page.evaluate(CUT_NAMES) == [], size
        assert page.evaluate(FITS) and page.evaluate(LINES_INSIDE), size
        assert page.locator(".table").count() == 12 and page.locator(".rank").count() == 12
        assert page.locator("#main .pager").inner_text() == "page 1 sur 1"  # D8, in full
        assert page.locator("#ranking .pager").inner_text() == "page 1 sur 3"
        assert page.evaluate(PAGERS_INSIDE), size
        assert set(shown_names(page)) <= set(names) and len(shown_names(page)) == 12 * 2 + 1 + 12
        screenshot(page, f"concours-screen-long-names-{size['width']}")
        context.close()
