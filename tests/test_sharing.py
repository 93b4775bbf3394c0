"""« Partager » (docs/sharing.md): a finished game's image and a concours's podium (1080 × 1350 PNG,
with an ETag), names never cut however long, and the read-only link: it opens its one game without
the table password on a server that asks it to read, nothing else, until it expires or is ended."""

from __future__ import annotations

import io
import re
import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta
from html import unescape
from urllib.parse import unquote

import pytest
from PIL import Image

from scorekeeper.services import sharing
from scorekeeper.store import evenings
from scorekeeper.store.db import write_transaction
from scorekeeper.web.share import links
from scorekeeper.web.share.drawing import HEIGHT, WIDTH
from scorekeeper.web.share.game_image import GameCard, draw_game, share_sentence
from scorekeeper.web.share.podium_image import Placed, PodiumCard, draw_podium
from tests.helpers import CONCOURS, GAMES, HASH, api_concours, api_draw, api_game, login

CAPOT_A = {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True}  # 500 / 0
# The longest names the app takes (40 characters), with accents, and one with no space to wrap at.
LONG_A = "Les Pies de l'Écurie Montmartroise à Zoé"
LONG_B = "Anticonstitutionnellementéèçàôïûëâœæ1234"
WIDE = "W" * 40
PLAYERS = ["Élodie-Françoise Delacroix-Bérénger", "Bruno", "Jean-Sébastien Tranchecôte d'Aÿ", "Ça"]


def finished_game(client, team_a: str = LONG_A, team_b: str = LONG_B) -> str:
    """Team A 1000 – team B 0 after two capots, in a game to 1000."""
    fields = {"teams": {"A": team_a, "B": team_b}, "players": PLAYERS, "target": 1000}
    return api_game(client, CAPOT_A, CAPOT_A, **fields)


def png_size(data: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.size


# --- the game's image ---------------------------------------------------------------------------


def test_a_finished_game_s_image_is_a_portrait_png_with_its_sentence(client):
    game_id = finished_game(client)
    response = client.get(f"/parties/{game_id}/image.png")
    assert response.status_code == 200
    assert response.mimetype == "image/png"
    assert png_size(response.data) == (1080, 1350)
    assert unquote(response.headers["X-Share-Text"]) == f"{LONG_A} gagnent 1000 à 0"


def test_the_image_is_answered_304_until_the_game_changes(client):
    game_id = finished_game(client)
    first = client.get(f"/parties/{game_id}/image.png")
    tag = first.headers["ETag"]
    again = client.get(f"/parties/{game_id}/image.png", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    assert client.delete(f"{GAMES}/{game_id}/hands/2").status_code == 200  # 500 – 0: no longer won
    assert client.get(f"/parties/{game_id}/image.png", headers={"If-None-Match": tag}).status_code == 404
    client.post(f"{GAMES}/{game_id}/undo", json={})  # the deal back: won again, a new revision
    back = client.get(f"/parties/{game_id}/image.png", headers={"If-None-Match": tag})
    assert back.status_code == 200 and back.headers["ETag"] != tag


def test_a_game_not_finished_or_not_there_has_no_image(client):
    game_id = api_game(client, CAPOT_A, target=1000)
    assert client.get(f"/parties/{game_id}/image.png").status_code == 404
    assert client.get("/parties/nothere/image.png").status_code == 404


def test_a_draw_says_so():
    card = GameCard(
        teams={"A": "Nous", "B": "Eux"},
        players={"A": "Ana & Chloé", "B": "Bruno & David"},
        totals={"A": 1500, "B": 1500},
        winner=None,
        running=[(0, 0), (1500, 1500)],
        target=None,
        date="",
        evening="",
        concours="",
    )
    assert share_sentence(card) == "Match nul 1500 à 1500"
    assert "Match nul" in [text.text for text in draw_game(card).texts]


def overlapping(texts) -> list[tuple[str, str]]:
    """The pairs of texts whose boxes cover each other (a name running into a total, a label into a label)."""
    found = []
    for index, one in enumerate(texts):
        for other in texts[index + 1 :]:
            left, top, right, bottom = one.box
            other_left, other_top, other_right, other_bottom = other.box
            if left < other_right and other_left < right and top < other_bottom and other_top < bottom:
                found.append((one.text, other.text))
    return found


def words_drawn(texts, name: str) -> str:
    """The letters of `name` as the drawing laid them out, in order, spaces left out."""
    letters = name.replace(" ", "")
    joined = "".join(text.text.replace(" ", "") for text in texts)
    start = joined.find(letters[:8])
    return joined[start : start + len(letters)] if start >= 0 else ""


# a game to 2000 in three deals; one in 40 deals of 13 scored hands (no target's line, 40 deal numbers)
SHORT = [(0, 0), (1200, 900), (2660, 1980)]
LONG = [(0, 0)] + [(80 * deal, 70 * deal) for deal in range(1, 41)]


@pytest.mark.parametrize(
    "team_a, team_b, running, target",
    [
        (LONG_A, LONG_B, SHORT, 2000),
        (WIDE, WIDE, SHORT, 2000),
        ("Nous", "Eux", SHORT, 2000),
        (LONG_B, WIDE, LONG, None),
    ],
)
def test_no_name_leaves_the_game_s_image_or_loses_a_letter_or_covers_a_text(team_a, team_b, running, target):
    card = GameCard(
        teams={"A": team_a, "B": team_b},
        players={"A": f"{PLAYERS[0]} & {PLAYERS[2]}", "B": f"{PLAYERS[1]} & {PLAYERS[3]}"},
        totals={"A": running[-1][0], "B": running[-1][1]},
        winner="A",
        running=running,
        target=target,
        date="samedi 17 mai 2025",
        evening="Café des Sports, salle du fond, à Châteauneuf-sur-Loire",
        concours=f"Concours « {LONG_A} » · Partie 2 · Table 3",
    )
    texts = draw_game(card).texts
    for text in texts:
        left, top, right, bottom = text.box
        assert 0 <= left and right <= WIDTH and 0 <= top and bottom <= HEIGHT, text
    for name in (team_a, team_b):
        assert words_drawn(texts, name) == name.replace(" ", "")
    assert overlapping(texts) == []


def test_no_name_leaves_the_podium_or_loses_a_letter_or_covers_a_text():
    names = [LONG_A, LONG_B, WIDE] + [f"{WIDE[:30]} {index}" for index in range(4, 20)]
    card = PodiumCard(
        name=LONG_A,
        date="samedi 17 mai 2025",
        evening="Café des Sports",
        ranking=[Placed(rank, name, "Ana & Chloé", 3000 - rank, 1) for rank, name in enumerate(names, 1)],
    )
    texts = draw_podium(card).texts
    for text in texts:
        left, top, right, bottom = text.box
        assert 0 <= left and right <= WIDTH and 0 <= top and bottom <= HEIGHT, text
    for name in names[:3]:
        assert words_drawn(texts, name) == name.replace(" ", "")
    assert overlapping(texts) == []
    shown = [text.text for text in texts]
    assert any(line.startswith("… et ") for line in shown)  # the teams the image has no room for


def test_a_finished_concours_has_its_podium(client):
    concours = api_concours(client, ["Les Pies", "Les Geais", "Les Merles", "Les Pics"], parties=1)
    cid = concours["id"]
    assert client.get(f"/concours/{cid}/image.png").status_code == 404  # nothing played yet
    drawn = api_draw(client, cid)
    for table in drawn["rounds"][0]["tables"]:
        for _ in range(2):
            assert client.post(f"{GAMES}/{table['game']}/hands", json=CAPOT_A).status_code == 201
    client.post(f"{CONCOURS}/{cid}/rounds/1/close", json={})
    response = client.get(f"/concours/{cid}/image.png")
    assert response.status_code == 200
    assert png_size(response.data) == (1080, 1350)
    assert unquote(response.headers["X-Share-Text"]).endswith("gagnent le concours « Concours du vendredi »")
    assert (
        client.get(f"/concours/{cid}/image.png", headers={"If-None-Match": response.headers["ETag"]}).status_code == 304
    )


# --- the read-only link -------------------------------------------------------------------------


@pytest.fixture
def locked(make_app):
    """A server that asks the password to read (an app of its own: no request context of the
    `app` fixture's around its requests, whose `g` would remember the phone that logged in)."""
    return make_app(TABLE_PASSWORD_HASH=HASH, READ_REQUIRES_PASSWORD=True)


@pytest.fixture
def phone(locked):
    """The table's phone, which has entered the password."""
    client = locked.test_client()
    login(client)
    return client


def make_link(client, game_id: str) -> str:
    """A read-only link made on the game's « Partager » page, by a phone that entered the password."""
    response = client.post(f"/parties/{game_id}/partage")
    assert response.status_code == 302
    page = client.get(f"/parties/{game_id}/partage").text
    tokens = re.findall(r"/partage/([\w-]{20,})\"", page)
    assert len(tokens) == 1, page
    return tokens[0]


def test_the_link_opens_its_game_and_nothing_else_without_the_password(locked, phone):
    game_id, other_id = finished_game(phone), finished_game(phone, "Les Geais", "Les Merles")
    token = make_link(phone, game_id)
    stranger = locked.test_client()
    page = stranger.get(f"/partage/{token}")
    assert page.status_code == 200
    assert LONG_A in unescape(page.text) and LONG_B in page.text and "Les Geais" not in page.text
    # nothing in it leads elsewhere in the app: its style, its image, no more
    for address in re.findall(r'(?:href|src|action)="([^"]+)"', page.text):
        assert address.startswith(("/static/", f"/partage/{token}/image.png", "data:,")), address
    image = stranger.get(f"/partage/{token}/image.png")
    assert image.status_code == 200 and png_size(image.data) == (1080, 1350)
    for elsewhere in (
        f"/parties/{game_id}",
        f"/parties/{other_id}",
        f"/parties/{game_id}/image.png",
        f"/parties/{game_id}/partage",
        f"/archives/parties/{game_id}",
        "/soirees",
        "/",
    ):
        response = stranger.get(elsewhere)
        assert response.status_code == 302 and response.headers["Location"].startswith("/connexion"), elsewhere
    assert stranger.get(f"/api/v1/games/{game_id}").status_code == 401
    assert stranger.post(f"/parties/{game_id}/partage").status_code == 302  # to /connexion: no link made
    assert stranger.get("/partage/" + token[:-1] + ("A" if token[-1] != "A" else "B")).status_code == 404


def test_a_link_lasts_thirty_days(locked, phone, monkeypatch):
    start = datetime(2026, 5, 16, 19, 0, tzinfo=UTC)
    monkeypatch.setattr(links, "now", lambda: start)
    game_id = finished_game(phone)
    token = make_link(phone, game_id)
    # 30 days after 19:00 UTC on 16 May: 15 June, 21:00 in Paris (summer time, UTC+2)
    assert "valable jusqu'au lundi 15 juin 2026 à 21\u00a0h\u00a000" in unescape(
        phone.get(f"/parties/{game_id}/partage").text
    )
    stranger = locked.test_client()
    monkeypatch.setattr(links, "now", lambda: start + timedelta(days=30, seconds=-1))
    assert stranger.get(f"/partage/{token}").status_code == 200
    monkeypatch.setattr(links, "now", lambda: start + timedelta(days=30))
    expired = stranger.get(f"/partage/{token}")
    assert expired.status_code == 410 and "a expiré" in unescape(expired.text)
    assert stranger.get(f"/partage/{token}/image.png").status_code == 410


def test_a_link_ended_sooner_opens_nothing_and_leaves_the_list(locked, phone):
    game_id = finished_game(phone)
    token = make_link(phone, game_id)
    page = unescape(phone.get(f"/parties/{game_id}/partage").text)
    assert "Arrêter le partage" in page and "valable jusqu'au" in page
    assert phone.post(f"/parties/{game_id}/partage/{token}/arreter").status_code == 302
    assert token not in unescape(phone.get(f"/parties/{game_id}/partage").text)
    ended = locked.test_client().get(f"/partage/{token}")
    assert ended.status_code == 410 and "a été arrêté" in unescape(ended.text)
    # a link is ended from its own game's page only
    other = finished_game(phone, "Les Geais", "Les Merles")
    second = make_link(phone, other)
    phone.post(f"/parties/{game_id}/partage/{second}/arreter")
    assert locked.test_client().get(f"/partage/{second}").status_code == 200


def test_a_stranger_ends_no_link(locked, phone):
    game_id = finished_game(phone)
    token = make_link(phone, game_id)
    stranger = locked.test_client()
    refused = stranger.post(f"/parties/{game_id}/partage/{token}/arreter")
    assert refused.status_code == 302 and refused.headers["Location"].startswith("/connexion")
    assert stranger.get(f"/partage/{token}").status_code == 200


def test_a_concours_s_link_opens_its_ranking_and_podium(locked, phone):
    concours = api_concours(phone, ["Les Pies", "Les Geais"], parties=1)
    cid = concours["id"]
    for table in api_draw(phone, cid)["rounds"][0]["tables"]:
        for _ in range(2):
            assert phone.post(f"{GAMES}/{table['game']}/hands", json=CAPOT_A).status_code == 201
    phone.post(f"{CONCOURS}/{cid}/rounds/1/close", json={})
    assert phone.post(f"/concours/{cid}/partage").status_code == 302
    token = re.findall(r"/partage/([\w-]{20,})\"", phone.get(f"/concours/{cid}/partage").text)[0]
    stranger = locked.test_client()
    page = stranger.get(f"/partage/{token}")
    assert page.status_code == 200 and "classement final" in page.text and "Les Geais" in page.text
    assert png_size(stranger.get(f"/partage/{token}/image.png").data) == (1080, 1350)
    assert stranger.get(f"/concours/{cid}/classement").status_code == 302


def test_a_link_to_a_game_deleted_since_says_so(locked, phone):
    token = make_link(phone, finished_game(phone))
    with closing(sqlite3.connect(locked.config["DATABASE"])) as connection, connection:  # as if deleted
        connection.execute("update share_links set target_id = 'gone0000' where token = ?", [token])
    gone = locked.test_client().get(f"/partage/{token}")
    assert gone.status_code == 404 and "n'existe plus" in unescape(gone.text)


def test_what_the_image_says_beside_the_scores(client, db):
    """The evening's date in words and its place; a concours's table its line (worked by hand)."""
    with write_transaction(db):
        evening = evenings.insert(db, "2025-05-17", place="Café des Sports", note="Une longue note")
    game_id = client.post(GAMES, json={"evening": evening, "target": 1000}).get_json()["id"]
    assert sharing.game_evening_words(db, game_id) == ("samedi 17 mai 2025", "Café des Sports")
    assert sharing.concours_table_line(db, game_id) == ""
    concours = api_concours(client, ["Les Pies", "Les Geais", "Les Merles", "Les Pics"], parties=2)
    tables = api_draw(client, concours["id"])["rounds"][0]["tables"]
    line = sharing.concours_table_line(db, tables[1]["game"])
    assert line == "Concours « Concours du vendredi » · Partie 1 · Table 2"
