"""`make run HTTPS=1`'s terminal message (issue 31): the HTTPS address first, with its QR code, then
the certificate's page and the plain HTTP address for the phones that do not trust it yet."""

from __future__ import annotations

from scorekeeper.server import address
from tests.test_server_launcher import qr_text


def test_with_https_the_secure_address_comes_first_with_its_qr_code(monkeypatch):
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.20")
    message = address.join_message("0.0.0.0", 5000, https_port=8443)
    assert qr_text(message) == "https://192.168.1.20:8443/"  # the one code: the secure address
    secure = message.index("    https://192.168.1.20:8443/\n")
    certificate = message.index("    http://192.168.1.20:5000/certificat\n")
    plain = message.index("    http://192.168.1.20:5000/\n")
    assert secure < message.index("█") < certificate < plain
    assert "ports 5000 et 8443" in message and message.endswith("Ctrl-C pour arrêter.\n")


def test_a_given_address_with_https(monkeypatch):
    message = address.join_message("10.0.0.7", 8000, https_port=8443)
    assert qr_text(message) == "https://10.0.0.7:8443/"
    assert "    http://10.0.0.7:8000/certificat\n" in message and "    http://10.0.0.7:8000/\n" in message


def test_without_https_the_message_names_no_secure_address(monkeypatch):
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.1.20")
    message = address.join_message("0.0.0.0", 5000)
    assert "https://" not in message and "certificat" not in message
    assert qr_text(message) == "http://192.168.1.20:5000/"


def test_on_loopback_or_without_a_lan_both_local_addresses_are_given(monkeypatch):
    on_loopback = address.join_message("127.0.0.1", 5000, https_port=8443)
    monkeypatch.setattr(address, "lan_address", lambda: None)
    without_lan = address.join_message("0.0.0.0", 5000, https_port=8443)
    for message in (on_loopback, without_lan):
        assert "    https://127.0.0.1:8443/ ou http://127.0.0.1:5000/\n" in message
        assert "█" not in message  # no code to scan: no phone could open it
