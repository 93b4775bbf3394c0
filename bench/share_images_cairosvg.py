"""The other way to draw the shared image, measured once to choose (docs/sharing.md): about the same
game card as bench/share_images.py, written by hand as SVG (no wrapping: SVG has none) and turned
into a 1080 × 1350 PNG by cairosvg, 20 times. cairosvg is no dependency of the app: run this in a
venv of its own (it needs the system's libcairo2).

    python3 -m venv /tmp/cairo-venv && /tmp/cairo-venv/bin/pip install cairosvg
    /tmp/cairo-venv/bin/python bench/share_images_cairosvg.py
"""

from __future__ import annotations

import random
import statistics
import time

import cairosvg


def running_totals() -> list[tuple[int, int]]:
    rng = random.Random(33)
    running = [(0, 0)]
    for _ in range(30):
        a, b = running[-1]
        running.append((a + rng.choice([0, 80, 160, 250]), b + rng.choice([0, 80, 160, 250])))
    return running


def text(x: float, y: float, words: str, size: int, fill: str = "#1d2433", extra: str = "") -> str:
    return f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" {extra}>{words}</text>'


def card_svg() -> str:
    running = running_totals()
    top = -(-max(max(point) for point in running) // 500) * 500

    def x(index: int) -> float:
        return 150 + 870 * index / 30

    def y(value: int) -> float:
        return 1230 - 420 * value / top

    bold, right = 'font-weight="bold"', 'text-anchor="end"'
    parts = [
        '<rect width="1080" height="1350" fill="#f7f4ec"/><rect width="1080" height="190" fill="#1f6b45"/>',
        text(60, 80, "♠♥ Belote bridgée", 40, "#fff", bold),
        text(60, 130, "samedi 17 mai 2025", 30, "#fff"),
        text(60, 166, "Café des Sports", 30, "#fff"),
        text(60, 240, "Concours « Grand prix de l'été » · Partie 2 · Table 3", 34, "#1f6b45", bold),
        text(90, 320, "Les Pies de l'Écurie", 60, extra=bold),
        text(90, 392, "Montmartroise à Zoé", 60, extra=bold),
        text(90, 440, "Élodie-Françoise Delacroix &amp; Zoë", 32, "#5b6475"),
        text(1020, 340, str(running[-1][0]), 96, "#1d5fa8", f"{bold} {right}"),
        text(90, 540, "Anticonstitutionnellem", 60, extra=bold),
        text(90, 612, "entéèçàôïûëâœæ1234", 60, extra=bold),
        text(90, 660, "Jean-Sébastien Tranchecôte &amp; Ça", 32, "#5b6475"),
        text(1020, 560, str(running[-1][1]), 96, "#5b6475", f"{bold} {right}"),
        text(
            540, 740, f"Écart : {abs(running[-1][0] - running[-1][1])} points", 40, extra=f'{bold} text-anchor="middle"'
        ),
    ]
    for value in range(0, top + 1, 500):
        parts.append(f'<line x1="150" x2="1020" y1="{y(value)}" y2="{y(value)}" stroke="#d9d3c3" stroke-width="2"/>')
        parts.append(text(136, y(value) + 9, str(value), 26, "#5b6475", right))
    for column, colour in ((1, "#c2571a"), (0, "#1d5fa8")):
        points = " ".join(f"{x(index)},{y(point[column])}" for index, point in enumerate(running))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="8" points="{points}"/>')
    body = "".join(parts)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350" font-family="DejaVu Sans">{body}</svg>'


def main() -> None:
    svg = card_svg().encode()
    cairosvg.svg2png(bytestring=svg)  # the fonts found once, as in a running server
    times = []
    for _ in range(20):
        start = time.perf_counter()
        png = cairosvg.svg2png(bytestring=svg)
        times.append(time.perf_counter() - start)
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    print(f"cairosvg, game card: median {median:.0f} ms, worst {worst:.0f} ms, {len(png) / 1024:.0f} KB (20 runs)")


if __name__ == "__main__":
    main()
