"""This server's own certificate authority, for HTTPS on the room's Wi-Fi (`make run HTTPS=1`).

A phone trusts a page over HTTPS only if a root it trusts vouches for it, and no public authority
vouches for 192.168.1.20. So the server makes a root of its own, once, which each phone is asked
to trust (the /certificat page). Trusting a root is a lot to ask, so this one can vouch for
nothing but this club's server:

- its X.509 Name Constraints (critical) permit only private addresses and local names
  (PERMITTED_NETWORKS, PERMITTED_NAMES): a browser refuses any certificate under it for a public
  site, whoever holds the keys;
- its private key is made, signs the root itself and one intermediate, and is dropped: never
  written anywhere, so no other intermediate can ever exist;
- the intermediate, with the same constraints and a path length of 0, signs only the server's own
  certificate (this machine's LAN addresses, `localhost` and `<hostname>.local`), and is made
  again by itself when they change. Its key stays in the instance folder, mode 0600.

The files, under `<instance>/https/` (mode 0700): root.crt (public: what phones trust),
intermediate.crt, intermediate.key, server.crt (the server's certificate, then the
intermediate's) and server.key.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import re
import socket
from collections.abc import Sequence
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from scorekeeper.web.join import lan_address

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

PERMITTED_NETWORKS = tuple(
    ipaddress.ip_network(network)
    for network in (
        "10.0.0.0/8",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "127.0.0.0/8",
        "169.254.0.0/16",
        "fc00::/7",
        "fe80::/10",
        "::1/128",
    )
)
# A dNSName constraint admits the name and every name under it (RFC 5280, 4.2.1.10).
PERMITTED_NAMES = ("local", "lan", "home.arpa", "internal", "localhost")

AUTHORITY_DAYS = 3650  # the root and the intermediate: phones trust the root once for ten years
SERVER_DAYS = 397  # at most 398 days, or Apple's devices refuse a server's certificate
RENEW_DAYS = 30  # the server's certificate is made again when it has fewer days left
LABEL = re.compile(r"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$")


def https_folder(instance_path: str | Path) -> Path:
    return Path(instance_path) / "https"


def permitted_address(address: IPAddress) -> bool:
    return any(address.version == network.version and address in network for network in PERMITTED_NETWORKS)


def permitted_name(name: str) -> bool:
    return any(name == allowed or name.endswith("." + allowed) for allowed in PERMITTED_NAMES)


def local_names_and_addresses() -> tuple[list[str], list[IPAddress]]:
    """The names and addresses this machine's certificate covers: `localhost`, `<hostname>.local`,
    the loopback addresses and its address on the local network (a public one is left out: the
    root could not vouch for it)."""
    names = ["localhost"]
    label = socket.gethostname().split(".")[0].lower()
    if LABEL.match(label):
        names.append(f"{label}.local")
    found = {"127.0.0.1", "::1", lan_address()}  # the LAN's without a lookup: no DNS query leaves
    addresses = [ipaddress.ip_address(address) for address in found if address]
    return names, sorted((a for a in addresses if permitted_address(a)), key=lambda a: (a.version, a))


def ensure_authority(folder: Path) -> bool:
    """The root and the intermediate, made unless both are there; True when they were made now
    (every phone must then trust the new root)."""
    if all((folder / name).exists() for name in ("root.crt", "intermediate.crt", "intermediate.key")):
        return False
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    hostname = socket.gethostname().split(".")[0] or "serveur"
    now = _now()
    root_key = ec.generate_private_key(ec.SECP256R1())
    root_name = _name(f"Marqueur de belote — {hostname}")
    root = _authority(root_name, root_key.public_key(), root_name, root_key, now, path_length=1)
    intermediate_key = ec.generate_private_key(ec.SECP256R1())
    intermediate_name = _name(f"Marqueur de belote — {hostname} — serveur")
    intermediate = _authority(intermediate_name, intermediate_key.public_key(), root_name, root_key, now, path_length=0)
    del root_key  # never written: no other intermediate can be signed
    _write(folder / "intermediate.key", _key_pem(intermediate_key), private=True)
    _write(folder / "intermediate.crt", intermediate.public_bytes(serialization.Encoding.PEM))
    _write(folder / "root.crt", root.public_bytes(serialization.Encoding.PEM))
    for stale in ("server.crt", "server.key"):
        (folder / stale).unlink(missing_ok=True)
    return True


def ensure_server_certificate(folder: Path, names: Sequence[str], addresses: Sequence[IPAddress]) -> tuple[Path, Path]:
    """(server.crt, server.key) for exactly these names and addresses, made again when they
    changed, when it expires within RENEW_DAYS or when another intermediate signed it."""
    refused = [str(n) for n in names if not permitted_name(n)] + [str(a) for a in addresses if not permitted_address(a)]
    if refused:
        raise ValueError(f"outside this authority's constraints: {', '.join(refused)}")
    ensure_authority(folder)
    certificate_path, key_path = folder / "server.crt", folder / "server.key"
    if not _current(certificate_path, key_path, folder, names, addresses):
        chain, key = issue_certificate(folder, names, addresses)
        _write(key_path, key, private=True)
        _write(certificate_path, chain)
    return certificate_path, key_path


def issue_certificate(folder: Path, names: Sequence[str], addresses: Sequence[IPAddress]) -> tuple[bytes, bytes]:
    """A server certificate for these names and addresses signed by the intermediate, then the
    intermediate's (PEM), and its key (PEM). It checks nothing: a test makes a public name's this
    way, to see browsers refuse it."""
    intermediate = x509.load_pem_x509_certificate((folder / "intermediate.crt").read_bytes())
    signer = serialization.load_pem_private_key((folder / "intermediate.key").read_bytes(), password=None)
    assert isinstance(signer, ec.EllipticCurvePrivateKey)
    key = ec.generate_private_key(ec.SECP256R1())
    now = _now()
    alternative: list[x509.GeneralName] = [x509.DNSName(name) for name in names]
    alternative += [x509.IPAddress(address) for address in addresses]
    certificate = (
        x509.CertificateBuilder()
        .subject_name(_name(names[0] if names else str(addresses[0])))
        .issuer_name(intermediate.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=SERVER_DAYS))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(_key_usage(certificate_signing=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectAlternativeName(alternative), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(intermediate.public_key()),  # type: ignore[arg-type]
            critical=False,
        )
        .sign(signer, hashes.SHA256())
    )
    chain = certificate.public_bytes(serialization.Encoding.PEM) + intermediate.public_bytes(serialization.Encoding.PEM)
    return chain, _key_pem(key)


def _current(
    certificate_path: Path, key_path: Path, folder: Path, names: Sequence[str], addresses: Sequence[IPAddress]
) -> bool:
    if not (certificate_path.exists() and key_path.exists()):
        return False
    certificate = x509.load_pem_x509_certificate(certificate_path.read_bytes())
    intermediate = x509.load_pem_x509_certificate((folder / "intermediate.crt").read_bytes())
    alternative = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return (
        certificate.issuer == intermediate.subject
        and certificate.not_valid_after_utc - _now() > datetime.timedelta(days=RENEW_DAYS)
        and set(alternative.get_values_for_type(x509.DNSName)) == set(names)
        and set(alternative.get_values_for_type(x509.IPAddress)) == set(addresses)
    )


def _authority(
    subject: x509.Name,
    public_key: ec.EllipticCurvePublicKey,
    issuer: x509.Name,
    signer: ec.EllipticCurvePrivateKey,
    now: datetime.datetime,
    path_length: int,
) -> x509.Certificate:
    constraints = x509.NameConstraints(
        permitted_subtrees=[x509.IPAddress(network) for network in PERMITTED_NETWORKS]
        + [x509.DNSName(name) for name in PERMITTED_NAMES],
        excluded_subtrees=None,
    )
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(public_key)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=AUTHORITY_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=path_length), critical=True)
        .add_extension(_key_usage(certificate_signing=True), critical=True)
        .add_extension(constraints, critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public_key), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(signer.public_key()), critical=False)
        .sign(signer, hashes.SHA256())
    )


def _key_usage(certificate_signing: bool) -> x509.KeyUsage:
    return x509.KeyUsage(
        digital_signature=not certificate_signing,
        content_commitment=False,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=certificate_signing,
        crl_sign=certificate_signing,
        encipher_only=False,
        decipher_only=False,
    )


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def _write(path: Path, data: bytes, private: bool = False) -> None:
    """Written beside, then renamed into place: never half a file; a key readable by its owner alone."""
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o644)
    with os.fdopen(descriptor, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(partial, path)
