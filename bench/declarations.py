"""How long the exact check of declarations takes (`make bench`); the target is 1 ms for the worst
body the API accepts (issue 24).

Times scorekeeper.belote.declarations.check_declarations, refusal and its sentence included, on the
142 declaration sets of tests/data/impossible_declarations.json and on thousands of random bodies
drawn near the limits (four melds a team, carrés de rois and de dames, cents, every belote the mode
allows). Each body is timed five times with the check's memo of whole declaration sets emptied
(the best of five, so that another process's burst is not counted); the cache of suit contents,
a fixed table of a few thousand entries that fills in a server's first minutes, is warm, and the
first, cold, run of the whole set is printed apart. Prints the median and the worst, and the worst
body. It checks nothing: the tests do that.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not

from scorekeeper.belote import deals, declarations  # noqa: E402
from scorekeeper.belote.errors import InvalidHand  # noqa: E402
from scorekeeper.belote.hand import check_hand  # noqa: E402
from scorekeeper.belote.hand_json import parse_hand  # noqa: E402
from scorekeeper.belote.terms import MAX_MELDS_PER_TEAM, Meld, Mode  # noqa: E402

RANDOM_BODIES = 20_000
REPEATS = 5
CARRES = [meld.value for meld in Meld if meld.is_carre]
SEQUENCES = [meld.value for meld in Meld if not meld.is_carre]


def random_body(rng: random.Random) -> dict:
    mode = rng.choice([mode.value for mode in Mode] + ["all_trump"] * 3)
    carres = list(CARRES) + ["carre_K", "carre_Q"] * 2  # the kings and queens more often
    melds: dict[str, list[str]] = {}
    for team in "AB":
        codes: list[str] = []
        for _ in range(rng.choice([0, 1, 2, 3, 4, 4, 4][: MAX_MELDS_PER_TEAM + 3])):
            left = [carre for carre in carres if carre not in codes and carre not in melds.get("A", [])]
            codes.append(rng.choice(left) if left and rng.random() < 0.35 else rng.choice(SEQUENCES))
        melds[team] = codes
    allowed = Mode(mode).max_belotes
    belotes = rng.choice([allowed, rng.randint(0, allowed)])
    a = rng.randint(0, belotes)
    return {
        "taker": "A",
        "contract": 80,
        "mode": mode,
        "taker_points": 100,
        "melds": melds,
        "belote": {"A": a, "B": belotes - a},
    }


def accepted_bodies() -> tuple[list[dict], list[dict]]:
    """The 142 sets and the random bodies, as the API would take them: what check_hand's other
    checks let through (a carré twice is refused before the search)."""
    impossible = json.loads((ROOT / "tests" / "data" / "impossible_declarations.json").read_text(encoding="utf-8"))
    base = {"taker": "A", "contract": 80, "taker_points": 100}
    rng = random.Random(24)
    drawn = []
    while len(drawn) < RANDOM_BODIES:
        body = random_body(rng)
        try:
            check_hand(parse_hand(body), declarations=False)
        except InvalidHand:
            continue
        drawn.append(body)
    return [{**base, **case} for case in impossible], drawn


def check(hand) -> None:
    try:
        declarations.check_declarations(hand.mode, hand.melds, hand.belote)
    except InvalidHand:
        pass


def timed(bodies: list[dict]) -> list[tuple[float, dict]]:
    hands = [parse_hand(body) for body in bodies]
    times = []
    for body, hand in zip(bodies, hands, strict=True):
        best = float("inf")
        for _ in range(REPEATS):
            deals._deal_exists.cache_clear()
            deals.team_hands.cache_clear()
            start = time.perf_counter()
            check(hand)
            best = min(best, time.perf_counter() - start)
        times.append((best, body))
    return times


def report(name: str, times: list[tuple[float, dict]]) -> None:
    values = [seconds for seconds, _ in times]
    worst, body = max(times, key=lambda entry: entry[0])
    print(
        f"{name}: {len(values)} bodies, median {statistics.median(values) * 1e6:.0f} µs, "
        f"worst {worst * 1e6:.0f} µs: {json.dumps({key: body[key] for key in ('mode', 'melds', 'belote')})}"
    )


def main() -> None:
    impossible, drawn = accepted_bodies()
    start = time.perf_counter()
    for body in impossible + drawn:
        check(parse_hand(body))
    cold = time.perf_counter() - start
    print(f"first run, every cache cold: {len(impossible) + len(drawn)} bodies in {cold * 1e3:.0f} ms")
    report("the 142 sets the earlier counts let through", timed(impossible))
    report("random bodies near the limits", timed(drawn))


if __name__ == "__main__":
    main()
