"""Issue 24: a save that meets the server's busy 503 (a write that waited `WRITE_WAIT_S` for the
write lock, or a disk's fault) stays on the phone and is sent again, in Chromium: the 503 is the
server's own French answer, so the phone shows it, keeps the save waiting, and records it once
when the server takes it. The 503 is played by the test's route, word for word the app's own
(tests/test_import_parts.py has the app give it)."""

from __future__ import annotations

import json

from tests.browser.helpers import new_phone
from tests.browser.test_outbox_answers import (
    HANDS,
    MINE,
    add_deal,
    keep_the_sheet,
    kept,
    new_game,
    outbox,
    recorded_points,
    until,
)

BUSY = "Trop d'écritures à la fois : rien n'a été enregistré. Réessayez dans un instant."


def test_a_busy_503_keeps_the_save_and_it_is_sent_again_once_the_server_takes_it(browser, base_url, client):
    game_id = new_game(client)
    context, page = new_phone(browser)
    answered = []

    def busy(route):
        answered.append(route.request.headers["idempotency-key"])
        body = json.dumps({"error": BUSY})
        route.fulfill(status=503, content_type="application/json", headers={"Retry-After": "5"}, body=body)

    try:
        page.goto(base_url + "/")
        keep_the_sheet(page, game_id)
        page.route(HANDS, busy)
        entry = add_deal(page, game_id, MINE[0])
        until(page, lambda: len(answered) >= 2, "the save sent, answered busy, and sent again")
        [waiting] = kept(page)
        assert (waiting["key"], waiting["state"]) == (entry["key"], "waiting")
        status = outbox(page, "return outbox.status();")
        assert status["reachable"] is True and status["strange"] is False
        assert status["message"] == BUSY
        page.unroute(HANDS, busy)
        page.wait_for_function("() => JSON.parse(localStorage.getItem('belote.outbox') || '[]').length === 0")
        assert recorded_points(client, game_id) == [92, 100]  # recorded once
    finally:
        context.close()
