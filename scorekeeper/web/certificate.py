"""/certificat: how a phone comes to trust this server's HTTPS address (issue 31).

`make run HTTPS=1` makes a certificate authority of the server's own (server/certificates.py),
whose root each phone is asked to trust once. This page gives that root to download, its
fingerprint to compare with what the phone shows, a QR code to the download for another phone, the
steps on each system, and what trusting it allows and what it cannot. It reads the root from the
instance folder itself (`<instance>/https/root.crt`, the one file of that folder anyone may
have): the web layer does not import the server's. Without a root (the server runs without
HTTPS) the page says how to turn it on, and the download is a 404.

Both are open without the table password: a root is public, and a phone may have to trust it
before it can enter the password over HTTPS.
"""

from __future__ import annotations

import hashlib
import io
import ssl
from pathlib import Path

from flask import Blueprint, current_app, render_template, request, send_file, url_for
from markupsafe import Markup

from scorekeeper.web.join import join_url, phones_can_join, qr_svg, secure_url

bp = Blueprint("certificate", __name__, url_prefix="/certificat")

ROOT_FILE = Path("https") / "root.crt"  # under the instance folder, as server/certificates.py writes it
# The type under which Android and iOS offer to install a root rather than show its text; served
# inline, as iOS's Safari expects a profile (a computer's browser saves it all the same).
ROOT_TYPE = "application/x-x509-ca-cert"
DOWNLOAD_NAME = "marqueur-belote-racine.crt"
NO_ROOT = (
    "Pas de certificat",
    "Ce serveur tourne sans HTTPS : il n'a pas de certificat à installer. "
    "Lancez-le avec make run HTTPS=1 (ou make serve HTTPS=1).",
)


def root_path() -> Path:
    return Path(current_app.instance_path) / ROOT_FILE


def fingerprint(pem: str) -> list[str]:
    """The root's SHA-256 fingerprint, as phones show it (pairs of hex digits, as iOS and macOS
    write them; Android and Firefox put colons between), cut in lines of eight pairs to be read
    aloud and compared line by line."""
    digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem)).hexdigest().upper()
    pairs = [digest[i : i + 2] for i in range(0, len(digest), 2)]
    return [" ".join(pairs[i : i + 8]) for i in range(0, len(pairs), 8)]


@bp.get("")
def page():
    path = root_path()
    pem = path.read_text() if path.exists() else None
    download = url_for("certificate.root")
    address = join_url(request, download) if pem and phones_can_join() else None
    return render_template(
        "certificate.html",
        fingerprint=fingerprint(pem) if pem else None,
        download=download,
        download_name=DOWNLOAD_NAME,
        download_url=address,
        download_qr=Markup(qr_svg(address)) if address else None,  # segno's SVG: attributes only (the CSP)
        secure_home=secure_url(request, url_for("pages.index")),
    )


@bp.app_context_processor
def https_hint() -> dict:
    """For every template: `secure_here()`, this page's HTTPS address when it came over plain
    HTTP and the server serves HTTPS too, else None (templates/_https_hint.html)."""
    return {"secure_here": lambda: secure_url(request, request.path)}


@bp.get("/racine.crt")
def root():
    path = root_path()
    if not path.exists():
        title, message = NO_ROOT
        return render_template("error.html", title=title, message=message), 404
    # A kilobyte, read whole: no file left open while the answer is sent.
    return send_file(
        io.BytesIO(path.read_bytes()), mimetype=ROOT_TYPE, as_attachment=False, download_name=DOWNLOAD_NAME, max_age=0
    )
