"""Shared checks of a page's layout on a phone, for the browser tests.

`scroll_width(page)`: how wide the page scrolls (a 360 px phone must not scroll sideways).

`small_tap_targets(page)`: what a thumb taps and is too small. The rule:

- Tap targets are every visible link, button, `<summary>`, the label of a radio button or a
  checkbox (the drawn choice: `.tap span` and the card faces are inside such labels), and
  `input[type=submit|button]`.
- Each must be at least 44 × 44 CSS px (WCAG 2.5.5, AAA; Apple's and Google's guidance), the
  size of a fingertip.
- Exempt, as WCAG 2.5.8 allows, an *inline* target: a link drawn `display: inline` inside a
  sentence, that is whose block holds text of its own besides the link ("Partie en cours.
  Ouvrir la feuille pour la continuer."): its height is the line's. A link alone in its
  paragraph ("← Retour à la feuille") is no such exception: it must be 44 px high.
- Hidden targets (closed `<details>`, `display: none`, visually hidden 1 px inputs whose label is
  measured instead) are not measured.

`off_screen(page, width)`, `clipped(page)`: what reaches past the screen's sides, what cuts its own
text (a phone's text at 200 %, tests/browser/test_every_page_fits.py).

`seed_archive(app)`: an evening with a finished game, a game in progress with deals of every kind
(a coinche, melds, a redeal, a failed contract), for the tests that visit every page.
"""

from __future__ import annotations

from scorekeeper.services import games as service
from scorekeeper.store import evenings
from scorekeeper.store.db import connect, write_transaction
from tests.helpers import stop_game

MIN_TAP = 44

SMALL_TAP_TARGETS = """(minimum) => {
  const visible = e => {
    if (!e.getClientRects().length) return false;
    const style = getComputedStyle(e);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  // A link inside a sentence: drawn inline, in a block that holds text of its own besides it.
  const inSentence = a => {
    if (getComputedStyle(a).display !== 'inline') return false;
    let block = a.parentElement;
    while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
    if (!block) return false;
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (!a.contains(text) && text.textContent.trim()) return true;
    }
    return false;
  };
  const choiceLabel = label => {
    const input = label.control;
    return input && (input.type === 'radio' || input.type === 'checkbox');
  };
  const targets = Array.from(document.querySelectorAll(
    'a[href], button, summary, label, input[type=submit], input[type=button]'
  )).filter(e => e.tagName !== 'LABEL' || choiceLabel(e));
  return targets
    .filter(visible)
    .filter(e => !(e.tagName === 'A' && inSentence(e)))
    .map(e => {
      const box = e.getBoundingClientRect();
      const what = (e.textContent || e.value || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
      return [e.tagName.toLowerCase() + ' ' + what, Math.round(box.width * 10) / 10, Math.round(box.height * 10) / 10];
    })
    .filter(([, width, height]) => width < minimum - 0.01 || height < minimum - 0.01);
}"""


def scroll_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def small_tap_targets(page, minimum: int = MIN_TAP) -> list:
    """[what, width, height] of every visible tap target smaller than `minimum` px (rule above)."""
    return page.evaluate(SMALL_TAP_TARGETS, minimum)


def too_wide(page) -> list:
    """The elements that reach past the right edge of the screen (to say what overflows)."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('body *'))
            .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > innerWidth + 0.5)
            .map(e => e.tagName.toLowerCase() + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))
            .slice(0, 10)"""
    )


def off_screen(page, width: int) -> list:
    """The elements that reach past either side of a screen `width` px wide. (A phone's browser
    widens the page to its content rather than scroll: `innerWidth` then says no more.)"""
    return page.evaluate(
        """(width) => Array.from(document.querySelectorAll('body *'))
            .filter(e => e.getClientRects().length && !e.closest('.sr-only'))
            .map(e => [e, e.getBoundingClientRect()])
            .filter(([, box]) => box.width && (box.left < -0.5 || box.right > width + 0.5))
            .map(([e, box]) => `${e.tagName.toLowerCase()}.${e.className} ${box.left | 0}–${box.right | 0}`)
            .slice(0, 10)""",
        width,
    )


def clipped(page) -> list:
    """What shows only part of itself: a field too narrow for its value, a box that cuts its text
    (overflow hidden, an ellipsis). The screen-reader-only words are 1 px on purpose; a region that
    scrolls and can be focused (the printed sheet's table) shows the rest when scrolled."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('body *'))
            .filter(e => e.getClientRects().length && !e.closest('.sr-only'))
            .filter(e => {
              const style = getComputedStyle(e);
              const cuts = e.matches('input, textarea, select') || style.overflowX !== 'visible';
              const scrolls = ['auto', 'scroll'].includes(style.overflowX) && e.tabIndex >= 0;
              return cuts && !scrolls && e.scrollWidth > e.clientWidth + 1;
            })
            .map(e => e.tagName.toLowerCase() + '.' + e.className + ' ' + e.clientWidth + ' < ' + e.scrollWidth)"""
    )


PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
# A coinche, melds and belote, a failed contract, then two capots: A reaches 1000 and wins.
FINISHED = [
    {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101, "taker_player": 0},
    {
        "taker": "B",
        "contract": 100,
        "mode": "spades",
        "taker_points": 100,
        "taker_player": 3,
        "melds": {"A": ["cent"], "B": ["carre_K"]},
    },
    {"taker": "A", "contract": 90, "mode": "hearts", "taker_points": 81, "taker_player": 0},
    {"taker": "A", "contract": "capot", "mode": "diamonds", "all_tricks": True, "taker_player": 2},
    {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True, "taker_player": 0},
]
IN_PROGRESS = [
    {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92, "taker_player": 0},
    {
        "taker": "B",
        "contract": 110,
        "mode": "diamonds",
        "coinche": "surcoinche",
        "taker_points": 95,
        "taker_player": 1,
        "melds": {"A": ["cinquante"], "B": ["tierce"]},
    },
    {"taker": "A", "contract": 90, "mode": "spades", "taker_points": 81, "taker_player": 2},
]


# Issue 25: a game in 12 deals under way, and one an organiser stopped at 240 – 240 (a draw).
IN_TURN = [
    {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92, "taker_player": 0},  # 170 / 70
    {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 92, "taker_player": 1},  # 70 / 170
]


def seed_archive(app) -> dict:
    """An evening holding a finished game (target 1000), a game in progress of 3 deals and a
    redeal, a game in 12 deals at its 6th and one stopped by an organiser. Returns their ids:
    {"evening", "finished", "live", "deals", "stopped"}."""
    db = connect(app.config["DATABASE"])
    try:
        with write_transaction(db):
            evening = evenings.insert(db, "2025-05-17", place="Chez Ana", note="Revanche")
        ids = {"evening": evening}
        for key, target, hands in [("finished", 1000, FINISHED), ("live", 2000, IN_PROGRESS)]:
            game_id = service.create_game(
                db,
                {
                    "players": PLAYERS,
                    "target": target,
                    "evening": evening,
                    "teams": {"A": "Les Bleus", "B": "Les Rouges"},
                },
            ).game.id
            for number, body in enumerate(hands):
                if number == 2:
                    service.record_redeal(db, game_id, {"reason": "all_pass"})
                service.record_hand(db, game_id, body)
            ids[key] = game_id
        for key, hands in (("deals", 5), ("stopped", 2)):
            body = {"players": PLAYERS, "end": {"deals": 12}, "evening": evening}
            game_id = service.create_game(db, {**body, "teams": {"A": "Les Bleus", "B": "Les Rouges"}}).game.id
            for number in range(hands):
                service.record_hand(db, game_id, IN_TURN[number % 2])
            ids[key] = game_id
        stop_game(db, ids["stopped"])
        assert service.get_sheet(db, ids["finished"]).finished
        assert not service.get_sheet(db, ids["live"]).finished
    finally:
        db.close()
    return ids
