"""What keeping the screen on costs a phone on plain HTTP (issue 31, item 4): the muted looping
video of static/no_sleep.js, in Debian's Chromium at 390×844, headless.

    .venv/bin/python bench/screen_on.py               # 30 s each way, the server of `make serve`
    .venv/bin/python bench/screen_on.py --seconds 60 --runs 3

A sheet of a game under way, opened by a phone without the Wake Lock API (what a plain-HTTP address
gives; Chromium counts 127.0.0.1 as secure, so the API is taken away before the page's scripts run,
as tests/browser/test_screen_on.py does), then left alone for `--seconds`, the sheet's polls going on:
- with the video: the player tapped once, the video plays;
- without: no tap, nothing plays (the same page, the same polls).
Printed for each: the bytes of the fallback's files (static/no_sleep.js, loaded with the page, and
the video, at the tap; decoded, and on the wire with the headers: CDP's Network events), the page's
main thread busy time (CDP Performance.getMetrics TaskDuration) and the CPU time of all Chromium's
processes (CDP SystemInfo.getProcessInfo: the renderer, the GPU process that composites, the
browser) over the time left alone, each phone in a browser of its own.
Timings are the machine's, shared with whatever else runs: say so with the figures. It checks
nothing.
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
EIGHTY_HEARTS = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 100}
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"
PLAYING = (
    "() => { const v = document.querySelector('video.screen-on');"
    " return v !== null && !v.paused && v.readyState >= 2 && v.currentTime > 0; }"
)


def a_game(port: int) -> str:
    game = api(port, "POST", "/api/v1/games", {"players": PLAYERS, "end": {"points": 2000}})
    for _ in range(5):
        api(port, "POST", f"/api/v1/games/{game['id']}/hands", EIGHTY_HEARTS)
    return game["id"]


def left_alone(url: str, video: bool, seconds: float) -> dict:
    """One phone on the sheet, the video played or not, then `seconds` alone: its costs."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
        context.add_init_script(NO_WAKE_LOCK)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Performance.enable")
        processes = browser.new_browser_cdp_session()
        files: dict[str, dict] = {}

        def sent(event):
            if "/screen_on/" in event["request"]["url"] or "/no_sleep.js" in event["request"]["url"]:
                file = files.setdefault(event["requestId"], {"url": event["request"]["url"], "decoded": 0, "wire": 0})
                file["requests"] = file.get("requests", 0) + 1
                file["ranges"] = [*file.get("ranges", []), event["request"]["headers"].get("Range")]

        def data(event):
            if event["requestId"] in files:
                files[event["requestId"]]["decoded"] += event["dataLength"]

        def finished(event):
            if event["requestId"] in files:
                files[event["requestId"]]["wire"] += event["encodedDataLength"]

        def failed(event):
            if event["requestId"] in files:
                files[event["requestId"]]["failed"] = event.get("errorText")

        def answered(event):
            if event["requestId"] in files:
                files[event["requestId"]]["status"] = event["response"]["status"]

        cdp.on("Network.loadingFailed", failed)
        cdp.on("Network.responseReceived", answered)
        cdp.on("Network.requestWillBeSent", sent)
        cdp.on("Network.dataReceived", data)
        cdp.on("Network.loadingFinished", finished)
        page.goto(url)
        page.locator("#sheet-status").wait_for(state="attached")
        if video:
            page.locator("#sheet-body").click()
            page.wait_for_function(PLAYING)
        page.wait_for_timeout(2000)  # settled: the page drawn

        def busy() -> tuple[float, float]:
            metrics = {metric["name"]: metric["value"] for metric in cdp.send("Performance.getMetrics")["metrics"]}
            cpu = sum(process["cpuTime"] for process in processes.send("SystemInfo.getProcessInfo")["processInfo"])
            return metrics["TaskDuration"], cpu

        task_before, cpu_before = busy()
        page.wait_for_timeout(seconds * 1000)
        task_after, cpu_after = busy()
        still = page.evaluate(PLAYING) if video else None
        browser.close()
    return {
        "task_ms": (task_after - task_before) * 1000,
        "cpu_ms": (cpu_after - cpu_before) * 1000,
        "files": list(files.values()),
        "still_playing": still,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--runs", type=int, default=1)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "bench.db")
        migrate(database)
        with Server(database) as server:
            url = f"{server.url}/parties/{a_game(server.port)}"
            results: dict[bool, list[dict]] = {True: [], False: []}
            for _ in range(options.runs):  # alternately, so that the machine's load falls on both
                for video in (False, True):
                    results[video].append(left_alone(url, video, options.seconds))
    print(f"A sheet left alone {options.seconds:.0f} s on plain HTTP (its polls going on), {options.runs} run(s) each")
    for video in (False, True):
        runs = results[video]
        task = statistics.median(run["task_ms"] for run in runs)
        cpu = statistics.median(run["cpu_ms"] for run in runs)
        share = cpu / (options.seconds * 1000) * 100
        label = "with the video   " if video else "without the video"
        print(
            f"  {label}: main thread busy {task:,.0f} ms, all Chromium's processes {cpu:,.0f} ms of CPU"
            f" ({share:.2f} % of one core)"
        )
    for video in (False, True):
        for file in results[video][0]["files"]:
            address = file["url"].split("?")[0]
            # Chromium's media loader does not always report its request finished: the largest seen
            wire = max(f["wire"] for run in results[video] for f in run["files"] if f["url"] == file["url"])
            print(
                f"  fetched {'with' if video else 'without'} the video: {address.split('/', 3)[3]},"
                f" {file['decoded']:,} bytes, {wire:,} on the wire with the headers ({file['requests']} request)"
            )
    print(f"  still playing at the end: {all(run['still_playing'] for run in results[True])}")


if __name__ == "__main__":
    main()
