"""The cotes (issue 33, item 1; docs/ratings.md): a small archive replayed step by step through
openskill in the test's own order, the games that do not count, a concours table played on paper,
the order of the list, the page, the player's page and the API.

The archive of the worked test: games to 500 won by a capot in one hand (docs/scoring.md ex 16:
500 – 0), and a game in 4 deals drawn: two capots, one each way, then ex 1 (80 ♥ made: the
taker's team 170, the other 70) one each way, 740 – 740.

  G1  Ana & Chloé (A)   beat    Bruno & David (B)     500 – 0
  G2  Ana & Bruno (A)   lose to Élise & Fabien (B)      0 – 500
  G3  Chloé & Élise (A) draw    David & Ana (B)       740 – 740

After G1, by hand: a newcomer is μ 25, σ 25/3, so μ − 3σ = 0 and the cote 1000. Openskill gives
the winners μ 26.96429, σ 8.17796 (μ − 3σ = 2.43041: cote round(1000 + 97.22) = 1097) and the
losers μ 23.03571, σ 8.17796 (μ − 3σ = −1.49818: cote round(1000 − 59.93) = 940).
"""

from __future__ import annotations

import itertools
import re
import shutil
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper.belote.errors import Refusal
from scorekeeper.services import export, ratings
from scorekeeper.services import games as service
from scorekeeper.store import games as games_store
from scorekeeper.store.db import connect
from tests.helpers import api_concours, api_draw, examples, import_data, page_text, stop_game

A_WINS = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}  # 170 / 70
B_WINS = {"taker": "B", "taker_player": 1, "contract": 80, "mode": "hearts", "taker_points": 92}  # 70 / 170
A_CAPOT = {"taker": "A", "taker_player": 0, "contract": "capot", "mode": "hearts", "all_tricks": True}  # 500 / 0
B_CAPOT = {"taker": "B", "taker_player": 1, "contract": "capot", "mode": "hearts", "all_tricks": True}  # 0 / 500
TO_500 = {"points": 500}
IN_4 = {"deals": 4}
REDEAL = {"reason": "all_pass"}


@pytest.fixture
def clock(monkeypatch):
    """Each game (and deal) created one minute after the one before: the rating order is the
    test's order, never a tie of two games created in the same millisecond."""
    moments = (datetime(2025, 5, 17, 19, tzinfo=UTC) + timedelta(minutes=n) for n in itertools.count())
    monkeypatch.setattr(games_store, "now", lambda: next(moments).isoformat(timespec="milliseconds"))


def typed(db, players: list[str], hands: list[dict | None], end: dict = TO_500) -> str:
    """A game typed through the services (a hand None: a redeal); its id."""
    game_id = service.create_game(db, {"players": players, "end": end}).game.id
    for body in hands:
        if body is None:
            service.record_redeal(db, game_id, REDEAL)
        else:
            service.record_hand(db, game_id, body)
    return game_id


def by_name(found: ratings.Ratings) -> dict[str, tuple[float, float, int, int, int]]:
    return {player.name: (player.mu, player.sigma, player.rating, player.games, player.won) for player in found.players}


def by_key(found: ratings.Ratings) -> dict[str, tuple[float, float, int, int, int]]:
    """As `by_name`, by the name as the archive matches it (the name shown is the latest written)."""
    return {player.key: (player.mu, player.sigma, player.rating, player.games, player.won) for player in found.players}


def test_a_small_archive_replays_as_worked_step_by_step(db, clock):
    typed(db, ["Ana", "Bruno", "Chloé", "David"], [A_CAPOT])
    typed(db, ["Ana", "Élise", "Bruno", "Fabien"], [B_CAPOT])
    typed(db, ["Chloé", "David", "Élise", "Ana"], [A_CAPOT, B_CAPOT, A_WINS, B_WINS], IN_4)

    model = PlackettLuce()
    ana, bruno, chloe, david, elise, fabien = (model.rating() for _ in range(6))
    [[ana, chloe], [bruno, david]] = model.rate([[ana, chloe], [bruno, david]], ranks=[0, 1])
    # the first step, checked against the figures worked in the module's docstring
    assert (round(ana.mu, 5), round(ana.sigma, 5), round(bruno.mu, 5)) == (26.96429, 8.17796, 23.03571)
    assert ratings.cote(ana.mu, ana.sigma) == 1097 and ratings.cote(bruno.mu, bruno.sigma) == 940
    [[ana, bruno], [elise, fabien]] = model.rate([[ana, bruno], [elise, fabien]], ranks=[1, 0])
    [[chloe, elise], [david, ana]] = model.rate([[chloe, elise], [david, ana]], ranks=[0, 0])

    found = by_name(ratings.ratings(db))
    expected = {
        "Ana": (ana, 3, 1),
        "Bruno": (bruno, 2, 0),
        "Chloé": (chloe, 2, 1),
        "David": (david, 2, 0),
        "Élise": (elise, 2, 1),
        "Fabien": (fabien, 1, 1),
    }
    assert set(found) == set(expected)
    for name, (rating, games, won) in expected.items():
        assert found[name] == (
            pytest.approx(rating.mu, rel=1e-12),
            pytest.approx(rating.sigma, rel=1e-12),
            round(1000 + 40 * (rating.mu - 3 * rating.sigma)),
            games,
            won,
        ), name
    history = ratings.ratings(db).of("ana").history
    assert [step.rating for step in history][0] == 1097
    assert [step.won for step in history] == [True, False, False]


@pytest.mark.parametrize(
    "why, players, hands",
    [
        ("unfinished", ["Ana", "Bruno", "Chloé", "David"], [A_WINS]),
        ("only redeals, and never over", ["Ana", "Bruno", "Chloé", "David"], [None, None]),
        ("a name twice (matched without case or accents)", ["Ana", "Bruno", "ÂNA", "David"], [A_CAPOT]),
        ("a name twice", ["Ana", "Bruno", "Chloé", "Bruno"], [A_CAPOT]),
    ],
)
def test_a_game_that_does_not_count_rates_nobody(db, clock, why, players, hands):
    typed(db, players, hands)
    assert ratings.ratings(db).players == [], why


def test_a_game_stopped_before_its_first_hand_rates_nobody(db, clock):
    """Stopped by an organiser (a concours's partie closed), it is over at 0 – 0, with no scored hand."""
    game_id = typed(db, ["Ana", "Bruno", "Chloé", "David"], [None])
    assert stop_game(db, game_id).finished
    assert ratings.ratings(db).players == []


def test_a_game_that_does_not_count_changes_no_cote(db, clock):
    typed(db, ["Ana", "Bruno", "Chloé", "David"], [A_CAPOT])
    before = by_key(ratings.ratings(db))
    typed(db, ["Ana", "Bruno", "Chloé", "David"], [B_WINS])  # unfinished
    typed(db, ["Ana", "Bruno", "ana", "David"], [B_CAPOT])  # Ana twice
    assert by_key(ratings.ratings(db)) == before


def test_a_concours_table_on_paper_counts_with_its_slip(client, drawn_order):
    """Table 1 typed from its slip, 1020 – 640: Un (Un 1, Un 2) beat Deux; table 2 never played
    (unfinished) counts for nobody."""
    concours = api_concours(client, ["Un", "Deux", "Trois", "Quatre"], parties=2)
    drawn_order([1, 2, 3, 4])
    api_draw(client, concours["id"])
    slip = f"/api/v1/concours/{concours['id']}/rounds/1/tables/1/slip"
    assert client.put(slip, json={"totals": {"A": 1020, "B": 640}}).status_code == 200

    model = PlackettLuce()
    [[un, _], [deux, _]] = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[0, 1]
    )
    listed = client.get("/api/v1/ratings").get_json()
    assert [(row["player"], row["games"], row["won"]) for row in listed] == [
        ("Un 1", 1, 1),
        ("Un 2", 1, 1),
        ("Deux 1", 1, 0),
        ("Deux 2", 1, 0),
    ]
    assert listed[0]["mu"] == pytest.approx(un.mu) and listed[0]["sigma"] == pytest.approx(un.sigma)
    assert listed[2]["mu"] == pytest.approx(deux.mu) and listed[2]["rating"] == 940


def test_the_list_puts_the_provisional_players_after_the_others(client, db, clock):
    """Ana loses ten games (settled, a low cote); her opponents win one or two each (provisional,
    higher cotes): Ana comes first all the same, then the provisional players by cote."""
    others = ["Bruno", "Chloé", "David", "Élise", "Fabien", "Gaëlle", "Hugo"]
    for n in range(10):  # each of the others plays 4 or 5 of them
        partner, first, second = others[n % 7], others[(n + 1) % 7], others[(n + 3) % 7]
        typed(db, ["Ana", first, partner, second], [B_CAPOT])
    listed = client.get("/api/v1/ratings").get_json()
    assert listed[0]["player"] == "Ana" and listed[0]["games"] == 10 and listed[0]["provisional"] is False
    rest = listed[1:]
    assert all(row["provisional"] for row in rest) and len(rest) == len(others)
    assert [row["rating"] for row in rest] == sorted((row["rating"] for row in rest), reverse=True)
    assert rest[0]["rating"] > listed[0]["rating"]
    assert set(listed[0]) == {"player", "rating", "mu", "sigma", "games", "won", "provisional"}

    text = page_text(client.get("/cotes").text)
    assert text.index("Ana") < text.index("Provisoires") < text.index(rest[0]["player"])
    assert f"{rest[0]['player']} provisoire {rest[0]['rating']}" in text
    assert "Ana provisoire" not in text

    page = client.get("/statistiques/joueurs/ana").text
    assert re.search(rf'class="rating-value">{listed[0]["rating"]}<', page)
    points = re.search(r'<polyline class="line line-A" points="([^"]+)"', page).group(1)
    assert len(points.split()) == 11  # the start, then one point per game
    assert "provisoire" not in page_text(page)


def test_a_player_page_says_when_there_is_no_cote_yet(db, client, clock):
    typed(db, ["Ana", "Bruno", "Chloé", "David"], [A_WINS])  # unfinished: Ana has statistics
    assert "Pas encore de cote" in page_text(client.get("/statistiques/joueurs/Ana").text)
    assert "Pas encore de cote" in page_text(client.get("/cotes").text)
    assert client.get("/api/v1/ratings").get_json() == []


def test_the_statistics_pages_link_to_the_cotes(client):
    assert 'href="/cotes"' in client.get("/statistiques").text


# --- the same archive, however it arrived -----------------------------------------------------

POOL = ["Ana", "Bruno", "Chloé", "David", "Élise", "ana"]  # "ana" is Ana: a game may name her twice
games_strategy = st.lists(
    st.tuples(
        st.lists(st.sampled_from(POOL), min_size=4, max_size=4),
        st.sampled_from([TO_500, IN_4]),
        st.lists(st.sampled_from([A_CAPOT, B_CAPOT, A_WINS, B_WINS, None]), max_size=6),
    ),
    min_size=1,
    max_size=7,
)


def cotes(db) -> list[dict]:
    return [player.as_json() for player in ratings.ratings(db).players]


MIRROR = {id(A_CAPOT): B_CAPOT, id(B_CAPOT): A_CAPOT, id(A_WINS): B_WINS, id(B_WINS): A_WINS}


def type_archive(db, games: list[tuple]) -> tuple[list[tuple[str, list[dict | None]]], int | None]:
    """The games created one after the other, then their deals typed game after game, the deals
    after a game's end left out: each game's id and the deals it took, and the index of the game
    that ended last (its last hand the last typed), None if no hand was."""
    return type_interleaved(db, games, [])


def type_interleaved(
    db, games: list[tuple], schedule: list[int]
) -> tuple[list[tuple[str, list[dict | None]]], int | None]:
    """As `type_archive`, the deals typed first in the order `schedule` picks the games (its n-th
    pick the game n modulo their number takes its next deal), the rest then game after game: games
    that end in another order than they were created."""
    ids = [service.create_game(db, {"players": players, "end": end}).game.id for players, end, _ in games]
    waiting = [list(hands) for _, _, hands in games]
    taken: list[list[dict | None]] = [[] for _ in games]
    last = None
    for index in [pick % len(games) for pick in schedule] + [i for i in range(len(games)) for _ in waiting[i]]:
        if not waiting[index]:
            continue
        body = waiting[index].pop(0)
        try:
            service.record_hand(db, ids[index], body) if body else service.record_redeal(db, ids[index], REDEAL)
        except Refusal:  # the game is over
            waiting[index].clear()
            continue
        taken[index].append(body)
        if body is not None:
            last = index
    return list(zip(ids, taken, strict=True)), last


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(games=games_strategy, schedule=st.lists(st.integers(0, 6), max_size=30), which=st.integers(0, 6))
def test_the_cotes_do_not_depend_on_how_the_archive_arrived(migrated_template, tmp_path, clock, games, schedule, which):
    """Typed, the games' deals interleaved (games ending in another order than they began);
    exported then imported into a fresh archive; a deal corrected and corrected back; the game that
    ended last's deals all deleted and typed again (it still ends last): the same cotes, to the last
    bit of μ and σ."""
    copies = []
    for name in ("typed", "imported"):
        path = tmp_path / f"{name}.db"
        shutil.copyfile(migrated_template, path)
        copies.append(connect(str(path)))
    db, other = copies
    try:
        typed_games, last = type_interleaved(db, games, schedule)
        expected = cotes(db)

        import_data(other, export.export_json(db))
        assert cotes(other) == expected

        game_id, bodies = typed_games[which % len(typed_games)]
        if bodies and bodies[0] is not None:  # its first deal a hand: corrected to its mirror, and back
            try:
                service.edit_deal(db, game_id, 1, {**MIRROR[id(bodies[0])], "version": 1})
            except Refusal:  # it would end the game before its last deal
                pass
            else:
                service.edit_deal(db, game_id, 1, {**bodies[0], "version": 2})
                assert cotes(db) == expected

        if last is not None:
            game_id, bodies = typed_games[last]
            for deal in reversed(service.get_sheet(db, game_id).deals):
                service.delete_deal(db, game_id, deal.number, deal.version)
            for body in bodies:
                service.record_hand(db, game_id, body) if body else service.record_redeal(db, game_id, REDEAL)
            assert cotes(db) == expected
    finally:
        for copy in copies:
            copy.close()


def test_the_games_are_rated_in_the_order_they_ended(db, other, clock):
    """G1 (Ana & Chloé against Bruno & David) begins; G2 (Ana & Fabien against Élise & Gaëlle) is
    created after it, played and won by Ana & Fabien; then G1 is won by Ana & Chloé (170 then a
    capot: 670 – 70). Ended first, G2 is rated first: Ana's cote is the one openskill gives in that
    order, not in the order the games were created. A correction of G2's hand after G1 ended (the
    capot played in spades: the same result) leaves G2 ended where it was; an exported copy rates
    them alike."""
    first = service.create_game(db, {"players": ["Ana", "Bruno", "Chloé", "David"], "end": TO_500}).game.id
    service.record_hand(db, first, A_WINS)
    typed(db, ["Ana", "Élise", "Fabien", "Gaëlle"], [A_CAPOT])
    service.record_hand(db, first, A_CAPOT)

    model = PlackettLuce()
    ana, bruno, chloe, david, elise, fabien, gaelle = (model.rating() for _ in range(7))
    [[ana, fabien], [elise, gaelle]] = model.rate([[ana, fabien], [elise, gaelle]], ranks=[0, 1])  # G2
    [[ana, chloe], [bruno, david]] = model.rate([[ana, chloe], [bruno, david]], ranks=[0, 1])  # G1
    # In creation order (G1 then G2) Chloé would win beside a newcomer, and Fabien beside a winner:
    # the case tells the two orders apart.
    [[c_ana, c_chloe], _] = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], [0, 1])
    [[_, c_fabien], _] = model.rate([[c_ana, model.rating()], [model.rating(), model.rating()]], ranks=[0, 1])
    assert round(c_chloe.mu, 5) != round(chloe.mu, 5) and round(c_fabien.mu, 5) != round(fabien.mu, 5)

    def expected_ana() -> tuple:
        found = ratings.ratings(db).of("Ana")
        return (found.mu, found.sigma, found.games, found.won)

    assert expected_ana() == (pytest.approx(ana.mu, rel=1e-12), pytest.approx(ana.sigma, rel=1e-12), 2, 2)
    found = by_name(ratings.ratings(db))
    assert found["Chloé"][:2] == (pytest.approx(chloe.mu, rel=1e-12), pytest.approx(chloe.sigma, rel=1e-12))
    assert found["Fabien"][:2] == (pytest.approx(fabien.mu, rel=1e-12), pytest.approx(fabien.sigma, rel=1e-12))
    assert found["Bruno"][:2] == (pytest.approx(bruno.mu, rel=1e-12), pytest.approx(bruno.sigma, rel=1e-12))
    assert [step.game_id for step in ratings.ratings(db).of("Ana").history][0] != first

    before = cotes(db)
    second = ratings.ratings(db).of("Fabien").history[0].game_id
    service.edit_deal(db, second, 1, {**A_CAPOT, "mode": "spades", "version": 1})
    assert cotes(db) == before
    import_data(other, export.export_json(db))
    assert cotes(other) == before


def test_a_game_stopped_at_its_totals_ended_with_its_last_hand(db, clock):
    """G1 (Ana & Chloé against Bruno & David) plays one hand (170 – 70) and no more; Ana then plays
    G2 (Ana & Fabien beat Élise & Gaëlle); an organiser stops G1 at its totals after that (Ana &
    Chloé ahead: they win). G1 ended with its last hand, before G2: it is rated first, though
    stopped after G2 ended."""
    first = typed(db, ["Ana", "Bruno", "Chloé", "David"], [A_WINS])
    typed(db, ["Ana", "Élise", "Fabien", "Gaëlle"], [A_CAPOT])
    assert stop_game(db, first).winner == "A"

    model = PlackettLuce()
    [[ana, _], _] = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[0, 1])
    [[ana, fabien], _] = model.rate([[ana, model.rating()], [model.rating(), model.rating()]], ranks=[0, 1])
    [[_, by_stop], _] = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[0, 1])
    assert round(by_stop.mu, 5) != round(fabien.mu, 5)  # Fabien beside a newcomer had G1 come after
    found = ratings.ratings(db).of("Fabien")
    assert (found.mu, found.sigma) == (pytest.approx(fabien.mu, rel=1e-12), pytest.approx(fabien.sigma, rel=1e-12))
    assert ratings.ratings(db).of("Ana").mu == pytest.approx(ana.mu, rel=1e-12)


def test_the_organisers_page_shows_each_teams_cote_for_information(client, drawn_order):
    """After table 1's slip (Un beat Deux), Un's two players are at 1097 and Deux's at 940
    (the module's docstring); Trois and Quatre never played: 1000. A team's is its players' mean."""
    concours = api_concours(client, ["Un", "Deux", "Trois", "Quatre"], parties=2)
    drawn_order([1, 2, 3, 4])
    api_draw(client, concours["id"])
    slip = f"/api/v1/concours/{concours['id']}/rounds/1/tables/1/slip"
    assert client.put(slip, json={"totals": {"A": 1020, "B": 640}}).status_code == 200
    text = page_text(client.get(f"/concours/{concours['id']}").text)
    teams = text[text.index("Équipes") :]
    for name, cote in [("Un", 1097), ("Deux", 940), ("Trois", 1000), ("Quatre", 1000)]:
        assert re.search(rf"{name} {name} 1, {name} 2 · cote\s{cote}\b", teams), name


def test_a_teams_cote_is_the_mean_of_its_players(db, clock):
    typed(db, ["Ana", "Bruno", "Chloé", "David"], [A_CAPOT])  # Ana 1097, Bruno 940
    found = ratings.ratings(db)
    assert found.team_rating("Ana", "Bruno") == 1019  # 1018.5, the half rounded up
    assert found.team_rating("Ana", "Zoé") == 1049  # with a newcomer's 1000: 1048.5


def test_the_cotes_follow_a_correction_a_deletion_and_an_import(db, other, clock):
    """Each read after a write replays the archive as it now is (never the replay of before)."""
    game_id = typed(db, ["Ana", "Bruno", "Chloé", "David"], [A_CAPOT])

    def ana() -> int | None:
        found = ratings.ratings(db).of("Ana")
        return found.rating if found else None

    assert ana() == 1097
    service.edit_deal(db, game_id, 1, {**B_CAPOT, "version": 1})
    assert ana() == 940
    service.edit_deal(db, game_id, 1, {**A_CAPOT, "version": 2})
    assert ana() == 1097
    service.delete_deal(db, game_id, 1, 3)
    assert ratings.ratings(db).players == []

    typed(other, ["Ana", "Élise", "Fabien", "Gaëlle"], [A_CAPOT])
    import_data(db, export.export_json(other))
    assert ana() == 1097 and ratings.ratings(db).of("Élise").rating == 940  # Ana & Fabien beat Élise & Gaëlle
