""" "Enregistrer" tapped → the new totals painted (issue 23), in Debian's Chromium at 390×844
(is_mobile, has_touch), online and offline, with the CPU at full speed and throttled 4×; prints
the median, p90 and max of each case, the navigations of the main frame a save made, and the taps
a plain made contract cost.

    .venv/bin/python bench/save_paint.py                  # 30 deals a case, the server of `make run`
    .venv/bin/python bench/save_paint.py -n 60 --origins plain

The server is `make run`'s (`python -m scorekeeper.server`) on 127.0.0.1 on a database of its own.
Chromium has tests/browser/conftest.py's flags and `--host-resolver-rules=MAP belote.test
127.0.0.1`, so that the phone can open the app at an address that is not a secure context:
- plain:  http://belote.test:<port>, as a table's Wi-Fi address (`make run`): no service worker;
- secure: http://127.0.0.1:<port>, a secure context to the browser: the service worker works.

A case plays its deals in games of at most `--per-game` deals, each game made through the API with
`--prefill` deals already on its sheet (deals alternate: Ana (A) then Bruno (B) takes 80 ♥ and
makes it with 100 card points). Offline, the network is cut (context.set_offline) once the sheet
and the first deal's form are open, and restored after the game's last deal; the deals must then
all be on the server, in order, with the totals worked on paper, or the bench fails.

The measure is taken in the page, the same way whatever the design (a navigation or not):
- t0: `performance.timeOrigin + performance.now()` in a capturing `pointerdown`/`click` listener
  on `#save` (an init script of every document);
- t1: the totals shown with the deal's new values, at the first frame after (a MutationObserver
  sees them, then requestAnimationFrame and a message posted from it, which runs after that
  frame's paint). Across a navigation t0 waits in sessionStorage and the new document's own
  observer sees the totals as they are parsed. Two kinds of totals are watched:
  `sheet`: the sheet's `[data-total="A"]`, `[data-total="B"]` (visible ones);
  `panel`: the deal form's "saving" panel (`.saving-totals strong`, the design of issues 12-22).
The figure of a case: online, the sheet's totals; offline, the first totals shown (the saving
panel, where the deal form stays open without a service worker, or the sheet).

Taps: the clicks made from the sheet (or the deal form, offline) to "Enregistrer" included, digits
not counted ("+ Nouvelle donne" or "Donne suivante", the taker, the contract, the trump, the
points field when it did not take the focus by itself, "Enregistrer").

Bounded: every wait is 30 s at most; only 127.0.0.1. Timings are the machine's: on a shared CPU,
say so with the figures.
"""

from __future__ import annotations

import argparse
import faulthandler
import math
import os
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not

from app_server import HOST, Server, api  # noqa: E402

from scorekeeper.store.migrate import migrate  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

PLAIN_HOST = "belote.test"  # mapped to 127.0.0.1 by the browser: not a secure context
BROWSER_ARGS = [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {PLAIN_HOST} {HOST}"]
SERVER_ENV = {"SCOREKEEPER_TRUSTED_HOSTS": PLAIN_HOST}  # a name the app answers for (web/hosts.py)
PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
TAKER_POINTS = 100
# 80 ♥ made with 100 card points (docs/scoring.md, "A numeric contract"): the takers 100 + 80 =
# 180, the defense 162 - 100 = 62 → 60.
SCORES = {0: (180, 60), 1: (60, 180)}  # by taker seat: Ana (A), Bruno (B)
WAIT_MS = 30_000
DEAL_LIMIT_S = 180  # the watchdog: a deal that takes longer stops the bench (a page call never answered)

# Every document of the phone: t0 at the tap on #save, t1 at the frame after the totals show the
# values the bench expects (sessionStorage "bench.save": {armed, A, B, t0, sheet, panel}).
PROBE = """
(() => {
  const KEY = "bench.save";
  const now = () => performance.timeOrigin + performance.now();
  const read = () => { try { return JSON.parse(sessionStorage.getItem(KEY)); } catch (e) { return null; } };
  const note = (name, value) => {
    const run = read();
    if (run && run[name] === undefined) { run[name] = value; sessionStorage.setItem(KEY, JSON.stringify(run)); }
  };
  const tapped = (event) => {
    const run = read();
    if (!run || !run.armed || !event.target.closest || !event.target.closest("#save")) return;
    run.armed = false;
    run.t0 = now();
    sessionStorage.setItem(KEY, JSON.stringify(run));
  };
  addEventListener("pointerdown", tapped, true);
  addEventListener("click", tapped, true);
  let seen = {};  // what this document saw for the save tapped at seen.t0
  const afterPaint = (name) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => note(name, now());
    channel.port2.postMessage(0);
  });
  const shows = (elements, value) => Array.from(elements).some(
    (e) => e.textContent.trim() === String(value) && e.checkVisibility());
  const check = () => {
    const run = read();
    if (!run || run.t0 === undefined) return;
    if (seen.t0 !== run.t0) seen = { t0: run.t0 };
    if (!seen.sheet && run.sheet === undefined
        && shows(document.querySelectorAll('[data-total="A"]'), run.A)
        && shows(document.querySelectorAll('[data-total="B"]'), run.B)) {
      seen.sheet = true;
      afterPaint("sheet");
    }
    const panel = document.querySelectorAll(".saving-totals strong");
    if (!seen.panel && run.panel === undefined && panel.length === 2
        && shows([panel[0]], run.A) && shows([panel[1]], run.B)) {
      seen.panel = true;
      afterPaint("panel");
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();
"""


def deal(index: int) -> dict:
    """The game's index-th deal (0-based): Ana, then Bruno, takes 80 ♥ and makes 100."""
    seat = index % 2
    return {"taker": "AB"[seat], "taker_player": seat, "contract": 80, "mode": "hearts", "taker_points": 100}


def paper_totals(deals: int) -> tuple[int, int]:
    """The totals after the game's first `deals` deals, from SCORES."""
    a = sum(SCORES[index % 2][0] for index in range(deals))
    b = sum(SCORES[index % 2][1] for index in range(deals))
    return a, b


def new_game(port: int, prefill: int) -> str:
    game_id = api(port, "POST", "/api/v1/games", {"players": PLAYERS, "target": 2000})["id"]
    for index in range(prefill):
        api(port, "POST", f"/api/v1/games/{game_id}/hands", deal(index))
    return game_id


@dataclass
class Case:
    origin: str  # "plain" or "secure"
    offline: bool
    cpu_rate: int
    seconds: list[float] = field(default_factory=list)  # the case's figure, per deal
    sheet: list[float] = field(default_factory=list)  # the sheet's totals, where they were seen
    panel: list[float] = field(default_factory=list)  # the saving panel's totals, where seen
    navigations: list[int] = field(default_factory=list)  # main-frame navigations, tap → next deal ready
    taps: list[int] = field(default_factory=list)

    @property
    def name(self) -> str:
        network = "offline" if self.offline else "online"
        cpu = "CPU ÷4" if self.cpu_rate > 1 else "CPU ÷1"
        return f"{self.origin:6} {network:7} {cpu}"


class Phone:
    """One browser context and page: the main frame's navigations counted, the probe in every document."""

    def __init__(self, browser, cpu_rate: int):
        self.context = browser.new_context(
            viewport=PHONE,
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
        )
        self.context.add_init_script(PROBE)
        self.page = self.context.new_page()
        self.page.set_default_timeout(WAIT_MS)
        self.navigations = 0
        self.page.on("framenavigated", self._navigated)
        if cpu_rate > 1:
            cdp = self.context.new_cdp_session(self.page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu_rate})
        self.taps = 0

    def _navigated(self, frame) -> None:
        if frame == self.page.main_frame:
            self.navigations += 1

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.taps += 1

    def evaluate(self, expression: str, argument=None):
        """page.evaluate, tried again while a navigation replaces the document."""
        from playwright.sync_api import Error

        deadline = time.monotonic() + WAIT_MS / 1000
        while True:
            try:
                return self.page.evaluate(expression, argument)
            except Error:
                if time.monotonic() > deadline:
                    raise
                self.page.wait_for_timeout(20)

    def close(self) -> None:
        self.context.close()


NEXT_DEAL = "#new-deal:visible, .saving button:visible"  # the sheet's button, or the offline form's "Donne suivante"
FORM_READY = """() => {
  const form = document.querySelector('#deal-form');
  return form && form.checkVisibility() && form.querySelector('#save') !== null;
}"""
SCORED = """() => {
  const preview = document.querySelector('#preview');
  const save = document.querySelector('#save');
  return (preview && /Contrat fait/.test(preview.textContent)) || (save && /\\+\\s*\\d/.test(save.textContent));
}"""


def open_the_form(phone: Phone) -> None:
    """From the sheet ("+ Nouvelle donne", a navigation or a panel) or the offline deal form
    ("Donne suivante"); a tap can land while the sheet swaps its content in: tried again."""
    page = phone.page
    for attempt in range(3):
        if page.locator("#deal-form:visible").count() and not page.locator(".saving").count():
            return
        target = page.locator(NEXT_DEAL).first
        try:
            target.wait_for(timeout=WAIT_MS)
            target.click(timeout=5000)
            page.wait_for_function(FORM_READY, timeout=10_000)
        except Exception:
            if attempt == 2:
                raise
            continue  # a tap that missed is not one the player makes: counted once, when it works
        phone.taps += 1
        return


def save_one(phone: Phone, seat: int, expected: tuple[int, int]) -> dict:
    """One deal entered and saved; what the probe saw, and the taps and navigations it cost."""
    page = phone.page
    phone.taps = 0
    open_the_form(phone)
    phone.tap(f'#f-taker_player label:has(input[value="{seat}"])')
    phone.tap('#f-contract label:has(input[value="80"])')
    phone.tap('#f-mode label:has(input[value="hearts"])')
    try:  # the design of issue 23 focuses the points by itself once the trump is chosen
        page.wait_for_function("() => document.activeElement && document.activeElement.id === 'points'", timeout=300)
    except Exception:
        phone.tap("#points")
    page.keyboard.type(str(TAKER_POINTS))
    page.wait_for_function(SCORED)
    phone.evaluate(
        "([a, b]) => sessionStorage.setItem('bench.save', JSON.stringify({armed: true, A: a, B: b}))", list(expected)
    )
    before = phone.navigations
    phone.tap("#save")
    taps = phone.taps
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        run = phone.evaluate("() => JSON.parse(sessionStorage.getItem('bench.save'))") or {}
        if "t0" in run and ("sheet" in run or "panel" in run):
            break
        if time.monotonic() > deadline:
            page.screenshot(path="/tmp/save_paint_fail.png")
            raise AssertionError(f"the totals {expected} were not shown: {run}")
        page.wait_for_timeout(20)
    page.locator(NEXT_DEAL).first.wait_for(timeout=WAIT_MS)  # the phone is ready for the next deal
    page.wait_for_timeout(50)
    run = phone.evaluate("() => JSON.parse(sessionStorage.getItem('bench.save'))") or run
    return {
        "sheet": (run["sheet"] - run["t0"]) / 1000 if "sheet" in run else None,
        "panel": (run["panel"] - run["t0"]) / 1000 if "panel" in run else None,
        "navigations": phone.navigations - before,
        "taps": taps,
    }


def wait_for_the_service_worker(phone: Phone) -> None:
    """A secure page: until the worker controls it and keeps the sheet and the deal form (best effort,
    5 s: a design that keeps other pages is not held to these)."""
    page = phone.page
    try:
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller", timeout=10_000)
    except Exception:
        page.reload()
        page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if phone.evaluate(
            "() => caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c =>"
            " Promise.all([c.match(location.pathname), c.match(location.pathname + '/donnes/nouvelle')])))))"
            ".then(all => all.some(kept => kept.every(Boolean)))"
        ):
            return
        page.wait_for_timeout(200)


class Watchdog:
    """Stops the bench when a deal takes more than DEAL_LIMIT_S: Playwright's page.evaluate has no
    timeout, and a renderer that never answers would hold the bench (and its server) for ever."""

    def __init__(self, server: Server):
        self.server, self.timer = server, None

    def arm(self, what: str) -> None:
        self.disarm()
        self.timer = threading.Timer(DEAL_LIMIT_S, self._abort, [what])
        self.timer.daemon = True
        self.timer.start()

    def disarm(self) -> None:
        if self.timer:
            self.timer.cancel()

    def _abort(self, what: str) -> None:
        print(f"save_paint: {what} took more than {DEAL_LIMIT_S} s; stopping", file=sys.stderr)
        faulthandler.dump_traceback(all_threads=True)
        self.server.stop()
        os._exit(3)


def play_a_game(phone: Phone, watchdog: Watchdog, case: Case, base: str, port: int, deals: int, prefill: int) -> None:
    game_id = new_game(port, prefill)
    page = phone.page
    page.goto(f"{base}/parties/{game_id}")
    if case.origin == "secure":
        wait_for_the_service_worker(phone)
    else:
        assert phone.evaluate("() => window.isSecureContext") is False, "belote.test must not be a secure context"
    page.wait_for_load_state("networkidle")
    for index in range(prefill, prefill + deals):
        watchdog.arm(f"{case.name}, deal {index + 1}")
        if case.offline and index == prefill:
            open_the_form(phone)  # its tap is counted with the first deal's
            page.wait_for_load_state("networkidle")  # the form has the game's last sheet
            phone.context.set_offline(True)
            first_taps = phone.taps
        result = save_one(phone, index % 2, paper_totals(index + 1))
        if case.offline and index == prefill:
            result["taps"] += first_taps
        figure = result["sheet"] if not case.offline else min(t for t in (result["sheet"], result["panel"]) if t)
        assert figure is not None, result
        case.seconds.append(figure)
        if result["sheet"] is not None:
            case.sheet.append(result["sheet"])
        if result["panel"] is not None:
            case.panel.append(result["panel"])
        case.navigations.append(result["navigations"])
        case.taps.append(result["taps"])
    if case.offline:
        phone.context.set_offline(False)
    landed(port, game_id, prefill + deals)
    watchdog.disarm()


def landed(port: int, game_id: str, deals: int) -> None:
    """Every deal on the server once, in order, with the totals worked on paper (30 s at most)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        sheet = api(port, "GET", f"/api/v1/games/{game_id}")
        if len(sheet["hands"]) >= deals or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    numbers = [hand["number"] for hand in sheet["hands"]]
    assert numbers == list(range(1, deals + 1)), numbers
    takers = [hand["input"]["taker_player"] for hand in sheet["hands"]]
    assert takers == [index % 2 for index in range(deals)], takers
    assert (sheet["totals"]["A"], sheet["totals"]["B"]) == paper_totals(deals), sheet["totals"]


def measure(browser, server: Server, case: Case, deals: int, per_game: int, prefill: int) -> Case:
    base = f"http://{PLAIN_HOST}:{server.port}" if case.origin == "plain" else server.url
    assert prefill + per_game <= 16, "past 16 deals of these, a game reaches 2000 and is won"
    phone = Phone(browser, case.cpu_rate)
    watchdog = Watchdog(server)
    try:
        left = deals
        while left:
            batch = min(per_game, left)
            play_a_game(phone, watchdog, case, base, server.port, batch, prefill)
            left -= batch
    finally:
        watchdog.disarm()
        phone.close()
    return case


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def ms(values: list[float]) -> str:
    if not values:
        return f"{'–':>25}"
    return f"{statistics.median(values) * 1000:7.1f} {percentile(values, 0.9) * 1000:7.1f} {max(values) * 1000:7.1f} ms"


def report(cases: list[Case]) -> None:
    """Per case: its figure (median, p90, max), the sheet's totals and the saving panel's (median,
    and on how many deals they were seen), the main frame's navigations a save made, the taps."""
    print(f"{'case':23}  {'median     p90     max':>25}  {'sheet totals':>18}  {'saving panel':>18}  nav  taps")
    for case in cases:
        print(
            f"{case.name:23}  {ms(case.seconds)}  {median_of(case.sheet, case)}  {median_of(case.panel, case)}"
            f"  {statistics.median(case.navigations):3.0f}  {statistics.median(case.taps):4.0f}"
        )
    online = [case for case in cases if not case.offline]
    if online:
        print(f"taps of a plain made contract (digits not counted), online from the sheet: {online[0].taps[0]}")


def median_of(values: list[float], case: Case) -> str:
    if not values:
        return f"{'–':>18}"
    return f"{statistics.median(values) * 1000:7.1f} ms ({len(values):2}/{len(case.seconds):<2})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--deals", type=int, default=30, help="deals measured per case")
    parser.add_argument("--per-game", type=int, default=10, help="deals measured per game")
    parser.add_argument("--prefill", type=int, default=6, help="deals on each game's sheet before")
    parser.add_argument("--origins", default="plain,secure", help="plain (no service worker), secure, or both")
    parser.add_argument("--rates", default="1,4", help="the CPU throttling rates, e.g. 1 or 1,4")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    cases = [
        Case(origin, offline, rate)
        for origin in args.origins.split(",")
        for offline in (False, True)
        for rate in (int(rate) for rate in args.rates.split(","))
    ]
    with tempfile.TemporaryDirectory(prefix="belote-save-paint-") as folder:
        database = str(Path(folder) / "save_paint.db")
        migrate(database)
        with (
            Server(database, log_path=str(Path(folder) / "server.log"), env=SERVER_ENV) as server,
            sync_playwright() as playwright,
        ):
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=BROWSER_ARGS)
            try:
                for case in cases:
                    measure(browser, server, case, args.deals, args.per_game, args.prefill)
                    print(f"  {case.name}: done", file=sys.stderr)
            finally:
                browser.close()
    print(
        f"Chromium {PHONE['width']}×{PHONE['height']}, python -m scorekeeper.server on {HOST}; "
        f"{args.deals} deals a case, games of {args.prefill} + {args.per_game} deals; "
        "'Enregistrer' tapped → the new totals painted:"
    )
    report(cases)
    return 0


if __name__ == "__main__":
    sys.exit(main())
