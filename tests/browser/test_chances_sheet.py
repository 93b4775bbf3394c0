"""The chances on the sheet (docs/chances.md), in Chromium at 390×844: shown under the totals from
the server's answer, drawn again by the phone from each sheet a poll brings, in the server's
words; none while the phone is offline or a save waits on it, rather than stale ones; back once the
server answers and nothing waits.

The club: 200 hands of finished games, each 170 to 70 for the side that took, A and B in turn, so
that one hand is +100 or −100 for A, half the time each. A game in 4 deals at +200 after 2 hands:
A wins unless both hands left are B's (a draw): 75 %, a draw 25 %, B 0 %. At +100 after 3: 50 %,
a draw 50 %."""

from __future__ import annotations

import os
from pathlib import Path

from tests.test_chances import WON_BY_A, WON_BY_B, club_of, play

SHOTS = Path(os.environ.get("CHANCES_SHOTS", Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"))
NNBSP, NBSP = "\u202f", "\u00a0"


def line_of(page) -> str:
    return page.locator("#chances .chances-line").inner_text()


def test_the_sheet_shows_the_servers_chances_and_none_offline_or_while_a_save_waits(page, base_url, db, client):
    club_of(db, 200)
    game_id = play(db, 4, [WON_BY_A, WON_BY_A])
    page.goto(f"{base_url}/parties/{game_id}")
    page.locator("#sheet-status").wait_for(state="attached")  # static/sheet_app.js has drawn the sheet
    assert line_of(page) == f"Chances : Nous{NBSP}75{NNBSP}% ·{NBSP}Eux{NBSP}0{NNBSP}% ·{NBSP}nulle{NBSP}25{NNBSP}%"
    page.locator("#chances summary").click()
    assert "Calculé sur les 200 donnes" in page.locator("#chances details p").inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "chances-sheet.png"))

    # Another phone records a hand: the poll brings the new sheet, the phone draws its chances.
    assert client.post(f"/api/v1/games/{game_id}/hands", json=WON_BY_B).status_code == 201
    page.wait_for_function(
        "() => document.querySelector('#chances .chances-line').textContent.includes('50\u202f% ·')", timeout=15000
    )
    assert line_of(page) == f"Chances : Nous{NBSP}50{NNBSP}% ·{NBSP}Eux{NBSP}0{NNBSP}% ·{NBSP}nulle{NBSP}50{NNBSP}%"
    assert page.locator("#chances details").get_attribute("open") is not None  # left open by the redraw

    # Offline: none, rather than the chances of totals the server may no longer have.
    page.context.set_offline(True)
    page.wait_for_function("() => document.getElementById('chances').hidden", timeout=15000)
    page.screenshot(path=str(SHOTS / "chances-offline.png"))
    page.context.set_offline(False)
    page.wait_for_function("() => !document.getElementById('chances').hidden", timeout=15000)

    # A save that waits on the phone (its POST never arrives): none until it lands.
    page.route(
        "**/api/v1/**",
        lambda route: route.abort("connectionfailed") if route.request.method == "POST" else route.continue_(),
    )
    page.click("button:has-text('Tout le monde passe')")
    page.locator("#donnes li.waiting").wait_for()
    assert page.locator("#chances").is_hidden()


def test_a_finished_game_shows_no_chances_on_the_phone(page, base_url, db):
    club_of(db, 200)
    game_id = play(db, 4)
    page.goto(f"{base_url}/parties/{game_id}")
    page.locator("#sheet-status").wait_for(state="attached")
    assert page.locator("#chances").is_hidden()
    assert page.locator("#chances .chances-line").count() == 0
