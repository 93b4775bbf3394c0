"""The root's private key is written nowhere (issue 31): after the set-up `make run HTTPS=1` does
(the authority, then this machine's certificate) no private key in a file of the instance folder
or of the checkout is the root's. So no one, not even this server, can sign another intermediate."""

from __future__ import annotations

import re
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from scorekeeper.server import certificates

ROOT = Path(__file__).resolve().parents[1]
# Other people's code, git's objects (compressed: a key there would be in the files too), and the
# checkout's instance/, a club's, which no test reads (the set-up here writes a folder of its own).
NOT_OURS = frozenset({".venv", "node_modules", ".git", "instance"})
PEM_KEY = re.compile(rb"-----BEGIN ([A-Z ]*)PRIVATE KEY-----.+?-----END \1PRIVATE KEY-----", re.DOTALL)


def public_der(key) -> bytes:
    return key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def files_under(folder: Path, skipped: frozenset[str]):
    for path in folder.rglob("*"):
        if path.is_file() and path.relative_to(folder).parts[0] not in skipped:
            yield path


def public_keys_of_private_keys(folder: Path, skipped: frozenset[str] = frozenset()) -> dict[bytes, Path]:
    """The public half of every PEM private key found in a file under `folder`, but for its
    subfolders `skipped` (a key that cannot be read without a password is left out)."""
    found = {}
    for path in files_under(folder, skipped):
        try:
            data = path.read_bytes()
        except OSError:
            continue
        for match in PEM_KEY.finditer(data):
            try:
                key = serialization.load_pem_private_key(match.group(0), password=None)
            except (ValueError, TypeError):
                continue
            found[public_der(key.public_key())] = path
    return found


def test_the_roots_key_is_in_no_file_of_the_instance_or_the_checkout(tmp_path):
    folder = certificates.https_folder(tmp_path / "instance")
    certificates.ensure_authority(folder)
    names, addresses = certificates.local_names_and_addresses()
    certificates.ensure_server_certificate(folder, names, addresses)
    root = x509.load_pem_x509_certificate((folder / "root.crt").read_bytes())
    in_instance = public_keys_of_private_keys(tmp_path)
    assert {path.name for path in in_instance.values()} == {"intermediate.key", "server.key"}
    assert public_der(root.public_key()) not in in_instance
    assert public_der(root.public_key()) not in public_keys_of_private_keys(ROOT, NOT_OURS)


def test_the_search_finds_a_key_wherever_it_is_written(tmp_path):
    """The search above can fail: a key written in a file among others, even mid-text, is found."""
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    traditional = ec.generate_private_key(ec.SECP256R1())
    old_pem = traditional.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL, serialization.NoEncryption()
    )
    (tmp_path / "deep" / "er").mkdir(parents=True)
    (tmp_path / "deep" / "er" / "notes.txt").write_bytes(b"before\n" + pem + b"after\n")
    (tmp_path / "old.pem").write_bytes(old_pem)
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "vendored.pem").write_bytes(pem)
    found = public_keys_of_private_keys(tmp_path, NOT_OURS)
    assert found == {
        public_der(key.public_key()): tmp_path / "deep" / "er" / "notes.txt",
        public_der(traditional.public_key()): tmp_path / "old.pem",
    }
