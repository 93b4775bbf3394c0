"""What the shared images (game_image.py, podium_image.py) draw with: Pillow, the DejaVu Sans fonts
shipped beside this module (Pillow's own scalable font has no accented letter: « é » came out as a
box), and text that always fits its room: a name is wrapped at its spaces, then drawn smaller, and
at the smallest size cut between letters, never cut off. Every text drawn is kept with its box,
so that a test can check that none leaves the image."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONTS = Path(__file__).resolve().parent / "fonts"
WIDTH, HEIGHT = 1080, 1350  # a portrait card (4:5), as group chats show it whole
MARGIN = 60

GREEN = "#1f6b45"  # the app's theme colour
PAPER = "#f7f4ec"
INK = "#1d2433"
MUTED = "#5b6475"
GRID = "#d9d3c3"
TEAM_COLOURS = {"A": "#1d5fa8", "B": "#c2571a"}  # the chart's, on the archive's pages
WHITE = "#ffffff"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size)


@dataclass(frozen=True)
class Text:
    """A text as drawn: its words, size, and the box it covers on the image (left, top, right, bottom)."""

    text: str
    size: int
    box: tuple[int, int, int, int]


@dataclass
class Canvas:
    """An image being drawn, with every text drawn on it."""

    image: Image.Image = field(default_factory=lambda: Image.new("RGB", (WIDTH, HEIGHT), PAPER))
    texts: list[Text] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.draw = ImageDraw.Draw(self.image)

    def text(self, xy: tuple[float, float], text: str, size: int, fill: str, bold: bool = False, anchor: str = "la"):
        """One line at `xy` (Pillow's anchor: "la" left-top of the ascender, "ra" right, "ma" middle)."""
        chosen = font(size, bold)
        self.draw.text(xy, text, font=chosen, fill=fill, anchor=anchor)
        left, top, right, bottom = self.draw.textbbox(xy, text, font=chosen, anchor=anchor)
        self.texts.append(Text(text, size, (int(left), int(top), int(right), int(bottom))))

    def lines(self, x: float, y: int, lines: list[str], size: int, fill: str, bold: bool = False) -> int:
        """Lines one under the other from (x, y), left-aligned; where the next thing may start."""
        for line in lines:
            self.text((x, y), line, size, fill, bold)
            y += line_height(size)
        return y

    def png(self) -> bytes:
        out = io.BytesIO()
        self.image.save(out, format="PNG", optimize=False)  # optimize: 3× the time for 10 % fewer bytes
        return out.getvalue()


def line_height(size: int) -> int:
    return round(size * 1.2)


def width(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


def wrap(text: str, size: int, room: float, bold: bool = False) -> list[str]:
    """`text` in lines no wider than `room`: broken at spaces, and a word wider than the room
    between its letters."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if width(candidate, size, bold) <= room:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = ""
        for letter in word:  # a word alone too wide: as many letters a line as fit
            if current and width(current + letter, size, bold) > room:
                lines.append(current)
                current = ""
            current += letter
    if current:
        lines.append(current)
    return lines or [""]


def fit(
    text: str, room: float, largest: int, smallest: int, max_lines: int, bold: bool = False
) -> tuple[list[str], int]:
    """The largest size from `largest` down to `smallest` at which `text` fits `room` in at most
    `max_lines` lines, wrapped there; at `smallest`, as many lines as it takes."""
    size = largest
    while size > smallest:
        lines = wrap(text, size, room, bold)
        if len(lines) <= max_lines:
            return lines, size
        size -= 2
    return wrap(text, smallest, room, bold), smallest
