"""Joining a table's game from another phone: the address the phones can open, and its QR code.

A page opened on the laptop itself (http://127.0.0.1:5000/…) names an address no phone can open:
the join address then uses the machine's address on the local network instead.
"""

from __future__ import annotations

import io
import ipaddress
import socket

import segno

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


def qr_svg(text: str) -> str:
    """An inline SVG QR code of `text`, dark on light, that scales with its box (no fixed size)."""
    return segno.make(text, error="m").svg_inline(scale=1, border=2, omitsize=True, dark="#000", light="#fff")


def qr_terminal(text: str) -> str:
    """The QR code of `text` in text blocks, for a terminal (`make run` prints it)."""
    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
