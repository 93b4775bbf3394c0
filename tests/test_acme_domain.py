"""`make serve DOMAIN=…` obtaining its certificate through a real ACME exchange, on loopback
(issue 31, item 2): a second Caddy is the certificate authority (its `acme_server`, the ACME
protocol as Let's Encrypt speaks it, with its own root), the launcher is pointed at it by the
ACME_CA and ACME_CA_ROOT settings, and the authority validates the challenge on ports 80 and 443
of the name, as Let's Encrypt would.

The name is `localhost`: the authority (Go's resolver, in Caddy) must find the name's address
itself, and the only name it resolves to 127.0.0.1 without a DNS server is the one /etc/hosts
already holds. Caddy's resolver does not resolve `*.localhost` to loopback (it asks the DNS
server), and acme_server's `resolvers` serve only the dns-01 challenge, which needs a DNS
provider's module this Caddy lacks."""

from __future__ import annotations

import os
import socket
import subprocess
from pathlib import Path

import pytest

from scorekeeper.server.caddy import caddy_binary
from tests.helpers import HASH
from tests.launcher import free_port, http_get, https_get, start, stop, wait_for
from tests.test_server_launcher import READY, read_until

CA_CADDYFILE = """{{
	admin off
	storage file_system {storage}
	skip_install_trust
	http_port {http_port}
	https_port {https_port}
	pki {{
		ca local {{
			name "Test ACME CA"
		}}
	}}
	log {{
		level ERROR
	}}
}}
https://127.0.0.1:{https_port} {{
	tls internal
	acme_server
}}
"""


def bindable(port: int) -> bool:
    """Whether this process may listen on 127.0.0.1:port (80 and 443 need root or the capability)."""
    try:
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(("127.0.0.1", port))
        return True
    except OSError:
        return False


@pytest.fixture
def acme_ca(tmp_path):
    """A Caddy serving ACME on 127.0.0.1 (an ephemeral port): (its directory's URL, its root)."""
    folder = tmp_path / "ca"
    folder.mkdir()
    http_port, https_port = free_port(), free_port()
    caddyfile = folder / "Caddyfile"
    caddyfile.write_text(CA_CADDYFILE.format(storage=folder / "data", http_port=http_port, https_port=https_port))
    env = {**os.environ, "XDG_DATA_HOME": str(folder / "xdg"), "XDG_CONFIG_HOME": str(folder / "xdg")}
    process = subprocess.Popen(
        [caddy_binary(), "run", "--config", str(caddyfile), "--adapter", "caddyfile"],
        env=env,
        stdout=subprocess.DEVNULL,
        start_new_session=True,
    )
    root = folder / "data" / "pki" / "authorities" / "local" / "root.crt"
    try:
        directory = f"https://127.0.0.1:{https_port}/acme/local/directory"
        # ready once its own certificate, from its own root, answers for 127.0.0.1
        wait_for(lambda: https_get(https_port, "127.0.0.1", "/acme/local/directory", root), 30)
        yield directory, root
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.mark.slow
@pytest.mark.serial
def test_make_serve_domain_obtains_its_certificate_by_acme_then_serves_that_name_alone(tmp_path, database, acme_ca):
    if not (bindable(80) and bindable(443)):
        if os.environ.get("CI"):  # CI runs as root, on a machine of its own: the exchange must run there
            pytest.fail("ports 80 and 443 of 127.0.0.1 cannot be bound in CI")
        pytest.skip("ports 80 and 443 of 127.0.0.1 are taken or need root here: the ACME challenges use them")
    directory, ca_root = acme_ca
    instance = tmp_path / "instance"
    arguments = ["--domain", "localhost", "--host", "127.0.0.1", "--port", "80", "--https-port", "443"]
    settings = {"ACME_CA": directory, "ACME_CA_ROOT": str(ca_root), "TABLE_PASSWORD_HASH": HASH}
    (tmp_path / "home").mkdir()
    process = start(arguments, instance, database, home=tmp_path / "home", **settings)
    try:
        output = read_until(process, READY, 60)
        assert "https://localhost/" in output, output
        # The certificate, once obtained: the test CA's root trusted alone, Python's checks of the
        # name and the chain. Reading needs the password on a domain: the app sends to its login.
        status, headers, _ = wait_for(lambda: https_get(443, "localhost", "/", Path(ca_root)), 60)
        assert status == 302 and headers["location"].startswith("/connexion")
        status, _, body = https_get(443, "localhost", "/connexion", Path(ca_root))
        assert status == 200 and 'name="password"' in body
        stored = list((instance / "https" / "caddy" / "data" / "certificates").rglob("localhost.crt"))
        assert len(stored) == 1  # kept in the instance folder, renewed from there
        # Plain HTTP redirected to HTTPS; another name (an address here) never reaches the app.
        status, headers, _ = http_get(80, "/connexion", "localhost")
        assert status in (301, 308) and headers["location"] == "https://localhost/connexion"
        assert https_get(443, "localhost", "/", Path(ca_root), host="127.0.0.1")[0] == 421
    finally:
        stop(process, instance)
    assert list((tmp_path / "home").iterdir()) == []  # Caddy wrote nothing in the home folder
