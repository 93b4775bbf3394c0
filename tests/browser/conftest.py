"""Browser tests: Debian's Chromium driven by Playwright at a phone's size (390×844).

The app is served by a real threaded HTTP server on 127.0.0.1 (an ephemeral port), in this
process, on the test's own database. Screenshots go under test-artifacts/screenshots/ (ignored by git), to be
looked at by a person.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
# Chromium must not reach out to Google's hosts: this machine's network is closed.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


def closing_each_answer(app):
    """`app` with each answer read whole and closed at once, for werkzeug's development server:
    when a phone drops a connection, that server's read of what is left of the request can raise
    before it closes the answer, leaving a static file open, which pytest then reports as a
    ResourceWarning in whatever test runs next. (waitress, which serves the app, closes it.)"""

    def answer(environ, start_response):
        iterable = app(environ, start_response)
        try:
            return [b"".join(iterable)]
        finally:
            if hasattr(iterable, "close"):
                iterable.close()

    return answer


@pytest.fixture
def base_url(app):
    """The URL of `app` served over real HTTP for the length of one test."""
    server = make_server("127.0.0.1", 0, closing_each_answer(app), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()
    server.server_close()


@pytest.fixture
def screenshot():
    """screenshot(page, "name") writes test-artifacts/screenshots/name.png (full page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


class Server:
    """The app over real HTTP on a fixed port, which a test can stop and start again."""

    def __init__(self, app):
        self.app = app
        self.port = 0
        self.start()

    def start(self):
        self.server = make_server("127.0.0.1", self.port, closing_each_answer(self.app), threaded=True)
        self.port = self.server.server_port
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.thread.join()
        self.server.server_close()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture
def server(app):
    running = Server(app)
    yield running
    running.stop()
