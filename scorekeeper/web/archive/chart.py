"""A game's running totals as an inline SVG line chart, drawn on the server (no chart library).

This module only does the geometry: where each point, tick and label goes in a fixed viewBox;
templates/archive/_chart.html writes the SVG. The viewBox is as wide as a phone's screen in CSS
pixels, so that at `width: 100%` its text is drawn at about the size it is written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scorekeeper.belote.sheet import Sheet

WIDTH = 360
HEIGHT = 230
LEFT = 44  # room for the points' labels
RIGHT = 12
TOP = 14
BOTTOM = 34  # room for the deals' labels and the axis title
STEP = 500  # the points' gridlines, every 500
PLOT_WIDTH = WIDTH - LEFT - RIGHT
PLOT_HEIGHT = HEIGHT - TOP - BOTTOM


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True, kw_only=True)
class Frame:
    """The viewBox and the plot's edges, the same for every chart (a game's, a player's cote)."""

    width: int = WIDTH
    height: int = HEIGHT
    left: float = LEFT
    right: float = WIDTH - RIGHT
    top: float = TOP
    bottom: float = HEIGHT - BOTTOM


@dataclass(frozen=True, kw_only=True)
class Chart(Frame):
    lines: dict[str, str]  # team → the polyline's points
    ends: dict[str, tuple[float, float]]  # team → its last point
    target_y: float | None  # no target's line for a game in deals
    target: int | None
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    deal_count: int


def count_ticks(count: int, x: Callable[[int], float], gap: float) -> list[Tick]:
    """The numbers under the axis (deals, games), 0 to `count`: at most about eight, and always the
    last; the one before it is dropped when closer than `gap` (too close to read both)."""
    every = max(1, -(-count // 8))
    ticks = [Tick(x(index), str(index)) for index in range(0, count + 1, every)]
    if count and ticks[-1].label != str(count):
        if x(count) - ticks[-1].position < gap:
            ticks.pop()
        ticks.append(Tick(x(count), str(count)))
    return ticks


def _round_up(value: int, step: int) -> int:
    return -(-value // step) * step


def running_totals_chart(sheet: Sheet) -> Chart:
    """Both teams' totals after each deal (0 before the first), with the target's line (a game in
    points: a game in deals has none)."""
    totals = [{"A": 0, "B": 0}] + [deal.totals for deal in sheet.deals]
    count = len(totals) - 1
    target = sheet.game.target
    highest = max(target or STEP, *(max(point.values()) for point in totals))
    top_value = _round_up(highest, STEP)

    def x(index: int) -> float:
        return round(LEFT + PLOT_WIDTH * index / max(count, 1), 1)

    def y(value: int) -> float:
        return round(TOP + PLOT_HEIGHT * (1 - value / top_value), 1)

    lines = {
        team: " ".join(f"{x(index)},{y(point[team])}" for index, point in enumerate(totals)) for team in ("A", "B")
    }
    ends = {team: (x(count), y(totals[-1][team])) for team in ("A", "B")}
    y_ticks = [Tick(y(value), str(value)) for value in range(0, top_value + 1, STEP)]
    x_ticks = count_ticks(count, x, 18)  # the deals' numbers: up to 3 digits
    return Chart(
        lines=lines,
        ends=ends,
        target_y=y(target) if target is not None else None,
        target=target,
        y_ticks=y_ticks,
        x_ticks=x_ticks,
        deal_count=count,
    )
