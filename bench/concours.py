"""How long a concours's next draw takes (`make bench`): the ranking and the pairing of 128 teams
at partie 12, each team having met up to 11 others; the target is well under 200 ms (issue 25).

Times scorekeeper.belote.concours: `standings` over the 11 parties played, then `draw` from the
active teams in that order (`met_pairs`, `rest_counts` included), on several histories of each kind:

- random: 11 random pairings, random totals;
- swiss: 11 parties drawn by the concours's own rule (ranking order, fewest rematches), random
  totals: the top teams have met each other, as in a real concours;
- top clique / bottom clique: the 12 strongest (weakest) teams played a round robin among
  themselves, the others random pairings: at partie 12 they have all met each other, and the walk
  must look ahead (the bottom clique forces the teams above it to leave them opponents);
- blocks: every block of 12 teams adjacent in the ranking played a round robin: each team has met
  its 11 nearest neighbours.

Each history is timed five times (the best of five, so that another process's burst is not
counted); prints the median and the worst per kind, and the rematches of each draw. It checks
nothing: the tests do that.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not

from scorekeeper.belote.concours.pairing import draw  # noqa: E402
from scorekeeper.belote.concours.standings import (  # noqa: E402
    Entrant,
    RoundResult,
    TableResult,
    active_order,
    met_pairs,
    rest_counts,
    standings,
)

TEAMS = 128
PLAYED = 11
HISTORIES = 8
REPEATS = 5


def game(rng: random.Random, strength: dict[int, int], a: int, b: int) -> TableResult:
    """A finished game whose totals follow the teams' strengths, give or take some luck."""
    totals = {"A": strength[a] + rng.randrange(0, 600, 10), "B": strength[b] + rng.randrange(0, 600, 10)}
    winner = None if totals["A"] == totals["B"] else "A" if totals["A"] > totals["B"] else "B"
    return TableResult(a=(a,), b=(b,), totals=totals, finished=True, winner=winner, hands=12)


def round_robin(teams: list[int]) -> list[list[tuple[int, int]]]:
    """The circle method: len(teams) − 1 rounds in which each team meets every other once."""
    circle = list(teams)
    rounds = []
    for _ in range(len(circle) - 1):
        half = len(circle) // 2
        rounds.append([(circle[i], circle[-1 - i]) for i in range(half)])
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def random_pairs(rng: random.Random, teams: list[int]) -> list[tuple[int, int]]:
    shuffled = rng.sample(teams, len(teams))
    return [(shuffled[i], shuffled[i + 1]) for i in range(0, len(shuffled), 2)]


def history(kind: str, rng: random.Random) -> tuple[list[Entrant], list[RoundResult]]:
    numbers = list(range(1, TEAMS + 1))
    # Team 1 strongest: the ranking comes out near number order, so the cliques sit where meant.
    strength = {team: 2000 - 8 * team for team in numbers}
    teams = [
        Entrant(number, f"Équipe {number}", index, True) for index, number in enumerate(rng.sample(numbers, TEAMS))
    ]
    rounds: list[RoundResult] = []
    cliques: list[list[int]] = []
    if kind == "top clique":
        cliques = [numbers[:12]]
    elif kind == "bottom clique":
        cliques = [numbers[-12:]]
    elif kind == "blocks":
        cliques = [numbers[start : start + 12] for start in range(0, TEAMS, 12)]
    in_cliques = {team for clique in cliques for team in clique}
    schedules = [round_robin(clique) for clique in cliques]
    for number in range(1, PLAYED + 1):
        if kind == "swiss":
            order = active_order(standings(teams, rounds, "points", "average"))
            pairs = draw(order, met_pairs(rounds), rest_counts(rounds)).pairs
        else:
            others = [team for team in numbers if team not in in_cliques]
            pairs = random_pairs(rng, others) if others else []
            for schedule in schedules:
                pairs += schedule[(number - 1) % len(schedule)]
        tables = [game(rng, strength, a, b) for a, b in pairs]
        rounds.append(RoundResult(number=number, tables=tables, rests=(), closed=True))
    return teams, rounds


def next_draw(teams: list[Entrant], rounds: list[RoundResult]):
    table = standings(teams, rounds, "points", "average")
    return draw(active_order(table), met_pairs(rounds), rest_counts(rounds))


def main() -> None:
    rng = random.Random(25)
    print(f"standings + draw, {TEAMS} teams at partie {PLAYED + 1} (best of {REPEATS} runs per history)")
    for kind in ("random", "swiss", "top clique", "bottom clique", "blocks"):
        timings, rematches = [], []
        for _ in range(HISTORIES):
            teams, rounds = history(kind, rng)
            runs = []
            for _ in range(REPEATS):
                started = time.perf_counter()
                result = next_draw(teams, rounds)
                runs.append(time.perf_counter() - started)
            timings.append(min(runs))
            rematches.append(result.rematches)
        print(
            f"  {kind:<14} median {statistics.median(timings) * 1000:6.1f} ms, "
            f"worst {max(timings) * 1000:6.1f} ms, rematches {sorted(set(rematches))}"
        )


if __name__ == "__main__":
    main()
