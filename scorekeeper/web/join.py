"""Joining a table's game from another phone: the address the phones can open, and its QR code.

A page opened on the laptop itself (http://127.0.0.1:5000/…, or by its name) names an address no
phone can open, and a name in the request may be anyone's (DNS rebinding, `hosts.py`): the join
address then uses the machine's address on the local network instead. A server that listens on
this machine alone has no address a phone can open: the page says so (`phones_can_join`).
"""

from __future__ import annotations

import functools
import io
import ipaddress
import socket
from typing import TYPE_CHECKING

import segno
from flask import current_app

from scorekeeper.web.hosts import ip_literal, listed_host, listed_names, split_host

if TYPE_CHECKING:
    from werkzeug.wrappers import Request


def lan_address() -> str | None:
    """This machine's IPv4 address on its local network, or None when it has none.

    Asks the kernel which address it would send from towards a private address: a UDP socket's
    connect() picks the route and sends nothing."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if ipaddress.ip_address(address).is_loopback or address == "0.0.0.0" else address


def phones_can_join() -> bool:
    """Whether another phone can reach this server: not when it listens on this machine alone
    (`make run HOST=127.0.0.1`, the LISTENING_ON setting the server gives), whatever address a
    page names."""
    try:
        listening = ipaddress.ip_address(current_app.config["LISTENING_ON"] or "")
    except ValueError:  # unknown, or a name
        return True
    return not listening.is_loopback


def join_url(request: Request, path: str, secure_port: int | None = None) -> str:
    """The address another phone opens to reach `path` (e.g. /parties/<id>), never built from a
    name the request carries but the table's owner did not give:

    - the IP address the request came by, when a phone used one (it reaches the server);
    - a name of `TRUSTED_HOSTS`, the address of a proxy's domain (with PROXY_COUNT, the scheme and
      name the proxy was asked for);
    - otherwise (localhost, 127.0.0.1, this machine's name or its .local) the machine's LAN
      address, the one `make run` prints, on the port the server is reached on; without a LAN
      address, the request's own, which `hosts.py` has checked is one of this machine's.

    The scheme is the request's (https behind `make run HTTPS=1`'s proxy); with `secure_port`,
    the same host over HTTPS on that port instead (`secure_url`)."""
    name, port = split_host(request.host)
    address = ip_literal(name)
    phones_own = address is not None and not (address.is_loopback or address.is_unspecified)
    lan = None if phones_own or listed_host(request.host, listed_names(current_app.config)) else lan_address()
    if lan:
        name, port = lan, served_port(request)
    scheme = request.scheme
    if secure_port is not None:
        scheme, port = "https", str(secure_port)
    default_port = {"http": "80", "https": "443"}.get(scheme)
    return f"{scheme}://{name if port in ('', default_port) else f'{name}:{port}'}{path}"


def served_port(request: Request) -> str:
    """The port the phones reach the server on: the one it listens on (the WSGI environ's), but
    behind a proxy (PROXY_COUNT) the one the proxy was asked on, from the Host it forwarded (the
    server's own is then on loopback, out of the phones' reach); "" for the scheme's default."""
    if current_app.config["PROXY_COUNT"]:
        return split_host(request.host)[1]
    return request.environ.get("SERVER_PORT", "")


def secure_url(request: Request, path: str) -> str | None:
    """`path` at the server's HTTPS address, for a page that came over plain HTTP while the server
    serves HTTPS too (HTTPS_PORT, which `make run HTTPS=1` sets); None otherwise. The host is the
    join address's, which the server's certificate names (this machine's addresses), never a name
    the request carried."""
    port = current_app.config["HTTPS_PORT"]
    if not port or request.scheme == "https":
        return None
    return join_url(request, path, secure_port=int(port))


@functools.lru_cache(maxsize=256)  # a few ms to draw; the sheet is fetched again at each change
def qr_svg(text: str) -> str:
    """An inline SVG QR code of `text`, dark on light, that scales with its box (no fixed size)."""
    return segno.make(text, error="m").svg_inline(scale=1, border=2, omitsize=True, dark="#000", light="#fff")


def qr_terminal(text: str) -> str:
    """The QR code of `text` in text blocks, for a terminal (`make run` prints it)."""
    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
