"""Joining a table's game from another phone: the address the phones can open, and its QR code.

A page opened on the laptop itself (http://127.0.0.1:5000/…) names an address no phone can open:
the join address then uses the machine's address on the local network instead.
"""

from __future__ import annotations

import functools
import io
import ipaddress
import socket
from typing import TYPE_CHECKING

import segno

if TYPE_CHECKING:
    from werkzeug.wrappers import Request

LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0"}


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


def is_local(host: str) -> bool:
    """Whether a Host header's name (without its port) is this machine seen from itself."""
    return host.lower() in LOCAL_HOSTS or host.startswith("127.")


def join_url(request: Request, path: str) -> str:
    """The address another phone opens to reach `path` (e.g. /parties/<id>): the scheme, host and
    port this request came by (those the proxy saw, with PROXY_COUNT), except that a page opened
    on the machine itself (localhost, 127.0.0.1, ::1) names the machine's LAN address instead,
    same port. Without a LAN address, the request's own address is all there is."""
    host = request.host
    name, port = split_host(host)
    if is_local(name):
        lan = lan_address()
        if lan:
            host = f"{lan}:{port}" if port else lan
    return f"{request.scheme}://{host}{path}"


def split_host(host: str) -> tuple[str, str]:
    """A Host header's name and port ("" without one): "[::1]:5000" → ("[::1]", "5000")."""
    if host.startswith("["):
        name, _, rest = host.partition("]")
        return name + "]", rest[1:] if rest.startswith(":") else ""
    name, _, port = host.partition(":")
    return name, port


@functools.lru_cache(maxsize=256)  # a few ms to draw; the sheet is fetched again at each change
def qr_svg(text: str) -> str:
    """An inline SVG QR code of `text`, dark on light, that scales with its box (no fixed size)."""
    return segno.make(text, error="m").svg_inline(scale=1, border=2, omitsize=True, dark="#000", light="#fff")


def qr_terminal(text: str) -> str:
    """The QR code of `text` in text blocks, for a terminal (`make run` prints it)."""
    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
