"""How soon the room's screen shows a table's save (issue 32, D14: within 3 s, CONCOURS.md): the app
served over real HTTP on 127.0.0.1, the screen open in headless Chromium at 1920×1080 with its script,
and 30 deals recorded through the API, two tables in turn, each at a random moment of the screen's
poll (0 to 2.5 s after the last one showed). For each, the time from the save's answer to the screen
showing its new total. Prints the median and the worst in ms; it checks nothing (the test that the
screen follows each save is tests/browser/test_concours_screen_follows.py).

    .venv/bin/python bench/screen_follow.py [--saves 30] [--seed 32]

Run from another checkout (`cp bench/screen_follow.py /work/wt/x/bench/ && .venv/bin/python
/work/wt/x/bench/screen_follow.py`) it measures that checkout's code: the before and after of a change.
"""

from __future__ import annotations

import argparse
import logging
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's code, installed or not

from playwright.sync_api import sync_playwright  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from scorekeeper.store.migrate import migrate  # noqa: E402
from scorekeeper.web import create_app  # noqa: E402

HAND_170_70 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # docs/scoring.md example 1
TARGET_MS = 3000
# The first total of table n on the screen (by its place: the code before issue 32 named no game).
SHOWN = "([n, total]) => document.querySelector(`#main .table:nth-child(${n}) .total`).textContent === total"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=30)
    parser.add_argument("--seed", type=int, default=32)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # a line a poll otherwise
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "follow.db")
        migrate(path)
        app = create_app({"DATABASE": path, "SECRET_KEY": "bench", "TESTING": False}, instance_path=folder)
        client = app.test_client()
        body = {
            "name": "Concours du vendredi",
            "parties": 2,
            "end": {"deals": 30},
            "teams": [{"name": f"Équipe {n}", "players": [f"J{n}a", f"J{n}b"]} for n in range(1, 5)],
        }
        concours = client.post("/api/v1/concours", json=body).get_json()
        tables = client.post(f"/api/v1/concours/{concours['id']}/rounds", json={}).get_json()["rounds"][0]["tables"]
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        delays = []
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
                page = browser.new_page(viewport={"width": 1920, "height": 1080})
                page.goto(f"http://127.0.0.1:{server.server_port}/concours/{concours['id']}/ecran")
                page.wait_for_function("() => Number(document.body.dataset.painted) >= 1")
                for save in range(options.saves):
                    time.sleep(rng.uniform(0, 2.5))
                    index = save % 2
                    hands = save // 2 + 1
                    response = client.post(f"/api/v1/games/{tables[index]['game']}/hands", json=HAND_170_70)
                    assert response.status_code == 201, response.get_json()
                    saved = time.perf_counter()
                    page.wait_for_function(
                        SHOWN,
                        arg=[index + 1, str(170 * hands)],
                        timeout=30000,
                    )
                    delays.append((time.perf_counter() - saved) * 1000)
                browser.close()
        finally:
            server.shutdown()
    over = sum(delay > TARGET_MS for delay in delays)
    print(
        f"{len(delays)} saves: median {statistics.median(delays):.0f} ms, worst {max(delays):.0f} ms,"
        f" {over} over {TARGET_MS} ms"
    )


if __name__ == "__main__":
    main()
