"""Games told apart on a phone (issue 30): on the home page and an evening's page, each game's line
shows when it began, how it ends and its house rules when not the Salon's, and a game with no deal
yet reads « pas commencée », each line whole on a 390 px screen."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.test_game_lines import CONCOURS_RULES, JUNE_EVENING, new_game, started_at


def test_the_games_of_an_evening_can_be_told_apart(page, base_url, client, db, screenshot):
    games = [
        new_game(client, ["Ana", "Bruno", "Chloé", "David"], 3),
        new_game(
            client,
            ["Élise", "Fabien", "Gaëlle", "Hugo"],
            1,
            teams={"A": "Les Anciens du club", "B": "Les Rois"},
            end={"deals": 12},
        ),
        new_game(
            client,
            ["Inès", "Julien", "Karine", "Léo"],
            2,
            teams={"A": "Pique", "B": "Cœur"},
            target=1000,
            rules=CONCOURS_RULES,
        ),
        new_game(client, ["Ana", "Bruno", "Chloé", "David"]),  # the first table's rematch, not played yet
    ]
    # 19:05, 19:50, 20:35 and 21:40 UTC: 21 h 05, 21 h 50, 22 h 35 and 23 h 40 in Paris (summer)
    for game_id, moment in zip(games, ["19:05", "19:50", "20:35", "21:40"], strict=True):
        started_at(db, game_id, JUNE_EVENING.replace("19:05", moment))
    page.goto(base_url + "/")
    lines = page.locator("section.evening .game-link")
    expect(lines).to_have_count(4)
    expect(lines.nth(0)).to_contain_text("21 h 05 · en 2000 points")
    expect(lines.nth(1)).to_contain_text("21 h 50 · en 12 donnes")
    expect(lines.nth(2)).to_contain_text("22 h 35 · en 1000 points · Coinche — concours")
    expect(lines.nth(3)).to_contain_text("23 h 40 · en 2000 points")
    expect(lines.nth(3)).to_contain_text("pas commencée")
    expect(lines.nth(3)).not_to_contain_text("en cours")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for index in range(4):  # each line's rules words on the card, not cut
        rules = lines.nth(index).locator(".game-rules")
        assert rules.evaluate("(e) => e.scrollWidth <= e.clientWidth")
    screenshot(page, "home-games-told-apart")
    page.click("section.evening h2 a")
    evening_lines = page.locator(".game-link")
    expect(evening_lines).to_have_count(4)
    expect(evening_lines.nth(1)).to_contain_text("21 h 50 · en 12 donnes")
    expect(evening_lines.nth(3)).to_contain_text("pas commencée")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "evening-games-told-apart")
