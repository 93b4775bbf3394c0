"""A whole concours night in Chromium (issue 25): 7 teams (one rests each partie), 3 parties to
1000, the organiser on the organiser's page (a laptop), three tables each on a phone (390×844)
that finds its table through « Quelle table ? » and enters its deals on its sheet, and the room's
screen (1920×1080) following them. Partie 3 is closed at its time limit with table 3 unfinished.

The hands, from docs/scoring.md's worked examples (the taker's team first):
    P: 100 ♣ coinché, 101 points: taker 300, defence 60 (example 8)
    F: 100 ♣ coinché, 90 points: taker 0, defence 360 (example 9)
    W: 80 ♥, 92 points: taker 170, defence 70 (example 1)
and three games to 1000 made of them (winner first):
    V1: the loser takes F three times: 1080 - 0
    V2: the winner takes P four times: 1200 - 240
    V3: winner P 300-60, loser W 370-230, winner P 670-290, loser F 1030-290

Worked on paper (ranking by points; bye "average": the means of the partie's winners and losers,
rounded to the nearest 10):
Partie 1, drawn order 1..7: tables 1-2, 3-4, 5-6, team 7 rests.
    1 beats 2 by V1 (1080-0); 4 beats 3 by V2 (1200-240); 5 beats 6 by V3 (1030-290).
    Bye 7: (1080 + 1200 + 1030) / 3 = 1103.3 → 1100; (0 + 240 + 290) / 3 = 176.7 → 180.
    Ranking: 4 1200, 7 1100, 1 1080, 5 1030, 6 290, 3 240, 2 0.
Partie 2: team 2 rests (lowest of those not yet rested); 4-7, 1-5, 6-3 (no rematch, top down).
    7 beats 4 by V1 (1080-0); 1 beats 5 by V2 (1200-240); 6 beats 3 by V3 (1030-290).
    Bye 2: 1100 / 180 again.
    Ranking: 1 2280, 7 2180, 6 1320, 5 1270, 4 1200, 2 1100, 3 530.
Partie 3: team 3 rests (1, 3, 4, 5, 6 have not rested; 3 is the lowest); 1-7, then 6-5 have met
    (partie 1), so 6-4, then 5-2.
    7 beats 1 by V1 (1080-0); 4 beats 6 by V2 (1200-240); table 3, 5 takes W once: 170-70, and
    the organiser closes the partie: 5 wins 170-70.
    Bye 3: (1080 + 1200 + 170) / 3 = 816.7 → 820; (0 + 240 + 70) / 3 = 103.3 → 100.
Final:
    team  scored  conceded  diff   won
    7     3260    180       +3080  3
    4     2400    1560      +840   2
    1     2280    1320      +960   2
    6     1560    2520      -960   1
    5     1440    1560      -120   2
    3     1350    2330      -980   1
    2     1170    1430      -260   1
"""

from __future__ import annotations

from scorekeeper.services import concours as service
from tests.browser.helpers import new_phone, wait_for_an_empty_outbox

PLAYERS = {
    1: ("Ana", "Alain"),
    2: ("Bea", "Boris"),
    3: ("Cleo", "Cyril"),
    4: ("Dora", "Denis"),
    5: ("Emma", "Eric"),
    6: ("Flora", "Fabien"),
    7: ("Gina", "Gilles"),
}
P = ("100", "clubs", "coinche", "101")
F = ("100", "clubs", "coinche", "90")
W = ("80", "hearts", None, "92")
FINAL = [  # team, points, conceded, difference, won
    (7, 3260, 180, 3080, 3),
    (4, 2400, 1560, 840, 2),
    (1, 2280, 1320, 960, 2),
    (6, 1560, 2520, -960, 1),
    (5, 1440, 1560, -120, 2),
    (3, 1350, 2330, -980, 1),
    (2, 1170, 1430, -260, 1),
]
SCREEN = {"width": 1920, "height": 1080}


def v1(winner, loser):
    return [(loser, F)] * 3


def v2(winner, loser):
    return [(winner, P)] * 4


def v3(winner, loser):
    return [(winner, P), (loser, W), (winner, P), (loser, F)]


def enter(page, taker: int, hand) -> None:
    """One deal through the sheet's panel, taken by `taker`'s first player."""
    contract, mode, coinche, points = hand
    page.click("#new-deal")
    page.locator("#f-taker_player label", has_text=PLAYERS[taker][0]).click()
    page.locator(f'#f-contract label:has(input[value="{contract}"])').click()
    page.locator(f'#f-mode label:has(input[value="{mode}"])').click()
    if coinche:
        page.locator(f'#f-coinche label:has(input[value="{coinche}"])').click()
    page.fill("#points", points)
    page.click("#save")
    page.locator("#deal-panel").wait_for(state="detached")
    wait_for_an_empty_outbox(page)


def sit_down(page, url: str, table: int) -> None:
    """« Quelle table ? »: the phone opens the tables page (the screen's QR code) and taps its table."""
    page.goto(f"{url}/tables")
    page.locator(".table-links a", has_text=f"Table {table} ").click()
    page.locator("#sheet-status").wait_for(state="attached")


def screen_totals(screen) -> list[list[str]]:
    return screen.eval_on_selector_all(
        "ol.tables li.table", "items => items.map(li => [...li.querySelectorAll('.total')].map(t => t.textContent))"
    )


def test_a_concours_night_seven_teams_three_parties_three_phones_and_the_screen(
    browser, server, client, monkeypatch, screenshot
):
    monkeypatch.setattr(service, "_shuffle", lambda teams: teams.sort())  # partie 1 drawn 1, 2, …, 7
    body = {
        "name": "Concours du club",
        "parties": 3,
        "end": {"points": 1000},
        "time_limit": 45,
        "teams": [{"name": f"Équipe {n}", "players": list(PLAYERS[n])} for n in PLAYERS],
    }
    concours = client.post("/api/v1/concours", json=body).get_json()
    url = f"{server.url}/concours/{concours['id']}"
    organiser_context = browser.new_context(viewport={"width": 1280, "height": 900})
    organiser = organiser_context.new_page()
    screen_context = browser.new_context(viewport=SCREEN)
    screen = screen_context.new_page()
    phones = [new_phone(browser) for _ in range(3)]
    try:
        organiser.goto(url)
        screen.goto(f"{url}/ecran")
        plans = {
            1: [(1, 2, v1), (4, 3, v2), (5, 6, v3)],
            2: [(7, 4, v1), (1, 5, v2), (6, 3, v3)],
            3: [(7, 1, v1), (4, 6, v2), (5, 2, lambda winner, loser: [(winner, W)])],
        }
        drawn = {1: [[1, 2], [3, 4], [5, 6]], 2: [[4, 7], [1, 5], [6, 3]], 3: [[1, 7], [6, 4], [5, 2]]}
        rests = {1: 7, 2: 2, 3: 3}
        for number, plan in plans.items():
            organiser.goto(url)  # what the organiser's « Rafraîchir » does
            organiser.click("#draw")
            organiser.wait_for_load_state()
            served = client.get(f"/api/v1/concours/{concours['id']}").get_json()["rounds"][-1]
            assert [table["teams"] for table in served["tables"]] == drawn[number]
            assert served["rests"] == rests[number]
            screen.wait_for_function(
                "n => document.querySelector('#heading').textContent.includes('Partie ' + n)", arg=number
            )
            for table, ((_, phone), (winner, loser, game)) in enumerate(zip(phones, plan, strict=True), start=1):
                sit_down(phone, url, table)
                for taker, hand in game(winner, loser):
                    enter(phone, taker, hand)
            if number == 1:
                # The screen follows the phones by itself: table 3's last totals, 5 1030 - 6 290.
                screen.wait_for_function(
                    "() => [...document.querySelectorAll('ol.tables li.table')].some(li =>"
                    " [...li.querySelectorAll('.total')].map(t => t.textContent).join('-') === '1030-290')",
                    timeout=10_000,
                )
                screenshot(screen, "concours-screen-1920")
                screenshot(phones[2][1], "concours-table-sheet")
        # Partie 3, at its time limit: table 3 (5 170 - 2 70) is still playing.
        screen.wait_for_function(
            "() => [...document.querySelectorAll('ol.tables li.table .total')].map(t => t.textContent).join(' ')"
            " .endsWith('170 70')",
            timeout=10_000,
        )
        assert screen_totals(screen)[2] == ["170", "70"]
        organiser.goto(url)
        screenshot(organiser, "concours-organiser")
        organiser.locator("a", has_text="Arrêter la partie").click()
        organiser.click("#confirm-close")
        organiser.wait_for_load_state()

        final = client.get(f"/api/v1/concours/{concours['id']}").get_json()
        table_3 = final["rounds"][2]["tables"][2]
        assert table_3["finished"] and table_3["stopped"] and table_3["winner"] == 5
        assert [r["bye"] for r in final["rounds"]] == [
            {"points": 1100, "conceded": 180},
            {"points": 1100, "conceded": 180},
            {"points": 820, "conceded": 100},
        ]
        standings = [(s["team"], s["points"], s["conceded"], s["difference"], s["won"]) for s in final["standings"]]
        assert standings == FINAL
        assert not any(s["provisional"] for s in final["standings"])

        # The table's phone is told its game is over; the screen shows the final ranking.
        sheet = phones[2][1]
        sheet.reload()
        assert "Partie arrêtée par l'organisateur : gagnée par Équipe 5" in sheet.locator("body").inner_text()
        screen.wait_for_function("() => document.body.dataset.state === 'final'", timeout=10_000)
        ranks = screen.eval_on_selector_all("ol.ranks.final .team-name", "names => names.map(n => n.textContent)")
        assert ranks[:7] == [f"Équipe {team}" for team, *_ in FINAL]
        screenshot(screen, "concours-screen-final-1920")
        screen.set_viewport_size({"width": 1280, "height": 720})
        screenshot(screen, "concours-screen-final-1280")
        organiser.goto(f"{url}/classement")
        assert "Équipe 7" in organiser.locator("body").inner_text()
        organiser.goto(f"{url}/parties/3/imprimer")
        screenshot(organiser, "concours-slips")
    finally:
        for context, _ in phones:
            context.close()
        screen_context.close()
        organiser_context.close()
