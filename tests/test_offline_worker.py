"""The service worker as the server sends it (scorekeeper/web/offline.py, templates/offline/sw.js):
JavaScript that the browser asks for again on each visit, the same text until a static file
changes, listing every static file (the worker's install fails if one of them is missing), open
whatever the table password; and a page showing a one-time message is never kept by the worker."""

from __future__ import annotations

import contextvars
import json
import re
import shutil
from pathlib import Path

from werkzeug.test import Client

from scorekeeper.web.offline import static_files
from tests.helpers import HASH

VERSION = re.compile(r'^var VERSION = "([0-9a-f]+)";$', re.MULTILINE)
FILES = re.compile(r"^var STATIC_FILES = (\[.*\]);$", re.MULTILINE)


def worker(client) -> str:
    response = client.get("/sw.js")
    assert response.status_code == 200
    return response.text


def version_of(text: str) -> str:
    match = VERSION.search(text)
    assert match, text[:500]
    return match.group(1)


def files_of(text: str) -> list[str]:
    match = FILES.search(text)
    assert match, text[:500]
    return json.loads(match.group(1))


class Phone:
    """GETs answered as a real server answers them, each in an app context (and a `g`) of its own.

    pytest-flask keeps a request context pushed for the whole test: the test client's requests all
    run in its app context and share its `g`, where offline.py notes that a page showed a flash,
    so every page after a flash would say no-store. Here each request runs in an empty context
    (werkzeug's plain client: Flask's keeps contexts for `with client:`), cookies kept."""

    def __init__(self, app):
        self.client = Client(app)

    def get(self, url: str):
        return contextvars.Context().run(self.client.get, url)


def paths_of(urls: list[str]) -> set[str]:
    """The addresses without their `?v=` (assets.py: each file's version)."""
    return {url.partition("?")[0] for url in urls}


def every_static_file(folder: str) -> set[str]:
    """Every file of the static folder but the home-screen icons, which only an install needs, and
    the game's words made from belote/terms.py (vocabulary.js: the waiting view needs it offline)."""
    root = Path(folder)
    names = (path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file())
    return {"/static/" + name for name in names if not name.startswith("icons/")} | {"/static/vocabulary.js"}


def test_it_is_javascript_asked_again_on_each_visit(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_same_text_twice_under_a_version_that_is_a_hash_of_the_static_files(app, client):
    first, second = worker(client), worker(client)
    assert first == second
    version = version_of(first)
    assert re.fullmatch(r"[0-9a-f]{16}", version)
    assert version == static_files(app.static_folder)[1]


def test_it_lists_every_static_file_and_each_one_is_there(app, client):
    listed = files_of(worker(client))
    assert len(listed) == len(set(listed))
    assert paths_of(listed) == every_static_file(app.static_folder)
    assert {"/static/engine.js", "/static/outbox.js", "/static/sheet_app.js", "/static/vocabulary.js"} <= paths_of(listed)
    assert all(re.search(r"\?v=[0-9a-f]+$", url) for url in listed)  # the addresses the pages use
    for url in listed:  # cache.addAll() refuses the whole install for one missing file
        with client.get(url) as response:
            assert response.status_code == 200, url


def test_changing_one_static_file_changes_the_version(app, client, tmp_path):
    """static_files() is cached by folder path (a new version of the app is a new process, or a
    new folder): two copies of the static folder, one file changed in the second."""
    before = tmp_path / "static-before"
    after = tmp_path / "static-after"
    shutil.copytree(app.static_folder, before)
    shutil.copytree(app.static_folder, after)
    style = after / "style.css"
    style.write_text(style.read_text(encoding="utf-8") + "\n/* a new rule */\n", encoding="utf-8")

    app.static_folder = str(before)
    old = version_of(worker(client))
    assert old == version_of(worker(client))
    app.static_folder = str(after)
    new = version_of(worker(client))
    assert new != old
    assert files_of(worker(client)) == files_of(worker(client))  # same files, new contents

    # A file added is a new version too, and listed.
    (after / "new.js").write_text("// new\n", encoding="utf-8")
    added = tmp_path / "static-added"
    shutil.copytree(after, added)
    app.static_folder = str(added)
    text = worker(client)
    assert version_of(text) not in (old, new)
    assert "/static/new.js" in paths_of(files_of(text))


def test_it_answers_without_a_session_when_reading_needs_the_password(app, client):
    app.config.update(TABLE_PASSWORD_HASH=HASH, READ_REQUIRES_PASSWORD=True)
    assert client.get("/").status_code == 302  # the pages are closed
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    for url in files_of(response.text):  # and so is everything its install fetches
        with client.get(url) as static:
            assert static.status_code == 200, url


def test_a_page_showing_a_flash_is_not_kept_and_the_same_page_without_one_is(app):
    phone = Phone(app)
    # With no password set, /connexion says so in a flash and goes back to the home page.
    response = phone.get("/connexion")
    assert response.status_code == 302
    with_flash = phone.get("/")
    assert with_flash.status_code == 200
    assert "Pas de mot de passe pour cette table" in with_flash.text
    assert with_flash.headers.get("Cache-Control") == "no-store"

    without = phone.get("/")  # the message was shown once: gone
    assert without.status_code == 200
    assert "Pas de mot de passe pour cette table" not in without.text
    assert "no-store" not in without.headers.get("Cache-Control", "")


def test_a_sheet_showing_a_flash_is_not_kept_either(app, client):
    phone = Phone(app)
    game_id = client.post("/api/v1/games", json={"players": ["Ana", "Bruno", "Chloé", "David"]}).get_json()["id"]
    phone.get(f"/connexion?next=/parties/{game_id}")
    with_flash = phone.get(f"/parties/{game_id}")
    assert 'class="flash' in with_flash.text
    assert with_flash.headers.get("Cache-Control") == "no-store"
    without = phone.get(f"/parties/{game_id}")
    assert 'class="flash' not in without.text
    assert "no-store" not in without.headers.get("Cache-Control", "")
