"""Joining a game from another phone (issue 11): the sheet's QR code names an address the other
phones can open. The address the page was reached by, unless that is the machine itself
(localhost, 127.0.0.1, ::1): then the machine's LAN address, same scheme and port."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlsplit

import pytest

from scorekeeper.server import __main__ as launcher
from scorekeeper.server.limits import Server
from scorekeeper.services import games as service
from scorekeeper.store.db import connect
from scorekeeper.web import hosts, join

LAN = "192.0.2.2"


@pytest.fixture
def lan(monkeypatch):
    """The machine's LAN address, whatever this machine's network is."""
    monkeypatch.setattr(join, "lan_address", lambda: LAN)


@pytest.fixture
def no_lan(monkeypatch):
    monkeypatch.setattr(join, "lan_address", lambda: None)


def join_url_of(app, base_url: str, headers: dict | None = None) -> str:
    # werkzeug's EnvironBuilder reads "http://[::1]:5000" as SERVER_NAME "[" and port 80: the port
    # the server listens on is given as a server gives it.
    port = urlsplit(base_url).port or {"http": 80, "https": 443}[urlsplit(base_url).scheme]
    overrides = {"SERVER_PORT": str(port)}
    with app.test_request_context(
        "/parties/abc", base_url=base_url, headers=headers or {}, environ_overrides=overrides
    ):
        from flask import request

        return join.join_url(request, "/parties/abc")


@pytest.mark.parametrize(
    ("base_url", "expected"),
    [
        ("http://192.168.1.20:5000", "http://192.168.1.20:5000/parties/abc"),  # a phone on the Wi-Fi
        ("http://[fd00::20]:5000", "http://[fd00::20]:5000/parties/abc"),  # its IPv6 address
        ("http://localhost:5000", f"http://{LAN}:5000/parties/abc"),
        ("http://127.0.0.1:5000", f"http://{LAN}:5000/parties/abc"),
        ("http://127.0.1.1:5000", f"http://{LAN}:5000/parties/abc"),
        ("http://[::1]:5000", f"http://{LAN}:5000/parties/abc"),
        ("http://0.0.0.0:5000", f"http://{LAN}:5000/parties/abc"),
        ("http://LocalHost:5000", f"http://{LAN}:5000/parties/abc"),
        # a name, whoever made it resolve here: the machine's address, never the name
        ("http://belote.local:5000", f"http://{LAN}:5000/parties/abc"),
        ("http://evil.test:5000", f"http://{LAN}:5000/parties/abc"),
        ("http://localhost", f"http://{LAN}/parties/abc"),  # the scheme's own port stays implied
        ("https://localhost:8443", f"https://{LAN}:8443/parties/abc"),
    ],
)
def test_the_join_address(app, lan, base_url, expected):
    assert join_url_of(app, base_url) == expected


def test_a_name_of_trusted_hosts_is_the_join_address(app, lan):
    """A proxy's domain, which the table's owner listed: the phones outside reach it, not the LAN."""
    app.config["TRUSTED_HOSTS"] = ["belote.example.org", ".club.example"]
    assert join_url_of(app, "https://belote.example.org") == "https://belote.example.org/parties/abc"
    assert join_url_of(app, "https://salle.club.example") == "https://salle.club.example/parties/abc"
    assert join_url_of(app, "http://other.example.org:5000") == f"http://{LAN}:5000/parties/abc"


def test_the_join_port_is_the_servers_not_the_hosts(app, lan):
    """A Host that names another port (a tunnel, a crafted request): the phones join on the port
    the server listens on (the WSGI environ's SERVER_PORT)."""
    with app.test_request_context("/parties/abc", base_url="http://localhost:5000", headers={"Host": "localhost:8000"}):
        from flask import request

        assert join.join_url(request, "/parties/abc") == f"http://{LAN}:5000/parties/abc"


@pytest.mark.parametrize(
    ("base_url", "expected"),
    [
        ("http://localhost:5000", "http://localhost:5000/parties/abc"),
        ("http://127.0.0.1:5000", "http://127.0.0.1:5000/parties/abc"),
        ("http://192.168.1.20:5000", "http://192.168.1.20:5000/parties/abc"),
    ],
)
def test_without_a_lan_address_the_join_address_is_the_requests_own(app, no_lan, base_url, expected):
    assert join_url_of(app, base_url) == expected


@pytest.mark.parametrize(
    ("host", "split"),
    [
        ("192.168.1.20:5000", ("192.168.1.20", "5000")),
        ("localhost", ("localhost", "")),
        ("[::1]:5000", ("[::1]", "5000")),
        ("[::1]", ("[::1]", "")),
    ],
)
def test_split_host(host, split):
    assert hosts.split_host(host) == split


# --- the sheet page ------------------------------------------------------------------------


def new_game(app) -> str:
    db = connect(app.config["DATABASE"])
    try:
        return service.create_game(db, {}).game.id
    finally:
        db.close()


def sheet_page(app, base_url: str, headers: dict | None = None) -> tuple[str, str]:
    game_id = new_game(app)
    response = app.test_client().get(f"/parties/{game_id}", base_url=base_url, headers=headers or {})
    assert response.status_code == 200
    return game_id, response.get_data(as_text=True)


def join_block(page: str) -> str:
    match = re.search(r'<details class="card join".*?</details>', page, re.S)
    assert match, "no join block on the sheet"
    return match.group(0)


def test_the_sheet_shows_a_qr_code_of_the_address_from_a_phone(app, lan):
    game_id, page = sheet_page(app, "http://192.168.1.20:5000")
    block = join_block(page)
    address = f"http://192.168.1.20:5000/parties/{game_id}"
    assert "Rejoindre sur un autre téléphone" in block
    assert join.qr_svg(address) in block  # the QR code of exactly that address, inline
    assert f'<a href="{address}">http://192.168.1.20:5000/<wbr>parties/{game_id}</a>' in block
    assert "127.0.0.1" not in page and "Lien de la partie" not in page


def test_the_sheet_opened_on_the_laptop_shows_the_lan_address(app, lan):
    game_id, page = sheet_page(app, "http://127.0.0.1:5000")
    address = f"http://{LAN}:5000/parties/{game_id}"
    assert join.qr_svg(address) in join_block(page)
    assert f'<a href="{address}">' in join_block(page)


def test_the_qr_code_is_an_svg_the_csp_serves(app, lan):
    """segno's inline SVG draws with attributes: no style attribute or element, no script."""
    _, page = sheet_page(app, "http://localhost:5000")
    svg = re.search(r"<svg\b.*?</svg>", join_block(page), re.S).group(0)
    assert "<path" in svg and "viewBox" in svg
    assert not re.search(r"\sstyle\s*=", page)
    assert "<style" not in page and "<script>" not in page and "<?xml" not in svg
    assert not re.search(r"\son[a-z]+\s*=", svg, re.I)


def test_the_join_block_is_open_before_the_first_deal_only(app, lan, db):
    game_id, page = sheet_page(app, "http://localhost:5000")
    assert '<details class="card join" id="rejoindre" open>' in page
    service.record_redeal(db, game_id, {"reason": "all_pass"})
    page = app.test_client().get(f"/parties/{game_id}").get_data(as_text=True)
    assert '<details class="card join" id="rejoindre">' in page


CANNOT_JOIN = (
    "Le serveur n'écoute que sur cette machine : les autres téléphones ne peuvent pas le rejoindre. "
    "Relancez-le avec HOST=0.0.0.0."
)


@pytest.mark.parametrize("listening", ["127.0.0.1", "::1"])
def test_a_server_on_this_machine_alone_says_no_phone_can_join(app, lan, listening):
    """`make run HOST=127.0.0.1`: nothing answers on the LAN address, so no address and no QR code."""
    app.config["LISTENING_ON"] = listening
    _, page = sheet_page(app, "http://127.0.0.1:5000")
    block = join_block(page)
    assert CANNOT_JOIN in unescape(block)
    assert "<svg" not in block and LAN not in page and "<a href" not in block


@pytest.mark.parametrize("listening", ["0.0.0.0", "::", LAN, None])
def test_a_server_the_phones_reach_shows_its_address(app, lan, listening):
    app.config["LISTENING_ON"] = listening
    game_id, page = sheet_page(app, "http://127.0.0.1:5000")
    assert join.qr_svg(f"http://{LAN}:5000/parties/{game_id}") in join_block(page)
    assert "écoute que" not in page


def test_the_server_tells_the_app_where_it_listens(app, monkeypatch, capsys):
    monkeypatch.setattr(launcher, "load_app", lambda spec: app)
    monkeypatch.setattr(Server, "run", lambda server: server.close())  # listening, then stopped at once
    launcher.main(["--host", "127.0.0.1", "--port", "0"])
    assert app.config["LISTENING_ON"] == "127.0.0.1"
    assert "les téléphones ne peuvent pas le joindre" in capsys.readouterr().out


def test_the_sheet_and_the_deal_form_keep_the_screen_on(app, client):
    game_id = new_game(app)
    for url in (f"/parties/{game_id}", f"/parties/{game_id}/donnes/nouvelle"):
        page = client.get(url).get_data(as_text=True)
        assert re.search(r'<script type="module" src="/static/wake_lock.js\?v=[0-9a-f]+"></script>', page)
    assert client.get("/static/wake_lock.js").status_code == 200


@pytest.fixture
def proxied_app(make_app):
    return make_app(WTF_CSRF_ENABLED=True, PROXY_COUNT=1, TRUSTED_HOSTS=["belote.example.org"])


def test_behind_an_https_proxy_the_address_is_the_one_the_proxy_was_asked(proxied_app, lan):
    """PROXY_COUNT = 1: the proxy on the same machine calls 127.0.0.1:5000, but the phones asked it
    for https://belote.example.org: that is the address to join by."""
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "belote.example.org", "X-Forwarded-For": "10.0.0.7"}
    game_id, page = sheet_page(proxied_app, "http://127.0.0.1:5000", forwarded)
    address = f"https://belote.example.org/parties/{game_id}"
    assert join.qr_svg(address) in join_block(page)
    assert f'<a href="{address}">' in join_block(page)


def test_without_a_proxy_the_forwarded_headers_are_not_trusted(app, lan):
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "ailleurs.example.org"}
    game_id, page = sheet_page(app, "http://192.168.1.20:5000", forwarded)
    assert f'<a href="http://192.168.1.20:5000/parties/{game_id}">' in join_block(page)
    assert "ailleurs" not in page
