"""The image of a finished game (1080 × 1350 PNG, docs/sharing.md): the two teams with their players
and totals, the winner or the draw, the chart of the running totals, the date and the evening, and
for a concours's table its line. Drawn from a `GameCard`, which says what is shown and nothing
else: its ETag is the game's revision (images.py)."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.belote.concours.melee import named_by_players
from scorekeeper.belote.sheet import Sheet
from scorekeeper.belote.terms import team_players
from scorekeeper.web.share.drawing import (
    GREEN,
    GRID,
    HEIGHT,
    INK,
    MARGIN,
    MUTED,
    TEAM_COLOURS,
    WHITE,
    WIDTH,
    Canvas,
    fit,
    line_height,
)

STEP = 500  # the chart's gridlines, as on the archive's chart
TOTAL_ROOM = 300  # the right-hand column of a team's block: its total


@dataclass(frozen=True)
class GameCard:
    teams: dict[str, str]
    players: dict[str, str]  # "Ana & Chloé", by team
    totals: dict[str, int]
    winner: str | None  # None: a draw
    running: list[tuple[int, int]]  # both totals after each deal, (0, 0) first
    target: int | None  # a game in deals has none
    date: str  # « samedi 17 mai 2025 »
    evening: str  # the evening's place or note, if any
    concours: str  # « Concours X · Partie 2 · Table 3 », or ""


def game_card(sheet: Sheet, date: str, evening: str, concours: str) -> GameCard:
    return GameCard(
        teams=dict(sheet.game.teams),
        players=(
            {"A": "", "B": ""}  # a mêlée's « Ana et Bruno » already names them
            if named_by_players(sheet.game.teams, sheet.game.players)
            else team_players(sheet.game.players)
        ),
        totals=dict(sheet.totals),
        winner=sheet.winner,
        running=[(0, 0)] + [(deal.totals["A"], deal.totals["B"]) for deal in sheet.deals],
        target=sheet.game.target,
        date=date,
        evening=evening,
        concours=concours,
    )


def share_sentence(card: GameCard) -> str:
    """What the share sheet sends with the image: « Les Pies gagnent 2660 à 1980 »."""
    if card.winner is None:
        return f"Match nul {card.totals['A']} à {card.totals['B']}"
    loser = "B" if card.winner == "A" else "A"
    return f"{card.teams[card.winner]} gagnent {card.totals[card.winner]} à {card.totals[loser]}"


def draw_game(card: GameCard) -> Canvas:
    canvas = Canvas()
    y = heading(canvas, card)
    for team in ("A", "B"):
        y = team_block(canvas, card, team, y) + 24
    y = result_line(canvas, card, y) + 20
    chart(canvas, card, top=y, bottom=HEIGHT - 40)
    return canvas


def heading(canvas: Canvas, card: GameCard) -> int:
    """The green band: the app, the date, the evening; then the concours's line. Where the rest starts."""
    room = WIDTH - 2 * MARGIN
    lines = [card.date] + ([card.evening] if card.evening else [])
    band = 40 + line_height(40) + sum(len(fit(line, room, 30, 22, 2)[0]) for line in lines) * line_height(30) + 30
    canvas.draw.rectangle((0, 0, WIDTH, band), fill=GREEN)
    canvas.text((MARGIN, 40), "♠♥ Belote bridgée", 40, WHITE, bold=True)
    y = 40 + line_height(40)
    for line in lines:
        wrapped, size = fit(line, room, 30, 22, 2)
        y = canvas.lines(MARGIN, y, wrapped, size, WHITE)
    y = band + 30
    if card.concours:
        wrapped, size = fit(card.concours, room, 34, 24, 2, bold=True)
        y = canvas.lines(MARGIN, y, wrapped, size, GREEN, bold=True) + 10
    return y


def team_block(canvas: Canvas, card: GameCard, team: str, top: int) -> int:
    """A team: its colour, its name (wrapped, else smaller), its players, its total at the right."""
    name_room = WIDTH - 2 * MARGIN - 30 - TOTAL_ROOM
    name, size = fit(card.teams[team], name_room, 64, 34, 2, bold=True)
    players, players_size = fit(card.players[team], name_room, 32, 22, 2)
    bottom = top + len(name) * line_height(size) + 8 + len(players) * line_height(players_size)
    canvas.draw.rectangle((MARGIN, top, MARGIN + 12, bottom), fill=TEAM_COLOURS[team])
    y = canvas.lines(MARGIN + 30, top, name, size, INK, bold=True) + 8
    canvas.lines(MARGIN + 30, y, players, players_size, MUTED)
    won = card.winner == team
    canvas.text((WIDTH - MARGIN, top), str(card.totals[team]), 96, TEAM_COLOURS[team] if won else MUTED, True, "ra")
    if won:
        canvas.text((WIDTH - MARGIN, top + line_height(96)), "GAGNANT", 30, GREEN, bold=True, anchor="ra")
    return max(bottom, top + line_height(96) + line_height(30))


def result_line(canvas: Canvas, card: GameCard, top: int) -> int:
    """« Match nul » for a draw, else the margin: « Écart : 680 points »."""
    if card.winner is None:
        text = "Match nul"
    else:
        text = f"Écart : {abs(card.totals['A'] - card.totals['B'])} points"
    canvas.text((WIDTH / 2, top), text, 40, INK, bold=True, anchor="ma")
    return top + line_height(40)


def chart(canvas: Canvas, card: GameCard, top: int, bottom: int) -> None:
    """Both teams' running totals, deal after deal, with the target's dashed line."""
    left, right = MARGIN + 90, WIDTH - MARGIN
    plot_bottom = bottom - 80  # room for the deals' numbers and the axis title
    highest = max(card.target or STEP, *(max(point) for point in card.running))
    top_value = -(-highest // STEP) * STEP
    count = len(card.running) - 1

    def x(index: int) -> float:
        return left + (right - left) * index / max(count, 1)

    def y(value: int) -> float:
        return plot_bottom - (plot_bottom - top) * value / top_value

    every_step = max(1, top_value // STEP // 6) * STEP  # at most about six gridlines
    for value in range(0, top_value + 1, every_step):
        canvas.draw.line((left, y(value), right, y(value)), fill=GRID, width=2)
        canvas.text((left - 14, y(value)), str(value), 26, MUTED, anchor="rm")
    if card.target is not None:
        for start in range(int(left), int(right), 24):  # dashed
            canvas.draw.line((start, y(card.target), min(start + 14, right), y(card.target)), fill=INK, width=3)
        canvas.text((left + 8, y(card.target) - 8), f"Objectif {card.target}", 26, INK, bold=True, anchor="ld")
    every = max(1, -(-count // 8))
    for index in sorted({*range(0, count + 1, every), count}):
        if index != count and count - index < every / 2:
            continue  # too close to the last deal's number
        canvas.text((x(index), plot_bottom + 12), str(index), 26, MUTED, anchor="ma")
    canvas.text(((left + right) / 2, bottom), "Donnes", 26, MUTED, anchor="md")
    for team, column in (("B", 1), ("A", 0)):
        points = [(x(index), y(point[column])) for index, point in enumerate(card.running)]
        canvas.draw.line(points, fill=TEAM_COLOURS[team], width=8, joint="curve")
        end_x, end_y = points[-1]
        canvas.draw.ellipse((end_x - 10, end_y - 10, end_x + 10, end_y + 10), fill=TEAM_COLOURS[team])
