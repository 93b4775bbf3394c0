"""Belote bridgée score-keeper.

Five layers, each importing only the ones below it (tests/test_layers.py checks it):
`belote` (the game, pure Python), `store` (SQLite), `services` (what a person can do),
`web` (Flask: pages, forms, the JSON API), `server` (waitress serving the app: `python -m
scorekeeper.server`). `create_app` is the web layer's factory.
"""

from scorekeeper.web import create_app

__all__ = ["create_app"]
