"""Answering a long sheet (issue 30): a game of 498 hands (two inputs, alternating, as
bench/sheet_update.py writes them, through the store) on a database of its own, asked through
Flask's test client in this process: its page, `GET /api/v1/games/<id>` (no ETag) and a redeal
saved. Prints the median ms of each.

    .venv/bin/python bench/sheet_answer.py            # from a checkout: that checkout's code
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not

from scorekeeper import create_app  # noqa: E402
from scorekeeper.belote.game_input import parse_deal_input  # noqa: E402
from scorekeeper.store import derived  # noqa: E402
from scorekeeper.store import games as store  # noqa: E402
from scorekeeper.store.db import connect, write_transaction  # noqa: E402
from scorekeeper.store.migrate import migrate  # noqa: E402

HANDS = 498


def median_ms(call, times: int) -> float:
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        call()
        spent.append((time.perf_counter() - start) * 1000)
    return statistics.median(spent)


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="belote-sheet-answer-") as folder:
        database = str(Path(folder) / "sheet_answer.db")
        migrate(database)
        app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        body = {"players": ["Ana", "Bruno", "Chloé", "David"], "end": {"points": 1000}}
        game_id = client.post("/api/v1/games", json=body).get_json()["id"]
        db = connect(database)
        with write_transaction(db):
            game = store.fetch_game(db, game_id)
            for index in range(HANDS):
                seat = index % 2
                hand = {
                    "taker": "AB"[seat],
                    "taker_player": seat,
                    "contract": 80,
                    "mode": "hearts",
                    "taker_points": 100,
                }
                deal_id = store.insert_deal(db, game_id, "hand", parse_deal_input("hand", hand, game))
                store.log_action(db, game_id, deal_id, "record")
            derived.refresh_game(db, game_id)
        db.close()
        page = median_ms(lambda: client.get(f"/parties/{game_id}"), 7)
        read = median_ms(lambda: client.get(f"/api/v1/games/{game_id}"), 7)
        save = median_ms(lambda: client.post(f"/api/v1/games/{game_id}/redeals", json={"reason": "all_pass"}), 2)
    print(f"{HANDS}-hand sheet, median ms: page {page:.0f}, API read {read:.0f}, redeal saved {save:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
