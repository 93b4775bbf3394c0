"""`make run`: gunicorn serving one table's phones, which join by the address (and QR code) it
prints once it listens.

    python -m scorekeeper.web.table_server -c gunicorn.conf.py --bind 0.0.0.0:5000 --workers 2 \\
        'scorekeeper:create_app()'

It takes gunicorn's own command line and configuration (`gunicorn.conf.py`: the same server as
`make serve`), and adds two things for a table: once the server listens, it prints in French the
address the other phones open, `http://<this machine's LAN address>:<port>/`, and its QR code;
and it keeps no access log, so that the code stays on the screen while the phones play. Ctrl-C
stops the server and its workers, as it stops gunicorn.
"""

from __future__ import annotations

import ipaddress
import sys

from gunicorn.app.wsgiapp import WSGIApplication

from scorekeeper.web.join import lan_address, qr_terminal

EVERY_ADDRESS = {"0.0.0.0", "::"}


def join_message(host: str, port: int) -> str:
    """What the terminal shows once the server listens on (host, port): the address the phones
    open and its QR code, or why no phone can join and the address on this machine."""
    local = f"http://127.0.0.1:{port}/"
    if host in EVERY_ADDRESS:
        address = lan_address()
        if address is None:
            return (
                "\nCet ordinateur n'est sur aucun réseau local : les téléphones ne peuvent pas le joindre.\n"
                "Connectez-le au Wi-Fi de la table, puis relancez make run. Sur cet ordinateur même :\n\n"
                f"    {local}\n\nCtrl-C pour arrêter.\n"
            )
    elif ipaddress.ip_address(host).is_loopback:
        return (
            f"\nLe marqueur n'écoute que cet ordinateur ({host}) : les téléphones ne peuvent pas le joindre\n"
            "(make run HOST=0.0.0.0 les laisse entrer). Sur cet ordinateur :\n\n"
            f"    {local}\n\nCtrl-C pour arrêter.\n"
        )
    else:
        address = host
    if ":" in address:
        address = f"[{address}]"
    url = f"http://{address}:{port}/"
    return (
        "\nLe marqueur est prêt. Les téléphones de la table, sur le même Wi-Fi que cet ordinateur,\n"
        "ouvrent cette adresse ou scannent ce code :\n\n"
        f"    {url}\n\n{qr_terminal(url)}\n"
        f"Si un téléphone n'y arrive pas, le pare-feu de cet ordinateur doit laisser entrer le port {port}.\n"
        f"Sur cet ordinateur même : {local}\nCtrl-C pour arrêter.\n"
    )


def announce(listeners) -> None:
    """Print the join message of the first TCP listener of gunicorn's arbiter."""
    for listener in listeners:
        name = listener.sock.getsockname()
        if isinstance(name, tuple):  # an IP socket, not a Unix one
            sys.stdout.write(join_message(name[0], name[1]))
            sys.stdout.flush()
            return


class TableServer(WSGIApplication):
    """gunicorn's command-line application, which announces the join address once it listens."""

    def load_config(self) -> None:
        super().load_config()
        configured = self.cfg.when_ready  # gunicorn.conf.py's, kept: it runs first

        def when_ready(server) -> None:
            configured(server)
            announce(server.LISTENERS)

        self.cfg.set("when_ready", when_ready)
        self.cfg.set("accesslog", None)


def main() -> None:
    TableServer("%(prog)s [OPTIONS] [APP_MODULE]", prog="python -m scorekeeper.web.table_server").run()


if __name__ == "__main__":
    main()
