"""The web layer: the Flask application factory, which wires every part of the app in order."""

from __future__ import annotations

import os

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from scorekeeper.web import (
    access,
    api,
    archive,
    assets,
    certificate,
    compression,
    concours,
    concours_screen,
    conditional,
    database,
    errors,
    hosts,
    install,
    offline,
    pages,
    secret_key,
    security,
    settings,
    share,
    sheet,
    table_clock,
    tools,
    vocabulary,
)
from scorekeeper.web.csrf import csrf
from scorekeeper.web.paths import static_folder, template_folder


class UTF8JSON(DefaultJSONProvider):
    ensure_ascii = False  # French labels as they are, in UTF-8


def create_app(test_config: dict | None = None, instance_path: str | None = None) -> Flask:
    """The app, configured from `test_config` if given, else from the instance folder's config.py and
    the SCOREKEEPER_* variables. The instance folder (the database, the session key, the table
    password, config.py) is `instance_path`, else SCOREKEEPER_INSTANCE_PATH, else instance/ beside
    the package: the tests give theirs, never the checkout's."""
    app = Flask(
        "scorekeeper",  # the package's name: its instance folder and root path, as before the layers
        instance_path=instance_path or os.environ.get("SCOREKEEPER_INSTANCE_PATH") or None,
        instance_relative_config=True,
        template_folder=template_folder(),
        static_folder=static_folder(),
    )
    app.config.from_mapping(settings.defaults(app.instance_path))  # every default (web/settings.py)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("SCOREKEEPER")
    else:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    secret_key.init_app(app)

    app.json = UTF8JSON(app)
    compression.init_app(app)  # first: its after_request hook then runs after every other one
    hosts.init_app(app)  # before security's ProxyFix, which then runs first: a Host it does not know is a 400
    security.init_app(app)
    conditional.init_app(app)  # the pages' ETags: before offline and access, which may say no-store
    assets.init_app(app)  # the static files, at versioned addresses, kept a year and compressed
    csrf.init_app(app)
    database.init_app(app)
    table_clock.init_app(app)  # "tonight" on the table's time zone
    errors.init_app(app)
    vocabulary.init_app(app)  # the game's words and numbers, for every template
    access.init_app(app)  # before the blueprints: its guard runs ahead of every view
    app.register_blueprint(pages.bp)
    offline.init_app(app)  # the service worker, for pages that open with no network
    app.register_blueprint(install.bp)  # the web app manifest: the app on a phone's home screen
    app.register_blueprint(sheet.bp)
    app.register_blueprint(tools.bp)
    app.register_blueprint(certificate.bp)  # /certificat: trusting the HTTPS address's root
    app.register_blueprint(concours.bp)  # the organiser's pages of a club's concours
    app.register_blueprint(concours_screen.bp)  # the concours's screen on the wall, « Quelle table ? »
    archive.init_app(app)  # evenings, statistics, export and import; its CLI commands
    app.register_blueprint(share.bp)  # « Partager »: the images, the read-only links (docs/sharing.md)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # the API takes JSON bodies only, which no other site can send unasked
    return app
