"""What many test modules do alike, written once: plain functions (fixtures are in conftest.py)."""

from __future__ import annotations

import re
from html import unescape

from hypothesis import settings
from werkzeug.security import generate_password_hash

DEFAULT_EXAMPLES = settings.get_profile("default").max_examples


def examples(count: int) -> int:
    """`count` examples under the default profile (`make test`), the same share of them under a
    lighter one (`make check`'s `check` profile: a fifth)."""
    return max(1, count * settings.default.max_examples // DEFAULT_EXAMPLES)


GAMES = "/api/v1/games"


def api_game(client, *hands: dict, **fields) -> str:
    """A game created through the API with `fields`, then `hands` recorded, each of which must be
    accepted; the game's id."""
    response = client.post(GAMES, json=fields)
    assert response.status_code == 201, response.get_json()
    game_id = response.get_json()["id"]
    for hand in hands:
        recorded = client.post(f"{GAMES}/{game_id}/hands", json=hand)
        assert recorded.status_code == 201, recorded.get_json()
    return game_id


def page_text(html: str) -> str:
    """A page's words, tags removed, spaces collapsed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def csrf_token(html: str) -> str:
    """The CSRF token of the (first) form in `html`, as a browser would send it back."""
    return unescape(re.search(r'name="csrf_token"[^>]*?value="([^"]+)"', html).group(1))


PASSWORD = "belote-du-jeudi"
HASH = generate_password_hash(PASSWORD, method="pbkdf2:sha256:1000")  # fast: a test needs no scrypt


def login(client, password=PASSWORD, next_path="/", address="192.0.2.1"):
    """The table password entered on /connexion by the phone at `address`."""
    return client.post(
        "/connexion", data={"password": password, "next": next_path}, environ_base={"REMOTE_ADDR": address}
    )
