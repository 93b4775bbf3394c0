"""Make the fixture of the upgrade test: a database written by the code of commit 0ed2a96 (schema
migrations m001..m005) holding realistic data, and the exact answers that code gives on it.

This script MUST be run against commit 0ed2a96: with the working directory at a checkout of that
commit and PYTHONPATH pointing at it, so that `import scorekeeper` loads that code, e.g.

    git worktree add /tmp/oldmain 0ed2a96
    cd /tmp/oldmain && PYTHONPATH=/tmp/oldmain /path/to/venv/bin/python make_upgrade_fixture.py OUT_DIR

It writes two files into OUT_DIR (the new code's tests/data/upgrade), created if need be:

- main_0ed2a96.sql: the database as an SQL text dump (`iterdump`), the sqlite-utils migrations
  table `_sqlite_migrations` included, so that a migrate() of the restored file sees m001..m005
  as applied;
- main_0ed2a96_expected.json: {"commit": "0ed2a96", "pages": {url: body text}}: the bodies that
  code answers (200) on that database for the sheets, the exports and the archive's pages.

Everything is written through the JSON API and the archive's pages with Flask's test client; the
service layer is used only where no page or API call can do it (evenings on past dates). The data
is fixed (no randomness): game ids come from a seeded generator; time stamps (created_at, ...)
are the moment the script runs, so two runs differ in those and in nothing else.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
import sys
import tempfile
import time
from html import unescape
from pathlib import Path

from scorekeeper.games import evenings, store

import scorekeeper
from scorekeeper import create_app
from scorekeeper import db as dbmodule

COMMIT = "0ed2a96"
GAMES = "/api/v1/games"

# --- deterministic game ids ----------------------------------------------------------------
# The app draws ids with `secrets`; a seeded draw from the same alphabet keeps them realistic and
# makes every run give the same ids.
_ids = random.Random(0x0ED2A96)
store.new_game_id = lambda: "".join(_ids.choice(store.ID_ALPHABET) for _ in range(store.ID_LENGTH))


def config(path: str) -> dict:
    return {"TESTING": True, "DATABASE": path, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False}


class Table:
    """One game driven through the API, every answer checked."""

    def __init__(self, client, body: dict):
        response = client.post(GAMES, json=body)
        assert response.status_code == 201, response.get_data(as_text=True)
        self.client = client
        self.sheet = response.get_json()
        self.id = self.sheet["id"]
        time.sleep(0.005)  # distinct creation stamps: the archive orders games by them

    def _check(self, response, status: int) -> dict:
        assert response.status_code == status, (response.status_code, response.get_data(as_text=True))
        self.sheet = response.get_json()
        return self.sheet

    def hand(self, body: dict, key: str | None = None) -> dict:
        headers = {"Idempotency-Key": key} if key else {}
        return self._check(self.client.post(f"{GAMES}/{self.id}/hands", json=body, headers=headers), 201)

    def redeal(self, reason: str, player: int | None = None) -> dict:
        body = {"reason": reason} if player is None else {"reason": reason, "player": player}
        return self._check(self.client.post(f"{GAMES}/{self.id}/redeals", json=body), 201)

    def edit(self, number: int, body: dict) -> dict:
        version = self.sheet["hands"][number - 1]["version"]
        return self._check(self.client.put(f"{GAMES}/{self.id}/hands/{number}", json={**body, "version": version}), 200)

    def delete(self, number: int, with_version: bool = False) -> dict:
        url = f"{GAMES}/{self.id}/hands/{number}"
        if with_version:
            url += f"?version={self.sheet['hands'][number - 1]['version']}"
        return self._check(self.client.delete(url), 200)

    def undo(self) -> dict:
        return self._check(self.client.post(f"{GAMES}/{self.id}/undo", json={}), 200)

    def expect(self, totals: tuple[int, int], finished: bool, winner: str | None = None) -> None:
        assert (self.sheet["totals"]["A"], self.sheet["totals"]["B"]) == totals, (self.id, self.sheet)
        assert self.sheet["finished"] is finished and self.sheet["winner"] == winner, self.sheet


def make_data(app, client) -> list[Table]:
    # Evenings on fixed past dates: no page or API call creates one on another day than today.
    database = dbmodule.connect(app.config["DATABASE"])
    try:
        with dbmodule.write_transaction(database):
            first = evenings.insert(database, "2025-03-14")
            second = evenings.insert(database, "2025-04-18", place="Chez Zoe")  # corrected below
            third = evenings.insert(database, "2025-05-24", place="Club de la Forêt")
    finally:
        database.close()
    # The second evening's date, place and note corrected through its page's form.
    response = client.post(
        f"/soirees/{second}",
        data={
            "date": "2025-04-19",
            "place": "  Chez   Zoë ",
            "note": 'Anniversaire d\'Hélène : « la revanche » — on a dit "plus jamais de sans-atout" !',
        },
        follow_redirects=True,  # the flash message is shown (and used up) here, not on a captured page
    )
    assert response.status_code == 200 and "Soirée enregistrée." in response.get_data(as_text=True)

    tables = []

    # G1 (first evening): default team names, to 1000, finished; an edit reopens it, a hand ends it.
    g1 = Table(client, {"players": ["Ana", "Bruno", "Chloé", "David"], "target": 1000, "evening": first})
    g1.hand({"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92, "taker_player": 0})  # 170/70
    g1.hand({"taker": "A", "contract": 90, "mode": "spades", "taker_points": 81, "taker_player": 2})  # 0/250
    g1.hand(
        {"taker": "B", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101, "taker_player": 1}
    )  # 60/300
    g1.hand(
        {
            "taker": "A",
            "contract": 80,
            "mode": "spades",
            "taker_points": 71,
            "belote": {"A": 1, "B": 0},
            "taker_player": 0,
        }
    )  # failed, A keeps its belote: 20/240
    g1.hand({"taker": "A", "contract": 130, "mode": "spades", "all_tricks": True, "taker_player": 2})  # 380/0
    g1.redeal("all_pass")
    g1.hand(
        {
            "taker": "B",
            "contract": 110,
            "mode": "hearts",
            "taker_points": 95,
            "melds": {"A": ["tierce"], "B": ["cinquante"]},
            "taker_player": 3,
        }
    )  # 70/260
    g1.expect((700, 1120), True, "B")
    g1.edit(
        7,
        {
            "taker": "B",
            "contract": 110,
            "mode": "hearts",
            "taker_points": 50,
            "melds": {"A": ["tierce"], "B": ["cinquante"]},
            "taker_player": 3,
        },
    )  # failed: 320/0
    g1.expect((950, 860), False)
    g1.hand({"taker": "A", "contract": 80, "mode": "diamonds", "taker_points": 92, "taker_player": 2})  # 170/70
    g1.expect((1120, 930), True, "A")
    tables.append(g1)

    # G2 (first evening): rounding "complement", named teams, Chloé written without her accent.
    g2 = Table(
        client,
        {
            "teams": {"A": "Les Bleus", "B": "Les Rouges"},
            "players": ["Zoë", "Jean-Éric", "Ana", "Chloe"],
            "dealer": 1,
            "rules": {"rounding": "complement"},
            "evening": first,
        },
    )
    g2.hand({"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 85, "taker_player": 0})  # 170/70
    g2.hand(
        {
            "taker": "B",
            "contract": 120,
            "mode": "diamonds",
            "coinche": "surcoinche",
            "taker_points": 60,
            "belote": {"A": 1, "B": 0},
            "taker_player": 1,
        }
    )  # failed: 660/0
    g2.hand(
        {
            "taker": "A",
            "contract": "generale",
            "mode": "spades",
            "all_tricks": True,
            "belote": {"A": 1, "B": 0},
            "taker_player": 2,
        }
    )  # générale made: 820/0
    g2.hand(
        {
            "taker": "B",
            "contract": 100,
            "mode": "spades",
            "taker_points": 100,
            "melds": {"A": ["cent"], "B": ["carre_K"]},
            "taker_player": 3,
        }
    )  # 60/300
    g2.hand(
        {
            "taker": "A",
            "contract": 90,
            "mode": "clubs",
            "taker_points": 95,
            "melds": {"A": ["tierce"], "B": ["tierce", "tierce"]},
            "best_meld": "B",
            "taker_player": 0,
        }
    )  # equal tierces, the table gives B the best: 0/290
    g2.hand(
        {
            "taker": "A",
            "contract": 100,
            "mode": "no_trump",
            "taker_points": 90,
            "melds": {"A": ["carre_A"], "B": []},
            "taker_player": 2,
        }
    )  # 390/70
    g2.expect((2100, 730), True, "A")
    tables.append(g2)

    # G3 (second evening): misère and carré de 7 on, redeals of every reason; the same two pairs
    # as G1 (Ana & Chloé, Bruno & David), seated the other way round.
    g3 = Table(
        client,
        {
            "teams": {"B": "Les Cousins"},
            "players": ["Chloé", "David", "Ana", "Bruno"],
            "dealer": 2,
            "rules": {"misere": True, "carre_de_sept": True},
            "evening": second,
        },
    )
    g3.redeal("all_pass")
    g3.redeal("misere", 1)
    g3.hand(
        {
            "taker": "A",
            "contract": 100,
            "mode": "all_trump",
            "taker_points": 110,
            "belote": {"A": 2, "B": 1},
            "taker_player": 0,
        }
    )  # 250/70
    g3.redeal("carre_de_sept", 2)
    g3.hand(
        {
            "taker": "A",
            "contract": "capot",
            "mode": "hearts",
            "coinche": "coinche",
            "belote": {"A": 1, "B": 0},
            "taker_player": 2,
        }
    )  # capot failed: 20/660
    g3.hand({"taker": "B", "contract": "capot", "mode": "clubs", "all_tricks": True, "taker_player": 3})  # 0/500
    g3.hand(
        {
            "taker": "B",
            "contract": 110,
            "mode": "spades",
            "taker_points": 80,
            "melds": {"A": [], "B": ["carre_J"]},
            "taker_player": 1,
        }
    )  # 80/390
    g3.hand(
        {
            "taker": "A",
            "contract": 80,
            "mode": "diamonds",
            "taker_points": 90,
            "belote": {"A": 0, "B": 1},
            "taker_player": 0,
        }
    )  # 90 against 72+20: failed, 0/260
    g3.expect((350, 1880), False)
    g3.edit(2, {"reason": "misere", "player": 3})  # a redeal corrected: who asked
    g3.edit(
        8,
        {
            "taker": "A",
            "contract": 80,
            "mode": "diamonds",
            "taker_points": 95,
            "belote": {"A": 0, "B": 1},
            "taker_player": 0,
        },
    )
    g3.expect((530, 1710), False)
    g3.undo()  # the last edit undone
    g3.expect((350, 1880), False)
    g3.hand({"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 100, "taker_player": 3})  # 60/180
    g3.expect((410, 2060), True, "B")
    tables.append(g3)

    # G4 (second evening): rounding "none", names with quotes; left in progress. A générale failed.
    g4 = Table(
        client,
        {
            "teams": {"A": "Les Élus", "B": "L'Équipe « Zèbre »"},
            "players": ["Élise", "Zoë", "Fabien", "Jean-Éric"],
            "dealer": 3,
            "rules": {"rounding": "none"},
            "evening": second,
        },
    )
    g4.hand({"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 85, "taker_player": 0})  # 165/77
    g4.hand({"taker": "B", "contract": "generale", "mode": "all_trump", "taker_player": 3})  # failed: 800/0
    g4.hand({"taker": "B", "contract": 90, "mode": "clubs", "all_tricks": True, "taker_player": 1})  # 0/340
    g4.hand(
        {
            "taker": "A",
            "contract": 120,
            "mode": "diamonds",
            "coinche": "coinche",
            "taker_points": 75,
            "melds": {"A": [], "B": ["tierce"]},
            "belote": {"A": 1, "B": 0},
            "taker_player": 2,
        }
    )  # failed, A keeps its belote: 20/420
    g4.hand(
        {
            "taker": "A",
            "contract": 100,
            "mode": "spades",
            "coinche": "surcoinche",
            "taker_points": 120,
            "melds": {"A": ["cinquante"], "B": ["tierce"]},
            "taker_player": 0,
        }
    )  # 570/42
    g4.expect((1555, 879), False)
    g4.delete(3, with_version=True)
    g4.expect((1555, 539), False)
    g4.undo()  # the delete undone
    g4.expect((1555, 879), False)
    tables.append(g4)

    # G5 (third evening): to 1000, a player left unnamed; a retried request; left in progress.
    g5 = Table(client, {"players": ["Bruno", "Chloé", "David", None], "target": 1000, "evening": third})
    first_hand = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 84, "taker_player": 0}
    answer = client.post(f"{GAMES}/{g5.id}/hands", json=first_hand, headers={"Idempotency-Key": "donne-1-bruno"})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    retry = client.post(f"{GAMES}/{g5.id}/hands", json=first_hand, headers={"Idempotency-Key": "donne-1-bruno"})
    assert retry.status_code == 201 and retry.get_data() == answer.get_data()  # replayed, nothing recorded
    g5.sheet = retry.get_json()
    g5.hand(
        {
            "taker": "B",
            "contract": 100,
            "mode": "hearts",
            "taker_points": 70,
            "melds": {"A": [], "B": ["tierce"]},
            "taker_player": 1,
        }
    )  # 280/0
    g5.redeal("all_pass")
    g5.hand({"taker": "A", "contract": 100, "mode": "no_trump", "taker_points": 101, "taker_player": 2})  # 200/60
    g5.hand({"taker": "B", "contract": 90, "mode": "spades", "taker_points": 100, "taker_player": 3})
    g5.undo()  # the record undone
    g5.delete(3)  # the redeal removed: the later deals renumbered
    g5.hand(
        {
            "taker": "B",
            "contract": 80,
            "mode": "all_trump",
            "taker_points": 95,
            "belote": {"A": 0, "B": 2},
            "taker_player": 3,
        }
    )  # 70/220
    g5.expect((710, 360), False)
    assert len(g5.sheet["hands"]) == 4
    tables.append(g5)

    # G6 (third evening): to 2000, a team name met before, big contracts; finished.
    g6 = Table(client, {"teams": {"A": "Les Bleus"}, "players": ["Ana", "Bruno", "Zoë", "Jean-Éric"], "evening": third})
    g6.hand(
        {
            "taker": "A",
            "contract": 160,
            "mode": "hearts",
            "taker_points": 130,
            "melds": {"A": ["cent"], "B": []},
            "taker_player": 0,
        }
    )  # 390/30
    g6.hand(
        {
            "taker": "B",
            "contract": 140,
            "mode": "no_trump",
            "taker_points": 120,
            "melds": {"A": [], "B": ["carre_A"]},
            "taker_player": 1,
        }
    )  # 40/460
    g6.hand(
        {
            "taker": "A",
            "contract": "capot",
            "mode": "diamonds",
            "all_tricks": True,
            "belote": {"A": 1, "B": 0},
            "taker_player": 2,
        }
    )  # 520/0
    g6.hand({"taker": "B", "contract": 80, "mode": "clubs", "taker_points": 0, "taker_player": 3})  # 240/0
    g6.hand({"taker": "A", "contract": "generale", "mode": "no_trump", "all_tricks": True, "taker_player": 2})  # 800/0
    g6.hand(
        {
            "taker": "B",
            "contract": 100,
            "mode": "diamonds",
            "taker_points": 102,
            "belote": {"A": 1, "B": 0},
            "taker_player": 3,
        }
    )  # 80/200
    g6.expect((2070, 690), True, "A")
    tables.append(g6)
    return tables


# --- capturing -----------------------------------------------------------------------------


def links(html: str, prefix: str) -> list[str]:
    return [unescape(href) for href in re.findall(r'href="(' + re.escape(prefix) + r'[^"]*)"', html)]


def get(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.get_data().decode("utf-8")


def page_urls(client, game_ids: list[str], evening_ids: list[int]) -> tuple[list[str], list[str]]:
    """Every URL to capture (as the site links them where it links them), and those left out."""
    urls = [f"{GAMES}/{game_id}" for game_id in game_ids]
    urls += ["/archives/export.json", "/archives/export.csv"]
    for evening_id in evening_ids:
        urls += [f"/soirees/{evening_id}", f"/soirees/{evening_id}/export.json", f"/soirees/{evening_id}/export.csv"]
    for game_id in game_ids:
        urls += [
            f"/archives/parties/{game_id}",
            f"/archives/parties/{game_id}/export.json",
            f"/archives/parties/{game_id}/export.csv",
        ]
    players_html = get(client, "/statistiques")
    teams_html = get(client, "/statistiques/equipes")
    players = links(players_html, "/statistiques/joueurs/")
    teams = links(teams_html, "/statistiques/equipes/")
    for player in players:
        teams += links(get(client, player), "/statistiques/equipes/")  # each player's partners
    urls += ["/statistiques", "/statistiques/equipes", *players, *teams, "/statistiques/donnes"]
    # /statistiques/parties without a query string answers 400 ("Choisissez un joueur ..."): in its
    # place, the list of each player's games as /statistiques links it.
    left_out = []
    if client.get("/statistiques/parties").status_code != 200:
        left_out.append("/statistiques/parties")
    urls += [url for url in links(players_html, "/statistiques/parties?") if "issue=" not in url]
    return list(dict.fromkeys(urls)), left_out


def capture(app, urls: list[str]) -> dict[str, str]:
    client = app.test_client()
    return {url: get(client, url) for url in urls}


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(f"usage: PYTHONPATH=<checkout of {COMMIT}> python {sys.argv[0]} OUT_DIR")
    out = Path(sys.argv[1])
    assert Path(scorekeeper.__file__).resolve().parent.parent == Path.cwd().resolve(), (
        f"scorekeeper imported from {scorekeeper.__file__}, not from the checkout in {Path.cwd()}"
    )
    head = Path(".git").read_text() if Path(".git").is_file() else ""
    print("scorekeeper from", scorekeeper.__file__, head.strip())
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="upgrade-fixture-"))
    path = str(work / "main.db")

    applied = dbmodule.migrate(path)
    assert applied == [
        "m001_app_info",
        "m002_games_and_deals",
        "m003_evenings_and_archive",
        "m004_login_attempts",
        "m005_game_sheets",
    ], applied
    app = create_app(config(path))
    client = app.test_client()
    tables = make_data(app, client)
    game_ids = [table.id for table in tables]
    connection = sqlite3.connect(path)
    evening_ids = [row[0] for row in connection.execute("select id from evenings order by id")]
    connection.close()

    urls, left_out = page_urls(client, game_ids, evening_ids)
    pages = capture(app, urls)
    again = capture(app, urls)
    unstable = sorted(url for url in urls if pages[url] != again[url])
    for url in unstable:
        del pages[url]
    urls = [url for url in urls if url not in unstable]

    # The dump, every connection closed first (the app's pool keeps idle ones open).
    dbmodule.pool.clear()
    del client, app
    connection = sqlite3.connect(path)
    dump = "\n".join(connection.iterdump()) + "\n"
    counts = {
        table: connection.execute(f"select count(*) from {table}").fetchone()[0]
        for table in ("evenings", "games", "deals", "actions", "idempotency_keys", "_sqlite_migrations")
    }
    connection.close()
    assert "_sqlite_migrations" in dump
    (out / f"main_{COMMIT}.sql").write_text(dump, encoding="utf-8")

    # The dump restored into a new file must migrate to nothing and answer the same bytes.
    restored = str(work / "restored.db")
    connection = sqlite3.connect(restored)
    connection.executescript(dump)
    connection.close()
    assert dbmodule.migrate(restored) == [], "the restored database has pending migrations"
    dbmodule.pool.clear()
    recaptured = capture(create_app(config(restored)), urls)
    dbmodule.pool.clear()
    differing = [url for url in urls if recaptured[url] != pages[url]]
    assert not differing, differing

    expected = {"commit": COMMIT, "pages": pages}
    text = json.dumps(expected, sort_keys=True, ensure_ascii=False, indent=1) + "\n"
    (out / f"main_{COMMIT}_expected.json").write_text(text, encoding="utf-8")

    deal_rows = counts["deals"]
    live = sum(len(json.loads(pages[f"{GAMES}/{game_id}"])["hands"]) for game_id in game_ids)
    print(f"games {len(game_ids)}, evenings {len(evening_ids)}, live deals {live} (rows {deal_rows}), counts {counts}")
    print(f"urls captured {len(pages)}; left out (not 200): {left_out}; left out (unstable): {unstable}")
    print(f"sql {len(dump.encode())} bytes, expected json {len(text.encode())} bytes, work dir {work}")


if __name__ == "__main__":
    main()
