"""A Chromium that trusts this server's root, as a phone does once it has followed /certificat:
the root added to the NSS store of a fresh profile (certutil, from Debian's libnss3-tools), in a
HOME of the test's own, never the user's. No --ignore-certificate-errors anywhere: what such a
Chromium loads, it trusts.

    home = trusting_home(folder / "root.crt", tmp_path / "home")
    browser = launch_trusting(browser.browser_type, home)

Shared by the tests of the certificate authority and of `make run HTTPS=1` (issue 31).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

CERTUTIL = "certutil"
NICKNAME = "belote"


def trusting_home(root: Path, home: Path) -> Path:
    """`home`, made, with an NSS store (~/.pki/nssdb, where Chromium on Linux reads the roots a
    user added) that trusts `root` (a PEM file) to vouch for web sites ("C,,")."""
    if shutil.which(CERTUTIL) is None:
        if os.environ.get("CI"):
            pytest.fail("certutil is missing: .ci/run installs Debian's libnss3-tools")
        pytest.skip("certutil is not installed (apt-get install -y libnss3-tools)")
    store = home / ".pki" / "nssdb"
    store.mkdir(parents=True)
    database = f"sql:{store}"
    subprocess.run([CERTUTIL, "-d", database, "-N", "--empty-password"], check=True, capture_output=True)
    subprocess.run(
        [CERTUTIL, "-d", database, "-A", "-t", "C,,", "-n", NICKNAME, "-i", str(root)],
        check=True,
        capture_output=True,
    )
    return home


def launch_trusting(browser_type, home: Path, args: Sequence[str] = ()):
    """A headless Chromium whose profile is under `home` (so its NSS store is `home`'s); `args`
    are added to the usual ones (e.g. --host-resolver-rules). The caller closes it. Take
    `browser_type` from the session's browser (`browser.browser_type`): one Playwright a process."""
    return browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[*CHROMIUM_ARGS, *args],
        env={**os.environ, "HOME": str(home)},
    )
