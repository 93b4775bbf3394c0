"""The archive at a phone's size (390×844) in headless Chromium: the evenings, a past game with
its chart, the statistics and the deals behind a figure; the printable sheet, one page per game.
Screenshots go to test-artifacts/screenshots/archive-*.png, to be looked at."""

from __future__ import annotations

import re

import pytest

from scorekeeper.services import games as service
from scorekeeper.store import evenings
from scorekeeper.store.db import connect, write_transaction

# docs/scoring.md's worked examples (the scores quoted are theirs).
HANDS = [
    {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101, "taker_player": 0},
    {
        "taker": "B",
        "contract": 100,
        "mode": "spades",
        "taker_points": 100,
        "taker_player": 3,
        "melds": {"A": ["cent"], "B": ["carre_K"]},
    },  # ex 21: 60 / 300
    {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92, "taker_player": 2},  # ex 1: 170 / 70
    {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 71, "taker_player": 1},  # ex 20: 240 / 0
    {
        "taker": "A",
        "contract": 110,
        "mode": "hearts",
        "taker_points": 95,
        "taker_player": 0,
        "melds": {"A": ["cinquante"], "B": ["tierce"]},
    },  # ex 12: 260 / 70
    {"taker": "A", "contract": 130, "mode": "spades", "all_tricks": True, "taker_player": 2},  # ex 15: 380 / 0
    {"taker": "B", "contract": "capot", "mode": "diamonds", "all_tricks": True, "taker_player": 3},  # 500 to B
    {"taker": "A", "contract": 90, "mode": "spades", "taker_points": 81, "taker_player": 0},  # ex 4: 0 / 250
    {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True, "taker_player": 0},  # ex 16: 500 / 0
]


@pytest.fixture
def archive(app):
    """Two evenings: a long game and a short one the first, a partner change the second, and a
    game still being played."""
    db = connect(app.config["DATABASE"])
    with write_transaction(db):
        first = evenings.insert(db, "2025-05-17", place="Chez Ana", note="Revanche de la semaine dernière")
        second = evenings.insert(db, "2025-05-24", place="Au club")
    games = []
    for evening_id, players, target, hands in [
        (first, ["Ana", "Bruno", "Chloé", "David"], 2000, HANDS * 3),
        (first, ["Ana", "Bruno", "Chloé", "David"], 1000, HANDS[2:6]),
        (second, ["Ana", "Bruno", "Élise", "David"], 2000, HANDS[:5]),
    ]:
        game_id = service.create_game(
            db,
            {
                "players": players,
                "target": target,
                "evening": evening_id,
                "teams": {"A": "Les Bleus", "B": "Les Rouges"},
            },
        ).game.id
        for number, body in enumerate(hands):
            if service.get_sheet(db, game_id).finished:
                break
            if number % 5 == 4:
                service.record_redeal(db, game_id, {"reason": "all_pass"})
            service.record_hand(db, game_id, body)
        games.append(game_id)
    db.close()
    return games


def fits_the_screen(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 390


def test_archive_past_game_and_statistics_on_a_phone(page, base_url, archive, screenshot):
    problems = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.goto(base_url + "/")
    assert fits_the_screen(page)
    screenshot(page, "archive-home")

    page.click("text=Archives")
    page.wait_for_url("**/soirees")
    assert page.locator("h1").inner_text() == "Soirées"
    assert page.locator(".evening h2").first.inner_text().startswith("samedi 24 mai 2025 · Au club")
    assert fits_the_screen(page)
    screenshot(page, "archive-evenings")

    # A past game: its sheet, read-only, every breakdown, and the chart of its running totals.
    page.locator(".evening", has_text="17 mai").locator(".game-link").first.click()
    page.wait_for_url("**/archives/parties/*")
    sheet = page.inner_text("#sheet")
    assert "Partie gagnée par Les Bleus" in sheet or "Partie gagnée par Les Rouges" in sheet
    assert page.locator("text=Modifier").count() == 0
    page.locator("details[data-deal='1'] summary").click()
    assert page.locator("details[data-deal='1'] .breakdown").is_visible()
    chart = page.locator("svg.chart-svg")
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    assert 300 <= box["width"] <= 390 and box["height"] >= 180
    # Every label of the chart is drawn at a readable size on the phone.
    heights = page.evaluate(
        "() => Array.from(document.querySelectorAll('svg.chart-svg text')).map(t => t.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 11, heights
    lines = page.evaluate(
        "() => Array.from(document.querySelectorAll('svg.chart-svg polyline')).map(l => getComputedStyle(l).stroke)"
    )
    assert len(set(lines)) == 2  # two teams, two colours
    assert fits_the_screen(page)
    full = screenshot(page, "archive-game")
    page.locator("figure.chart").screenshot(path=str(full.with_name("archive-chart.png")))

    # The statistics, then a player, then the deals behind one of her figures.
    page.goto(base_url + "/statistiques")
    assert page.locator(".stats-table tbody tr").count() == 5
    assert fits_the_screen(page)
    screenshot(page, "archive-stats")
    page.click(".stats-table >> text=Ana")
    page.wait_for_url("**/statistiques/joueurs/ana")
    assert fits_the_screen(page)
    screenshot(page, "archive-player")
    figure = page.locator(".figures", has_text="Donnes et contrats").locator("dt:has-text('Prises') + dd a")
    taken = int(figure.inner_text())
    figure.click()
    page.wait_for_url("**/statistiques/donnes?**")
    assert page.locator(".deal-link").count() == min(taken, 50)
    assert re.search(rf"\b{taken} donnes\.", page.inner_text("main"))
    assert fits_the_screen(page)
    screenshot(page, "archive-deals")
    assert not problems, problems


def test_the_printed_evening_is_one_page_per_game(page, base_url, archive, screenshot):
    page.goto(base_url + "/soirees/1/imprimer")
    assert page.locator(".print-sheet").count() == 2
    screenshot(page, "archive-print-screen")
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", print_background=False)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 2
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi: what the printer gets
    assert page.locator(".topbar").is_hidden()
    screenshot(page, "archive-print")
