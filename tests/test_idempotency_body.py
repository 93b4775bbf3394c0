"""An Idempotency-Key reused with another request (issue 14, item 6): the key is stored with a
fingerprint of the request that used it (method, path, canonical JSON body). The same key with the
same request replays the first answer (same status, same bytes) and writes nothing; with another
request (another body, another deal, another route) it is refused, 422 in French, and writes
nothing either, as payment APIs answer. Keys stored before the fingerprints (m008) have none: they
replay as before, whatever comes with them.

Scores are docs/scoring.md's worked examples: the comment is the published A / B score.
"""

from __future__ import annotations

import json
from contextlib import closing
from html import unescape

import pytest
import sqlite_utils

from scorekeeper.services import games as service
from scorekeeper.services.idempotency import KeyReused
from scorekeeper.store import idempotency as keys
from scorekeeper.store.db import connect
from scorekeeper.store.migrate import migrate
from scorekeeper.store.migrations import migrations
from tests.helpers import GAMES, api_game, old_game_row
from tests.pages import create_named_game, deal_form, ex, flashes, form_posting_to, live_deals, the_form, writes

REFUSAL = "La clé « Idempotency-Key » a déjà servi pour une autre requête : "

EX1 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # 170 / 70
EX3 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 84}  # 160 / 80
EX8 = {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101}  # 300 / 60
EX20 = {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 71}  # 240 / 0


def keyed(key: str) -> dict:
    return {"Idempotency-Key": key}


def state(client, app, game_id: str) -> tuple:
    """Everything a write would change: the sheet's bytes and every table's rows."""
    return client.get(f"{GAMES}/{game_id}").data, writes(app)


def assert_refused(response) -> None:
    assert response.status_code == 422 and response.mimetype == "application/json"
    message = response.get_json()["error"]
    assert message.startswith(REFUSAL) and "rien changé" in message


def assert_replayed(first, again, status: int) -> None:
    assert again.status_code == first.status_code == status
    assert again.data == first.data  # byte for byte


# --- the same key, the same request: the first answer again ----------------------------------


def test_a_hand_sent_again_with_its_key_replays(client, app):
    game_id = api_game(client)
    first = client.post(f"{GAMES}/{game_id}/hands", json=EX1, headers=keyed("k"))
    # The same JSON, its keys in another order and spaced otherwise: the same request.
    again = client.post(
        f"{GAMES}/{game_id}/hands",
        data='{ "taker_points": 92, "mode": "hearts",\n "contract": 80, "taker": "A" }',
        content_type="application/json",
        headers=keyed("k"),
    )
    assert_replayed(first, again, 201)
    assert live_deals(app) == 1


# --- the same key, another request: 422, nothing written -------------------------------------


def test_a_hand_with_a_used_key_and_another_body_is_refused(client, app):
    game_id = api_game(client)
    first = client.post(f"{GAMES}/{game_id}/hands", json=EX1, headers=keyed("k"))
    before = state(client, app, game_id)
    assert_refused(client.post(f"{GAMES}/{game_id}/hands", json=EX20, headers=keyed("k")))
    assert_refused(client.post(f"{GAMES}/{game_id}/hands", json={**EX1, "number": 1}, headers=keyed("k")))
    assert state(client, app, game_id) == before
    # The key still replays its own request.
    assert_replayed(first, client.post(f"{GAMES}/{game_id}/hands", json=EX1, headers=keyed("k")), 201)
    assert live_deals(app) == 1


def test_a_redeal_with_a_used_key_and_another_body_is_refused(client, app):
    game_id = api_game(client, rules={"misere": True})
    first = client.post(f"{GAMES}/{game_id}/redeals", json={"reason": "misere", "player": 3}, headers=keyed("r"))
    assert first.status_code == 201
    before = state(client, app, game_id)
    other = {"reason": "misere", "player": 1}
    assert_refused(client.post(f"{GAMES}/{game_id}/redeals", json=other, headers=keyed("r")))
    assert_refused(client.post(f"{GAMES}/{game_id}/redeals", json={"reason": "all_pass"}, headers=keyed("r")))
    assert_refused(client.post(f"{GAMES}/{game_id}/hands", json=EX1, headers=keyed("r")))  # another route
    assert state(client, app, game_id) == before
    again = client.post(f"{GAMES}/{game_id}/redeals", json={"player": 3, "reason": "misere"}, headers=keyed("r"))
    assert_replayed(first, again, 201)


def test_an_edit_with_a_used_key_and_another_body_or_deal_is_refused(client, app):
    game_id = api_game(client, EX1, EX20)
    first = client.put(f"{GAMES}/{game_id}/hands/1", json={**EX8, "version": 1}, headers=keyed("e"))
    assert first.status_code == 200
    before = state(client, app, game_id)
    assert_refused(client.put(f"{GAMES}/{game_id}/hands/1", json={**EX3, "version": 1}, headers=keyed("e")))
    assert_refused(client.put(f"{GAMES}/{game_id}/hands/1", json={**EX8, "version": 2}, headers=keyed("e")))
    assert_refused(client.put(f"{GAMES}/{game_id}/hands/2", json={**EX8, "version": 1}, headers=keyed("e")))
    assert state(client, app, game_id) == before
    again = client.put(f"{GAMES}/{game_id}/hands/1", json={**EX8, "version": 1}, headers=keyed("e"))
    assert_replayed(first, again, 200)
    assert client.get(f"{GAMES}/{game_id}").get_json()["totals"] == {"A": 300 + 240, "B": 60}


def test_a_delete_with_a_used_key_and_another_deal_or_version_is_refused(client, app):
    game_id = api_game(client, EX1, EX20, EX3)
    first = client.delete(f"{GAMES}/{game_id}/hands/2?version=1", headers=keyed("d"))
    assert first.status_code == 200
    before = state(client, app, game_id)
    assert_refused(client.delete(f"{GAMES}/{game_id}/hands/1?version=1", headers=keyed("d")))
    assert_refused(client.delete(f"{GAMES}/{game_id}/hands/2", headers=keyed("d")))  # without the version
    assert_refused(client.delete(f"{GAMES}/{game_id}/hands/2?version=2", headers=keyed("d")))
    assert state(client, app, game_id) == before
    # The same delete again, its version written otherwise: the same request.
    assert_replayed(first, client.delete(f"{GAMES}/{game_id}/hands/2?version=01", headers=keyed("d")), 200)
    assert [hand["input"] for hand in client.get(f"{GAMES}/{game_id}").get_json()["hands"]] == [EX1, EX3]


def test_an_undo_key_reused_elsewhere_is_refused_and_an_undo_replays_whatever_its_body(client, app):
    game_id = api_game(client, EX1, EX20)
    first = client.post(f"{GAMES}/{game_id}/undo", json={}, headers=keyed("u"))
    assert first.status_code == 200 and first.get_json()["message"] == "Donne 2 retirée."
    before = state(client, app, game_id)
    assert_refused(client.post(f"{GAMES}/{game_id}/hands", json=EX1, headers=keyed("u")))
    assert_refused(client.delete(f"{GAMES}/{game_id}/hands/1", headers=keyed("u")))
    assert state(client, app, game_id) == before
    # An undo's JSON body says nothing (the API ignores it): not part of the request.
    assert_replayed(first, client.post(f"{GAMES}/{game_id}/undo", json={"x": 1}, headers=keyed("u")), 200)
    assert len(client.get(f"{GAMES}/{game_id}").get_json()["hands"]) == 1


def test_a_record_key_reused_by_an_undo_or_an_edit_is_refused(client, app):
    game_id = api_game(client)
    assert client.post(f"{GAMES}/{game_id}/hands", json=EX1, headers=keyed("k")).status_code == 201
    before = state(client, app, game_id)
    assert_refused(client.post(f"{GAMES}/{game_id}/undo", json={}, headers=keyed("k")))
    assert_refused(client.put(f"{GAMES}/{game_id}/hands/1", json={**EX1, "version": 1}, headers=keyed("k")))
    assert state(client, app, game_id) == before


def test_keys_are_still_per_game(client, app):
    """Another game's key is not this game's: the same key, another body, another game is recorded."""
    one, two = api_game(client), api_game(client)
    assert client.post(f"{GAMES}/{one}/hands", json=EX1, headers=keyed("k")).status_code == 201
    answer = client.post(f"{GAMES}/{two}/hands", json=EX20, headers=keyed("k"))
    assert answer.status_code == 201 and answer.get_json()["totals"] == {"A": 240, "B": 0}


def test_a_refused_request_still_does_not_use_up_its_key(client, app):
    game_id = api_game(client)
    assert client.post(f"{GAMES}/{game_id}/hands", json={**EX1, "contract": 85}, headers=keyed("k")).status_code == 422
    answer = client.post(f"{GAMES}/{game_id}/hands", json=EX20, headers=keyed("k"))
    assert answer.status_code == 201 and answer.get_json()["totals"] == {"A": 240, "B": 0}


# --- the service: the pages' body and the API's are fingerprinted alike ------------------------


def test_the_service_fingerprints_the_body_it_receives(db):
    game_id = service.create_game(db, {}).game.id
    first = service.record_hand(db, game_id, {**EX1, "number": 1}, idempotency_key="page-form")
    again = service.record_hand(db, game_id, {"number": 1, **EX1}, idempotency_key="page-form")
    assert again.replayed and again.text == first.text
    with pytest.raises(KeyReused) as refused:
        service.record_hand(db, game_id, {**EX1, "number": 1, "taker_points": 93}, idempotency_key="page-form")
    assert refused.value.message.startswith(REFUSAL) and refused.value.field == "Idempotency-Key"
    stored = db.execute("select fingerprint from idempotency_keys where key = 'page-form'").fetchone()[0]
    assert stored == keys.request_fingerprint("POST", f"/api/v1/games/{game_id}/hands", {**EX1, "number": 1})
    assert db.execute("select count(*) from deals").fetchone()[0] == 1


def test_a_page_form_posted_again_replays_and_the_api_recognises_it(client, app):
    """The deal form's hidden request_id is its key: posted again (the same form), one deal; the API
    sent the same body under that key replays it too (the same fingerprint)."""
    game_id = create_named_game(client)
    form = deal_form(client, game_id)
    data = {**form.values(), **ex(0, "80", "hearts", 92), "enregistrer": "1"}
    first = client.post(f"/parties/{game_id}/donnes/nouvelle", data=data)
    again = client.post(f"/parties/{game_id}/donnes/nouvelle", data=data)
    assert first.status_code == again.status_code == 302
    assert live_deals(app) == 1
    body = {
        "taker": "A",
        "taker_player": 0,
        "contract": 80,
        "mode": "hearts",
        "coinche": "none",
        "taker_points": 92,
        "number": 1,
    }
    replayed = client.post(f"{GAMES}/{game_id}/hands", json=body, headers=keyed(form.value("request_id")))
    assert replayed.status_code == 201 and live_deals(app) == 1


def test_a_page_form_sent_again_changed_records_nothing(client, app):
    """The same form (its request_id) sent back with another hand (the browser's back button): the
    change is not recorded, and the first deal is not passed off as it (no "enregistrée")."""
    game_id = create_named_game(client)
    form = deal_form(client, game_id)
    data = {**form.values(), **ex(0, "80", "hearts", 92), "enregistrer": "1"}
    assert client.post(f"/parties/{game_id}/donnes/nouvelle", data=data).status_code == 302
    client.get(f"/parties/{game_id}")  # the flashed line of the first save
    before = writes(app)
    changed = client.post(f"/parties/{game_id}/donnes/nouvelle", data={**data, "points": "100"})
    assert changed.status_code == 200  # the form again, with the refusal in the players' words
    assert "Ce formulaire a déjà enregistré une donne" in unescape(changed.text) and "Idempotency" not in changed.text
    assert writes(app) == before
    # A new form's id: "Enregistrer" once more records it, as a deal of its own (deal 2).
    again = the_form(changed.text)
    assert again.value("request_id") != data["request_id"]
    resent = {**data, "points": "100", "request_id": again.value("request_id"), "number": "2"}
    assert client.post(f"/parties/{game_id}/donnes/nouvelle", data=resent).status_code == 302
    hands = client.get(f"/api/v1/games/{game_id}").get_json()["hands"]
    assert [hand["input"]["taker_points"] for hand in hands] == [92, 100]


def test_a_page_form_posted_again_after_another_phone_names_its_own_deal(client, app):
    """The retry's answer is the sheet as it stands, with the other phone's deal 2 in it: the line
    atop the sheet still names the deal this form entered (docs/scoring.md, example 1: 170 / 70)."""
    game_id = create_named_game(client)
    form = deal_form(client, game_id)
    data = {**form.values(), **ex(0, "80", "hearts", 92), "enregistrer": "1"}
    assert client.post(f"/parties/{game_id}/donnes/nouvelle", data=data).status_code == 302
    client.get(f"/parties/{game_id}")  # the first save's line, read
    other = {"taker": "A", "taker_player": 2, "contract": 80, "mode": "hearts", "taker_points": 92, "number": 2}
    assert client.post(f"{GAMES}/{game_id}/hands", json=other).status_code == 201
    again = client.post(f"/parties/{game_id}/donnes/nouvelle", data=data, follow_redirects=True)
    assert live_deals(app) == 2
    lines = [line for line in flashes(again.text) if "enregistrée" in line]
    assert len(lines) == 1 and lines[0].startswith("Donne 1 enregistrée : ") and "+170" in lines[0], lines


def test_a_redeal_form_sent_again_changed_records_nothing(client, app):
    game_id = create_named_game(client, misere="y")
    form = form_posting_to(client.get(f"/parties/{game_id}").text, "/redonne", "misere")
    data = {**form.values(), "reason": "misere", "player": "2"}
    assert client.post(form.action, data=data).status_code == 302
    before = writes(app)
    assert client.post(form.action, data={**data, "player": "3"}).status_code == 302
    assert writes(app) == before
    assert client.post(form.action, data=data).status_code == 302  # the same form: replayed
    assert writes(app) == before


# --- keys stored before the fingerprints ---------------------------------------------------------


def test_a_key_stored_without_a_fingerprint_still_replays(client, app):
    """A key stored before m008 has no fingerprint: whatever comes with it, the first answer again,
    as before (nothing tells which request it was)."""
    game_id = api_game(client)
    first = client.post(f"{GAMES}/{game_id}/hands", json=EX1, headers=keyed("old"))
    with closing(connect(app.config["DATABASE"])) as database:
        database.execute("update idempotency_keys set fingerprint = null")
        database.conn.commit()
    before = state(client, app, game_id)
    assert_replayed(first, client.post(f"{GAMES}/{game_id}/hands", json=EX20, headers=keyed("old")), 201)
    assert_replayed(first, client.post(f"{GAMES}/{game_id}/hands", json=EX1, headers=keyed("old")), 201)
    assert state(client, app, game_id) == before


def test_the_migration_adds_an_empty_fingerprint_to_old_keys(tmp_path):
    """A database of before m008 (a key stored without a fingerprint) is migrated: the column is
    there, nullable, and the old key is kept, without a fingerprint, and replays."""
    path = str(tmp_path / "old.db")
    with closing(sqlite_utils.Database(path)) as database:
        migrations.apply(database, stop_before="m007_idempotency_request")
        assert "fingerprint" not in database["idempotency_keys"].columns_dict
        database["games"].insert(old_game_row("g", "2024-01-01T20:00:00+00:00"))
        database["idempotency_keys"].insert(
            {"game_id": "g", "key": "k", "status": 201, "response": "{}", "created_at": "2024-01-01T20:00:00+00:00"}
        )
    assert "m007_idempotency_request" in migrate(path)
    with closing(connect(path)) as database:
        column = next(c for c in database["idempotency_keys"].columns if c.name == "fingerprint")
        assert column.type == "TEXT" and not column.notnull
        assert keys.used_key(database, "g", "k") == keys.UsedKey(None, keys.Outcome(201))
        answer = service.record_hand(database, "g", EX20, idempotency_key="k")
        assert answer.replayed and answer.status == 201 and json.loads(answer.text)["hands"] == []
        assert database.execute("select count(*) from deals").fetchone()[0] == 0
