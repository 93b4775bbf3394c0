"""The root's name constraints hold in a real browser (issue 31, item 3): a Chromium that trusts the
root loads this server's own certificate, and refuses one the same intermediate signed for a
public name, as it would one made by whoever stole the intermediate's key."""

from __future__ import annotations

import contextlib
import http.server
import ipaddress
import ssl
import threading

import pytest
from playwright.sync_api import Error

from scorekeeper.server import certificates
from tests.browser.trusted_root import launch_trusting, trusting_home

pytestmark = pytest.mark.serial  # starts a Chromium and HTTPS servers of its own

PUBLIC_NAME = "belote.example.org"


class Answer(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = b"<!doctype html><title>servi</title><p>servi"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


@contextlib.contextmanager
def https_server(folder, tmp_path, names, addresses):
    """A tiny HTTPS server on 127.0.0.1 with a certificate the intermediate signs for `names` and
    `addresses` (issue_certificate checks nothing); yields its port."""
    chain, key = certificates.issue_certificate(folder, names, addresses)
    chain_path, key_path = tmp_path / f"{names[0]}.crt", tmp_path / f"{names[0]}.key"
    chain_path.write_bytes(chain)
    key_path.write_bytes(key)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(chain_path, key_path)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        thread.join()
        server.server_close()


@pytest.fixture
def folder(tmp_path):
    path = certificates.https_folder(tmp_path / "instance")
    certificates.ensure_authority(path)
    return path


def test_a_public_names_certificate_is_refused_by_a_chromium_that_trusts_the_root(browser, folder, tmp_path):
    home = trusting_home(folder / "root.crt", tmp_path / "home")
    trusting = launch_trusting(browser.browser_type, home, [f"--host-resolver-rules=MAP {PUBLIC_NAME} 127.0.0.1"])
    loopback = ipaddress.ip_address("127.0.0.1")
    try:
        page = trusting.new_page()
        with https_server(folder, tmp_path, ["localhost"], [loopback]) as port:
            answer = page.goto(f"https://localhost:{port}/")
            assert answer is not None and answer.status == 200  # the root is trusted: the page loads
            assert page.evaluate("window.isSecureContext")
        with https_server(folder, tmp_path, [PUBLIC_NAME], []) as port:
            with pytest.raises(Error) as refused:
                page.goto(f"https://{PUBLIC_NAME}:{port}/")
        # Chromium's own verifier answers ERR_CERT_INVALID for a chain that breaks a constraint; an
        # older one, NAME_CONSTRAINT_VIOLATION. Not AUTHORITY_INVALID: the root is trusted (above).
        error = str(refused.value).split()[1]
        assert error in ("net::ERR_CERT_INVALID", "net::ERR_CERT_NAME_CONSTRAINT_VIOLATION"), refused.value
    finally:
        trusting.close()


def test_without_the_root_trusted_the_servers_own_certificate_is_refused(browser, folder, tmp_path):
    """The check above could pass for a Chromium that loads anything: this one, with an empty
    store, refuses the very certificate the trusting one loaded."""
    home = tmp_path / "home"
    home.mkdir()
    plain = launch_trusting(browser.browser_type, home)
    try:
        page = plain.new_page()
        with https_server(folder, tmp_path, ["localhost"], [ipaddress.ip_address("127.0.0.1")]) as port:
            with pytest.raises(Error, match="net::ERR_CERT_AUTHORITY_INVALID"):
                page.goto(f"https://localhost:{port}/")
    finally:
        plain.close()
