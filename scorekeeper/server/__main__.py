"""`make run` and `make serve`: waitress serving the app to the phones, on any system Python runs on.

    python -m scorekeeper.server                              # 0.0.0.0:5000, settings.THREADS threads
    python -m scorekeeper.server --host 127.0.0.1 --port 8000 --threads 4
    python -m scorekeeper.server --https --https-port 5443    # Caddy in front: HTTPS on the Wi-Fi too
    python -m scorekeeper.server --domain belote.example.org --port 80 --https-port 443

Once it listens it prints the address the phones open and its QR code (`address.py`); Ctrl-C
stops it (and Caddy: `https.py`). waitress logs no access line, so the code stays on the screen while the tables play;
it logs its warnings (the connection limit reached) and the app's errors. `--app` names another
application factory (the benchmarks' app with its bare routes, bench/roundtrip_app.py).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import logging
import os
import re
import sys

from flask import Flask
from waitress.adjustments import Adjustments

from scorekeeper.server import https
from scorekeeper.server.address import join_message
from scorekeeper.server.limits import Server
from scorekeeper.server.settings import ADJUSTMENTS, THREADS
from scorekeeper.web.bodies import LOGIN_PATH, body_allowance

# A domain's name: labels of letters, digits and hyphens, separated by dots.
DOMAIN = re.compile(r"(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?")


def load_app(spec: str):
    """The WSGI app a "module:factory" spec names, built by calling the factory."""
    module, _, factory = spec.partition(":")
    return getattr(importlib.import_module(module), factory or "create_app")()


def build_server(app, host: str, port: int, threads: int = THREADS) -> Server:
    """The server for `app` on (host, port), listening (port 0: a free one), not yet serving."""
    proxied = bool(getattr(app, "config", {}).get("PROXY_COUNT"))
    adjustments = {
        **ADJUSTMENTS,
        "host": host,
        "port": port,
        "threads": threads,
        # Behind an HTTPS proxy (the app's PROXY_COUNT), its X-Forwarded-* headers reach the app,
        # which trusts that many proxies; without one, nobody's are believed.
        "clear_untrusted_proxy_headers": not proxied,
    }
    # The app says how large each request's body may be (web/bodies.py); another WSGI app, nothing.
    allowance = functools.partial(body_allowance, app) if isinstance(app, Flask) else None
    return Server(app, adj=Adjustments(**adjustments), allowance=allowance, login_path=LOGIN_PATH, proxied=proxied)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m scorekeeper.server", description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every one)")
    parser.add_argument("--port", type=int, default=5000, help="plain HTTP's port")
    parser.add_argument("--threads", type=int, default=THREADS, help="threads running the app")
    parser.add_argument("--app", default="scorekeeper:create_app", help="module:factory of the app")
    parser.add_argument("--https", action="store_true", help="Caddy in front: HTTPS on the Wi-Fi, HTTP still served")
    parser.add_argument("--domain", help="Caddy in front, HTTPS for this name by ACME (Let's Encrypt by default)")
    parser.add_argument("--https-port", type=int, default=5443, help="HTTPS's port, with --https or --domain")
    args = parser.parse_args(argv)
    if args.domain is not None and not DOMAIN.fullmatch(args.domain.lower()):
        parser.error(f"--domain {args.domain!r}: a name such as belote.example.org, without http:// or a port")
    logging.basicConfig()  # waitress's warnings and the app's errors, on stderr
    if not (args.https or args.domain):
        app = load_app(args.app)
        server = build_server(app, args.host, args.port, args.threads)
        if hasattr(app, "config"):
            app.config["LISTENING_ON"] = server.effective_host  # the join panel's (web/join.py)
        sys.stdout.write(join_message(server.effective_host, server.effective_port))
        sys.stdout.flush()
        server.run()  # until Ctrl-C
        return
    front = https.Front(args.host, args.port, args.https_port, args.domain and args.domain.lower())
    # Caddy's X-Forwarded-* headers are believed (web/security.py), unless the settings say otherwise.
    os.environ.setdefault("SCOREKEEPER_PROXY_COUNT", "1")
    app = load_app(args.app)
    try:
        https.prepare(app, front)
        server = build_server(app, "127.0.0.1", 0, args.threads)  # Caddy's alone
        sys.exit(https.serve(app, server, front))
    except https.Refused as refusal:
        sys.stderr.write(str(refusal))
        sys.exit(1)


if __name__ == "__main__":
    main()
