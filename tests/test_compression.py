"""Pages and JSON answered gzip-compressed to the browsers that ask, the same content once
decompressed; the sheet's refresh (ETag, If-None-Match, 304) works through it."""

from __future__ import annotations

import gzip
import re

import pytest

GZIP = {"Accept-Encoding": "gzip, deflate, br"}  # what a phone's browser sends
HAND = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}


@pytest.fixture
def long_game(client) -> str:
    """A game of 30 deals: a sheet page of tens of kilobytes."""
    game_id = client.post("/api/v1/games", json={"teams": {"A": "<b>Nous</b>", "B": "Eux & cie"}}).get_json()["id"]
    for number in range(30):
        body = HAND if number % 3 == 0 else {"reason": "all_pass"}
        kind = "hands" if "taker" in body else "redeals"
        assert client.post(f"/api/v1/games/{game_id}/{kind}", json=body).status_code == 201
    return game_id


def same_but_request_ids(first: bytes, second: bytes) -> bool:
    """A page carries a new request id in each form (what makes a resubmitted form one deal)."""

    def blank(page: bytes) -> bytes:
        return re.sub(rb'(name="request_id" type="hidden" value=")[^"]*', rb"\1", page)

    return blank(first) == blank(second)


@pytest.mark.parametrize("path", ["/parties/{id}", "/api/v1/games/{id}", "/archives/parties/{id}/export.csv"])
def test_a_long_answer_is_compressed_when_asked_and_says_the_same(client, long_game, path):
    url = path.format(id=long_game)
    plain = client.get(url)
    plain_data = plain.data  # read whole before the next: an export is streamed, one at a time
    packed = client.get(url, headers=GZIP)
    streamed = packed.is_streamed  # before its data is read (which makes it a list)
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in plain.headers["Vary"] and "Accept-Encoding" in packed.headers["Vary"]
    assert same_but_request_ids(gzip.decompress(packed.data), plain_data)
    assert len(packed.data) < len(plain_data) / 4
    if not streamed:  # a streamed answer (the export) is compressed as it goes: no length
        assert int(packed.headers["Content-Length"]) == len(packed.data)


def test_a_sheet_page_of_thirty_deals_travels_in_a_few_kilobytes(client, long_game):
    page = client.get(f"/parties/{long_game}", headers=GZIP)
    print(f"\n{len(page.data):,} bytes compressed, {len(gzip.decompress(page.data)):,} decoded")
    # since issue 23 the page carries the deal form (a <template>) and each deal's "why" in its JSON
    assert len(page.data) < 8_000 < 40_000 < len(gzip.decompress(page.data))


def test_nothing_is_compressed_for_a_client_that_refuses_gzip_or_for_a_short_answer(client, long_game):
    refused = client.get(f"/parties/{long_game}", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "Content-Encoding" not in refused.headers
    short = client.post("/api/v1/score", json=HAND, headers=GZIP)  # a few hundred bytes
    assert short.status_code == 200 and "Content-Encoding" not in short.headers
    style = client.get("/static/style.css", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "Content-Encoding" not in style.headers and b"--felt" in style.data  # static files too


def test_the_sheet_refresh_still_answers_304_through_compression(client, long_game):
    url = f"/api/v1/games/{long_game}"
    first = client.get(url, headers=GZIP)
    etag = first.headers["ETag"]
    assert etag.startswith('W/"')  # the sheet's state, whatever its encoding
    unchanged = client.get(url, headers={**GZIP, "If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.headers["ETag"] == etag and not unchanged.data
    strong = etag.removeprefix("W/")  # a client that sends it back without the W/ is answered alike
    assert client.get(url, headers={"If-None-Match": strong}).status_code == 304
    assert client.post(f"{url}/redeals", json={"reason": "all_pass"}).status_code == 201
    changed = client.get(url, headers={**GZIP, "If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert b'"revision":31' in gzip.decompress(changed.data)
