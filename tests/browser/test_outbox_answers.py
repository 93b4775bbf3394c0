"""The outbox believes only the API (issue 23, item 4), in Chromium at 390×844.

A save counts as recorded only when the answer is that game's sheet from the JSON API: a Wi-Fi
portal's login page, an empty 200, a 204, a redirect (to a page or even to the game's own sheet),
a forged "sheet" keep the save waiting, retried, and the phone says the network answered strangely;
once the real server answers, the save is recorded exactly once. After a 409 and the player's
choice, the phone's later waiting deals are never taken for another phone's. What a forged answer
carries never becomes an element of a page, and a sheet without the API's shape is never kept.

The outbox is driven through its module (`import("/static/outbox.js")`, the page's own instance
through the import map) on pages that do nothing else with it (the home page), or on the sheet to
see what is drawn; the outcome is read in localStorage and through the API, and the tests wait
for the outbox's state, never for time, and never navigate while a save is in flight.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest

from tests.browser.helpers import new_phone, wait_for_the_kept_sheet, wait_until

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
HANDS = re.compile(r"/api/v1/games/[^/?]+/hands(\?copie)?$")  # a save (and a portal's copy of it)
DEAL_1 = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}
OTHER_PHONES = {"taker": "B", "taker_player": 1, "contract": 80, "mode": "spades", "taker_points": 81}
# Phone 1's deals: Chloé (A) takes 80 ♥, each with its own points, told apart in the API's sheet.
MINE = [
    {"taker": "A", "taker_player": 2, "contract": 80, "mode": "hearts", "taker_points": p} for p in (100, 110, 120, 130)
]
PORTAL = "<!doctype html><title>Wi-Fi</title><h1>Connexion au Wi-Fi</h1><form><input name=code></form>"
MARKUP = '<img src=x id=forged onerror="document.title=\'pwned\'"><a id=forged-link href="https://evil.test">x</a>'
INJECTED = "img#forged, #forged-link, [onerror]"


def new_game(client) -> str:
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    assert client.post(f"/api/v1/games/{game_id}/hands", json=DEAL_1).status_code == 201
    return game_id


def outbox(page, script: str, arg=None):
    """`script` run with the page's outbox module as `outbox` (and `arg`)."""
    return page.evaluate(f"async (arg) => {{ const outbox = await import('/static/outbox.js'); {script} }}", arg)


def kept(page) -> list[dict]:
    return page.evaluate("() => JSON.parse(localStorage.getItem('belote.outbox') || '[]')")


def known_sheet(page, game_id):
    return outbox(page, "return outbox.knownSheet(arg);", game_id)


def keep_the_sheet(page, game_id) -> None:
    """The phone keeps the game's sheet, as the deal form and the sheet make it do."""
    outbox(page, "outbox.remember(await (await fetch('/api/v1/games/' + arg)).json());", game_id)
    assert known_sheet(page, game_id)["id"] == game_id


def add_deal(page, game_id, body) -> dict:
    """A new deal kept in the outbox, numbered as the deal form numbers it."""
    return outbox(
        page,
        "const number = outbox.nextNumber(arg.game);"
        " return outbox.add({game: arg.game, op: 'hand', number, body: {...arg.body, number}});",
        {"game": game_id, "body": body},
    )


def until(page, condition, what: str, seconds: float = 30) -> None:
    """Until `condition()` (Python) holds; the page's routes are answered meanwhile."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        page.wait_for_timeout(100)


def recorded_points(client, game_id) -> list[int]:
    return [deal["input"]["taker_points"] for deal in client.get(f"/api/v1/games/{game_id}").get_json()["hands"]]


def sheet_url(route) -> str:
    return route.request.url.rsplit("/hands", 1)[0]


def forged_sheet(route, status: int, **changes):
    """The game's real sheet with `changes` and one more deal (as if it held the save)."""
    with urllib.request.urlopen(sheet_url(route)) as answer:  # the real server's, asked aside
        sheet = json.load(answer)
    sheet["hands"].append(dict(sheet["hands"][0], number=len(sheet["hands"]) + 1))
    sheet.update(changes)
    route.fulfill(status=status, content_type="application/json", body=json.dumps(sheet))


STRANGE_ANSWERS = {
    "a portal's login page": lambda route: route.fulfill(status=200, content_type="text/html", body=PORTAL),
    "an empty 200": lambda route: route.fulfill(status=200, content_type="application/json", body=""),
    "a 204": lambda route: route.fulfill(status=204, body=""),
    "a 302 to a page": lambda route: route.fulfill(status=302, headers={"Location": "/"}, body=""),
    # followed, the redirect would end on a copy of the game's sheet, with a deal more, as a 201
    "a 302 to a copy of the game's sheet": lambda route: (
        forged_sheet(route, 201)
        if route.request.url.endswith("?copie")
        else route.fulfill(status=302, headers={"Location": route.request.url + "?copie"})
    ),
    # the server got it and recorded it, but a portal put its page in place of the answer
    "the server's answer replaced by a portal's page": lambda route: (
        route.fetch(),
        route.fulfill(status=200, content_type="text/html", body=PORTAL),
    ),
    "a forged 200 sheet with markup in the team names": lambda route: forged_sheet(
        route, 200, teams={"A": MARKUP, "B": MARKUP}
    ),
    "a sheet of another shape (a revision in markup)": lambda route: forged_sheet(
        route, 201, teams={"A": MARKUP, "B": MARKUP}, revision=MARKUP
    ),
    "another game's sheet": lambda route: forged_sheet(route, 201, id="autrepartie"),
}


@pytest.mark.parametrize("answer", list(STRANGE_ANSWERS))
def test_an_answer_that_is_not_the_games_sheet_keeps_the_save_until_the_server_records_it_once(
    browser, base_url, client, answer
):
    game_id = new_game(client)
    context, page = new_phone(browser)
    answered = []

    def strange(route):
        answered.append(route.request.headers["idempotency-key"])
        STRANGE_ANSWERS[answer](route)

    try:
        page.goto(base_url + "/")
        keep_the_sheet(page, game_id)
        page.route(HANDS, strange)
        entry = add_deal(page, game_id, MINE[0])
        assert entry["number"] == 2
        until(page, lambda: len(answered) >= 2, "the save sent, answered strangely, and sent again")

        [waiting] = kept(page)
        assert (waiting["key"], waiting["state"]) == (entry["key"], "waiting")
        assert set(answered) == {entry["key"]}  # every try under the same key
        status = outbox(page, "return outbox.status();")
        assert status["strange"] is True and status["reachable"] is False and status["offline"] is False
        assert "autre chose que le serveur" in status["message"]
        assert known_sheet(page, game_id)["teams"] == {"A": "Nous", "B": "Eux"}  # nothing forged kept
        assert known_sheet(page, game_id)["revision"] == 1
        assert page.locator(INJECTED).count() == 0
        page.locator(".waiting-elsewhere", has_text="1 saisie en attente d'envoi").wait_for()

        page.unroute(HANDS, strange)  # the real server answers the next try
        page.wait_for_function("() => JSON.parse(localStorage.getItem('belote.outbox') || '[]').length === 0")
        assert recorded_points(client, game_id) == [92, 100]
        assert known_sheet(page, game_id)["revision"] == 2
        assert outbox(page, "return outbox.status().strange;") is False
        assert page.locator(".waiting-elsewhere").count() == 0
    finally:
        context.close()


def wait_for_all_sent_or_held(page) -> list[dict]:
    page.wait_for_function(
        "() => { const all = JSON.parse(localStorage.getItem('belote.outbox') || '[]');"
        " return all.length === 0 || all.some(e => e.state !== 'waiting'); }"
    )
    return kept(page)


# (the choice, a fourth deal entered before or after it, the other phone's deals, then each request
# after the 409 as (phone 1's deal, its number: None for "the next"), and the sheet's points)
AFTER_A_409 = [
    ("next", None, 1, [(0, None), (1, 4), (2, 5)], [92, 81, 100, 110, 120]),
    ("discard", None, 1, [(1, 3), (2, 4)], [92, 81, 110, 120]),
    ("next", "before", 1, [(0, None), (1, 4), (2, 5), (3, 6)], [92, 81, 100, 110, 120, 130]),
    ("discard", "before", 1, [(1, 3), (2, 4), (3, 5)], [92, 81, 110, 120, 130]),
    ("discard", "after", 1, [(1, 3), (2, 4), (3, 5)], [92, 81, 110, 120, 130]),
    ("next", "after", 2, [(0, None), (1, 5), (2, 6), (3, 7)], [92, 81, 83, 100, 110, 120, 130]),
]


@pytest.mark.parametrize("choice, late, others, requests, points", AFTER_A_409)
def test_after_a_409_and_the_players_choice_the_later_deals_kept_offline_land_once_each_in_order(
    browser, base_url, client, choice, late, others, requests, points
):
    """Phone 1 knows the sheet at deal 1 and keeps three deals (2, 3, 4) while the server is out of
    reach; another phone records deal 2 (and 3). Back in reach, phone 1's deal 2 gets the 409 and
    the player chooses: sent again as the next deal (the later ones follow it), or dropped (the
    later ones take 3, 4: the phone's sheet is still at deal 1, but the 409 showed a deal 2). None
    is called another phone's; each request keeps its entry's key. `late`: a fourth deal entered
    while the 409 waits for the player, or after the choice (numbered from the deals before it)."""
    game_id = new_game(client)
    context, page = new_phone(browser)
    reachable = []
    sent = []  # (key, number, status) of each request that reached the server

    def network(route):
        if not reachable:
            route.abort("connectionfailed")
            return
        response = route.fetch()
        number = route.request.post_data_json.get("number")
        sent.append((route.request.headers["idempotency-key"], number, response.status))
        route.fulfill(response=response)

    try:
        page.goto(base_url + "/")
        keep_the_sheet(page, game_id)
        page.route(HANDS, network)
        mine = [add_deal(page, game_id, body) for body in MINE[:3]]
        assert [entry["number"] for entry in mine] == [2, 3, 4]
        for number, points_made in [(2, 81), (3, 83)][:others]:
            deal = {**OTHER_PHONES, "taker_points": points_made, "number": number}
            assert client.post(f"/api/v1/games/{game_id}/hands", json=deal).status_code == 201

        reachable.append(True)
        outbox(page, "outbox.flush();")
        held = wait_for_all_sent_or_held(page)
        states = [(e["key"], e["state"]) for e in held]
        assert states == [(mine[0]["key"], "conflict"), (mine[1]["key"], "waiting"), (mine[2]["key"], "waiting")]
        assert held[0]["existing"]["number"] == 2 and held[0]["existing"]["input"]["taker_points"] == 81
        if late == "before":
            mine.append(add_deal(page, game_id, MINE[3]))
        outbox(page, "outbox.resolveConflict(arg.key, arg.choice);", {"key": mine[0]["key"], "choice": choice})
        if late == "after":
            mine.append(add_deal(page, game_id, MINE[3]))

        assert wait_for_all_sent_or_held(page) == []  # none held: none called another phone's
        assert recorded_points(client, game_id) == points
        keys = [entry["key"] for entry in mine]
        assert sent == [(keys[0], 2, 409)] + [(keys[index], number, 201) for index, number in requests]
        assert known_sheet(page, game_id)["revision"] == len(points)
    finally:
        context.close()


def existing_with_markup() -> dict:
    return {
        "number": MARKUP,
        "kind": "hand",
        "dealer": 0,
        "version": 1,
        "input": {"taker": MARKUP, "contract": MARKUP, "mode": MARKUP, "taker_points": MARKUP},
        "made": True,
        "scores": {"A": MARKUP, "B": 0},
        "totals": {"A": MARKUP, "B": 0},
    }


def test_a_forged_409_puts_no_element_into_the_sheet_and_nothing_of_it_is_kept(browser, base_url, client):
    game_id = new_game(client)
    context, page = new_phone(browser)
    answered = []

    def forged_409(route):
        answered.append(route.request.url)
        body = {"error": MARKUP, "existing": existing_with_markup()}
        route.fulfill(status=409, content_type="application/json", body=json.dumps(body))

    try:
        context.route(HANDS, forged_409)  # every page of the phone gets it
        page.goto(f"{base_url}/parties/{game_id}")
        wait_for_the_kept_sheet(page)
        images = page.locator("img").count()
        add_deal(page, game_id, MINE[0])
        until(page, lambda: len(answered) >= 2, "the forged 409 answered and the save sent again")
        [entry] = kept(page)
        assert entry["state"] == "waiting" and not entry.get("existing") and not entry.get("error")
        assert "onerror" not in page.evaluate("() => Object.values(localStorage).join(' ')")
        assert outbox(page, "return outbox.status().strange;") is True
        page.wait_for_timeout(300)  # whatever the sheet draws of the waiting save, drawn
        assert page.locator(INJECTED).count() == 0 and page.locator("img").count() == images
        assert page.title() != "pwned"

        other = context.new_page()  # another page of the phone, with its line about the waiting save
        other.goto(base_url + "/")
        other.locator(".waiting-elsewhere", has_text="1 saisie en attente d'envoi").wait_for()
        assert other.locator(INJECTED).count() == 0 and other.locator(".waiting-elsewhere a").count() == 1
        assert len(recorded_points(client, game_id)) == 1
    finally:
        context.close()


def test_a_forged_sheet_in_answer_to_a_save_puts_no_element_into_the_sheet_and_is_not_kept(browser, base_url, client):
    game_id = new_game(client)
    context, page = new_phone(browser)
    answered = []

    def forged(route):
        answered.append(route.request.url)
        forged_sheet(route, 200, teams={"A": MARKUP, "B": MARKUP}, players=[MARKUP] * 4)

    try:
        page.goto(f"{base_url}/parties/{game_id}")
        wait_for_the_kept_sheet(page)
        images = page.locator("img").count()
        page.route(HANDS, forged)
        add_deal(page, game_id, MINE[0])
        until(page, lambda: len(answered) >= 2, "the forged sheet answered and the save sent again")
        assert [entry["state"] for entry in kept(page)] == ["waiting"]
        assert "onerror" not in page.evaluate("() => Object.values(localStorage).join(' ')")
        assert known_sheet(page, game_id)["revision"] == 1
        page.wait_for_timeout(300)  # whatever the sheet draws of the waiting save, drawn
        assert page.locator(INJECTED).count() == 0 and page.locator("img").count() == images
        assert page.title() != "pwned"
    finally:
        context.close()


def test_only_a_sheet_with_the_apis_shape_is_kept(browser, base_url, client):
    """remember() keeps the API's sheet (its names are text, whatever they hold) and nothing else:
    a sheet with a field missing or of another type, deals out of order, or older than the copy
    kept."""
    game_id = new_game(client)
    sheet = client.get(f"/api/v1/games/{game_id}").get_json()
    context, page = new_phone(browser)
    try:
        page.goto(base_url + "/")
        deal = sheet["hands"][0]
        forged = [
            None,
            "<img src=x onerror=alert(1)>",
            [sheet],
            {**sheet, "id": 7},
            {**sheet, "id": ""},
            {**sheet, "revision": MARKUP},
            {**sheet, "revision": None},
            {**sheet, "teams": {"A": {"html": MARKUP}, "B": "Eux"}},
            {**sheet, "teams": [MARKUP, MARKUP]},
            {**sheet, "players": PLAYERS[:3]},
            {**sheet, "totals": {"A": MARKUP, "B": 0}},
            {**sheet, "hands": {"1": deal}},
            {**sheet, "hands": [{**deal, "number": 2}]},
            {**sheet, "hands": [{**deal, "scores": {"A": MARKUP, "B": 70}}]},
            {**sheet, "hands": [{**deal, "kind": MARKUP}]},
            {key: value for key, value in sheet.items() if key != "hands"},
        ]
        kept_ones = outbox(
            page, "return arg.map(s => { outbox.remember(s); return outbox.knownSheet(arg[3].id); });", forged
        )
        assert kept_ones == [None] * len(forged)
        marked_up = {**sheet, "teams": {"A": MARKUP, "B": "Eux"}}  # a name may hold "<": the API allows it
        assert outbox(page, "outbox.remember(arg); return outbox.knownSheet(arg.id).teams.A;", marked_up) == MARKUP
        assert page.locator(INJECTED).count() == 0
        older = {**sheet, "revision": 0, "hands": [], "totals": {"A": 0, "B": 0}}
        assert outbox(page, "outbox.remember(arg); return outbox.knownSheet(arg.id).revision;", older) == 1
    finally:
        context.close()


def test_the_phone_says_whether_its_own_network_is_off_or_the_server_does_not_answer(browser, server, client):
    game_id = new_game(client)
    context, page = new_phone(browser)
    try:
        page.goto(server.url + "/")
        keep_the_sheet(page, game_id)
        context.set_offline(True)
        add_deal(page, game_id, MINE[0])
        status = outbox(page, "return outbox.status();")
        assert status["offline"] is True
        assert (
            status["message"].startswith("Ce téléphone n'a plus de réseau") and "injoignable" not in status["message"]
        )

        server.stop()
        context.set_offline(False)  # "online": tried at once, and the server does not answer
        page.wait_for_function("() => navigator.onLine")
        outbox(page, "outbox.flush();")
        wait_until(
            page, "() => import('/static/outbox.js').then(o => o.status().reachable === false && !o.status().offline)"
        )
        status = outbox(page, "return outbox.status();")
        assert status["message"].startswith("Serveur injoignable") and status["strange"] is False
        assert len(kept(page)) == 1

        server.start()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('belote.outbox') || '[]').length === 0")
        assert recorded_points(client, game_id) == [92, 100]
        assert outbox(page, "return outbox.status();")["reachable"] is True
    finally:
        context.close()
