"""Where templates/ and static/ are: beside the package in a wheel, at the repository's top otherwise.

The repository keeps them at the top level (the layout the team agreed on); a built wheel copies
them into the package (pyproject's force-include), where there is no top level to look in.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # the scorekeeper package


def _find(name: str) -> str:
    inside = PACKAGE_DIR / name
    if inside.is_dir():
        return str(inside)
    return str(PACKAGE_DIR.parent / name)


def template_folder() -> str:
    return _find("templates")


def static_folder() -> str:
    return _find("static")
