"""bench/save_paint.py runs (issue 23): two deals online and two offline, on the plain-HTTP address,
against a real server process as the benchmark starts it. The bench itself fails unless every deal
reached the server once, in order, with its totals worked on paper; here its probe must have seen
each save tapped and its totals shown, and the taps counted. No time is held to a bound here (the
figures are the benchmark's to print, on a quiet machine)."""

from __future__ import annotations

import pytest

from scorekeeper.store.migrate import migrate
from tests.bench_scripts import bench_module
from tests.browser.conftest import CHROMIUM

pytestmark = [pytest.mark.slow, pytest.mark.serial]

app_server = bench_module("app_server")
save_paint = bench_module("save_paint")


@pytest.fixture(scope="module")
def bench_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("save-paint")
    database = str(folder / "save_paint.db")
    migrate(database)
    running = app_server.Server(database, log_path=str(folder / "server.log"), env=save_paint.SERVER_ENV).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def bench_browser(browser):
    """The bench's Chromium (belote.test mapped to 127.0.0.1), launched by the session's playwright."""
    launched = browser.browser_type.launch(executable_path=CHROMIUM, headless=True, args=save_paint.BROWSER_ARGS)
    yield launched
    launched.close()


@pytest.mark.parametrize("offline", [False, True], ids=["online", "offline"])
def test_the_bench_measures_each_save_to_its_totals(bench_browser, bench_server, offline):
    case = save_paint.Case("plain", offline, 1)
    save_paint.measure(bench_browser, bench_server, case, deals=2, per_game=2, prefill=6)
    assert len(case.seconds) == 2 and all(seconds > 0 for seconds in case.seconds), case
    if not offline:
        assert len(case.sheet) == 2, case  # online, the sheet's own totals were seen each time
    # the taker, the contract, the trump, "Enregistrer" and the form's opening, at least
    assert all(taps >= 5 for taps in case.taps), case.taps
