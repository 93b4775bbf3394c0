"""The names the app answers for (issue 24, DNS rebinding): an IP literal, localhost, this
machine's host name and its .local, and the names of TRUSTED_HOSTS; any other Host, or one werkzeug
cannot read, is a 400 in French (a page, or the API's JSON), never a 500 and never the archive.
The join link and its QR code name the server's address, whatever name the request came by."""

from __future__ import annotations

import os
import re

import pytest
from flask import Flask

from scorekeeper.services import games as service
from scorekeeper.store.db import connect
from scorekeeper.web import create_app, hosts, join
from scorekeeper.web.security import HEADERS

LAN = "192.0.2.2"
HOSTNAME = "portable-du-club"
FOREIGN = [
    "evil.test",
    "evil.test:5000",
    "localhost.evil.test",
    f"{HOSTNAME}.evil.test",
    "localhost.",  # another name than localhost, for the DNS
    "127.0.0.1.nip.io",
    "2130706433",  # 127.0.0.1 as a number: no browser sends it so, a name then
    "127.1",
    "a..b",  # werkzeug cannot bind a URL map to these: they gave a 500 on every page
    "x" * 64 + ".example",
    ".example",
    "a_b",
    "é.fr",
    "localhost:0",
    "localhost:65536",
    "[::1",
    "[localhost]",
    "",
]
KNOWN = [
    "localhost",
    "localhost:5000",
    "LocalHost:5000",
    "127.0.0.1",
    "127.0.0.1:5000",
    "192.168.1.20:5000",
    "10.0.0.7",
    "[::1]",
    "[::1]:5000",
    "[fd00::20]:8000",
    "[::ffff:192.168.1.20]:5000",
    HOSTNAME,
    f"{HOSTNAME}:5000",
    f"{HOSTNAME}.local:5000",
]


@pytest.fixture(autouse=True)
def machine(monkeypatch):
    """This machine is portable-du-club on 192.0.2.2, whatever the one running the tests is."""
    monkeypatch.setattr(hosts.socket, "gethostname", lambda: HOSTNAME)
    monkeypatch.setattr(join, "lan_address", lambda: LAN)


def get(client, path: str, host: str, **headers):
    return client.get(path, headers={"Host": host, **headers})


@pytest.mark.parametrize("host", FOREIGN)
def test_a_foreign_host_gets_a_french_page_400(client, host):
    response = get(client, "/", host)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert '<html lang="fr">' in page and "<h1>Adresse inconnue</h1>" in page
    assert "ne répond pas sous ce nom" in page and "TRUSTED_HOSTS" in page
    assert response.mimetype == "text/html"
    for name, value in HEADERS.items():
        assert response.headers[name] == value
    assert response.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("host", ["evil.test:5000", "a..b", "x" * 64 + ".example"])
@pytest.mark.parametrize("path", ["/api/v1/games/abc", "/api/v1/games", "/api/v1/nothing-here"])
def test_a_foreign_host_gets_the_apis_json_400(client, host, path):
    response = get(client, path, host)
    assert response.status_code == 400
    assert response.mimetype == "application/json"
    assert response.get_json() == {"error": hosts.REFUSED_JSON}
    assert "Adresse inconnue" in response.get_json()["error"]


def test_a_foreign_host_writes_nothing_and_reads_no_archive(client, db):
    """What the red team did from a rebound page: read the whole archive, write a deal."""
    game_id = service.create_game(db, {"players": ["Ana", "Bruno", "Chloé", "David"]}).game.id
    deal = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}
    host = {"Host": "evil.test:5000"}
    assert client.get("/archives/export.json", headers=host).status_code == 400
    assert client.get(f"/api/v1/games/{game_id}", headers=host).status_code == 400
    assert client.post(f"/api/v1/games/{game_id}/hands", json=deal, headers=host).status_code == 400
    assert client.post("/api/v1/games", json={}, headers=host).status_code == 400
    assert db.execute("SELECT count(*) FROM deals").fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    # the same requests by the laptop's own name go through
    assert client.get("/archives/export.json", headers={"Host": "localhost:5000"}).status_code == 200
    assert client.post(f"/api/v1/games/{game_id}/hands", json=deal).status_code == 201


def test_a_request_without_a_host_is_refused(app):
    response = app.test_client().get("/", environ_overrides={"HTTP_HOST": ""})
    assert response.status_code == 400


@pytest.mark.parametrize("host", KNOWN)
def test_ip_literals_and_this_machines_names_are_answered(client, host):
    assert get(client, "/", host).status_code == 200
    assert get(client, "/api/v1/games/nope", host).status_code == 404  # the API's own answer
    assert get(client, "/static/style.css", host).status_code == 200


def test_the_machines_names_are_read_from_its_host_name():
    assert hosts.machine_names("Portable.maison.lan") == {"localhost", "portable.maison.lan", "portable.local"}
    assert hosts.machine_names("") == {"localhost"}


def test_the_names_of_trusted_hosts_are_answered(make_app):
    app = make_app(TRUSTED_HOSTS=["Belote.example.org", ".club.example"])
    client = app.test_client()
    for host in ("belote.example.org", "BELOTE.example.org:443", "club.example", "salle-2.club.example:8000"):
        assert get(client, "/", host).status_code == 200, host
    for host in ("example.org", "evil.belote.example.org", "clubexample", "a..club.example"):
        assert get(client, "/", host).status_code == 400, host
    for host in ("localhost:5000", "192.168.1.20", "[::1]:5000", HOSTNAME):  # still answered
        assert get(client, "/", host).status_code == 200, host


@pytest.mark.parametrize(
    ("value", "names"),
    [
        ("belote.example.org", ["belote.example.org"]),  # SCOREKEEPER_TRUSTED_HOSTS=belote.example.org
        ("belote.example.org, .club.example", ["belote.example.org", ".club.example"]),
        ('["belote.example.org"]', ["belote.example.org"]),  # as JSON
    ],
)
def test_trusted_hosts_from_the_environment(tmp_path, monkeypatch, database, value, names):
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "instance"))
    for name in list(os.environ):
        if name.startswith("SCOREKEEPER_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("SCOREKEEPER_TRUSTED_HOSTS", value)
    monkeypatch.setenv("SCOREKEEPER_DATABASE", database)
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    app = create_app()
    assert hosts.listed_names(app.config) == names
    client = app.test_client()
    assert get(client, "/", "belote.example.org").status_code == 200
    assert get(client, "/", "evil.test").status_code == 400


def test_trusted_hosts_from_config_py(tmp_path, monkeypatch, database):
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text(
        f'TRUSTED_HOSTS = ["belote.example.org"]\nDATABASE = {database!r}\nSECRET_KEY = "test"\n'
    )
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(instance))
    for name in list(os.environ):
        if name.startswith("SCOREKEEPER_"):
            monkeypatch.delenv(name)
    client = create_app().test_client()
    assert get(client, "/", "belote.example.org").status_code == 200
    assert get(client, "/", "evil.test").status_code == 400


@pytest.mark.parametrize("value", [42, ["belote.example.org", 7], {"belote.example.org": True}])
def test_a_trusted_hosts_that_is_no_list_of_names_stops_the_app_at_its_start(make_app, value):
    with pytest.raises(ValueError, match="TRUSTED_HOSTS"):
        make_app(TRUSTED_HOSTS=value)


def test_flask_does_not_apply_trusted_hosts_a_second_time(make_app):
    """Flask 3.1 checks TRUSTED_HOSTS by itself, and would refuse the IP literals and the machine's
    names: the Request the app uses leaves that check to hosts.py."""
    client = make_app(TRUSTED_HOSTS=["belote.example.org"]).test_client()
    for host in ("127.0.0.1:5000", "[::1]:5000", "localhost", f"{HOSTNAME}.local"):
        response = get(client, "/", host)
        assert response.status_code == 200, (host, response.get_data(as_text=True)[:300])


# --- behind a proxy (PROXY_COUNT) -------------------------------------------------------------


def test_behind_a_proxy_the_name_checked_is_the_one_the_proxy_was_asked(make_app):
    client = make_app(PROXY_COUNT=1, TRUSTED_HOSTS=["belote.example.org"]).test_client()
    asked = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "10.0.0.7"}
    assert get(client, "/", "127.0.0.1:5000", **asked, **{"X-Forwarded-Host": "belote.example.org"}).status_code == 200
    assert get(client, "/", "127.0.0.1:5000", **asked, **{"X-Forwarded-Host": "evil.test"}).status_code == 400


# --- the join link and its QR code ------------------------------------------------------------


def sheet_join(client, host: str, server_port: str = "5000") -> tuple[str, str]:
    """The game's id and its sheet's join block, the sheet fetched with this Host from a server
    listening on `server_port` (the WSGI environ's SERVER_PORT, as `make run`'s gives it)."""
    database = connect(client.application.config["DATABASE"])
    try:
        game_id = service.create_game(database, {}).game.id
    finally:
        database.close()
    response = client.get(f"/parties/{game_id}", headers={"Host": host}, environ_overrides={"SERVER_PORT": server_port})
    assert response.status_code == 200, host
    block = re.search(r'<details class="card join".*?</details>', response.get_data(as_text=True), re.S)
    return game_id, block.group(0)


@pytest.mark.parametrize(
    "host",
    ["localhost:5000", "127.0.0.1:5000", "[::1]:5000", f"{HOSTNAME}:5000", f"{HOSTNAME}.local:5000"],
)
def test_the_qr_code_names_the_servers_address_whatever_name_the_laptop_used(client, host):
    game_id, block = sheet_join(client, host)
    address = f"http://{LAN}:5000/parties/{game_id}"
    assert join.qr_svg(address) in block
    assert f'<a href="{address}">' in block
    assert HOSTNAME not in block and "localhost" not in block


@pytest.mark.parametrize("host", ["192.168.1.20:5000", "[fd00::20]:5000"])
def test_the_qr_code_names_the_ip_address_a_phone_used(client, host):
    game_id, block = sheet_join(client, host)
    address = f"http://{host}/parties/{game_id}"
    assert join.qr_svg(address) in block and f'<a href="{address}">' in block


def test_a_listed_name_is_the_join_address(make_app):
    client = make_app(TRUSTED_HOSTS=["belote.example.org"]).test_client()
    game_id, block = sheet_join(client, "belote.example.org", server_port="80")
    address = f"http://belote.example.org/parties/{game_id}"
    assert join.qr_svg(address) in block and f'<a href="{address}">' in block


def test_the_known_host_check_matches_flasks_own_for_names():
    """For names (no IP literal), `known_host` is werkzeug's host_is_trusted over the machine's
    names and the listed ones: the same matching as Flask's TRUSTED_HOSTS."""
    listed = ["belote.example.org", ".club.example"]
    assert hosts.known_host("salle.club.example:80", listed)
    assert not hosts.known_host("salle.club.example:80", [])
    assert hosts.listed_host("belote.example.org", listed)
    assert not hosts.listed_host("localhost", listed)
