"""« Quelle table ? » of a mêlée, below the page: every player of the partie alphabetically, with
their table, side, partner and opponents, or resting; a search by part of a name, accents and case
aside (CONCOURS.md, "Finding one's table")."""

from __future__ import annotations

from scorekeeper.services import concours as concours_service
from scorekeeper.services.concours_view import load
from scorekeeper.services.melee_seats import seats
from tests.helpers import fixed_draws

NAMES = ["Émile", "bruno", "Ana", "Denis", "Céline"]  # 1 to 5


def test_every_player_alphabetically_with_table_partner_and_opponents(db, monkeypatch):
    order = fixed_draws(monkeypatch)
    body = {"name": "Mêlée", "parties": 2, "format": "melee", "players": [{"name": n} for n in NAMES]}
    concours_id = concours_service.create_concours(db, body).id
    # order 3, 1, 5, 2, 4: Denis (4), the last, rests; Ana (3) with Émile (1) against Céline (5)
    # and bruno (2), at table 1
    order([3, 1, 5, 2, 4])
    concours = concours_service.draw_round(db, concours_id)
    listed = [
        (
            seat.player.name,
            seat.table.number if seat.table else None,
            seat.side,
            seat.partner.name if seat.partner else None,
            [p.name for p in seat.opponents],
        )
        for seat in seats(concours, concours.current)
    ]
    assert listed == [
        ("Ana", 1, "A", "Émile", ["Céline", "bruno"]),
        ("bruno", 1, "B", "Céline", ["Ana", "Émile"]),
        ("Céline", 1, "B", "bruno", ["Ana", "Émile"]),
        ("Denis", None, None, None, []),
        ("Émile", 1, "A", "Ana", ["Céline", "bruno"]),
    ]
    found = seats(load(db, concours_id), concours.current, "EMI")
    assert [seat.player.name for seat in found] == ["Émile"]
    assert seats(concours, concours.current, "zoé") == []
