"""Cheap revisits on a poor connection (issue 16): static files at addresses that name their
contents, kept a year and compressed; pages with validators, so that a revisit of an unchanged
sheet costs a 304 and a changed one its new page; pages with a one-time message never kept."""

from __future__ import annotations

import contextvars
import gzip
import hashlib
import json
import re
import shutil
from html import unescape
from pathlib import Path

import pytest
from werkzeug.test import Client

from scorekeeper.web.assets import static_folder

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
HAND = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}
YEAR = "public, max-age=31536000, immutable"


@pytest.fixture
def game(client) -> str:
    game_id = client.post("/api/v1/games", json={"players": ["Ana", "Bruno", "Chloé", "David"]}).get_json()["id"]
    for _ in range(3):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 201
    return game_id


def version_of(app, name: str) -> str:
    return hashlib.sha256((Path(app.static_folder) / name).read_bytes()).hexdigest()[:12]


def addresses(html: str) -> list[str]:
    """The static addresses of a page: its links and scripts, and its import map's."""
    found = [unescape(url) for url in re.findall(r'(?:src|href|data-[a-z]+)="(/static/[^"]+)"', html)]
    for imports in re.findall(r'<script type="importmap">(.*?)</script>', html):
        found += json.loads(imports)["imports"].values()
    return found


# --- static files ---------------------------------------------------------------------------


def test_every_static_address_in_a_page_names_its_files_contents(app, client, game):
    html = client.get(f"/parties/{game}").text
    found = addresses(html)
    # style.css, the scripts it loads, and (its import map) every module they import
    for name in ["style.css", "outbox.js", "sheet_app.js", "engine.js", "projection.js", "sheet_view.js"]:
        assert f"/static/{name}?v={version_of(app, name)}" in found, name
    assert all(re.fullmatch(r"/static/[\w/.-]+\?v=[0-9a-f]{12}", url) for url in found), found


def test_a_versioned_address_is_kept_a_year_and_a_bare_one_is_asked_again(app, client):
    versioned = client.get(f"/static/style.css?v={version_of(app, 'style.css')}")
    assert versioned.status_code == 200
    assert versioned.headers["Cache-Control"] == YEAR
    bare = client.get("/static/style.css")
    assert bare.status_code == 200 and bare.headers["Cache-Control"] == "no-cache"
    assert bare.data == versioned.data == (Path(app.static_folder) / "style.css").read_bytes()
    stale = client.get("/static/style.css?v=000000000000")  # a page from before an update
    assert stale.status_code == 200 and stale.headers["Cache-Control"] == "no-cache"
    assert stale.data == bare.data


def test_a_static_file_asked_again_with_its_etag_costs_a_304(client):
    first = client.get("/static/outbox.js")
    etag = first.headers["ETag"]
    again = client.get("/static/outbox.js", headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.data and again.headers["ETag"] == etag


def test_static_text_is_compressed_once_and_says_the_same(app, client):
    for name in ["style.css", "engine.js", "sheet_app.js"]:
        path = Path(app.static_folder) / name
        packed = client.get(f"/static/{name}", headers=GZIP)
        assert packed.headers["Content-Encoding"] == "gzip", name
        assert "Accept-Encoding" in packed.headers["Vary"]
        assert gzip.decompress(packed.data) == path.read_bytes()
        assert int(packed.headers["Content-Length"]) == len(packed.data) < path.stat().st_size / 2
        plain = client.get(f"/static/{name}")
        assert "Content-Encoding" not in plain.headers and plain.data == path.read_bytes()
        assert plain.headers["ETag"] == packed.headers["ETag"]  # the contents, whatever the encoding
    # compressed when the folder is read, not at each request: the same bytes every time
    assert (
        static_folder(app.static_folder).files["engine.js"].gzipped
        == client.get("/static/engine.js", headers=GZIP).data
    )
    png = client.get("/static/icons/icon-192.png", headers=GZIP)  # already compressed
    assert png.status_code == 200 and "Content-Encoding" not in png.headers


@pytest.mark.parametrize("debug", [False, True])
def test_the_folder_is_read_once_but_again_at_each_request_in_debug_mode(app, client, tmp_path, debug):
    """Contents, version and compressed copy are read together once per process: a file edited
    under a running server is not served under its old version (flask run --debug reads again)."""
    folder = tmp_path / f"static-{debug}"
    shutil.copytree(app.static_folder, folder)
    app.static_folder = str(folder)
    app.debug = debug
    before = client.get("/static/style.css")
    (folder / "style.css").write_text("/* edited */\n", encoding="utf-8")
    after = client.get("/static/style.css")
    assert (after.data == b"/* edited */\n") is debug
    assert (after.headers["ETag"] != before.headers["ETag"]) is debug


@pytest.mark.parametrize(
    "path",
    ["/static/nothing.js", "/static/../pyproject.toml", "/static/icons/../../README.md", "/static/%2e%2e/README.md"],
)
def test_only_the_static_folders_files_are_served(client, path):
    assert client.get(path).status_code == 404


def test_the_mime_types_are_those_of_the_files(client):
    assert client.get("/static/style.css").headers["Content-Type"] == "text/css; charset=utf-8"
    assert client.get("/static/engine.js").mimetype in ("text/javascript", "application/javascript")
    assert client.get("/static/icons/icon-192.png").mimetype == "image/png"


# --- pages ----------------------------------------------------------------------------------


def test_an_unchanged_sheet_asked_again_costs_a_304_and_a_changed_one_its_new_page(client, game):
    url = f"/parties/{game}"
    first = client.get(url, headers=GZIP)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert etag.startswith('W/"')
    assert first.headers["Cache-Control"] == "private, no-cache"
    unchanged = client.get(url, headers={**GZIP, "If-None-Match": etag})
    assert unchanged.status_code == 304 and not unchanged.data
    assert unchanged.headers["ETag"] == etag and unchanged.headers["Cache-Control"] == "private, no-cache"

    assert client.post(f"/api/v1/games/{game}/redeals", json={"reason": "all_pass"}).status_code == 201
    changed = client.get(url, headers={**GZIP, "If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert 'id="donne-4"' in gzip.decompress(changed.data).decode()


def test_the_deal_form_too(client, game):
    url = f"/parties/{game}/donnes/nouvelle"
    etag = client.get(url).headers["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    assert client.get(url + "?points=57", headers={"If-None-Match": etag}).status_code == 200  # another page
    assert client.post(f"/api/v1/games/{game}/hands", json=HAND).status_code == 201
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 200 and "<h1>Donne 5</h1>" in again.text


def test_the_sheet_carries_the_apis_json_for_its_script(client, game):
    """One shape of the sheet (issue 30): the page's JSON is the API's, each hand's "why" in both."""
    page = client.get(f"/parties/{game}")
    sheet = re.search(r'<div id="sheet"[^>]*>', page.text).group(0)
    data = re.search(r"data-sheet='([^']*)'", sheet).group(1)
    assert unescape(data) == data  # nothing to unescape: < > & ' are \u escapes, as |tojson writes them
    carried = json.loads(data)
    assert carried == client.get(f"/api/v1/games/{game}").get_json()
    assert carried["hands"][0]["why"][0] == "Preneurs : Nous, contrat 80 ♥ cœur"


def test_a_team_name_cannot_leave_the_json_attribute(client):
    game_id = client.post("/api/v1/games", json={"teams": {"A": "'><script>x</script>", "B": "a & b"}}).get_json()["id"]
    sheet = re.search(r'<div id="sheet"[^>]*>', client.get(f"/parties/{game_id}").text).group(0)
    data = re.search(r"data-sheet='([^']*)'", sheet).group(1)
    assert "<script>" not in sheet and "\\u0027\\u003e\\u003cscript\\u003e" in data and "\\u0026" in data


def test_another_phone_has_its_own_validator(app, client, game):
    """A tag names the phone's session (its CSRF token): another phone's copy is not this one's."""
    etag = client.get(f"/parties/{game}").headers["ETag"]
    other = app.test_client()
    assert other.get(f"/parties/{game}", headers={"If-None-Match": etag}).status_code == 200


def test_other_pages_are_validated_by_their_body(client, game):
    first = client.get("/")
    assert first.headers["Cache-Control"] == "private, no-cache"
    assert client.get("/", headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    client.post(f"/api/v1/games/{game}/hands", json=HAND)  # the home page shows the totals
    assert client.get("/", headers={"If-None-Match": first.headers["ETag"]}).status_code == 200


class Phone:
    """Requests each in a context of their own, as a server runs them (see test_offline_worker.py)."""

    def __init__(self, app):
        self.client = Client(app)

    def get(self, url: str, **kwargs):
        return contextvars.Context().run(self.client.get, url, **kwargs)


def test_a_page_with_a_one_time_message_is_never_kept_nor_answered_304(app, client, game):
    phone = Phone(app)
    url = f"/parties/{game}"
    etag = phone.get(url).headers["ETag"]
    phone.get(f"/connexion?next={url}")  # no password: says so in a flash, back to the sheet
    with_flash = phone.get(url, headers={"If-None-Match": etag})
    assert with_flash.status_code == 200 and 'class="flash' in with_flash.text
    assert with_flash.headers["Cache-Control"] == "no-store"
    after = phone.get(url, headers={"If-None-Match": etag})  # the message was shown: the same sheet
    assert after.status_code == 304


def test_a_page_kept_then_revalidated_still_posts(app, game):
    """The copy a 304 leaves on the phone has the session's CSRF token and an unused request id."""
    app.config["WTF_CSRF_ENABLED"] = True
    phone = Phone(app)
    url = f"/parties/{game}/donnes/nouvelle"
    page = phone.get(url)
    assert phone.get(url, headers={"If-None-Match": page.headers["ETag"]}).status_code == 304
    fields = dict(
        re.findall(r'<input id="(csrf_token|request_id|number)" name="\1" type="hidden" value="([^"]*)"', page.text)
    )
    assert set(fields) == {"csrf_token", "request_id", "number"}
    form = {
        **fields,
        "taker_player": "0",
        "contract": "80",
        "mode": "hearts",
        "points": "92",
        "points_team": "takers",
        "enregistrer": "1",
    }
    saved = contextvars.Context().run(phone.client.post, url, data=form)
    assert saved.status_code == 302, saved.text
    assert phone.get(f"/parties/{game}").text.count('<li id="donne-') == 4
