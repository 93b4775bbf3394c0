"""The statistics pages stay cheap as the archive grows (issue 30): their ETag names the archive's
revision, so that a phone's revisit of an unchanged archive is answered 304 before any figure is
read, and every write that changes a figure (a deal recorded, corrected, deleted or brought back,
a game imported) gives them a new one; the overviews read an index, never the table."""

from __future__ import annotations

import io
import re

import pytest

from scorekeeper.services import stats
from scorekeeper.store import statistics
from scorekeeper.store.db import connect
from tests.test_game_lines import started_at

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
HAND = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}
PAGES = ["/statistiques", "/statistiques/equipes", "/statistiques/joueurs/ana", "/statistiques/equipes/ana|chloe"]


@pytest.fixture
def game(client) -> str:
    game_id = client.post("/api/v1/games", json={"players": PLAYERS}).get_json()["id"]
    for _ in range(2):
        assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 201
    return game_id


def etags(client) -> dict[str, str]:
    """Each statistics page's ETag, as a phone keeps it (each answered 200)."""
    tags = {}
    for url in PAGES:
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.headers["Cache-Control"] == "private, no-cache"
        tags[url] = response.headers["ETag"]
    return tags


def revisits(client, tags: dict[str, str]) -> dict[str, int]:
    """The status of each page asked again with the ETag kept."""
    return {url: client.get(url, headers={"If-None-Match": tag}).status_code for url, tag in tags.items()}


def test_an_unchanged_archive_answers_304_and_reads_no_figure(client, game, monkeypatch):
    tags = etags(client)
    assert len(set(tags.values())) == len(PAGES)  # a tag per page: each names its own address

    def no_figures(*args, **kwargs):
        raise AssertionError("a figure was read for a 304")

    for name in ("players_page", "teams_page", "player", "team"):
        monkeypatch.setattr(stats, name, no_figures)
    for url, tag in tags.items():
        again = client.get(url, headers={"If-None-Match": tag})
        assert again.status_code == 304 and not again.data, url
        assert again.headers["ETag"] == tag


def test_reading_a_page_or_a_sheet_changes_nothing(client, game):
    tags = etags(client)
    client.get(f"/parties/{game}")
    client.get(f"/api/v1/games/{game}")
    client.get("/soirees")
    assert set(revisits(client, tags).values()) == {304}
    assert etags(client) == tags


def changed_everywhere(client, tags: dict[str, str]) -> None:
    assert revisits(client, tags) == dict.fromkeys(PAGES, 200)


def test_a_deal_recorded_changes_every_page(client, game):
    tags = etags(client)
    assert client.post(f"/api/v1/games/{game}/hands", json=HAND).status_code == 201
    changed_everywhere(client, tags)


def test_a_deal_corrected_changes_every_page(client, game):
    tags = etags(client)
    response = client.put(f"/api/v1/games/{game}/hands/2", json={**HAND, "taker_points": 60, "version": 1})
    assert response.status_code == 200
    changed_everywhere(client, tags)


def test_a_redeal_recorded_changes_every_page(client, game):
    """No figure of the overview moves (a redeal scores nothing), but a player's count of deals
    could: the revision does not tell writes apart."""
    tags = etags(client)
    assert client.post(f"/api/v1/games/{game}/redeals", json={"reason": "all_pass"}).status_code == 201
    changed_everywhere(client, tags)


def test_a_deal_deleted_then_brought_back_changes_every_page(client, game):
    tags = etags(client)
    assert client.delete(f"/api/v1/games/{game}/hands/2").status_code == 200
    changed_everywhere(client, tags)
    tags = etags(client)
    assert client.post(f"/api/v1/games/{game}/undo", json={}).status_code == 200  # the delete taken back
    assert len(client.get(f"/api/v1/games/{game}").get_json()["hands"]) == 2
    changed_everywhere(client, tags)


def test_a_game_imported_changes_every_page(client, make_app, game):
    exported = client.get("/archives/export.json").data
    other = make_app().test_client()
    # The other archive has a game of its own, then takes this one's.
    other.post("/api/v1/games", json={"players": PLAYERS})
    tags = etags_of(other, ["/statistiques", "/statistiques/equipes"])
    response = other.post(
        "/archives/importer",
        data={"archive": (io.BytesIO(exported), "archive.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 200 and "Import terminé" in response.get_data(as_text=True)
    assert revisits(other, tags) == dict.fromkeys(tags, 200)
    assert other.get("/statistiques/joueurs/ana").status_code == 200


def etags_of(client, urls: list[str]) -> dict[str, str]:
    return {url: client.get(url).headers["ETag"] for url in urls}


def test_the_revision_is_moved_in_the_writes_transaction(app, client, game):
    """A write taken back (a rollback) leaves the revision as it was: the same transaction."""
    db = connect(app.config["DATABASE"])
    try:
        before = stats.archive_revision(db)
        db.execute("begin immediate")
        db.execute("update game_summaries set deal_count = deal_count where game_id = ?", [game])
        assert stats.archive_revision(db) != before
        db.execute("rollback")
        assert stats.archive_revision(db) == before
    finally:
        db.close()


def test_another_phone_has_its_own_validator(app, client, game):
    """The tag names the phone's session too (its table password, its CSRF token)."""
    tags = etags(client)
    other = app.test_client()
    assert revisits(other, tags) == dict.fromkeys(PAGES, 200)


def test_a_missing_player_is_still_a_404(client, game):
    assert client.get("/statistiques/joueurs/personne").status_code == 404
    assert client.get("/statistiques/equipes/ana|personne").status_code == 404


@pytest.mark.parametrize("subject", ["player", "team"])
def test_the_overview_reads_an_index_and_never_the_table(db, subject):
    """Every game's rows are grouped: read from an index holding the columns summed (a scan of the
    index, then a search of it per name), never a row of the table (EXPLAIN QUERY PLAN)."""
    ran: list[str] = []
    db.conn.set_trace_callback(ran.append)
    try:
        statistics.overview(db, subject, 30, 0)
    finally:
        db.conn.set_trace_callback(None)
    table = statistics.SUBJECTS[subject][0]
    steps = [
        step for sql in ran for *_, step in db.execute(f"explain query plan {sql}", []).fetchall() if table in step
    ]
    assert len(steps) == 3, steps  # the count, the grouping, the names
    assert all(f"USING COVERING INDEX {table}_overview" in step for step in steps), steps


@pytest.mark.parametrize(("first", "then"), [("zoe", "Zoé"), ("Zoé", "zoe")])
def test_a_partner_is_named_as_last_written(client, db, first, then):
    """The latest name of each partner is found key by key in the index: the newer game's spelling."""
    for players, moment in (([first], "2026-01-09T20:00:00.000+00:00"), ([then], "2026-02-13T20:00:00.000+00:00")):
        game_id = client.post("/api/v1/games", json={"players": ["Ana", "Bruno", *players, "David"]}).get_json()["id"]
        started_at(db, game_id, moment)
    partners = re.findall(r">([^<>]+)</a>\s*</th>", client.get("/statistiques/joueurs/ana").text)
    assert then in partners and first not in partners
