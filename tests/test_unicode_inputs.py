"""Unicode that once gave a 500 (issue 14): digits that `str.isdigit()` takes and `int()` refuses
("²"), digits of other scripts ("٣", "５"), and half a UTF-16 pair on its own (JSON's "\\ud800"
escape, or its UTF-8 bytes %ED%A0%80 in a form), sent to every route that reads a version, a
deal number or a name from text. Whatever arrives: a 4xx or a sensible answer, never a 500, and a
refused request changes nothing."""

from __future__ import annotations

import pytest

from scorekeeper.store.db import connect

HAND = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}
DEAL_FORM = {"taker_player": "0", "contract": "80", "mode": "hearts", "points": "92", "enregistrer": "1"}
NEW_GAME_FORM = {"team_a": "Nous", "team_b": "Eux", "dealer": "0", "target": "2000", "rounding": "nearest"}
# "²" and "¹" are digits to isdigit() and not to int(); "٣" (Arabic-Indic) and "５" (full width) are
# decimal digits int() reads; "𝟘" is a mathematical digit; "1²" mixes them.
ODD_DIGITS = ["²", "¹", "1²", "٣", "５", "𝟘", "³⁴", "Ⅻ", "½"]
SURROGATE_JSON = '"x\\ud800y"'  # the escape as written in the JSON text


def broken(template: str) -> str:
    """The JSON text `template` with its `$S` the string holding a lone surrogate."""
    return template.replace("$S", SURROGATE_JSON)


def counts(app) -> tuple[int, int, int]:
    conn = connect(app.config["DATABASE"])
    try:
        return tuple(
            conn.execute(f"select count(*) from {table}").fetchone()[0] for table in ("games", "deals", "actions")
        )
    finally:
        conn.close()


def live_deals(client, game_id: str) -> list[dict]:
    return client.get(f"/api/v1/games/{game_id}").get_json()["hands"]


@pytest.fixture
def game_id(client) -> str:
    game = client.post("/api/v1/games", json={"players": ["Ana", "Bruno", "Chloé", "David"]}).get_json()["id"]
    for _ in range(2):
        assert client.post(f"/api/v1/games/{game}/hands", json=HAND).status_code == 201
    return game


# --- the API ----------------------------------------------------------------------------------


@pytest.mark.parametrize("version", ODD_DIGITS)
def test_the_api_refuses_an_odd_digit_as_the_version_of_a_delete(app, client, game_id, version):
    before = counts(app)
    response = client.delete(f"/api/v1/games/{game_id}/hands/1", query_string={"version": version})
    assert response.status_code == 422
    assert response.get_json() == {"error": "« version » doit être le numéro de version de la donne."}
    assert counts(app) == before


def test_the_api_still_takes_an_ascii_version(client, game_id):
    assert client.delete(f"/api/v1/games/{game_id}/hands/1?version=1").status_code == 200
    assert len(live_deals(client, game_id)) == 1


@pytest.mark.parametrize("version", ["²", "٣", "1", 1.5, True, None, [1], {"v": 1}])
def test_the_api_refuses_an_odd_version_in_an_edit(app, client, game_id, version):
    before = counts(app)
    response = client.put(f"/api/v1/games/{game_id}/hands/1", json={**HAND, "version": version})
    assert 400 <= response.status_code < 500
    assert "error" in response.get_json()
    assert counts(app) == before


@pytest.mark.parametrize("number", ODD_DIGITS)
@pytest.mark.parametrize("method", ["PUT", "DELETE"])
def test_an_odd_digit_as_the_deal_number_in_the_address_is_never_a_500(app, client, game_id, number, method):
    """Werkzeug's <int:…> reads "٣" as 3 and "５" as 5 (no such deal here: 404), refuses "²" (404)."""
    before = counts(app)
    response = client.open(f"/api/v1/games/{game_id}/hands/{number}", method=method, json={**HAND, "version": 1})
    assert response.status_code == 404
    assert "error" in response.get_json()
    assert counts(app) == before


@pytest.mark.parametrize("number", ["²", "٣", "5", 2.0, -1])
@pytest.mark.parametrize(("kind", "body"), [("hands", HAND), ("redeals", {"reason": "all_pass"})])
def test_the_api_refuses_an_odd_number_for_a_new_deal(app, client, game_id, kind, body, number):
    before = counts(app)
    response = client.post(f"/api/v1/games/{game_id}/{kind}", json={**body, "number": number})
    assert response.status_code == 422
    assert "« number »" in response.get_json()["error"]
    assert counts(app) == before


SURROGATE_BODIES = [
    ("/api/v1/games", broken('{"teams": {"A": $S}}')),
    ("/api/v1/games", broken('{"players": [$S, null, null, null]}')),
    ("/api/v1/games", broken("{$S: 1}")),  # a key
    ("/api/v1/games", '{"teams": {"A": "\\udfff"}}'),  # a low half, alone
    ("/api/v1/games", '{"teams": {"A": "\\udc00\\ud800"}}'),  # both halves, in the wrong order
    ("/api/v1/games", broken('{"rules": {"rounding": $S}}')),
    ("/api/v1/games/{game}/hands", broken('{"taker": "A", "contract": 80, "mode": $S, "taker_points": 92}')),
    (
        "/api/v1/games/{game}/hands",
        broken('{"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92, "deep": [[{"a": [$S]}]]}'),
    ),
    ("/api/v1/games/{game}/redeals", broken('{"reason": $S}')),
    ("/api/v1/score", broken('{"taker": $S, "contract": 80, "mode": "hearts", "taker_points": 92}')),
    ("/api/v1/count", broken('{"mode": "hearts", "cards": [$S]}')),
]


@pytest.mark.parametrize(("path", "raw"), SURROGATE_BODIES)
def test_the_api_refuses_a_lone_surrogate_anywhere_in_a_body(app, client, game_id, path, raw):
    before = counts(app)
    response = client.post(path.format(game=game_id), data=raw.encode("ascii"), content_type="application/json")
    assert response.status_code == 422
    assert response.get_json() == {
        "error": "Le corps de la requête contient un caractère invalide (une moitié de paire UTF-16 seule)."
    }
    assert counts(app) == before


def test_a_lone_surrogate_in_an_edit_is_refused_too(app, client, game_id):
    before = counts(app)
    raw = broken('{"taker": "A", "contract": 80, "mode": $S, "taker_points": 92, "version": 1}')
    response = client.put(f"/api/v1/games/{game_id}/hands/1", data=raw, content_type="application/json")
    assert response.status_code == 422
    assert counts(app) == before


def test_a_whole_pair_is_one_character_and_welcome(client):
    """ "\\ud83c\\udccf" is 🃏 in JSON's escapes: a pair, not a lone half."""
    raw = '{"teams": {"A": "Les \\ud83c\\udccf"}}'
    response = client.post("/api/v1/games", data=raw, content_type="application/json")
    assert response.status_code == 201
    assert response.get_json()["teams"]["A"] == "Les 🃏"


# --- the pages ----------------------------------------------------------------------------------


@pytest.mark.parametrize("version", ODD_DIGITS)
def test_the_delete_form_with_an_odd_version_is_never_a_500(client, game_id, version):
    response = client.post(f"/parties/{game_id}/donnes/1/supprimer", data={"version": version})
    assert response.status_code == 302


@pytest.mark.parametrize("version", ODD_DIGITS)
def test_the_edit_form_with_an_odd_version_is_never_a_500(client, game_id, version):
    response = client.post(f"/parties/{game_id}/donnes/1/modifier", data={**DEAL_FORM, "version": version})
    assert response.status_code in (200, 302)


@pytest.mark.parametrize("version", ODD_DIGITS)
def test_the_redeal_edit_form_with_an_odd_version_is_never_a_500(client, game_id, version):
    client.post(f"/api/v1/games/{game_id}/redeals", json={"reason": "all_pass"})
    response = client.post(f"/parties/{game_id}/donnes/3/modifier", data={"reason": "all_pass", "version": version})
    assert response.status_code in (200, 302)


@pytest.mark.parametrize("number", ODD_DIGITS)
def test_a_new_deal_or_redeal_with_an_odd_number_is_recorded_as_from_an_old_page(client, game_id, number):
    """The `number` field is the deal number the page showed: anything but ASCII digits is ignored
    (as from a page older than the field), and the deal is recorded, never a 500."""
    response = client.post(f"/parties/{game_id}/donnes/nouvelle", data={**DEAL_FORM, "number": number})
    assert response.status_code == 302
    response = client.post(f"/parties/{game_id}/redonne", data={"reason": "all_pass", "number": number})
    assert response.status_code == 302
    assert len(live_deals(client, game_id)) == 4


@pytest.mark.parametrize("number", ODD_DIGITS)
def test_an_odd_digit_in_a_page_address_is_never_a_500(client, game_id, number):
    for path in (f"/parties/{game_id}/donnes/{number}/modifier", f"/parties/{game_id}/donnes/{number}/supprimer"):
        assert client.post(path, data={"version": "1"}).status_code in (302, 404)
        assert client.get(path).status_code in (200, 404, 405)


@pytest.mark.parametrize("value", ODD_DIGITS)
@pytest.mark.parametrize("field", ["points", "belote_A", "melds_A_tierce", "taker_player", "contract"])
def test_an_odd_digit_in_a_deal_field_is_never_a_500(client, game_id, field, value):
    response = client.post(f"/parties/{game_id}/donnes/nouvelle", data={**DEAL_FORM, field: value})
    assert response.status_code in (200, 302)


@pytest.mark.parametrize("value", ODD_DIGITS)
@pytest.mark.parametrize("field", ["dealer", "target", "evening"])
def test_an_odd_digit_in_the_new_game_form_is_never_a_500(app, client, field, value):
    """Refused next to its field, but for a decimal digit int() reads as WTForms does ("٣" is the
    fourth player, 3): never a game in another evening or to another target than offered."""
    response = client.post("/parties/nouvelle", data={**NEW_GAME_FORM, field: value})
    if response.status_code == 302:
        assert (field, value) in {("dealer", "٣"), ("dealer", "𝟘")}
        game = client.get(f"/api/v1/games/{response.headers['Location'].rsplit('/', 1)[1]}").get_json()
        assert game["dealer"] == int(value)
    else:
        assert response.status_code == 200
        assert counts(app)[0] == 0


URLENCODED_SURROGATE = "%ED%A0%80"  # "\ud800" as CESU-8 bytes, which no UTF-8 decoder takes
SURROGATE_BYTES = b"\xed\xa0\x80"


def multipart(fields: dict[str, bytes]) -> bytes:
    parts = [
        b'--xyz\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n' % (key.encode(), value)
        for key, value in fields.items()
    ]
    return b"".join(parts) + b"--xyz--\r\n"


@pytest.mark.parametrize("field", ["team_a", "player_0", "evening", "dealer"])
def test_surrogate_bytes_in_the_new_game_form_are_never_a_500(client, field):
    """Werkzeug keeps bytes that are not UTF-8 as their %XX in a urlencoded form, and replaces them
    with U+FFFD in a multipart one: no lone surrogate reaches a form's field."""
    fields = {**NEW_GAME_FORM, field: URLENCODED_SURROGATE}
    raw = "&".join(f"{key}={value}" for key, value in fields.items()).encode()
    response = client.post("/parties/nouvelle", data=raw, content_type="application/x-www-form-urlencoded")
    assert response.status_code in (200, 302)
    if field in ("team_a", "player_0"):
        game = client.get(f"/api/v1/games/{response.headers['Location'].rsplit('/', 1)[1]}").get_json()
        assert URLENCODED_SURROGATE in (game["teams"]["A"], game["players"][0])
    fields = {key: value.encode() for key, value in NEW_GAME_FORM.items()} | {field: b"x" + SURROGATE_BYTES + b"y"}
    response = client.post(
        "/parties/nouvelle", data=multipart(fields), content_type="multipart/form-data; boundary=xyz"
    )
    assert response.status_code in (200, 302)
    if field in ("team_a", "player_0"):
        game = client.get(f"/api/v1/games/{response.headers['Location'].rsplit('/', 1)[1]}").get_json()
        assert "x\ufffd\ufffd\ufffdy" in (game["teams"]["A"], game["players"][0])


@pytest.mark.parametrize("field", ["version", "number", "points", "reason"])
def test_surrogate_bytes_in_the_deal_forms_are_never_a_500(client, game_id, field):
    for path, fields in (
        (f"/parties/{game_id}/donnes/nouvelle", DEAL_FORM),
        (f"/parties/{game_id}/donnes/1/modifier", {**DEAL_FORM, "version": "1"}),
        (f"/parties/{game_id}/donnes/1/supprimer", {"version": "1"}),
        (f"/parties/{game_id}/redonne", {"reason": "all_pass"}),
    ):
        raw = "&".join(f"{key}={value}" for key, value in {**fields, field: URLENCODED_SURROGATE}.items()).encode()
        response = client.post(path, data=raw, content_type="application/x-www-form-urlencoded")
        assert response.status_code in (200, 302), (path, response.status_code)
        parts = {key: value.encode() for key, value in fields.items()} | {field: SURROGATE_BYTES}
        response = client.post(path, data=multipart(parts), content_type="multipart/form-data; boundary=xyz")
        assert response.status_code in (200, 302), (path, response.status_code)


def test_surrogate_bytes_in_an_address_are_never_a_500(client, game_id):
    for path in (
        f"/parties/{URLENCODED_SURROGATE}",
        f"/api/v1/games/{URLENCODED_SURROGATE}",
        f"/statistiques/joueurs/{URLENCODED_SURROGATE}",
        f"/statistiques/equipes/a{URLENCODED_SURROGATE}|b",
        f"/api/v1/games/{game_id}/hands/1?version={URLENCODED_SURROGATE}",
    ):
        for method in ("GET", "DELETE"):
            assert client.open(path, method=method).status_code < 500, (method, path)
