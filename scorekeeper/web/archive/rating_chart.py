"""A player's cote after each rated game as an inline SVG line chart, drawn on the server, in the
frame and with the ticks of a game's chart (`chart.py`); templates/archive/_rating.html writes it."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.services.ratings import BASE, PlayerRating
from scorekeeper.web.archive.chart import LEFT, PLOT_HEIGHT, PLOT_WIDTH, TOP, Frame, Tick, count_ticks

STEPS = (25, 50, 100, 200, 250, 500)  # the cote's gridlines: the first that draws at most six


@dataclass(frozen=True, kw_only=True)
class RatingChart(Frame):
    line: str  # the polyline's points: the start (1000) then one point per game
    end: tuple[float, float]
    base_y: float | None  # the newcomer's 1000, where it is inside the frame
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    games: int


def rating_chart(player: PlayerRating) -> RatingChart:
    cotes = [BASE] + [step.rating for step in player.history]
    count = len(cotes) - 1
    step = next((step for step in STEPS if (max(cotes) - min(cotes)) / step <= 5), STEPS[-1])
    low = min(cotes) // step * step
    high = max(low + step, -(-max(cotes) // step) * step)

    def x(index: int) -> float:
        return round(LEFT + PLOT_WIDTH * index / max(count, 1), 1)

    def y(value: int) -> float:
        return round(TOP + PLOT_HEIGHT * (high - value) / (high - low), 1)

    return RatingChart(
        line=" ".join(f"{x(index)},{y(value)}" for index, value in enumerate(cotes)),
        end=(x(count), y(cotes[-1])),
        base_y=y(BASE) if low < BASE < high else None,
        y_ticks=[Tick(y(value), str(value)) for value in range(low, high + 1, step)],
        x_ticks=count_ticks(count, x, 24),  # the games' numbers: up to 4 digits
        games=count,
    )
