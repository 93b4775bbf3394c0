"""Draws the app's PNG icons from static/icons/icon.svg, for the web app manifest and for iOS.

Run it again after changing the SVG: `.venv/bin/python scripts/make_icons.py`. Headless Chromium
(through Playwright, a test dependency) draws the SVG at each size, with no network; then each PNG
keeps a palette of 256 colours (flat colours and their anti-aliased edges), a few KB each.

- icon-192.png, icon-512.png: the SVG as it is, its rounded corners transparent (manifest, "any");
- maskable-512.png: the felt to every edge and the cards inside the central circle of 80 % of the
  width, the only part Android's masks (circle, squircle, teardrop) are sure to keep ("maskable");
- apple-touch-icon.png: 180 × 180 with no transparency (iOS rounds the corners itself and would
  show transparent ones black).
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw
from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "static" / "icons"
SVG = ICONS / "icon.svg"
FELT = "#1f6b45"  # static/style.css's --felt, the top bar: the SVG's own background
SAFE_ZONE = 0.8  # a maskable icon's safe circle, as a share of its width
PALETTE_SIZE = 256
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@dataclass(frozen=True)
class Icon:
    name: str
    size: int
    scale: float = 1.0  # the SVG's share of the PNG's width, centred
    background: str | None = None  # None: what the SVG leaves bare stays transparent


ICON_SET = [
    Icon("icon-192.png", 192),
    Icon("icon-512.png", 512),
    # The cards reach 230 of the SVG's 512 units from its centre: 0.84 brings them to 193 < 205.
    Icon("maskable-512.png", 512, scale=0.84, background=FELT),
    Icon("apple-touch-icon.png", 180, background=FELT),
]


def page_for(icon: Icon, svg: str) -> str:
    """A blank page the PNG's size, the SVG inline and centred. On a background of its own (the
    maskable and iOS icons, felt to the edge) the SVG's rounded felt square is left out: laid on the
    same felt, its anti-aliased edge would still leave a seam of 1/255."""
    side = round(icon.size * icon.scale)
    background = icon.background or "transparent"
    hidden = "#felt{display:none}" if icon.background else ""
    return (
        f"<!doctype html><style>html,body{{margin:0;width:{icon.size}px;height:{icon.size}px;"
        f"background:{background};display:grid;place-items:center}}"
        f"svg{{display:block;width:{side}px;height:{side}px}}{hidden}</style>{svg}"
    )


def outside_safe_zone_is_felt(image: Image.Image) -> bool:
    """True when every pixel outside the maskable icon's safe circle is the felt: nothing of the
    cards can be cut off by the launcher's mask."""
    size = image.width
    difference = ImageChops.difference(image.convert("RGB"), Image.new("RGB", image.size, FELT))
    radius = size * SAFE_ZONE / 2
    centre = size / 2
    ImageDraw.Draw(difference).ellipse(
        [centre - radius, centre - radius, centre + radius, centre + radius], fill=(0, 0, 0)
    )
    return difference.getbbox() is None


def distance(one: tuple[int, ...], other: tuple[int, ...]) -> int:
    return sum((a - b) ** 2 for a, b in zip(one, other, strict=True))


def small_png(image: Image.Image) -> Image.Image:
    """The image with a palette of at most 256 colours: its most frequent colours kept exactly (the
    felt, the cards, the pips, and transparency), each rarer anti-aliasing shade drawn in the nearest
    of them. Pillow's own quantiser for RGBA (octree) would shift even the felt by one step."""
    rgba = image.convert("RGBA").tobytes()
    pixels = [tuple(rgba[at : at + 4]) if rgba[at + 3] else (0, 0, 0, 0) for at in range(0, len(rgba), 4)]
    palette = [colour for colour, _ in Counter(pixels).most_common(PALETTE_SIZE)]
    index = {colour: number for number, colour in enumerate(palette)}
    for colour in set(pixels) - index.keys():
        index[colour] = min(range(len(palette)), key=lambda number: distance(colour, palette[number]))
    result = Image.frombytes("P", image.size, bytes(index[pixel] for pixel in pixels))
    result.putpalette([channel for colour in palette for channel in colour[:3]])
    alphas = bytes(colour[3] for colour in palette)
    if any(alpha < 255 for alpha in alphas):
        result.info["transparency"] = alphas  # a tRNS chunk: each palette entry's alpha
    return result


def render(icons: list[Icon] = ICON_SET) -> list[Path]:
    svg = SVG.read_text(encoding="utf-8")
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for icon in icons:
                page = browser.new_page(viewport={"width": icon.size, "height": icon.size}, device_scale_factor=1)
                page.route("**/*", lambda route: route.abort())  # the SVG is inline: nothing to fetch
                page.set_content(page_for(icon, svg))
                shot = page.screenshot(type="png", omit_background=icon.background is None)
                page.close()
                path = ICONS / icon.name
                path.write_bytes(shot)
                with Image.open(path) as image:
                    image.load()
                if image.size != (icon.size, icon.size):
                    raise SystemExit(f"{icon.name}: {image.size}, not {icon.size} × {icon.size}")
                if icon.name.startswith("maskable") and not outside_safe_zone_is_felt(image):
                    raise SystemExit(f"{icon.name}: the cards go past the safe zone; lower its scale")
                small_png(image).save(path, optimize=True)
                written.append(path)
        finally:
            browser.close()
    return written


def main() -> int:
    for path in render():
        print(f"{path.relative_to(ICONS.parents[1])}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
