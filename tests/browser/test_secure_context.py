"""What a secure page turns on (issue 31, item 3), in Chromium, over HTTPS by `python -m
scorekeeper.server --https` (Caddy in front, this server's own certificate), with the server's
root trusted the way a person trusts it: in the profile's NSS store (`certutil`, Debian's
libnss3-tools), never by a flag that ignores certificate errors.

The page is opened by this machine's `.local` name (the certificate holds it; Chromium's
--host-resolver-rules maps it to 127.0.0.1), not by `localhost` or 127.0.0.1, which Chromium
treats as secure even over plain HTTP: so the secure context comes from HTTPS alone, and the same
name over the plain-HTTP port, opened beside it, is none of it (the tests' own control).
"""

from __future__ import annotations

import os
import shutil

import pytest

from scorekeeper.server.certificates import local_names_and_addresses
from scorekeeper.web import create_app
from tests.browser.helpers import open_sheet_ready_for_offline, phone_with_a_profile, wait_until
from tests.browser.trusted_root import trusting_home
from tests.helpers import api_game
from tests.launcher import free_port, start, stop
from tests.test_server_launcher import READY, read_until

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
DEAL = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}
# A process of its own, on ports chosen before it starts (tests/launcher.py).
pytestmark = pytest.mark.serial
WAKE_LOCK = "() => navigator.wakeLock.request('screen').then(lock => lock.type + ' ' + !lock.released)"


def local_name() -> str:
    names = [name for name in local_names_and_addresses()[0] if name.endswith(".local")]
    if not names:
        if os.environ.get("CI"):
            pytest.fail("this machine's host name makes no .local name: the secure-context tests need one")
        pytest.skip("this machine's host name makes no .local name for its certificate")
    return names[0]


@pytest.fixture(scope="module")
def secure_server(tmp_path_factory, migrated_template):
    """The launcher with Caddy on 127.0.0.1: (https://<name>.local:port, http://<name>.local:port,
    the root's file, a game's id)."""
    folder = tmp_path_factory.mktemp("secure")
    database = folder / "table.db"
    shutil.copyfile(migrated_template, database)
    maker = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(database)}, instance_path=str(folder))
    game_id = api_game(maker.test_client(), DEAL, players=PLAYERS)
    instance = folder / "instance"
    http_port, https_port = free_port(), free_port()
    arguments = ["--https", "--host", "127.0.0.1", "--port", str(http_port), "--https-port", str(https_port)]
    process = start(arguments, instance, str(database))
    try:
        output = read_until(process, READY, 60)
        assert READY in output, output
        name = local_name()
        yield f"https://{name}:{https_port}", f"http://{name}:{http_port}", instance / "https" / "root.crt", game_id
    finally:
        stop(process, instance)


@pytest.fixture
def trusting_chromium(browser, secure_server, tmp_path):
    """A page of a Chromium profile whose NSS store trusts the server's root (trusted_root.py), this
    machine's .local name mapped to 127.0.0.1."""
    https_url, _, root, _ = secure_server
    home = trusting_home(root, tmp_path / "home")
    name = https_url.split("//")[1].split(":")[0]
    context, page = phone_with_a_profile(
        browser,  # not incognito: installability is never granted there
        home / "profile",
        args=[f"--host-resolver-rules=MAP {name} 127.0.0.1"],
        env={**os.environ, "HOME": str(home)},
    )
    yield page
    context.close()


def test_over_https_the_sheet_is_secure_its_worker_controls_it_it_is_installable_and_the_screen_stays_on(
    trusting_chromium, secure_server, screenshot
):
    page = trusting_chromium
    https_url, _, _, game_id = secure_server
    open_sheet_ready_for_offline(page, f"{https_url}/parties/{game_id}")
    assert page.evaluate("() => window.isSecureContext") is True
    assert page.evaluate("() => location.protocol") == "https:"
    assert page.evaluate("() => navigator.serviceWorker.controller.scriptURL") == f"{https_url}/sw.js"
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    # granted without asking (headless Chromium needs no permission given), and on a secure page only
    assert page.evaluate(WAKE_LOCK) == "screen true"
    screenshot(page, "sheet-over-https")


def test_over_https_a_reload_with_the_network_cut_reopens_the_sheet(trusting_chromium, secure_server):
    page = trusting_chromium
    https_url, _, _, game_id = secure_server
    open_sheet_ready_for_offline(page, f"{https_url}/parties/{game_id}")
    page.context.set_offline(True)
    try:
        response = page.reload()
        assert response.ok and response.from_service_worker
        wait_until(page, "() => document.querySelector('[data-game]') !== null")
        assert "Ana" in page.inner_text("body")
    finally:
        page.context.set_offline(False)


def test_the_same_name_over_plain_http_is_none_of_it(trusting_chromium, secure_server):
    page = trusting_chromium
    _, http_url, _, game_id = secure_server
    page.goto(f"{http_url}/parties/{game_id}")  # plain HTTP still serves the sheet, unredirected
    assert page.evaluate("() => location.protocol") == "http:"
    assert page.evaluate("() => window.isSecureContext") is False
    assert page.evaluate("() => 'serviceWorker' in navigator || 'wakeLock' in navigator") is False
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] != []
