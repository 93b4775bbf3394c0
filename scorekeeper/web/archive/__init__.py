"""The archive: evenings and their games, read-only sheets, a player search, statistics, export
and import (pages in French), and the command-line export, import, backup and rebuild-derived."""

from flask import Flask

from scorekeeper.web.archive import cli, export_pages, import_pages, ratings_pages  # noqa: F401 (their pages join the blueprint)
from scorekeeper.web.archive.routes import bp


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    export_pages.init_app(app)
    cli.init_app(app)
