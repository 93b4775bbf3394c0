"""Random mêlées driven through the services (CONCOURS.md, "The mêlée"): 8 to 40 players, up to 8
parties, players added late and withdrawn between parties. After every draw, read back as the
pages read it: everyone active plays or rests exactly once, the rests go as specified (as many as
the remainder by four, the fewest rests first, then the last in the partie's order), and for up to
12 players each step is the best possible given the ones before, against the exhaustive search of
tests/test_melee_draw.py (the test's own, not the app's). Then the archive's round trip of a
mêlée, and the import's refusals of an inconsistent one."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.services import concours as concours_service
from scorekeeper.services import concours_players, export
from scorekeeper.services.concours_json import concours_json
from scorekeeper.services.concours_view import load
from scorekeeper.services.import_checks import ImportRefused
from tests.helpers import examples, import_data
from tests.test_melee_draw import best_partners, best_tables


def new_melee(db, players: int, parties: int) -> str:
    body = {
        "name": "Mêlée",
        "parties": parties,
        "end": {"points": 1000},
        "format": "melee",
        "players": [{"name": f"Joueur {n}"} for n in range(1, players + 1)],
    }
    return concours_service.create_concours(db, body).id


def check_draw(concours, history: dict, exhaustive: bool) -> None:
    """The last partie drawn against the rule, from `history` (rests, partners, opponents so far,
    kept by the test from the parties it read back), which it then brings up to date."""
    partie = concours.rounds[-1]
    order = partie.drawn_order
    active = {player.number for player in concours.players if player.active}
    assert sorted(order) == sorted(active)
    seated = [p for table in partie.tables for side in table.sides for p in side]
    assert sorted(seated + partie.rests) == sorted(active)  # everyone once: plays or rests
    assert len(partie.rests) == len(order) % 4
    rests, partners, opponents = history["rests"], history["partners"], history["opponents"]
    position = {player: index for index, player in enumerate(order)}
    playing = [player for player in order if player not in partie.rests]
    for resting in partie.rests:  # fewest rests first, then the last in the order
        for player in playing:
            assert (rests[resting], -position[resting]) < (rests[player], -position[player])
    teams = sorted((side for table in partie.tables for side in table.sides), key=lambda t: position[t[0]])
    if exhaustive:
        assert teams == best_partners(playing, partners)
        assert [table.sides for table in partie.tables] == best_tables(teams, opponents)
    for table in partie.tables:
        (a1, a2), (b1, b2) = table.sides
        assert position[a1] < position[a2] and position[a1] < position[b1] < position[b2]
    rests.update(partie.rests)
    partners.update(frozenset(team) for team in teams)
    for table in partie.tables:
        opponents.update(frozenset((a, b)) for a in table.sides[0] for b in table.sides[1])


def play(
    db, monkeypatch, seed: int, players: int, parties: int, exhaustive: bool, changes: bool = True, more: int = 0
) -> str:
    """A mêlée drawn partie by partie, each draw checked; some tables' slips typed, each partie
    closed but the last; with `changes`, a player withdrawn or added late now and then; `more`
    parties of the concours left to draw."""
    rng = random.Random(seed)
    monkeypatch.setattr(concours_service, "_shuffle", rng.shuffle)
    concours_id = new_melee(db, players, parties + more)
    history = {"rests": Counter(), "partners": set(), "opponents": Counter()}
    late = 0
    for partie in range(1, parties + 1):
        concours = load(db, concours_id)
        active = [p.number for p in concours.players if p.active]
        if changes and partie > 1 and rng.random() < 0.5 and len(active) > 8:
            concours_players.withdraw_player(db, concours_id, rng.choice(active))
        if changes and partie > 1 and rng.random() < 0.5 and len(active) < 40:
            late += 1
            concours_players.add_players(db, concours_id, [f"Tard {late}"])
        concours = concours_service.draw_round(db, concours_id)
        check_draw(concours, history, exhaustive)
        for table in concours.rounds[-1].tables:
            if rng.random() < 0.7:
                a = rng.randrange(0, 1000, 10)
                concours_service.enter_slip(db, concours_id, partie, table.number, {"A": a, "B": 1000}, True)
        if partie < parties:
            concours_service.close_round(db, concours_id, partie)
    return concours_id


# The fixtures are shared by the examples on purpose: each example is a new concours of its own.
SHARED = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


@settings(max_examples=examples(12), deadline=None, suppress_health_check=SHARED)
@given(players=st.integers(8, 40), parties=st.integers(1, 8), seed=st.integers(0, 2**32))
def test_random_melees_everyone_plays_or_rests_once_and_the_rests_go_as_specified(
    db, monkeypatch, players, parties, seed
):
    concours_id = play(db, monkeypatch, seed, players, parties, exhaustive=False)
    concours = load(db, concours_id)
    # every player's games: one a partie they were drawn in, their byes among them
    drawn = Counter(p for partie in concours.rounds for p in partie.drawn_order)
    rested = Counter(p for partie in concours.rounds for p in partie.rests)
    for standing in concours.standings:
        assert standing.played == drawn[standing.entrant] and standing.byes == rested[standing.entrant]


@settings(max_examples=examples(15), deadline=None, suppress_health_check=SHARED)
@given(players=st.integers(8, 12), parties=st.integers(1, 8), seed=st.integers(0, 2**32))
def test_random_small_melees_each_step_is_the_best_possible(db, monkeypatch, players, parties, seed):
    play(db, monkeypatch, seed, players, parties, exhaustive=True)


def test_a_melee_round_trips_through_the_archive(db, other, monkeypatch):
    concours_id = play(db, monkeypatch, 7, 11, 3, exhaustive=True, changes=False, more=1)
    concours_players.withdraw_player(db, concours_id, 2)
    concours_players.add_players(db, concours_id, ["Tard"])
    first = export.export_json(db)
    (archived,) = json.loads(first)["concours"]
    assert archived["format"] == "melee" and "teams" not in archived
    assert archived["players"][1]["withdrawn_at"] is not None
    assert all(isinstance(partie["rests"], list) and len(partie["rests"]) == 3 for partie in archived["rounds"])
    assert all(len(side) == 2 for partie in archived["rounds"] for t in partie["tables"] for side in t["teams"])
    report = import_data(other, first)
    assert report.concours_added == [concours_id]
    assert export.export_json(other) == first
    assert concours_json(load(other, concours_id)) == concours_json(load(db, concours_id))
    assert import_data(other, first).concours_skipped == [concours_id]  # the same: skipped


def change(data: dict, edit) -> dict:
    changed = copy.deepcopy(data)
    edit(changed["concours"][0])
    return changed


def _set(path: str, value):
    def edit(concours: dict) -> None:
        *keys, last = path.split(".")
        target = concours
        for key in keys:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value

    return edit


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (_set("rounds.0.tables.0.teams", [[1, 2], [3]]), "les deux joueurs de chaque équipe"),
        (_set("rounds.0.tables.0.teams.0.0", 99), "99 n'est le numéro d'aucun joueur"),
        (_set("rounds.0.rests", [1, 2]), "joue déjà, ou est exempt"),
        (_set("rounds.0.rests", 3), "« rests » doit être une liste"),
        (_set("rounds.0.drawn_order", [1, 2, 3, 4, 5, 6, 7, 8]), "ne sont pas ceux du tirage"),
        (_set("players.1.name", "joueur 1"), "un autre joueur s'appelle déjà"),
        (_set("players.0.number", 2), "« number » doit valoir 1"),
        (_set("teams", []), "clé inconnue « teams »"),
    ],
)
def test_the_import_refuses_an_inconsistent_melee_in_french(db, other, monkeypatch, edit, words):
    play(db, monkeypatch, 3, 9, 1, exhaustive=False, changes=False)  # 9 players: 2 tables, 1 rests
    data = json.loads(export.export_json(db))
    with pytest.raises(ImportRefused) as refused:
        import_data(other, change(data, edit))
    assert words in str(refused.value)
    assert other.execute("select count(*) from concours").fetchone()[0] == 0
