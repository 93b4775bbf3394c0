"""Caddy in front of waitress (issue 31, items 1-2): the configuration built for the Wi-Fi and for a
domain, the app's settings behind it, a domain refused without a table password, and `python -m
scorekeeper.server --https` for real: HTTPS with this server's certificate, plain HTTP beside it,
the proxy's headers believed, Caddy's end stopping the server."""

from __future__ import annotations

import os
import signal
import socket
import time
from pathlib import Path

import pytest

from scorekeeper.server import https
from scorekeeper.server.__main__ import main
from scorekeeper.server.caddy import domain_config, lan_config, listen_address
from tests.helpers import HASH
from tests.launcher import caddy_pids, free_port, http_get, https_get, start, stop
from tests.test_server_launcher import READY, read_until

STORAGE = Path("/srv/instance/https/caddy/data")
# waitress on 127.0.0.1:41234, an idle connection to it dropped after 5 s, before waitress's 10 s
TO_WAITRESS = {
    "handler": "reverse_proxy",
    "upstreams": [{"dial": "127.0.0.1:41234"}],
    "transport": {"protocol": "http", "keep_alive": {"idle_timeout": "5s"}},
}


@pytest.mark.parametrize(
    ("host", "port", "expected"),
    [("0.0.0.0", 5443, ":5443"), ("::", 8443, ":8443"), ("127.0.0.1", 443, "127.0.0.1:443"), ("::1", 80, "[::1]:80")],
)
def test_listen_address(host, port, expected):
    assert listen_address(host, port) == expected


def test_the_wi_fi_config_serves_https_with_the_servers_certificate_and_plain_http_unredirected():
    config = lan_config("0.0.0.0", 5000, 5443, 41234, Path("/i/https/server.crt"), Path("/i/https/server.key"), STORAGE)
    to_waitress = [{"handle": [TO_WAITRESS]}]
    servers = config["apps"]["http"]["servers"]
    assert servers.keys() == {"https", "http"}
    assert servers["https"]["listen"] == [":5443"] and servers["http"]["listen"] == [":5000"]
    assert servers["https"]["routes"] == to_waitress and servers["http"]["routes"] == to_waitress
    # The files of certificates.py, chosen by tag (a phone opening an IP address sends no name).
    assert config["apps"]["tls"]["certificates"]["load_files"] == [
        {"certificate": "/i/https/server.crt", "key": "/i/https/server.key", "tags": ["scorekeeper"]}
    ]
    assert servers["https"]["tls_connection_policies"] == [{"certificate_selection": {"any_tag": ["scorekeeper"]}}]
    assert "tls_connection_policies" not in servers["http"]
    # No ACME, no redirect of plain HTTP: a phone that does not trust the root keeps it.
    assert servers["https"]["automatic_https"] == {"disable": True} == servers["http"]["automatic_https"]
    assert "automation" not in config["apps"]["tls"]
    assert config["admin"]["disabled"] is True
    assert config["storage"] == {"module": "file_system", "root": str(STORAGE)}
    # waitress's own limits (settings.py), on what reaches Caddy
    assert servers["http"]["read_header_timeout"] == "20s" and servers["http"]["max_header_bytes"] == 16384


def test_the_domain_config_asks_lets_encrypt_for_that_name_alone():
    config = domain_config("belote.example.org", "0.0.0.0", 80, 443, 41234, STORAGE)
    http = config["apps"]["http"]
    assert (http["http_port"], http["https_port"]) == (80, 443)
    (server,) = http["servers"].values()  # Caddy adds the redirecting one on port 80 by itself
    assert server["listen"] == [":443"] and "automatic_https" not in server
    first, other = server["routes"]
    assert first["match"] == [{"host": ["belote.example.org"]}] and first["terminal"] is True
    assert first["handle"] == [TO_WAITRESS]
    assert other == {"handle": [{"handler": "static_response", "status_code": 421, "close": True}]}
    # The acme issuer alone, with no directory named: Caddy's default, Let's Encrypt's (no ZeroSSL).
    assert config["apps"]["tls"]["automation"]["policies"] == [
        {"subjects": ["belote.example.org"], "issuers": [{"module": "acme"}]}
    ]


def test_another_ca_and_its_root_are_settings():
    config = domain_config("belote.lan", "127.0.0.1", 8080, 8443, 1, STORAGE, "https://ca.lan/acme/dir", "/ca.pem")
    assert config["apps"]["tls"]["automation"]["policies"][0]["issuers"] == [
        {"module": "acme", "ca": "https://ca.lan/acme/dir", "trusted_roots_pem_files": ["/ca.pem"]}
    ]
    assert config["apps"]["http"]["servers"]["https"]["listen"] == ["127.0.0.1:8443"]


DOMAIN = https.Front("0.0.0.0", 80, 443, "belote.example.org")
WI_FI = https.Front("0.0.0.0", 5000, 5443)


def test_a_domain_needs_a_table_password(make_app):
    app = make_app()
    with pytest.raises(https.Refused, match="mot de passe de table"):
        https.prepare(app, DOMAIN)


def test_on_a_domain_reading_needs_the_password_and_that_name_is_trusted(make_app):
    app = make_app(TABLE_PASSWORD_HASH=HASH, TRUSTED_HOSTS="club.lan")
    https.prepare(app, DOMAIN)
    assert app.config["READ_REQUIRES_PASSWORD"] is True
    assert app.config["TRUSTED_HOSTS"] == ["club.lan", "belote.example.org"]
    assert app.test_client().get("/", headers={"Host": "belote.example.org"}).status_code == 302  # to /connexion
    assert app.config["LISTENING_ON"] == "0.0.0.0"  # Caddy's address, not waitress's 127.0.0.1
    assert app.config["HTTPS_PORT"] is None  # plain HTTP is redirected: no page says how to switch


def test_on_a_domain_reading_stays_open_when_the_settings_say_so(make_app):
    app = make_app(TABLE_PASSWORD_HASH=HASH, READ_REQUIRES_PASSWORD=False)
    https.prepare(app, DOMAIN)
    assert app.config["READ_REQUIRES_PASSWORD"] is False


def test_on_the_wi_fi_reading_stays_open_by_default(make_app):
    app = make_app(TABLE_PASSWORD_HASH=HASH)
    https.prepare(app, WI_FI)
    assert app.config["READ_REQUIRES_PASSWORD"] is False
    assert app.config["TRUSTED_HOSTS"] == []
    assert app.config["HTTPS_PORT"] == 5443  # the plain-HTTP pages name the HTTPS address


def test_the_launcher_refuses_a_domain_without_a_password_in_french(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_PROXY_COUNT", "1")  # what the launcher sets, given back after the test
    with pytest.raises(SystemExit) as stopped:
        main(["--domain", "belote.example.org", "--host", "127.0.0.1", "--port", "1", "--https-port", "2"])
    assert stopped.value.code == 1
    assert "set-password" in capsys.readouterr().err
    assert not (tmp_path / "https").exists()  # nothing started, nothing written


@pytest.mark.parametrize("name", ["https://belote.example.org", "belote.example.org:443", "belote example", "-x.org"])
def test_the_launcher_refuses_what_is_no_domain_name(name, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["--domain", name])
    assert stopped.value.code == 2 and "--domain" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.serial
def test_https_on_the_wi_fi_then_caddys_end_stops_the_server(tmp_path, database):
    instance = tmp_path / "instance"
    http_port, https_port = free_port(), free_port()
    arguments = ["--https", "--host", "127.0.0.1", "--port", str(http_port), "--https-port", str(https_port)]
    process = start(arguments, instance, database, TABLE_PASSWORD_HASH=HASH)
    try:
        output = read_until(process, READY, 60)
        assert READY in output, output
        root = instance / "https" / "root.crt"
        # HTTPS, the root of certificates.py trusted alone, for localhost and for 127.0.0.1 (no name)
        status, headers, body = https_get(https_port, "localhost", "/connexion", root)
        assert status == 200 and "Marqueur" in body
        # Caddy's X-Forwarded-Proto believed: the session cookie is Secure over HTTPS only.
        assert "Secure" in headers["set-cookie"]
        assert https_get(https_port, "127.0.0.1", "/", root)[0] == 200
        status, headers, _ = http_get(http_port, "/connexion", f"127.0.0.1:{http_port}")
        assert status == 200 and "Secure" not in headers["set-cookie"]  # plain HTTP, not redirected
        (caddy,) = caddy_pids(instance)
        os.kill(caddy, signal.SIGKILL)  # Caddy gone: no phone is served, the server stops too
        process.wait(timeout=15)
        assert process.returncode == 1
        assert "Caddy s'est arrêté" in stop(process, instance)
    finally:
        stop(process, instance)


@pytest.mark.slow
@pytest.mark.serial
def test_ctrl_c_stops_waitress_and_caddy(tmp_path, database):
    instance = tmp_path / "instance"
    arguments = ["--https", "--host", "127.0.0.1", "--port", str(free_port()), "--https-port", str(free_port())]
    process = start(arguments, instance, database)
    try:
        assert READY in read_until(process, READY, 60)
        assert len(caddy_pids(instance)) == 1
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=15) == 0
        deadline = time.monotonic() + 5
        while caddy_pids(instance) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert caddy_pids(instance) == []  # stopped by the launcher, not left behind
    finally:
        stop(process, instance)


def test_a_port_taken_is_said_in_french(tmp_path, make_app):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        front = https.Front("127.0.0.1", free_port(), taken.getsockname()[1])
        with pytest.raises(https.Refused, match=f"Le port {front.https_port} est déjà pris.*HTTPS_PORT="):
            https.check_ports(front)
    https.check_ports(front)  # free again
