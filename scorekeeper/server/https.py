"""The launcher's HTTPS modes: waitress on 127.0.0.1, Caddy in front (caddy.py), both stopped
together.

- `--https` (`make run HTTPS=1`, `make serve HTTPS=1`): HTTPS on the room's Wi-Fi with this
  server's own certificate (certificates.py, made again at each start if this machine's addresses
  changed), plain HTTP still served on the usual port.
- `--domain NAME` (`make serve DOMAIN=…`): a server reachable from the internet. It starts only
  with a table password, answers that name alone (TRUSTED_HOSTS gets it), and reading needs the
  password unless READ_REQUIRES_PASSWORD says False outright.

If Caddy stops by itself (killed, a port lost), the server stops too, saying so in French: a server
that answers only on loopback serves no phone. Ctrl-C stops waitress, then Caddy.
"""

from __future__ import annotations

import _thread
import signal
import threading
from dataclasses import dataclass

from flask import Flask

from scorekeeper.server import certificates
from scorekeeper.server.address import join_message
from scorekeeper.server.caddy import Caddy, bind_test, caddy_folder, domain_config, lan_config
from scorekeeper.server.limits import Server
from scorekeeper.web.access.password import password_hash
from scorekeeper.web.hosts import listed_names

NO_PASSWORD = (
    "Un serveur sur un domaine est joignable depuis internet : il ne démarre qu'avec un mot de passe de table.\n"
    "Choisissez-en un, puis relancez :\n\n    .venv/bin/flask --app scorekeeper set-password\n"
)
NO_CADDY = (
    "Caddy n'est pas installé : make run HTTPS=1, make serve HTTPS=1 et make serve DOMAIN=… l'installent\n"
    "(ou : .venv/bin/pip install '.[https]').\n"
)
CADDY_DID_NOT_START = (
    "Caddy n'a pas démarré : son message est ci-dessus. Un port sous 1024 (80, 443) demande un droit\n"
    "particulier : docs/hosting.md, « HTTPS on a domain ».\n"
)
PORT_TAKEN = "Le port {port} est déjà pris par un autre programme : choisissez-en un autre ({option}).\n"
CADDY_STOPPED = "\nCaddy s'est arrêté (code {code}) : le marqueur s'arrête aussi.\n"


class Refused(Exception):
    """The server cannot start this way: its message says why, in French, for the terminal."""


@dataclass(frozen=True)
class Front:
    """Where Caddy listens and what for: `domain` None on the Wi-Fi."""

    host: str
    http_port: int
    https_port: int
    domain: str | None = None


def prepare(app: Flask, front: Front) -> None:
    """The app's settings behind Caddy; on a domain, refused without a table password."""
    if front.domain is not None:
        with app.app_context():
            if not password_hash():
                raise Refused(NO_PASSWORD)
        app.config["TRUSTED_HOSTS"] = [*listed_names(app.config), front.domain]
    else:
        # A page over plain HTTP names the HTTPS address (web/join.py); on a domain, Caddy redirects.
        app.config["HTTPS_PORT"] = front.https_port
    if app.config.get("READ_REQUIRES_PASSWORD") is None:
        app.config["READ_REQUIRES_PASSWORD"] = front.domain is not None
    # The join panel's (web/join.py): phones reach Caddy's address, not waitress's 127.0.0.1.
    app.config["LISTENING_ON"] = front.host


def caddy_config(app: Flask, front: Front, upstream_port: int) -> dict:
    folder = certificates.https_folder(app.instance_path)
    storage = caddy_folder(folder) / "data"
    if front.domain is not None:
        ports = (front.http_port, front.https_port, upstream_port)
        return domain_config(
            front.domain, front.host, *ports, storage, app.config["ACME_CA"], app.config["ACME_CA_ROOT"]
        )
    names, addresses = certificates.local_names_and_addresses()
    certificate, key = certificates.ensure_server_certificate(folder, names, addresses)
    return lan_config(front.host, front.http_port, front.https_port, upstream_port, certificate, key, storage)


def ready_message(front: Front) -> str:
    if front.domain is None:
        return join_message(front.host, front.http_port, https_port=front.https_port)
    port = "" if front.https_port == 443 else f":{front.https_port}"
    return (
        f"\nLe marqueur répond à https://{front.domain}{port}/ (et y renvoie http://).\n"
        "Au premier démarrage, Caddy obtient son certificat : ce nom doit désigner cette machine,\n"
        "et les ports 80 et 443 doivent lui parvenir depuis internet.\nCtrl-C pour arrêter.\n"
    )


def check_ports(front: Front) -> None:
    """Refused when another program holds a port Caddy needs. One this Python may not bind (under
    1024) is left to Caddy, which may hold the capability itself (setcap on its binary)."""
    for port, option in ((front.http_port, "PORT="), (front.https_port, "HTTPS_PORT=")):
        try:
            bind_test(front.host, port)
        except PermissionError:
            continue
        except OSError:
            raise Refused(PORT_TAKEN.format(port=port, option=option)) from None


def serve(app: Flask, server: Server, front: Front) -> int:
    """Run Caddy in front of `server` (listening on 127.0.0.1, not yet serving) until Ctrl-C or
    Caddy's end; the exit status: 0, or 1 when Caddy stopped by itself or could not start."""
    check_ports(front)
    try:
        config = caddy_config(app, front, server.effective_port)
        caddy = Caddy(config, caddy_folder(certificates.https_folder(app.instance_path)))
    except FileNotFoundError as missing:
        if missing.args == ("caddy",):
            raise Refused(NO_CADDY) from None
        raise
    stopping = threading.Event()

    def watch() -> None:
        caddy.process.wait()
        if not stopping.is_set():
            _thread.interrupt_main(signal.SIGTERM)  # waitress's loop then ends, as on Ctrl-C

    # SIGTERM (`kill`, systemd's stop) ends waitress's loop as Ctrl-C does, so that Caddy is
    # stopped too; the watch above uses it rather than SIGINT, which a background job ignores.
    signal.signal(signal.SIGTERM, signal.default_int_handler)

    try:
        if not caddy.wait_listening(front.host, front.https_port):
            raise Refused(CADDY_DID_NOT_START)
        threading.Thread(target=watch, name="caddy-watch", daemon=True).start()
        print(ready_message(front), end="", flush=True)
        server.run()  # until Ctrl-C, or Caddy's end
    except KeyboardInterrupt:
        pass  # before waitress's loop began
    finally:
        stopping.set()
        code = caddy.process.poll()
        caddy.stop()
        server.close()
    if code is not None:
        print(CADDY_STOPPED.format(code=code), end="", flush=True)
        return 1
    return 0
