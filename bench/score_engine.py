"""How fast the scoring engine scores a hand (`make bench`); the target is under 20 µs a hand.

Scores a varied set of typical hands (numeric contracts made and failed, coinche and surcoinche,
melds and belote, capot, générale, every rounding) many times, and prints the median of several
runs: once as docs/scoring.md scores them, once under house rules (docs/house-rules.md: each preset of the
new-game form, and every option set otherwise than by default), both in the same run. It checks
nothing: the tests do that.
"""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, installed or not

from scorekeeper.belote.hand import Hand  # noqa: E402
from scorekeeper.belote.house_rules import (  # noqa: E402
    PRESETS,
    AnnouncedCapot,
    BeloteTo,
    CoincheScope,
    Counting,
    HouseRules,
    UnannouncedCapot,
)
from scorekeeper.belote.scoring import score  # noqa: E402
from scorekeeper.belote.terms import (  # noqa: E402
    CAPOT,
    GENERALE,
    BestMeldCall,
    Coinche,
    Contract,
    Meld,
    Mode,
    Rounding,
    Team,
)

RUNS = 7
ROUNDS_PER_RUN = 300


def melds(a: tuple[Meld, ...] = (), b: tuple[Meld, ...] = ()) -> dict[Team, tuple[Meld, ...]]:
    return {Team.A: a, Team.B: b}


def belote(a: int = 0, b: int = 0) -> dict[Team, int]:
    return {Team.A: a, Team.B: b}


def typical_hands() -> list[Hand]:
    hands = [
        Hand(Team.A, Contract.points(80), Mode.HEARTS, taker_points=92),
        Hand(Team.A, Contract.points(80), Mode.HEARTS, taker_points=85),
        Hand(Team.B, Contract.points(90), Mode.SPADES, taker_points=81),
        Hand(Team.A, Contract.points(80), Mode.SPADES, taker_points=72, belote=belote(a=1)),
        Hand(Team.A, Contract.points(100), Mode.CLUBS, Coinche.COINCHE, taker_points=101),
        Hand(Team.A, Contract.points(100), Mode.CLUBS, Coinche.COINCHE, taker_points=90),
        Hand(Team.B, Contract.points(120), Mode.DIAMONDS, Coinche.SURCOINCHE, taker_points=60, belote=belote(a=1)),
        Hand(
            Team.A, Contract.points(110), Mode.HEARTS, taker_points=95, melds=melds((Meld.CINQUANTE,), (Meld.TIERCE,))
        ),
        Hand(Team.A, Contract.points(100), Mode.NO_TRUMP, taker_points=90, melds=melds((Meld.CARRE_A,))),
        Hand(Team.A, Contract.points(100), Mode.ALL_TRUMP, taker_points=110, belote=belote(2, 1)),
        Hand(Team.B, Contract.points(100), Mode.SPADES, taker_points=100, melds=melds((Meld.CENT,), (Meld.CARRE_K,))),
        Hand(
            Team.A,
            Contract.points(90),
            Mode.CLUBS,
            taker_points=95,
            melds=melds((Meld.TIERCE,), (Meld.TIERCE, Meld.TIERCE)),
            best_meld=BestMeldCall.B,
        ),
        Hand(Team.A, Contract.points(130), Mode.SPADES, all_tricks=True),
        Hand(Team.A, CAPOT, Mode.HEARTS, all_tricks=True),
        Hand(Team.A, CAPOT, Mode.HEARTS, Coinche.COINCHE, belote=belote(a=1)),
        Hand(Team.A, GENERALE, Mode.SPADES, all_tricks=True, belote=belote(a=1)),
        Hand(Team.A, GENERALE, Mode.ALL_TRUMP, Coinche.COINCHE),
    ]
    # every hand under every rounding
    return [replace(hand, rounding=rounding) for hand in hands for rounding in Rounding]


# Every option otherwise than by default but `scoring` (points annoncés would skip the rest).
EVERY_OPTION = HouseRules(
    CoincheScope.WHOLE, True, AnnouncedCapot.FLAT, UnannouncedCapot.NONE, BeloteTo.WINNER, Counting.POINTS_FAITS
)


def with_house_rules(hands: list[Hand]) -> list[Hand]:
    """The same hands under each non-default preset and under every option set."""
    sets = [preset.rules for preset in PRESETS if preset.rules != HouseRules()] + [EVERY_OPTION]
    return [replace(hand, house=house) for hand in hands for house in sets]


def one_run(hands: list[Hand]) -> float:
    """Seconds per hand over ROUNDS_PER_RUN passes through `hands`."""
    start = time.perf_counter()
    for _ in range(ROUNDS_PER_RUN):
        for hand in hands:
            score(hand)
    return (time.perf_counter() - start) / (ROUNDS_PER_RUN * len(hands))


def main() -> None:
    print(f"Median of {RUNS} runs of {ROUNDS_PER_RUN} rounds (Python {sys.version.split()[0]})")
    plain = typical_hands()
    for title, hands in (("docs/scoring.md (no house rule)", plain), ("house rules set", with_house_rules(plain))):
        one_run(hands[:5])  # warm up
        runs = [one_run(hands) for _ in range(RUNS)]
        seconds = statistics.median(runs)
        print(
            f"{title}: {len(hands)} hands, {1 / seconds:,.0f} hands per second, {seconds * 1e6:.2f} µs per hand "
            f"(target: under 20 µs; fastest run {min(runs) * 1e6:.2f} µs)"
        )


if __name__ == "__main__":
    main()
