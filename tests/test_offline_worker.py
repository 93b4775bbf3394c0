"""The service worker as the server sends it (scorekeeper/web/offline.py, templates/offline/sw.js):
JavaScript that the browser asks for again on each visit, the same text until a static file
changes, listing every static file (the worker's install fails if one of them is missing), open
whatever the table password; and a page showing a one-time message is never kept by the worker.

Then the worker's rules, its text run in node (tests/js/run_worker.js) on the app's real pages: only
blank pages are kept (no query string, no redirect, no no-store), offline a query gets its path's
blank page, and the home, the counter and the meld checker are kept at install."""

from __future__ import annotations

import contextvars
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
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
    the screen-on video, which only a page without the Wake Lock API needs; and the game's words
    made from belote/terms.py (vocabulary.js: the waiting view needs it offline)."""
    root = Path(folder)
    names = (path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file())
    kept = {"/static/" + name for name in names if not name.startswith(("icons/", "screen_on/"))}
    return kept | {"/static/vocabulary.js"}


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
    assert {"/static/engine.js", "/static/outbox.js", "/static/sheet_app.js", "/static/vocabulary.js"} <= paths_of(
        listed
    )
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


# --- the worker's rules, run in node (tests/js/run_worker.js: its events, an in-memory Cache
# Storage, a network answering from a table of the app's real answers, or down) -------------

RUNNER = Path(__file__).parent / "js" / "run_worker.js"
PAGE_CACHE = re.compile(r'^var PAGE_CACHE = "([^"]+)";$', re.MULTILINE)
PRECACHED = re.compile(r"^var PRECACHED_PAGES = (\[.*\]);$", re.MULTILINE)
# A deal form as it comes back from the card counter (or as any link can give it): Ana's 80 ♥,
# 150 points and a carré de valets for Nous, the fields of an entry that may be abandoned.
FILLED = "?contract=80&mode=hearts&taker_player=0&points=150&team=takers&melds_A_carre_J=1"


def answers_of(phone: Phone, addresses: list[str]) -> dict[str, dict]:
    """The app's answers to GETs of `addresses`, as the worker's network gives them back."""
    table = {}
    for address in addresses:
        response = phone.get(address)
        headers = {key: value for key, value in response.headers.items() if key.lower() == "cache-control"}
        table[address] = {"status": response.status_code, "body": response.text, "headers": headers}
    return table


def run_worker(node: str, text: str, network: dict[str, dict], steps: list[dict]) -> list[dict]:
    payload = {
        "source": text,
        "origin": "http://phone.test",
        "network": network,
        "pageCache": PAGE_CACHE.search(text).group(1),
        "steps": steps,
    }
    done = subprocess.run(
        [node, str(RUNNER)], input=json.dumps(payload), capture_output=True, text=True, encoding="utf-8", timeout=60
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def deal_form_fields(html: str) -> tuple[str | None, str | None]:
    """The points field's value and Nous' carré de valets, as a deal form page holds them."""
    points = re.search(r'<input[^>]*id="points"[^>]*>', html).group(0)
    carre = re.search(r'<input[^>]*name="melds_A_carre_J"[^>]*>', html).group(0)
    value = re.compile(r'value="([^"]*)"')
    return (value.search(points) or [None, None])[1], (value.search(carre) or [None, None])[1]


@pytest.fixture
def game_pages(app, client):
    """A game of two deals, and the app's answers to its pages, the tools' and the home page."""
    game_id = client.post("/api/v1/games", json={"players": ["Ana", "Bruno", "Chloé", "David"]}).get_json()["id"]
    for player in (0, 1):
        deal = {"taker": "AB"[player], "taker_player": player, "contract": 80, "mode": "hearts", "taker_points": 100}
        assert client.post(f"/api/v1/games/{game_id}/hands", json=deal).status_code == 201
    form = f"/parties/{game_id}/donnes/nouvelle"
    addresses = ["/", "/outils/compter", "/outils/annonces", f"/parties/{game_id}", form, form + FILLED]
    addresses.append("/outils/compter?mode=hearts&cards=AH&compter=1&return=" + form)
    network = answers_of(Phone(app), addresses)
    assert all(answer["status"] == 200 for answer in network.values()), {a: n["status"] for a, n in network.items()}
    assert deal_form_fields(network[form]["body"]) == ("", "")  # blank
    assert '<p class="dealer" id="form-dealer"><strong>Chloé</strong> distribue</p>' in network[form]["body"]
    assert deal_form_fields(network[form + FILLED]["body"]) == ("150", "1")  # filled, as the phone saw it
    return game_id, form, network


def test_the_worker_precaches_the_home_the_counter_and_the_meld_checker(client):
    text = worker(client)
    assert json.loads(PRECACHED.search(text).group(1)) == ["/", "/outils/compter", "/outils/annonces"]
    assert PAGE_CACHE.search(text).group(1) != "belote-pages"  # an older worker's, which kept filled pages


def test_install_keeps_the_home_the_counter_and_the_meld_checker_blank(node, client, game_pages):
    game_id, form, network = game_pages
    (installed,) = run_worker(node, worker(client), network, [{"install": True}])
    assert installed["kept"] == {path: network[path]["body"] for path in ("/", "/outils/compter", "/outils/annonces")}
    assert "/outils/compter" in installed["fetched"] and f"/parties/{game_id}" not in installed["fetched"]


def test_a_precached_page_that_does_not_come_is_not_kept_and_the_install_goes_on(node, client, game_pages):
    _, _, network = game_pages
    network = {
        **network,
        "/": {**network["/"], "redirected": True},  # e.g. the login page, when reading needs the password
        "/outils/compter": {"status": 503, "body": "busy"},
    }
    installed, offline = run_worker(
        node, worker(client), network, [{"install": True}, {"online": False, "navigate": "/outils/compter"}]
    )
    assert list(installed["kept"]) == ["/outils/annonces"]
    assert any(name.startswith("belote-static-") for name in installed["caches"])  # the install went through
    assert offline["status"] == 503 and "Hors ligne" in offline["body"]


def test_a_page_reached_with_a_query_is_never_kept_and_offline_the_blank_one_answers(node, client, game_pages):
    game_id, form, network = game_pages
    steps = [
        {"install": True},
        {"navigate": form},  # blank: kept
        {"navigate": form + FILLED},  # back from the counter, filled: shown, not kept
        {"online": False, "navigate": form},
        {"navigate": form + FILLED},
    ]
    _, blank, filled, offline, offline_with_query = run_worker(node, worker(client), network, steps)
    assert blank["kept"][form] == network[form]["body"]
    assert deal_form_fields(filled["body"]) == ("150", "1")
    assert filled["kept"][form] == network[form]["body"]  # the blank copy stays
    assert form + FILLED not in filled["kept"]
    for answer in (offline, offline_with_query):
        assert answer["status"] == 200
        assert answer["body"] == network[form]["body"]
        assert deal_form_fields(answer["body"]) == ("", "")


def test_a_link_with_a_query_plants_nothing(node, client, game_pages):
    game_id, form, network = game_pages
    steps = [{"navigate": form + FILLED}, {"online": False, "navigate": form}]
    visited, offline = run_worker(node, worker(client), network, steps)
    assert visited["kept"] == {}
    assert offline["status"] == 503 and "Hors ligne" in offline["body"]
    assert 'value="150"' not in offline["body"]


def test_offline_the_counter_asked_with_a_query_is_the_blank_counter(node, client, game_pages):
    game_id, form, network = game_pages
    counted = "/outils/compter?mode=hearts&cards=AH&compter=1&return=" + form
    steps = [{"install": True}, {"navigate": counted}, {"online": False, "navigate": counted}]
    _, online, offline = run_worker(node, worker(client), network, steps)
    assert "Reporter dans la donne" in online["body"]
    assert online["kept"]["/outils/compter"] == network["/outils/compter"]["body"]
    assert offline["body"] == network["/outils/compter"]["body"]
    assert "Reporter dans la donne" not in offline["body"]


def test_a_redirect_and_a_no_store_page_are_not_kept(node, client, game_pages):
    game_id, form, network = game_pages
    sheet = f"/parties/{game_id}"
    network = {
        **network,
        form: {**network[form], "redirected": True},  # a finished game's form goes to its sheet
        sheet: {**network[sheet], "headers": {"Cache-Control": "no-store"}},  # a sheet with a flash
    }
    navigated = run_worker(node, worker(client), network, [{"navigate": form}, {"navigate": sheet}])
    assert navigated[-1]["kept"] == {}


def test_a_page_asks_to_keep_blank_pages_only(node, client, game_pages):
    game_id, form, network = game_pages
    sheet = f"/parties/{game_id}"
    message = {"keep": [sheet, form + FILLED, "//elsewhere.test" + form, sheet + "?x=1"]}
    (asked,) = run_worker(node, worker(client), network, [{"message": message}])
    assert asked["fetched"] == [sheet]
    assert asked["kept"] == {sheet: network[sheet]["body"]}
    (again,) = run_worker(node, worker(client), network, [{"message": {"keep": [form]}}])
    assert again["kept"] == {form: network[form]["body"]}


def test_offline_an_edit_page_never_opened_is_the_games_blank_deal_form(node, client, game_pages):
    game_id, form, network = game_pages
    steps = [{"navigate": form}, {"online": False, "navigate": f"/parties/{game_id}/donnes/1/modifier"}]
    _, offline = run_worker(node, worker(client), network, steps)
    assert offline["status"] == 200 and offline["body"] == network[form]["body"]


def test_activate_drops_the_pages_an_older_worker_kept(node, client, game_pages):
    game_id, form, network = game_pages
    text = worker(client)
    steps = [
        {"plant": ["belote-pages", form, network[form + FILLED]["body"]]},  # an older worker's copy
        {"install": True},
        {"activate": True},
        {"online": False, "navigate": form},
    ]
    planted, _, activated, offline = run_worker(node, text, network, steps)
    assert "belote-pages" in planted["caches"]
    assert "belote-pages" not in activated["caches"]
    assert offline["status"] == 503  # never opened under this worker: no filled copy either
