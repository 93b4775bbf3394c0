"""The image of a concours's final ranking (1080 × 1350 PNG, docs/sharing.md): its name, date and
evening, the top three large (rank, team, players, points), the rest in a list, one team a line. A
mêlée ranks players: each is named alone, and the sentence and the list's last line say so."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.services.concours_view import Concours
from scorekeeper.web.share.drawing import (
    GREEN,
    GRID,
    HEIGHT,
    INK,
    MARGIN,
    MUTED,
    WHITE,
    WIDTH,
    Canvas,
    fit,
    line_height,
    width,
)

MEDALS = {1: "#c9a227", 2: "#9aa1a9", 3: "#b0703a"}  # gold, silver, bronze
POINTS_ROOM = 260  # the right-hand column: the team's points
LIST_SIZE = 30


@dataclass(frozen=True)
class Placed:
    rank: int
    team: str
    players: str
    points: int
    won: int


@dataclass(frozen=True)
class PodiumCard:
    name: str
    date: str
    evening: str
    ranking: list[Placed]
    melee: bool = False


def podium_card(concours: Concours, date: str, evening: str) -> PodiumCard:
    ranking = []
    for standing in concours.standings:
        players = "" if concours.is_melee else " & ".join(concours.team(standing.entrant).players)
        ranking.append(Placed(standing.rank, standing.name, players, standing.points, standing.won))
    return PodiumCard(name=concours.name, date=date, evening=evening, ranking=ranking, melee=concours.is_melee)


def podium_sentence(card: PodiumCard) -> str:
    """What the share sheet sends with the image: « Les Pies gagnent le concours « X » », or a
    mêlée's winner alone, « Ana gagne le concours « X » »."""
    if not card.ranking:
        return f"Concours « {card.name} »"
    return f"{card.ranking[0].team} {'gagne' if card.melee else 'gagnent'} le concours « {card.name} »"


def draw_podium(card: PodiumCard) -> Canvas:
    canvas = Canvas()
    y = heading(canvas, card)
    for placed in card.ranking[:3]:
        y = podium_block(canvas, placed, y) + 26
    rest(canvas, card.ranking[3:], y + 10, "joueur" if card.melee else "équipe")
    return canvas


def heading(canvas: Canvas, card: PodiumCard) -> int:
    room = WIDTH - 2 * MARGIN
    name, name_size = fit(card.name, room, 52, 30, 2, bold=True)
    lines = [card.date] + ([card.evening] if card.evening else [])
    fitted = [fit(line, room, 30, 22, 2) for line in lines]
    band = 40 + line_height(34) + len(name) * line_height(name_size) + sum(len(f[0]) for f in fitted) * 36 + 30
    canvas.draw.rectangle((0, 0, WIDTH, band), fill=GREEN)
    canvas.text((MARGIN, 40), "♠♥ Belote bridgée · Classement final", 34, WHITE, bold=True)
    y = canvas.lines(MARGIN, 40 + line_height(34), name, name_size, WHITE, bold=True)
    for wrapped, size in fitted:
        y = canvas.lines(MARGIN, y, wrapped, size, WHITE)
    return band + 36


def podium_block(canvas: Canvas, placed: Placed, top: int) -> int:
    """One of the top three: a medal with its rank, the team, its players, its points."""
    radius = 46
    canvas.draw.ellipse((MARGIN, top, MARGIN + 2 * radius, top + 2 * radius), fill=MEDALS.get(placed.rank, MUTED))
    canvas.text((MARGIN + radius, top + radius), str(placed.rank), 52, WHITE, bold=True, anchor="mm")
    left = MARGIN + 2 * radius + 28
    room = WIDTH - MARGIN - POINTS_ROOM - left
    name, size = fit(placed.team, room, 56, 32, 2, bold=True)
    players, players_size = fit(placed.players, room, 30, 22, 2)
    y = canvas.lines(left, top, name, size, INK, bold=True) + 4
    y = canvas.lines(left, y, players, players_size, MUTED)
    canvas.text((WIDTH - MARGIN, top), str(placed.points), 64, INK, bold=True, anchor="ra")
    won = f"{placed.won} gagnée{'s' if placed.won > 1 else ''}"
    canvas.text((WIDTH - MARGIN, top + line_height(64)), won, 26, MUTED, anchor="ra")
    return max(y, top + 2 * radius)


def rest(canvas: Canvas, ranking: list[Placed], top: int, entrant: str) -> None:
    """The other teams (or players: `entrant`), a line each (a long name drawn smaller), as many as
    the image holds; then how many more there are."""
    if not ranking:
        return
    canvas.draw.line((MARGIN, top - 14, WIDTH - MARGIN, top - 14), fill=GRID, width=2)
    step = line_height(LIST_SIZE) + 6
    fits = (HEIGHT - 40 - top) // step
    shown = ranking if len(ranking) <= fits else ranking[: fits - 1]
    y = top
    for placed in shown:
        points = str(placed.points)
        room = WIDTH - 2 * MARGIN - 80 - width(points, LIST_SIZE, True) - 30
        size = LIST_SIZE
        while size > 16 and width(placed.team, size) > room:  # 40 letters fit at 16 px
            size -= 2
        canvas.text((MARGIN, y), f"{placed.rank}.", LIST_SIZE, MUTED, bold=True)
        canvas.text((MARGIN + 80, y + (LIST_SIZE - size) // 2), placed.team, size, INK)
        canvas.text((WIDTH - MARGIN, y), points, LIST_SIZE, INK, bold=True, anchor="ra")
        y += step
    if len(shown) < len(ranking):
        more = len(ranking) - len(shown)
        plural = "s" if more > 1 else ""
        canvas.text((MARGIN + 80, y), f"… et {more} autre{plural} {entrant}{plural}", 26, MUTED)
