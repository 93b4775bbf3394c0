"""The archive's export streamed as it is read, one at a time (issue 31, F2): a second export asked
while one streams is refused in French (429, Retry-After) and the first comes whole; the export is
let go at its end or when its client goes away; its text is one moment's archive, the same bytes
as a small archive written by hand; and its memory stays far below the archive's size."""

from __future__ import annotations

import gzip
import tracemalloc

import pytest

from scorekeeper.services import export
from scorekeeper.services import games as service
from scorekeeper.store.db import connect
from scorekeeper.web.archive.export_pages import BUSY_MESSAGE
from tests.helpers import import_data

# A small archive as the export writes it, by hand: two evenings (the second without a game), one
# game with docs/scoring.md's example 1 (170 / 70) and a redeal, each with the time it was
# recorded. An import of it exported again
# must give these bytes back.
SMALL_ARCHIVE = """{
 "evenings": [
  {
   "created_at": "2025-05-17T19:02:11.042+00:00",
   "date": "2025-05-17",
   "id": 1,
   "note": "",
   "place": "Chez Ana"
  },
  {
   "created_at": "2025-05-24T19:00:00.000+00:00",
   "date": "2025-05-24",
   "id": 2,
   "note": "« 30 ans »",
   "place": ""
  }
 ],
 "format": "belote-bridgee-archive",
 "games": [
  {
   "created_at": "2025-05-17T19:05:00.000+00:00",
   "dealer": 0,
   "deals": [
    {
     "created_at": "2025-05-17T19:09:40.518+00:00",
     "input": {
      "contract": 80,
      "mode": "hearts",
      "taker": "A",
      "taker_player": 0,
      "taker_points": 92
     },
     "kind": "hand"
    },
    {
     "created_at": "2025-05-17T19:11:02.007+00:00",
     "input": {
      "player": null,
      "reason": "all_pass"
     },
     "kind": "redeal"
    }
   ],
   "end": {
    "points": 2000
   },
   "evening": 1,
   "id": "k3v9q2ab",
   "players": [
    "Ana",
    "Bruno",
    "Chloé",
    "David"
   ],
   "rules": {
    "carre_de_sept": false,
    "misere": false,
    "rounding": "nearest"
   },
   "teams": {
    "A": "Nous",
    "B": "Eux"
   }
  }
 ],
 "version": 1
}
"""

# The same archive's CSV (comma-separated, no byte order mark): the hand made, 170 / 70 (docs/
# scoring.md ex 1), dealt by Ana (player 0), then the redeal, dealt by Bruno, scoring nothing.
SMALL_CSV = (
    "soirée,lieu,partie,commencée le,équipe A,équipe B,donne,type,donneur,preneurs,preneur,contrat,atout,"
    "coinche,points des preneurs,tous les plis,annonces A,annonces B,belote A,belote B,meilleure annonce,"
    "redonne,demandée par,fait,score A,score B,total A,total B\n"
    "2025-05-17,Chez Ana,k3v9q2ab,2025-05-17T19:05:00.000+00:00,Nous,Eux,1,donne,Ana,Nous,Ana,80,cœur,,92,,"
    ",,,,,,,oui,170,70,170,70\n"
    "2025-05-17,Chez Ana,k3v9q2ab,2025-05-17T19:05:00.000+00:00,Nous,Eux,2,redonne,Bruno,,,,,,,,,,,,,"
    "Tout le monde passe,,,0,0,170,70\n"
)


def test_a_small_archive_is_written_as_by_hand(app, db):
    import_data(db, SMALL_ARCHIVE)
    client = app.test_client()
    json_answer = client.get("/archives/export.json")
    assert json_answer.is_streamed
    assert json_answer.get_data(as_text=True) == SMALL_ARCHIVE
    csv_answer = client.get("/archives/export.csv?sep=comma")
    assert csv_answer.get_data(as_text=True) == SMALL_CSV
    packed = client.get("/archives/export.json", headers={"Accept-Encoding": "gzip"})  # as a phone asks
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data).decode() == SMALL_ARCHIVE
    assert client.get("/soirees/2/export.json").get_data(as_text=True) == (
        '{\n "evenings": [\n' + SMALL_ARCHIVE.split("  },\n", 1)[1].split(" ],\n", 1)[0] + " ],\n"
        ' "format": "belote-bridgee-archive",\n "games": [],\n "version": 1\n}\n'
    )


def play(db, games: int) -> list[str]:
    ids = []
    for number in range(games):
        game = service.create_game(db, {"teams": {"A": f"Table {number}", "B": "Eux"}})
        service.record_hand(db, game.game.id, {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92})
        ids.append(game.game.id)
    return ids


def test_a_second_export_meanwhile_is_refused_in_french_and_the_first_comes_whole(app, db):
    play(db, 3)
    expected = export.export_json(db)
    client = app.test_client()
    first = client.get("/archives/export.json")
    pieces = iter(first.response)
    received = next(pieces)  # under way
    second = app.test_client().get("/archives/export.csv")
    assert second.status_code == 429
    assert second.headers["Retry-After"] == "5"
    assert BUSY_MESSAGE == "Un export est déjà en cours : réessayez dans un instant."
    assert BUSY_MESSAGE in second.get_data(as_text=True)
    assert app.test_client().get("/soirees/1/export.json").status_code == 429  # an evening's too
    received += b"".join(pieces)
    first.close()
    assert received.decode() == expected
    again = app.test_client().get("/archives/export.csv")  # the first is over: the next one goes
    assert again.status_code == 200
    assert again.get_data(as_text=True) == export.export_csv(db)


def test_a_client_that_goes_away_lets_the_next_export_go(app, db):
    play(db, 2)
    client = app.test_client()
    first = client.get("/archives/export.json")
    next(iter(first.response))
    first.close()  # what the server does when the client hangs up
    assert client.get("/archives/export.json").status_code == 200
    before_any_byte = client.get("/archives/export.csv")
    before_any_byte.close()
    assert client.get("/archives/export.csv").status_code == 200


def test_an_export_is_the_archive_of_one_moment(app, db, monkeypatch):
    """Written a batch of games at a time, in one read transaction: a game added while the export
    streams is not in it, though it comes in a later batch."""
    monkeypatch.setattr("scorekeeper.store.archive_inputs.BATCH", 1)
    play(db, 3)
    expected = export.export_json(db)
    client = app.test_client()
    answer = client.get("/archives/export.json")
    pieces = iter(answer.response)
    received = b"".join(next(pieces) for _ in range(3))  # "{", the evenings, under way
    later = play(db, 1)[0]
    received += b"".join(pieces)
    answer.close()
    assert received.decode() == expected
    assert later in client.get("/archives/export.json").get_data(as_text=True)


@pytest.mark.slow
def test_an_export_s_memory_stays_far_below_the_archive_s_size(app, database):
    """2,000 games of 40 deals (12.6 MB of JSON, 9.7 MB of CSV): the export, read to its end, never holds more
        than a few batches' worth, whatever the archive's size (built whole, it held several times the
    text)."""
    db = connect(database)
    try:
        games = [
            {
                "id": f"g{number:07d}",
                "evening": 1,
                "created_at": f"2025-05-17T19:{number // 1000:02d}:{number % 60:02d}.{number % 1000:03d}+00:00",
                "teams": {"A": "Nous", "B": "Eux"},
                "players": ["Ana", "Bruno", "Chloé", "David"],
                "dealer": 0,
                "end": {"points": 5000},  # 40 hands alternating, 170 / 70 each: 4,800 each at the end
                "rules": {"rounding": "nearest", "misere": False, "carre_de_sept": False},
                "deals": [
                    {"kind": "hand", "input": {"taker": taker, "contract": 80, "mode": "hearts", "taker_points": 92}}
                    for taker in "AB" * 20
                ],
            }
            for number in range(2000)
        ]
        evening = {"id": 1, "date": "2025-05-17", "place": "", "note": "", "created_at": "2025-05-17T19:00:00+00:00"}
        import_data(db, {"format": "belote-bridgee-archive", "version": 1, "evenings": [evening], "games": games})
        del games
        for kind in ("json", "csv"):
            tracemalloc.start()
            size = 0
            with app.test_client().get(f"/archives/export.{kind}") as answer:
                for piece in answer.response:
                    size += len(piece)
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            assert size > 8_000_000  # 12.6 MB of JSON, 9.7 MB of CSV
            assert peak < 4_000_000, (kind, size, peak)  # measured: 2.0-2.8 MB (JSON), 2.5 MB (CSV)
    finally:
        db.close()
