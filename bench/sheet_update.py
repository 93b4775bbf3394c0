"""A long sheet's update on the phone (issue 30): how long the sheet page takes to show a new deal
after a save of its own and after a poll that brings another phone's, in Debian's Chromium at
390×844 with the CPU throttled (Emulation.setCPUThrottlingRate, 4 by default), for a sheet of 20
deals and one of 500 (the most a game holds). Prints the median and max of each figure.

    .venv/bin/python bench/sheet_update.py                 # 20 and 500 deals, CPU ÷4
    .venv/bin/python bench/sheet_update.py --sizes 500 --rates 1,4 --rounds 3

The server is `make run`'s (`python -m scorekeeper.server`) on 127.0.0.1 on a database of its own,
opened at http://belote.test:<port> (mapped to 127.0.0.1: a table's plain-HTTP Wi-Fi address, no
service worker). A game to 1000 is made through the API and its first deals written in its database through the
store, as the service writes a deal (a game past its target takes no deal through the API): hands
that leave the totals equal after each pair (Ana, then Bruno, takes 80 ♥ and makes it with 100:
180 / 60, then 60 / 180), so that it plays on past its target (equal totals play on:
belote/ending.py). Each round then adds two redeals (« Tout le monde passe », which scores
nothing), one saved on the phone, one by another phone through the API, until the sheet has its
size.

Measured in the page, the same way whatever the design (an init script wraps `fetch` and watches
#sheet-body, leaving out the two status lines):
- tap → painted: the tap on « Tout le monde passe » to the first frame showing the new row;
- save answered → settled: the save's answer (its headers) to the last frame the sheet changed in
  after it (the page quiet for QUIET_S): whatever the phone does with the answer, and any request
  it makes because of it (a design that fetches the page again pays that fetch here);
- poll → painted: the answer of the poll that brought the other phone's deal (the last GET
  answered before) to the first frame showing the row.
A frame is the one after the sheet's change: requestAnimationFrame, then a message posted from it,
which runs after that frame's paint. Timings are the machine's: on a shared CPU, say so.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not

from app_server import HOST, Server, api  # noqa: E402

from scorekeeper.belote.game_input import parse_deal_input  # noqa: E402
from scorekeeper.store import derived  # noqa: E402
from scorekeeper.store import games as store  # noqa: E402
from scorekeeper.store.db import connect, write_transaction  # noqa: E402
from scorekeeper.store.migrate import migrate  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

PLAIN_HOST = "belote.test"  # mapped to 127.0.0.1 by the browser: not a secure context
BROWSER_ARGS = [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {PLAIN_HOST} {HOST}"]
SERVER_ENV = {"SCOREKEEPER_TRUSTED_HOSTS": PLAIN_HOST}
PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
WAIT_S = 60
QUIET_S = 3.0  # no change of the sheet for this long: the update is over
POLL_MS = 250  # how often the bench looks (not at every frame: its looking would be measured too)

PROBE = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const bench = window.__bench = { answers: [], frames: [], tap: null };
  const fetched = window.fetch;
  window.fetch = function (input, init) {
    const method = (init && init.method) || (input && input.method) || "GET";
    return fetched.apply(this, arguments).then((response) => {
      bench.answers.push({ method: method.toUpperCase(), status: response.status, t: now() });
      return response;
    });
  };
  addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest('#redeals button[value="all_pass"]')) bench.tap = now();
  }, true);
  const counted = () => {
    const list = document.getElementById("donnes");
    return { rows: list ? list.childElementCount : 0, waiting: document.getElementsByClassName("waiting").length };
  };
  const ours = (record) => {
    const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
    return !(node && node.closest && node.closest("#sheet-status, #net-status"));
  };
  const watch = () => {
    const body = document.getElementById("sheet-body");
    if (!body) return;
    new MutationObserver((records) => {
      if (!records.some(ours)) return;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => bench.frames.push(Object.assign({ t: now() }, counted()));
        channel.port2.postMessage(0);
      });
    }).observe(body, { childList: true, subtree: true, characterData: true, attributes: true });
  };
  document.addEventListener("DOMContentLoaded", watch);
})();
"""


def hand(index: int) -> dict:
    seat = index % 2
    return {"taker": "AB"[seat], "taker_player": seat, "contract": 80, "mode": "hearts", "taker_points": 100}


def new_game(port: int, database: str, prefill: int) -> str:
    """A game with `prefill` (even) hands, written as services/games.py records a deal, in one go."""
    game_id = api(port, "POST", "/api/v1/games", {"players": PLAYERS, "end": {"points": 1000}})["id"]
    db = connect(database)
    with write_transaction(db):
        game = store.fetch_game(db, game_id)
        for index in range(prefill):
            deal_id = store.insert_deal(db, game_id, "hand", parse_deal_input("hand", hand(index), game))
            store.log_action(db, game_id, deal_id, "record")
        derived.refresh_game(db, game_id)
    db.close()
    return game_id


def bench_state(page) -> dict:
    return page.evaluate("() => window.__bench")


def wait_quiet(page, since: float) -> dict:
    """The probe's record once the sheet has not changed for QUIET_S (frames after `since`)."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        state = bench_state(page)
        last = max([f["t"] for f in state["frames"] if f["t"] > since], default=None)
        clock = page.evaluate("() => performance.timeOrigin + performance.now()")
        if last is not None and clock - last > QUIET_S * 1000:
            return state
        time.sleep(0.25)
    raise AssertionError("the sheet never settled")


def first_frame(state: dict, since: float, rows: int) -> dict:
    return next(f for f in state["frames"] if f["t"] > since and f["rows"] == rows)


def measure(browser, server: Server, database: str, size: int, rate: int, rounds: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {"tap": [], "answer": [], "poll": []}
    game_id = new_game(server.port, database, size - 2 * rounds)
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    try:
        context.add_init_script(PROBE)
        page = context.new_page()
        page.set_default_timeout(WAIT_S * 1000)
        page.goto(f"http://{PLAIN_HOST}:{server.port}/parties/{game_id}")
        page.wait_for_function("() => window.__bench && document.querySelector('#donnes')")
        page.wait_for_timeout(1000)  # the first draw over
        if rate > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        rows = size - 2 * rounds
        for _ in range(rounds):
            # A save of this phone.
            mark = page.evaluate("() => performance.timeOrigin + performance.now()")
            page.locator('#redeals button[value="all_pass"]').click()
            rows += 1
            page.wait_for_function(
                "(n) => document.querySelectorAll('#donnes > li').length === n"
                " && !document.querySelector('#donnes > li.waiting')",
                arg=rows,
                polling=POLL_MS,
            )
            state = wait_quiet(page, mark)
            tap = state["tap"]
            figures["tap"].append(first_frame(state, tap, rows)["t"] - tap)
            answered = next(a["t"] for a in state["answers"] if a["t"] > tap and a["method"] == "POST")
            settled = max(f["t"] for f in state["frames"] if f["t"] > answered)
            figures["answer"].append(settled - answered)
            # Another phone's deal, brought by a poll.
            mark = page.evaluate("() => performance.timeOrigin + performance.now()")
            api(server.port, "POST", f"/api/v1/games/{game_id}/redeals", {"reason": "all_pass"})
            rows += 1
            page.wait_for_function(
                "(n) => document.querySelectorAll('#donnes > li').length === n", arg=rows, polling=POLL_MS
            )
            state = wait_quiet(page, mark)
            shown = first_frame(state, mark, rows)["t"]
            polled = max(a["t"] for a in state["answers"] if a["t"] < shown and a["method"] == "GET")
            figures["poll"].append(shown - polled)
        assert page.locator("#donnes > li").count() == size
    finally:
        context.close()
    return figures


def ms(values: list[float]) -> str:
    return f"{statistics.median(values):7.1f} {max(values):7.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="20,500", help="the sheets' deals once measured, e.g. 20,500")
    parser.add_argument("--rates", default="4", help="the CPU throttling rates, e.g. 4 or 1,4")
    parser.add_argument("--rounds", type=int, default=5, help="saves and polls measured per sheet")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rows = []
    with tempfile.TemporaryDirectory(prefix="belote-sheet-update-") as folder:
        database = str(Path(folder) / "sheet_update.db")
        migrate(database)
        with (
            Server(database, log_path=str(Path(folder) / "server.log"), env=SERVER_ENV) as server,
            sync_playwright() as playwright,
        ):
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=BROWSER_ARGS)
            try:
                for size in (int(s) for s in args.sizes.split(",")):
                    for rate in (int(r) for r in args.rates.split(",")):
                        rows.append((size, rate, measure(browser, server, database, size, rate, args.rounds)))
                        print(f"  {size} deals, CPU ÷{rate}: done", file=sys.stderr)
            finally:
                browser.close()
    print(
        f"Chromium {PHONE['width']}×{PHONE['height']}, python -m scorekeeper.server on {HOST}; "
        f"{args.rounds} saves and {args.rounds} polls a sheet (median, max):"
    )
    print(f"{'deals':>5} {'CPU':>4}  {'tap → painted':>19}  {'save answered → settled':>23}  {'poll → painted':>19}")
    for size, rate, figures in rows:
        print(
            f"{size:5} {'÷' + str(rate):>4}  {ms(figures['tap'])}  {ms(figures['answer']):>23}  {ms(figures['poll'])}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
