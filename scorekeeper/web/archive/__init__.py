"""The archive: evenings and their games, read-only sheets, a player search, statistics, export
and import (pages in French), and the command-line export, import, backup and rebuild-derived."""

from flask import Flask

from scorekeeper.web.archive import cli, import_pages  # noqa: F401 (its pages join the blueprint)
from scorekeeper.web.archive.routes import bp


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    cli.init_app(app)
