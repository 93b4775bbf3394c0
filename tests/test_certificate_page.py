"""/certificat and the plain-HTTP pages' hint (issue 31): the root to download with its fingerprint
and a QR code, the steps on each system; without HTTPS, how to turn it on and a French 404; a page
over plain HTTP while HTTPS is served says how to switch; the join address over HTTPS behind the
proxy `make run HTTPS=1` puts in front."""

from __future__ import annotations

import re
import subprocess
from html import unescape

import pytest
from werkzeug.security import generate_password_hash

from scorekeeper.server import certificates
from scorekeeper.services import games as service
from scorekeeper.store.db import connect
from scorekeeper.web import join

LAN = "192.0.2.2"
PHONE = "http://192.168.1.20:5000"
HINT = "Une adresse sécurisée garde l'écran allumé et marche hors ligne"


@pytest.fixture
def lan(monkeypatch):
    monkeypatch.setattr(join, "lan_address", lambda: LAN)


@pytest.fixture
def root(app):
    """The authority `make run HTTPS=1` makes, in the app's instance folder; the root's path."""
    folder = certificates.https_folder(app.instance_path)
    certificates.ensure_authority(folder)
    return folder / "root.crt"


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def openssl_fingerprint(path) -> str:
    """The root's SHA-256 fingerprint as openssl prints it ("AB:CD:…"), another program's count."""
    out = subprocess.run(
        ["openssl", "x509", "-noout", "-fingerprint", "-sha256", "-in", str(path)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return out.strip().partition("=")[2]


def test_the_page_gives_the_root_its_fingerprint_and_a_qr_code(app, lan, root):
    page = app.test_client().get("/certificat", base_url=PHONE).get_data(as_text=True)
    pairs = openssl_fingerprint(root).split(":")
    assert len(pairs) == 32
    lines = re.findall(r"<span>([0-9A-F ]+)</span>", re.search(r'<p class="fingerprint">.*?</p>', page).group(0))
    assert lines == [" ".join(pairs[i : i + 8]) for i in (0, 8, 16, 24)]  # four lines of eight pairs
    download = "http://192.168.1.20:5000/certificat/racine.crt"  # the address the phone came by
    assert join.qr_svg(download) in page and f'<a href="{download}">' in page
    assert 'href="/certificat/racine.crt"' in page
    words = text_of(page)
    for system in ("Android", "iPhone, iPad", "Mac", "Windows", "Linux", "Firefox (ordinateur)"):
        assert f"<summary>{system}</summary>" in page
    assert "Réglages de confiance des certificats" in words  # iOS's second switch, easily missed
    assert "Firefox a son propre magasin de certificats" in words
    assert "aucun site public" in words and "Sa clé privée a été détruite" in words
    assert not re.search(r"\sstyle\s*=", page) and "<script>" not in page  # the CSP


def test_the_download_is_the_root_itself_as_a_ca_certificate(app, root):
    response = app.test_client().get("/certificat/racine.crt")
    assert response.status_code == 200
    assert response.mimetype == "application/x-x509-ca-cert"
    assert response.data == root.read_bytes()
    assert response.headers["Content-Disposition"].startswith("inline")


def test_without_a_root_the_page_says_how_to_turn_https_on_and_the_download_is_a_french_404(app):
    client = app.test_client()
    page = client.get("/certificat")
    assert page.status_code == 200
    words = text_of(page.get_data(as_text=True))
    assert "sans HTTPS" in words and "make run HTTPS=1" in words
    assert "racine.crt" not in page.get_data(as_text=True) and "<svg" not in page.get_data(as_text=True)
    download = client.get("/certificat/racine.crt")
    assert download.status_code == 404
    assert "Ce serveur tourne sans HTTPS" in text_of(download.get_data(as_text=True))


def test_the_root_is_open_without_the_table_password(app, root):
    """A root is public, and a phone may need it before it can enter the password over HTTPS."""
    app.config["TABLE_PASSWORD_HASH"] = generate_password_hash("rami", method="pbkdf2:sha256:1000")
    app.config["READ_REQUIRES_PASSWORD"] = True
    client = app.test_client()
    assert client.get("/").status_code in (302, 303)  # the rest asks for it
    assert client.get("/certificat").status_code == 200
    assert client.get("/certificat/racine.crt").data == root.read_bytes()


def test_the_home_page_links_the_certificate_page(app):
    assert 'href="/certificat"' in app.test_client().get("/").get_data(as_text=True)


# --- a page over plain HTTP while HTTPS is served ---------------------------------------------


def hint_of(page: str) -> str | None:
    match = re.search(r'<div class="https-hint">.*?</div>', page, re.S)
    return match.group(0) if match else None


def new_game(db) -> str:
    return service.create_game(db, {}).game.id


def game_of(app) -> str:
    db = connect(app.config["DATABASE"])
    try:
        return new_game(db)
    finally:
        db.close()


def test_over_plain_http_the_home_page_and_the_sheet_say_how_to_switch(app, db, lan):
    app.config["HTTPS_PORT"] = 8443
    game_id = new_game(db)
    client = app.test_client()
    home = hint_of(client.get("/", base_url=PHONE).get_data(as_text=True))
    assert HINT in unescape(home)
    assert '<a href="https://192.168.1.20:8443/">https://192.168.1.20:8443</a>' in home
    assert '<a href="/certificat">' in home
    sheet = client.get(f"/parties/{game_id}", base_url=PHONE).get_data(as_text=True)
    assert f'<a href="https://192.168.1.20:8443/parties/{game_id}">' in hint_of(sheet)
    # opened on the laptop itself: the LAN address, which the server's certificate names
    laptop = hint_of(client.get("/", base_url="http://localhost:5000").get_data(as_text=True))
    assert f'<a href="https://{LAN}:8443/">' in laptop


def test_the_hint_closes_without_a_script(app, lan):
    """Its × is the label of a checkbox just before the line, which style.css hides when checked."""
    app.config["HTTPS_PORT"] = 8443
    hint = hint_of(app.test_client().get("/", base_url=PHONE).get_data(as_text=True))
    assert re.search(r'<input type="checkbox" id="https-hint-closed"[^>]*>\s*<p class="https-hint-line">', hint)
    assert '<label for="https-hint-closed"' in hint
    with open(app.static_folder + "/style.css") as css:
        assert ".https-hint-toggle:checked + .https-hint-line { display: none; }" in css.read()


def test_no_hint_over_https_nor_without_https(app, db, lan):
    game_id = new_game(db)
    client = app.test_client()
    assert hint_of(client.get("/", base_url=PHONE).get_data(as_text=True)) is None  # no HTTPS_PORT
    app.config["HTTPS_PORT"] = 8443
    for path in ("/", f"/parties/{game_id}"):
        assert hint_of(client.get(path, base_url="https://192.168.1.20:8443").get_data(as_text=True)) is None


# --- the join address behind make run HTTPS=1's proxy ------------------------------------------


def join_address_of(page: str) -> str:
    return re.search(r'<p class="join-url"><a href="([^"]+)">', page).group(1)


@pytest.mark.parametrize(
    ("forwarded_host", "expected_host"),
    [
        ("localhost:8443", f"{LAN}:8443"),  # on the laptop: the LAN address, on the proxy's port
        ("localhost", LAN),  # the scheme's own port, never waitress's on loopback
        ("192.168.1.20:8443", "192.168.1.20:8443"),  # a phone's
    ],
)
def test_over_https_behind_the_proxy_the_join_address_is_https(make_app, lan, forwarded_host, expected_host):
    app = make_app(PROXY_COUNT=1, HTTPS_PORT=8443)
    game_id = game_of(app)
    page = (
        app.test_client()
        .get(
            f"/parties/{game_id}",
            base_url="http://127.0.0.1:5001",  # how the proxy reaches waitress, on loopback
            headers={
                "X-Forwarded-For": "192.168.1.30",
                "X-Forwarded-Proto": "https",
                "X-Forwarded-Host": forwarded_host,
            },
            environ_overrides={"SERVER_PORT": "5001"},
        )
        .get_data(as_text=True)
    )
    address = f"https://{expected_host}/parties/{game_id}"
    assert join_address_of(page) == address
    assert join.qr_svg(address) in page
    assert hint_of(page) is None  # it came over HTTPS


def test_over_plain_http_behind_the_proxy_the_join_address_stays_plain(make_app, lan):
    """A phone that does not trust the root yet joins where the table did: plain HTTP."""
    app = make_app(PROXY_COUNT=1, HTTPS_PORT=8443)
    game_id = game_of(app)
    page = (
        app.test_client()
        .get(
            f"/parties/{game_id}",
            base_url="http://127.0.0.1:5001",
            headers={
                "X-Forwarded-For": "192.168.1.30",
                "X-Forwarded-Proto": "http",
                "X-Forwarded-Host": "localhost:5000",
            },
            environ_overrides={"SERVER_PORT": "5001"},
        )
        .get_data(as_text=True)
    )
    assert join_address_of(page) == f"http://{LAN}:5000/parties/{game_id}"
    assert f'<a href="https://{LAN}:8443/parties/{game_id}">' in hint_of(page)


def test_a_sheet_kept_before_https_was_turned_on_is_sent_again_with_the_hint(app, db, lan):
    """The sheet's ETag names what it shows (the game's revision): the server restarted with HTTPS
    shows the same game with one line more, so a phone's copy from before is not current."""
    game_id = new_game(db)
    client = app.test_client()
    before = client.get(f"/parties/{game_id}", base_url=PHONE)
    assert hint_of(before.get_data(as_text=True)) is None
    again = {"If-None-Match": before.headers["ETag"]}
    assert client.get(f"/parties/{game_id}", base_url=PHONE, headers=again).status_code == 304
    app.config["HTTPS_PORT"] = 8443
    after = client.get(f"/parties/{game_id}", base_url=PHONE, headers=again)
    assert after.status_code == 200 and hint_of(after.get_data(as_text=True)) is not None
