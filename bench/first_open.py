"""A phone's first open of a 20-deal sheet (issue 30): what crosses the Wi-Fi, in Debian's Chromium
at 390×844 with an empty cache, through the Chrome DevTools Protocol's Network events of the page;
then how long the sheet takes to be drawn on a weak Wi-Fi with a slow phone.

    .venv/bin/python bench/first_open.py            # the server of `make serve`, 127.0.0.1
    .venv/bin/python bench/first_open.py --deals 14 --runs 9

Prints each request (decoded bytes; bytes on the wire, headers included: CDP's encodedDataLength;
its round trip: how many answers it waited for, the page's being the first) and the sums: requests,
wire, decoded, the longest chain of round trips. A module fetched because another one imported it
waits one more round trip than its importer; one the page announced (`<link rel="modulepreload">`)
waits for the page alone. Left out, as in tests/browser/test_page_weight.py (which holds the
bounds): the API's answers (the sheet's first poll), 304s, and the service worker's install (every
static file, in the background, from its own process).

Then `--runs` first opens with the network at WEAK_WIFI (150 ms of latency, 1.6 Mbit/s down) and
the CPU throttled 4×: the median and the worst time from the navigation's start to the sheet drawn
by its script (`#sheet-status` in the page). Timings are the machine's: say so with the figures.
It checks nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not

from app_server import Server, api  # noqa: E402

from scorekeeper.store.migrate import migrate  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
# A game to 3000 points: each player takes 80 in turn, trumps in turn, melds and a belote on some
# deals, so that the sheet's rows carry what a real evening's do.
MODES = ["hearts", "spades", "diamonds", "clubs", "no_trump", "all_trump"]
# A weak club Wi-Fi, as Chromium's DevTools presets slow networks: latency in ms, bytes a second.
WEAK_WIFI = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 // 8, "uploadThroughput": 750_000 // 8}
CPU_SLOWDOWN = 4
# The time the sheet is drawn, from the navigation's start (an init script of the page).
DRAWN = """
new MutationObserver((changes, observer) => {
  if (document.getElementById("sheet-status")) { window.benchDrawn = performance.now(); observer.disconnect(); }
}).observe(document, {childList: true, subtree: true});
"""
POINTS = [92, 85, 101, 84, 110, 97, 70, 120, 95, 88, 75, 90, 99, 87, 104, 93, 81, 116, 89, 100]


def hand(index: int) -> dict:
    team, other = ("A", "B") if index % 2 == 0 else ("B", "A")
    mode = MODES[index % len(MODES)]
    body = {
        "taker": team,
        "taker_player": index % 4,
        "contract": 80,
        "mode": mode,
        "taker_points": POINTS[index % len(POINTS)],
    }
    if index % 3 == 0:
        body["melds"] = {team: ["cinquante" if index % 2 == 0 else "tierce"], other: []}
    if index % 4 == 1 and mode not in ("no_trump", "all_trump"):
        body["belote"] = {team: 1, other: 0}
    return body


def a_sheet(port: int, deals: int) -> int:
    game = api(port, "POST", "/api/v1/games", {"players": PLAYERS, "end": {"points": 3000}})
    for index in range(deals):
        api(port, "POST", f"/api/v1/games/{game['id']}/hands", hand(index))
    return game["id"]


def first_open(url: str) -> list[dict]:
    """Each answer the page's first open fetched: url, decoded, wire, round trip."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        seen: dict[str, dict] = {}

        def sent(event):
            initiator = event["initiator"]
            by = initiator.get("url") or next(
                (frame["url"] for frame in initiator.get("stack", {}).get("callFrames", [])), None
            )
            seen[event["requestId"]] = {"url": event["request"]["url"], "by": by, "decoded": 0, "wire": 0, "status": 0}

        def answered(event):
            if event["requestId"] in seen:
                seen[event["requestId"]]["status"] = event["response"]["status"]

        def data(event):
            if event["requestId"] in seen:
                seen[event["requestId"]]["decoded"] += event["dataLength"]

        def finished(event):
            if event["requestId"] in seen:
                seen[event["requestId"]]["wire"] = event["encodedDataLength"]

        cdp.on("Network.requestWillBeSent", sent)
        cdp.on("Network.responseReceived", answered)
        cdp.on("Network.dataReceived", data)
        cdp.on("Network.loadingFinished", finished)
        page.goto(url)
        page.wait_for_load_state("networkidle")
        page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_load_state("networkidle")
        browser.close()
    answers = [
        answer
        for answer in seen.values()
        if "/api/" not in answer["url"] and answer["url"].startswith("http") and answer["status"] != 304
    ]
    trips = {}
    for answer in answers:  # in the order sent: an importer before what it imports
        answer["trip"] = trips.get(answer["by"], 0) + 1
        trips.setdefault(answer["url"], answer["trip"])
    return answers


def time_to_drawn(url: str, runs: int) -> list[float]:
    """Milliseconds from the navigation's start to the sheet drawn, each first open in a fresh phone."""
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for _ in range(runs):
            context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", WEAK_WIFI)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
            page.add_init_script(DRAWN)
            page.goto(url)
            page.wait_for_function("() => window.benchDrawn !== undefined", timeout=60_000)
            times.append(page.evaluate("window.benchDrawn"))
            context.close()
        browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    deals = options.deals
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "bench.db")
        migrate(database)
        with Server(database) as server:
            game_id = a_sheet(server.port, deals)
            answers = first_open(f"{server.url}/parties/{game_id}")
            times = time_to_drawn(f"{server.url}/parties/{game_id}", options.runs)
    print(f"First open of a {deals}-deal sheet (empty cache; the API and the service worker's install left out)")
    print(f"  {'decoded':>8} {'wire':>7} trip  address")
    for answer in answers:
        address = answer["url"].split("/", 3)[3].split("?")[0]
        print(f"  {answer['decoded']:>8,} {answer['wire']:>7,} {answer['trip']:>4}  /{address}")
    decoded = sum(answer["decoded"] for answer in answers)
    wire = sum(answer["wire"] for answer in answers)
    print(
        f"  {len(answers)} requests, {wire:,} bytes on the wire ({wire / 1024:.1f} KB, headers included), "
        f"{decoded:,} decoded ({decoded / 1024:.1f} KB), {max(answer['trip'] for answer in answers)} round trips"
    )

    for kind, ending in (("the page", ""), ("styles", ".css"), ("scripts", ".js")):
        some = [answer for answer in answers if kind == "the page" or answer["url"].split("?")[0].endswith(ending)]
        some = some[:1] if kind == "the page" else some
        print(
            f"    {kind}: {len(some)} requests, {sum(a['wire'] for a in some):,} on the wire,"
            f" {sum(a['decoded'] for a in some):,} decoded"
        )
    print(
        f"  drawn on a weak Wi-Fi ({WEAK_WIFI['latency']} ms, {WEAK_WIFI['downloadThroughput'] * 8 / 1e6:.1f} Mbit/s),"
        f" CPU ÷ {CPU_SLOWDOWN}: median {statistics.median(times):.0f} ms, worst {max(times):.0f} ms"
        f" ({len(times)} first opens)"
    )


if __name__ == "__main__":
    main()
