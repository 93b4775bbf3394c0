"""The app on a phone's home screen: the web app manifest has what Chromium needs to offer to install
it, in French, and its icons are there, at the sizes it says (scripts/make_icons.py draws them)."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from tests.helpers import HASH

URL = "/manifest.webmanifest"


@pytest.fixture
def manifest(client) -> dict:
    response = client.get(URL)
    assert response.status_code == 200
    return response.get_json(force=True)


def get(client, url: str):
    """A response read and closed (a static file's is a file left open until closed)."""
    with client.get(url) as response:
        response.get_data()
    return response


def icon_image(client, icon: dict) -> Image.Image:
    response = get(client, icon["src"])
    assert response.status_code == 200, icon["src"]
    return Image.open(io.BytesIO(response.data))


def test_the_manifest_is_json_of_its_own_type(client):
    response = client.get(URL)
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert isinstance(response.get_json(force=True), dict)


def test_it_has_what_chromium_asks_to_offer_installing(manifest):
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"  # the home page: the games in progress first
    assert manifest["scope"] == "/"
    assert manifest["id"] == "/"
    big_png = [
        icon
        for icon in manifest["icons"]
        if icon["type"] == "image/png"
        and "any" in icon["purpose"].split()
        and max(int(size.split("x")[0]) for size in icon["sizes"].split()) >= 144
    ]
    assert big_png, "Chromium wants a PNG icon of at least 144 px for any purpose"
    assert any("maskable" in icon["purpose"].split() for icon in manifest["icons"])


def test_it_speaks_french_in_the_app_s_colours(manifest):
    assert manifest["lang"] == "fr"
    assert manifest["name"] == "Belote bridgée · Marqueur"
    assert manifest["short_name"] == "Belote"
    assert "belote bridgée" in manifest["description"]
    assert manifest["theme_color"] == "#1f6b45"  # the top bar's felt
    assert manifest["background_color"] == "#f6f3ea"  # the pages' paper


def test_every_icon_is_served_at_the_size_it_declares(client, manifest):
    for icon in manifest["icons"]:
        response = get(client, icon["src"])
        assert response.status_code == 200, icon["src"]
        assert response.mimetype == icon["type"], icon["src"]
        if icon["type"] == "image/svg+xml":
            assert icon["sizes"] == "any"
            assert b"<svg" in response.data
            continue
        image = Image.open(io.BytesIO(response.data))
        assert image.format == "PNG"
        assert f"{image.width}x{image.height}" == icon["sizes"], icon["src"]
        assert len(response.data) < 15_000, f"{icon['src']}: {len(response.data)} bytes"


def test_the_maskable_icon_is_opaque_to_its_edges(client, manifest):
    """Full-bleed: the launcher's mask may cut anywhere outside the safe zone, never into a hole."""
    (maskable,) = [icon for icon in manifest["icons"] if icon["purpose"] == "maskable"]
    image = icon_image(client, maskable).convert("RGBA")
    assert image.getextrema()[3] == (255, 255)
    assert image.getpixel((0, 0)) == image.getpixel((image.width - 1, image.height - 1)) == (31, 107, 69, 255)


def test_the_apple_touch_icon_is_180_pixels_and_opaque(client):
    response = get(client, "/static/icons/apple-touch-icon.png")
    assert response.status_code == 200
    assert response.mimetype == "image/png"
    image = Image.open(io.BytesIO(response.data))
    assert image.size == (180, 180)
    assert image.convert("RGBA").getextrema()[3] == (255, 255)  # iOS would show transparency black


def test_the_any_icons_have_transparent_corners(client, manifest):
    for icon in manifest["icons"]:
        if icon["type"] == "image/png" and icon["purpose"] == "any":
            image = icon_image(client, icon).convert("RGBA")
            assert image.getpixel((0, 0))[3] == 0, icon["src"]
            assert image.getpixel((image.width // 2, image.height // 2))[3] == 255, icon["src"]


def test_the_manifest_and_the_icons_stay_in_the_phone_s_cache(client):
    """Chromium asks for the manifest and an icon on every page: kept, they cost no request."""
    response = client.get(URL)
    assert response.cache_control.max_age == 24 * 3600
    again = client.get(URL, headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    icon = get(client, "/static/icons/icon-192.png")
    assert icon.cache_control.max_age == 7 * 24 * 3600
    assert not icon.cache_control.no_cache
    style = get(client, "/static/style.css")  # the other static files: asked again every time
    assert style.cache_control.no_cache


def test_the_manifest_is_open_when_reading_needs_the_password(app, client):
    """Browsers fetch the manifest without cookies: it holds no score, so the guard lets it by."""
    app.config.update(TABLE_PASSWORD_HASH=HASH, READ_REQUIRES_PASSWORD=True)
    assert client.get("/").status_code == 302  # the pages are closed
    response = client.get(URL)
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    assert get(client, "/static/icons/icon-192.png").status_code == 200


def test_every_page_links_the_manifest_and_the_icons(client):
    text = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in text
    assert '<meta name="theme-color" content="#1f6b45">' in text
    assert re.search(r'<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png\?v=[0-9a-f]+">', text)
    assert '<link rel="icon" href="data:,">' in text  # a tab's icon costs no request on a poor line
