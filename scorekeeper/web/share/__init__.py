"""« Partager » (docs/sharing.md): a finished game's image and a concours's podium, drawn on the
server (`drawing.py`, `game_image.py`, `podium_image.py`, served by `images.py`), and the read-only
links that open one game or one concours to anyone who has them (`links.py`)."""

from scorekeeper.web.share import links  # noqa: F401  (its routes join the blueprint)
from scorekeeper.web.share.images import bp

__all__ = ["bp"]
