"""Security headers on every answer, the session cookie's flags, and templates the CSP can serve
(issue 6): no inline script, no style attribute, no on* handler anywhere in templates/."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest

from scorekeeper.web import assets
from scorekeeper.web.paths import template_folder
from scorekeeper.web.security import CONTENT_SECURITY_POLICY

PAGES = [
    ("get", "/", 200),
    ("get", "/parties/nouvelle", 200),
    ("get", "/outils/compter", 200),
    ("get", "/static/icons/icon.svg", 200),
    ("get", "/nulle-part", 404),
    ("get", "/api/v1/games/introuvable", 404),
    ("post", "/api/v1/score", 415),
    ("delete", "/", 405),
]
MAP_HASH = re.compile(r" 'sha256-[A-Za-z0-9+/]+={0,2}'")


def without_the_map_hash(policy: str) -> str:
    """The policy as CONTENT_SECURITY_POLICY writes it: the import map's hash taken out."""
    return MAP_HASH.sub("", policy, count=1)


@pytest.mark.parametrize(("method", "path", "status"), PAGES)
def test_every_answer_carries_the_security_headers(client, method, path, status):
    response = getattr(client, method)(path)
    response.close()  # a static file is streamed from an open file
    assert response.status_code == status
    assert without_the_map_hash(response.headers["Content-Security-Policy"]) == CONTENT_SECURITY_POLICY
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize("path", ["/static/style.css", "/static/engine.js"])
def test_a_script_or_a_style_sheet_carries_nosniff_and_no_document_policy(client, path):
    response = client.get(path)
    response.close()
    assert response.status_code == 200 and response.headers["X-Content-Type-Options"] == "nosniff"
    assert not {"Content-Security-Policy", "Referrer-Policy", "X-Frame-Options"} & set(response.headers.keys())


@pytest.mark.parametrize(
    "directive",
    [
        "script-src 'self'",
        "style-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "default-src 'self'",
    ],
)
def test_the_policy_allows_nothing_inline(directive):
    assert directive in CONTENT_SECURITY_POLICY.split("; ")
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY
    assert "unsafe-eval" not in CONTENT_SECURITY_POLICY


TEMPLATES = sorted(Path(template_folder()).rglob("*.html"))


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: path.name)
def test_no_template_has_inline_script_or_style(template):
    text = template.read_text(encoding="utf-8")
    for attrs, body in re.findall(r"<script\b([^>]*)>(.*?)</script>", text, re.S):
        if attrs == ' type="importmap"':  # the import map, the server's data (module_map), allowed by its hash
            assert body == "{{ module_map()|safe }}"
            continue
        assert not body.strip(), "inline <script> body: move it to static/"
        assert "src=" in attrs
    assert not re.search(r"<style\b", text)
    assert not re.search(r"\sstyle\s*=", text)
    assert not re.search(r"\son[a-z]+\s*=", text, re.I)
    assert "javascript:" not in text.lower()


def test_the_templates_were_found():
    assert len(TEMPLATES) >= 5


@pytest.fixture
def csrf_client(make_app):
    """A client of the app with CSRF on, as in production: the token lives in the session cookie."""
    return make_app(SECRET_KEY="x", WTF_CSRF_ENABLED=True).test_client()


def session_cookie(response) -> str:
    cookies = [value for value in response.headers.getlist("Set-Cookie") if value.startswith("session=")]
    assert cookies, "the page set no session cookie"
    return cookies[0]


def test_session_cookie_is_httponly_and_samesite_lax_over_http(csrf_client):
    cookie = session_cookie(csrf_client.get("/parties/nouvelle"))  # the CSRF token lives in the session
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    assert "Secure" not in cookie


def test_session_cookie_is_secure_over_https(csrf_client):
    cookie = session_cookie(csrf_client.get("/parties/nouvelle", base_url="https://localhost"))
    assert "Secure" in cookie
    assert "HttpOnly" in cookie


def test_proxy_count_trusts_the_proxy_for_scheme_and_address(make_app):
    app = make_app(SECRET_KEY="x", WTF_CSRF_ENABLED=True, PROXY_COUNT=1)
    assert seen_through_a_proxy(app) == {"address": "192.0.2.7", "secure": True}


def test_without_proxy_count_forwarded_headers_are_ignored(make_app):
    app = make_app()  # its own: the probe adds a route, which an app that has served cannot take
    assert seen_through_a_proxy(app) == {"address": "127.0.0.1", "secure": False}


def seen_through_a_proxy(app) -> dict:
    """The client's address and scheme as the app sees them, behind a proxy that says HTTPS."""
    seen = {}

    @app.get("/probe")
    def probe():
        from flask import request

        seen.update(address=request.remote_addr, secure=request.is_secure)
        return ""

    app.test_client().get("/probe", headers={"X-Forwarded-For": "192.0.2.7", "X-Forwarded-Proto": "https"})
    return seen


@pytest.mark.parametrize("body", ["true", "[]", '{"team_a": "Nous"}', "null"])
def test_a_page_refuses_a_json_body(client, body):
    """Flask-WTF would read a JSON body as the form (and fail on anything but an object)."""
    response = client.post("/parties/nouvelle", data=body, content_type="application/json")
    assert response.status_code == 415
    assert "Format refusé" in response.text
    assert without_the_map_hash(response.headers["Content-Security-Policy"]) == CONTENT_SECURITY_POLICY


def test_the_one_inline_script_is_the_import_map_named_by_its_hash(client):
    """A page's import map runs nothing; the policy allows exactly its text, so an inline script
    slipped into a page (or a map changed on the way) is still blocked."""
    response = client.get("/parties/nouvelle")
    scripts = re.findall(r"<script( [^>]*)?>(.*?)</script>", response.text, re.S)
    inline = [(attributes, text) for attributes, text in scripts if text.strip()]
    assert [attributes for attributes, _ in inline] == [' type="importmap"']
    digest = base64.b64encode(hashlib.sha256(inline[0][1].encode()).digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}'" in response.headers["Content-Security-Policy"]
    mapped = json.loads(inline[0][1])["imports"]
    assert mapped["/static/outbox.js"].startswith("/static/outbox.js?v=")


def test_the_import_map_is_made_once_per_process_not_per_answer(client, monkeypatch):
    """Every answer names the map's hash: it is made on the first and read after (35 addresses
    built per answer were 15 % of a save's time). Once made, building an address would fail."""
    first = client.get("/parties/nouvelle")

    def no_address(*args, **kwargs):
        raise AssertionError("the import map was made again")

    monkeypatch.setattr(assets, "url_for", no_address)
    again = client.get("/parties/nouvelle")
    api = client.get("/api/v1/games/introuvable")
    assert again.headers["Content-Security-Policy"] == first.headers["Content-Security-Policy"]
    assert api.headers["Content-Security-Policy"] == first.headers["Content-Security-Policy"]
    assert MAP_HASH.search(first.headers["Content-Security-Policy"])
    assert re.search(r'<script type="importmap">(.*?)</script>', again.text).group(1) == re.search(
        r'<script type="importmap">(.*?)</script>', first.text
    ).group(1)
