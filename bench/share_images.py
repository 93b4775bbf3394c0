"""Time to draw the shared images (docs/sharing.md, docs/performance.md): a game of 30 deals with the
longest names the app takes, and a concours's podium of 24 teams, each drawn and encoded to PNG
`--runs` times in this process (fonts loaded once, as in a running server). Prints the median and
the worst, and the PNG's size. No server, no network.

    .venv/bin/python bench/share_images.py
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from scorekeeper.web.share.game_image import GameCard, draw_game
from scorekeeper.web.share.podium_image import Placed, PodiumCard, draw_podium

LONG_A = "Les Pies de l'Écurie Montmartroise à Zoé"
LONG_B = "Anticonstitutionnellementéèçàôïûëâœæ1234"


def game_card() -> GameCard:
    rng = random.Random(33)
    running = [(0, 0)]
    for _ in range(30):
        a, b = running[-1]
        running.append((a + rng.choice([0, 80, 160, 250]), b + rng.choice([0, 80, 160, 250])))
    return GameCard(
        teams={"A": LONG_A, "B": LONG_B},
        players={"A": "Élodie-Françoise Delacroix & Zoë", "B": "Jean-Sébastien Tranchecôte & Ça"},
        totals={"A": running[-1][0], "B": running[-1][1]},
        winner="A" if running[-1][0] > running[-1][1] else "B",
        running=running,
        target=None,
        date="samedi 17 mai 2025",
        evening="Café des Sports",
        concours="Concours « Grand prix de l'été » · Partie 2 · Table 3",
    )


def podium_card() -> PodiumCard:
    ranking = [Placed(rank, f"{LONG_A[:30]} {rank}", "Ana & Chloé", 4000 - 90 * rank, 3) for rank in range(1, 25)]
    return PodiumCard(name="Grand prix de l'été", date="samedi 17 mai 2025", evening="Café des Sports", ranking=ranking)


def timed(draw, runs: int) -> tuple[float, float, int]:
    times, size = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(draw().png())
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    game, podium = game_card(), podium_card()
    timed(lambda: draw_game(game), 2)  # the fonts loaded, as a running server has them
    for name, draw in (("game, 30 deals", lambda: draw_game(game)), ("podium, 24 teams", lambda: draw_podium(podium))):
        median, worst, size = timed(draw, runs)
        print(f"{name}: median {median * 1000:.0f} ms, worst {worst * 1000:.0f} ms, {size / 1024:.0f} KB ({runs} runs)")


if __name__ == "__main__":
    main()
