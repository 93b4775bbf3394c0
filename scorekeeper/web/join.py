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


def join_url(request: Request, path: str) -> str:
    """The address another phone opens to reach `path` (e.g. /parties/<id>), never built from a
    name the request carries but the table's owner did not give:

    - the IP address the request came by, when a phone used one (it reaches the server);
    - a name of `TRUSTED_HOSTS`, the address of a proxy's domain (with PROXY_COUNT, the scheme and
      name the proxy was asked for);
    - otherwise (localhost, 127.0.0.1, this machine's name or its .local) the machine's LAN
      address, the one `make run` prints, on the port the server listens on; without a LAN
      address, the request's own, which `hosts.py` has checked is one of this machine's."""
    host = request.host
    address = ip_literal(split_host(host)[0])
    phones_own = address is not None and not (address.is_loopback or address.is_unspecified)
    lan = None if phones_own or listed_host(host, listed_names(current_app.config)) else lan_address()
    if lan:
        port = request.environ.get("SERVER_PORT", "")
        default_port = {"http": "80", "https": "443"}.get(request.scheme)
        host = lan if port in ("", default_port) else f"{lan}:{port}"
    return f"{request.scheme}://{host}{path}"


@functools.lru_cache(maxsize=256)  # a few ms to draw; the sheet is fetched again at each change
def qr_svg(text: str) -> str:
    """An inline SVG QR code of `text`, dark on light, that scales with its box (no fixed size)."""
    return segno.make(text, error="m").svg_inline(scale=1, border=2, omitsize=True, dark="#000", light="#fff")


def qr_terminal(text: str) -> str:
    """The QR code of `text` in text blocks, for a terminal (`make run` prints it)."""
    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
