"""A short French page built without the app's templates, for an answer given before the app can
draw one: what waitress refuses by itself (`server/error_pages.py`) and a request for a Host the
app does not answer (`hosts.py`), whose request has no URL map to build the templates' links."""

from __future__ import annotations

import html


def plain_page(title: str, message: str) -> bytes:
    """The page, in UTF-8: its title, its message and the way back to the home page."""
    return (
        '<!doctype html>\n<html lang="fr">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)} · Marqueur</title>\n"
        '<link rel="stylesheet" href="/static/style.css">\n</head>\n<body>\n<main>\n<section class="card">\n'
        f"<h1>{html.escape(title)}</h1>\n<p>{html.escape(message)}</p>\n"
        '<p><a class="button" href="/">Retour à l\'accueil</a></p>\n</section>\n</main>\n</body>\n</html>\n'
    ).encode()
