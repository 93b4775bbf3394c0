"""The room's screen of a mêlée, drawn from the concours's API JSON as CONCOURS.md gives it
("JSON API", a mêlée): each table's sides name their two players, the resting players are « Exempts »,
the ranking is of players, and before the draw the players registered are listed.

The JSON is CONCOURS.md's example, partie 1 (order 5, 2, 8, 1, 7, 3, 6, 4: table 1 is 5–2 against
8–1, table 2 is 7–3 against 6–4), with a ninth player who rests."""

from __future__ import annotations

from datetime import UTC, datetime

from scorekeeper.web.concours_screen import board

NAMES = ["Ana", "Bruno", "Chloé", "David", "Emma", "Fabien", "Gaëlle", "Hugo", "Inès"]
NOW = datetime(2026, 12, 4, 20, 10, tzinfo=UTC)


def melee(rounds: list[dict], standings: list[dict] | None = None, parties: int = 3) -> dict:
    return {
        "format": "melee",
        "name": "Mêlée du jeudi",
        "parties": parties,
        "end": {"points": 1000},
        "time_limit": None,
        "ranking": "points",
        "players": [{"number": n, "name": name, "active": n != 4} for n, name in enumerate(NAMES, start=1)],
        "teams": [],
        "rounds": rounds,
        "standings": standings or [],
    }


def table(number: int, a: list[int], b: list[int], totals=(0, 0), finished=False, winner=None) -> dict:
    return {
        "table": number,
        "game": f"g{number}",
        "teams": [a, b],
        "totals": {"A": totals[0], "B": totals[1]},
        "hands_played": 3,
        "finished": finished,
        "winner": winner,
        "stopped": False,
        "slip": None,
    }


def standing(rank: int, player: int, points: int, difference: int) -> dict:
    return {
        "rank": rank,
        "player": player,
        "won": 1,
        "drawn": 0,
        "points": points,
        "difference": difference,
        "provisional": False,
        "active": player != 4,
    }


PARTIE_1 = {
    "number": 1,
    "state": "playing",
    "drawn_at": "2026-12-04T20:00:00+00:00",
    "tables": [
        table(1, [5, 2], [8, 1], (1020, 640), finished=True, winner=[5, 2]),
        table(2, [7, 3], [6, 4], (320, 410)),
    ],
    "rests": [9],
}


def test_each_side_names_its_two_players_and_the_winners_are_marked():
    shown = board.board(melee([PARTIE_1]), NOW, 0)
    assert shown.melee and shown.heading == "Partie 1 sur 3"
    assert [(line.number, line.names, line.totals, line.winner) for line in shown.tables.lines] == [
        (1, (("Emma", "Bruno"), ("Hugo", "Ana")), (1020, 640), "A"),
        (2, (("Gaëlle", "Chloé"), ("Fabien", "David")), (320, 410), None),
    ]
    assert shown.rests == ["Inès"]


def test_the_ranking_is_of_players_and_a_withdrawn_one_is_marked():
    standings = [standing(1, 5, 1020, 380), standing(2, 9, 670, 30), standing(3, 4, 410, 90)]
    shown = board.board(melee([PARTIE_1], standings), NOW, 0)
    assert [(line.rank, line.name, line.score, line.withdrawn) for line in shown.ranking.lines] == [
        (1, "Emma", "1020", False),
        (2, "Inès", "670", False),
        (3, "David", "410", True),
    ]


def test_before_the_draw_the_players_registered_and_with_two_resting_both():
    registering = board.board(melee([]), NOW, 0)
    assert registering.state == "registering" and registering.teams.total == 8  # David withdrawn
    two_rest = {**PARTIE_1, "rests": [9, 3]}
    assert board.board(melee([two_rest]), NOW, 0).rests == ["Inès", "Chloé"]
    nobody = {**PARTIE_1, "rests": []}
    assert board.board(melee([nobody]), NOW, 0).rests == []


def test_a_melee_has_twelve_tables_a_page():
    """Each side two names, one above the other: twelve lines a page, not a team concours's sixteen."""
    tables = [table(n, [1, 2], [3, 5]) for n in range(1, 15)]
    shown = board.board(melee([{**PARTIE_1, "tables": tables}]), NOW, 0, pinned=2)
    assert [line.number for line in shown.tables.lines] == [13, 14] and shown.tables.pages == 2
