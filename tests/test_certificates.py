"""The server's own certificate authority (issue 31): it vouches for this club's server on the
local network, and for nothing else, ever."""

from __future__ import annotations

import ipaddress
import stat

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.x509.verification import PolicyBuilder, Store, VerificationError

from scorekeeper.server import certificates

LAN = ipaddress.ip_address("192.168.1.20")


@pytest.fixture
def folder(tmp_path):
    path = tmp_path / "https"
    certificates.ensure_authority(path)
    return path


def load(path):
    return x509.load_pem_x509_certificates(path.read_bytes())


def verifier(folder, name):
    store = Store(load(folder / "root.crt"))
    builder = PolicyBuilder().store(store)
    subject = x509.IPAddress(name) if isinstance(name, ipaddress.IPv4Address) else x509.DNSName(name)
    return builder.build_server_verifier(subject)


def test_the_root_permits_only_private_addresses_and_local_names(folder):
    for name in ("root.crt", "intermediate.crt"):
        (certificate,) = load(folder / name)
        extension = certificate.extensions.get_extension_for_class(x509.NameConstraints)
        assert extension.critical
        permitted = {str(general.value) for general in extension.value.permitted_subtrees}
        assert permitted == {
            "10.0.0.0/8",
            "172.16.0.0/12",
            "192.168.0.0/16",
            "127.0.0.0/8",
            "169.254.0.0/16",
            "fc00::/7",
            "fe80::/10",
            "::1/128",
            "local",
            "lan",
            "home.arpa",
            "internal",
            "localhost",
        }
        assert extension.value.excluded_subtrees is None
    (intermediate,) = load(folder / "intermediate.crt")
    assert intermediate.extensions.get_extension_for_class(x509.BasicConstraints).value.path_length == 0


def test_the_roots_private_key_is_written_nowhere(folder):
    (root,) = load(folder / "root.crt")
    root_public = root.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    keys = []
    for path in folder.rglob("*"):
        data = path.read_bytes()
        if b"PRIVATE KEY" in data:
            key = serialization.load_pem_private_key(data, password=None)
            keys.append(
                key.public_key().public_bytes(
                    serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
                )
            )
    assert keys, "the intermediate's key is there"
    assert root_public not in keys


def test_the_servers_certificate_verifies_for_its_names_and_addresses(folder):
    certificate, key = certificates.ensure_server_certificate(folder, ["localhost", "salle.local"], [LAN])
    leaf, intermediate = load(certificate)
    for name in ("salle.local", "localhost", LAN):
        chain = verifier(folder, name).verify(leaf, [intermediate])
        assert len(chain) == 3
    with pytest.raises(VerificationError):
        verifier(folder, "autre.local").verify(leaf, [intermediate])
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert stat.S_IMODE((folder / "intermediate.key").stat().st_mode) == 0o600


def test_a_public_names_certificate_from_the_intermediate_is_refused(folder):
    chain, _ = certificates.issue_certificate(folder, ["belote.example.org"], [ipaddress.ip_address("8.8.8.8")])
    leaf, intermediate = x509.load_pem_x509_certificates(chain)
    with pytest.raises(VerificationError):
        verifier(folder, "belote.example.org").verify(leaf, [intermediate])
    with pytest.raises(VerificationError):
        verifier(folder, ipaddress.ip_address("8.8.8.8")).verify(leaf, [intermediate])


def test_the_server_refuses_to_ask_for_a_public_name(folder):
    with pytest.raises(ValueError, match="belote.example.org"):
        certificates.ensure_server_certificate(folder, ["belote.example.org"], [LAN])
    assert not (folder / "server.crt").exists()


def test_the_servers_certificate_is_made_again_only_when_its_addresses_change(folder):
    certificate, _ = certificates.ensure_server_certificate(folder, ["localhost"], [LAN])
    first = certificate.read_bytes()
    certificates.ensure_server_certificate(folder, ["localhost"], [LAN])
    assert certificate.read_bytes() == first
    moved = ipaddress.ip_address("10.0.0.7")
    certificates.ensure_server_certificate(folder, ["localhost"], [moved])
    leaf, intermediate = load(certificate)
    assert leaf.extensions.get_extension_for_class(x509.SubjectAlternativeName).value.get_values_for_type(
        x509.IPAddress
    ) == [moved]
    verifier(folder, moved).verify(leaf, [intermediate])


def test_the_authority_is_made_once(folder):
    root = (folder / "root.crt").read_bytes()
    assert certificates.ensure_authority(folder) is False
    assert (folder / "root.crt").read_bytes() == root
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_this_machines_names_and_addresses_are_all_permitted():
    names, addresses = certificates.local_names_and_addresses()
    assert "localhost" in names
    assert ipaddress.ip_address("127.0.0.1") in addresses
    assert all(certificates.permitted_name(name) for name in names)
    assert all(certificates.permitted_address(address) for address in addresses)
