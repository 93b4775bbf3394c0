"""The archive knows the concours (issue 25, item 6; docs/concours.md, "In the archive"): the JSON
export carries each concours with its evening, teams, parties and tables; an import into an empty
archive gives the same bytes back and the same ranking; a file whose concours does not hold
together is refused in French and imports nothing; a concours already here is skipped; the
evening's page lists its concours and says at which table each game was played; the statistics
count a concours's games as the ordinary games they are.

The concours of these tests, worked on paper (CONCOURS.md's second worked example's teams and
first draw): five teams, two parties to 1000, the bye "average".

    Partie 1, drawn order 3, 1, 5, 2, 4: table 1 Dames (3) – As (1), table 2 Dix (5) – Rois (2),
    Valets (4) rest. Table 1 plays two capots of Chloé's (docs/scoring.md ex 16, 500 – 0 each):
    1000 – 0, Dames win. Table 2 played on paper: its slip says 980 – 1020, Rois win.
    Valets' bye: the winners' mean (1000 + 1020) / 2 = 1010, the losers' (0 + 980) / 2 = 490.
    Ranking: Rois 1020, Valets 1010, Dames 1000, Dix 980, As 0. As, lowest-ranked of those who
    never rested, rest in partie 2; Rois – Valets and Dames – Dix have not met: table 1 Rois (2) –
    Valets (4), table 2 Dames (3) – Dix (5).
    Partie 2: one hand at each table (ex 8, 300 – 60 at table 1; ex 1, 170 – 70 at table 2), then
    the organiser closes it at the time limit: both games stopped at their totals. Then As withdraw.
"""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.services import concours as concours_service
from scorekeeper.services import concours_import_checks, export, import_checks, stats
from scorekeeper.services import games as service
from scorekeeper.services.concours_json import concours_json
from scorekeeper.services.concours_view import load
from scorekeeper.store import evenings
from scorekeeper.store.db import write_transaction
from tests.helpers import import_data, page_text
from tests.test_docs import json_blocks
from tests.test_export_import import fill, sheets

CAPOT = {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True}  # ex 16: 500 / 0
EX_8 = {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101}  # 300 / 60
EX_1 = {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92}  # 170 / 70
TEAMS = [
    {"name": "Les As", "players": ["Ana", "Alain"]},
    {"name": "Les Rois", "players": ["Bruno", "Béa"]},
    {"name": "Les Dames", "players": ["Chloé", "Claude"]},
    {"name": "Les Valets", "players": ["David", "Dora"]},
    {"name": "Les Dix", "players": ["Élise", "Émile"]},
]
FIRST_ORDER = [3, 1, 5, 2, 4]
CONCOURS_TABLES = ("concours", "concours_teams", "concours_rounds", "concours_tables")


@pytest.fixture
def drawn_in_order(monkeypatch):
    """The first partie's draw in FIRST_ORDER instead of at random."""

    def shuffle(numbers: list[int]) -> None:
        numbers[:] = [number for number in FIRST_ORDER if number in numbers]

    monkeypatch.setattr(concours_service, "_shuffle", shuffle)


def table_game(concours, partie: int, table: int) -> str:
    return concours.rounds[partie - 1].tables[table - 1].game_id


def play_concours(db) -> str:
    """The module docstring's concours, beside an ordinary game of the same evening."""
    with write_transaction(db):
        evening = evenings.insert(db, "2025-06-13", place="Au club", note="Concours de juin")
    service.record_hand(
        db, service.create_game(db, {"evening": evening}).game.id, {**EX_1, "taker_player": 0}
    )  # an ordinary game, the same evening
    created = concours_service.create_concours(
        db,
        {
            "name": "Concours de juin",
            "evening": evening,
            "parties": 2,
            "end": {"points": 1000},
            "time_limit": 45,
            "rules": {"rounding": "nearest", "misere": True, "carre_de_sept": True},
            "teams": TEAMS,
        },
    )
    concours = concours_service.draw_round(db, created.id)
    for _ in range(2):
        service.record_hand(db, table_game(concours, 1, 1), {**CAPOT, "taker_player": 0})
    concours_service.enter_slip(db, created.id, 1, 2, {"A": 980, "B": 1020})
    concours = concours_service.draw_round(db, created.id)
    service.record_hand(db, table_game(concours, 2, 1), {**EX_8, "taker_player": 0})
    service.record_hand(db, table_game(concours, 2, 2), {**EX_1, "taker_player": 0})
    concours_service.close_round(db, created.id, 2)
    concours_service.withdraw_team(db, created.id, 1)
    return created.id


def counts(db) -> dict[str, int]:
    return {table: db[table].count for table in ("games", "deals", "evenings", *CONCOURS_TABLES)}


def test_the_round_trip_is_byte_identical_and_ranks_the_same(db, other, drawn_in_order):
    concours_id = play_concours(db)
    first = export.export_json(db)
    report = import_data(other, first)
    assert (len(report.games_added), report.concours_added, report.concours_skipped) == (5, [concours_id], [])
    assert export.export_json(other) == first
    assert concours_json(load(other, concours_id)) == concours_json(load(db, concours_id))
    imported = concours_json(load(other, concours_id))
    assert [partie["bye"] for partie in imported["rounds"]] == [
        {"points": 1010, "conceded": 490},
        {"points": 240, "conceded": 70},  # (300 + 170) / 2 = 235 → 240, (60 + 70) / 2 = 65 → 70
    ]
    # Rois 1020 + 300, Dames 1000 + 170, Valets 1010 + 60, Dix 980 + 70, As 0 + 240.
    assert [(row["team"], row["points"]) for row in imported["standings"]] == [
        (2, 1320),
        (3, 1170),
        (4, 1070),
        (5, 1050),
        (1, 240),
    ]
    assert "concours" in report.summary()


def test_the_round_trip_of_the_existing_archive_with_concours_of_other_settings(db, other, drawn_in_order):
    """test_export_import's archive (two evenings, four games of every kind), this module's
    concours, and a second one of every other setting: in 12 deals, a fixed bye, ranked by wins,
    paired at random, no time limit, its first partie drawn and nothing played yet."""
    fill(db)
    play_concours(db)
    second = concours_service.create_concours(
        db,
        {
            "name": "Concours en donnes",
            "parties": 3,
            "end": {"deals": 12},
            "ranking": "wins",
            "pairing": "random",
            "bye": {"points": 800, "conceded": 600},
            "teams": TEAMS[:3],
        },
    )
    concours_service.draw_round(db, second.id)
    first = export.export_json(db)
    report = import_data(other, first)
    assert (len(report.games_added), len(report.concours_added)) == (4 + 5 + 1, 2)
    assert export.export_json(other) == first
    assert sheets(other) == sheets(db)
    imported = concours_json(load(other, second.id))
    assert (imported["end"], imported["bye"], imported["time_limit"]) == (
        {"deals": 12},
        {"points": 800, "conceded": 600},
        None,
    )
    assert imported["rounds"][0]["bye"] == {"points": 800, "conceded": 600}


def test_the_json_holds_the_concours_as_entered(db, drawn_in_order):
    concours_id = play_concours(db)
    data = json.loads(export.export_json(db))
    (concours,) = data["concours"]
    assert concours["id"] == concours_id and concours["evening"] == data["evenings"][0]["id"]
    assert {key: concours[key] for key in ("name", "parties", "end", "time_limit", "ranking", "pairing", "bye")} == {
        "name": "Concours de juin",
        "parties": 2,
        "end": {"points": 1000},
        "time_limit": 45,
        "ranking": "points",
        "pairing": "ranking",
        "bye": "average",
    }
    assert [(team["number"], team["name"], team["players"]) for team in concours["teams"]] == [
        (number, team["name"], team["players"]) for number, team in enumerate(TEAMS, start=1)
    ]
    assert [team["withdrawn_at"] is not None for team in concours["teams"]] == [True, False, False, False, False]
    first, second = concours["rounds"]
    assert (first["drawn_order"], first["rests"], second["rests"]) == (FIRST_ORDER, 4, 1)
    assert first["closed_at"] is not None and second["closed_at"] is not None  # by the second draw; by the organiser
    assert [(t["table"], t["teams"], t["slip"]) for t in first["tables"]] == [
        (1, [3, 1], None),
        (2, [5, 2], {"A": 980, "B": 1020}),
    ]
    assert [t["teams"] for t in second["tables"]] == [[2, 4], [3, 5]]
    games = {game["id"]: game for game in data["games"]}
    assert all(games[t["game"]].get("stopped_at") for t in second["tables"])  # closed at the time limit
    assert [len(games[t["game"]]["deals"]) for t in first["tables"]] == [2, 0]


def test_an_evening_carries_its_concours_and_one_game_none(db, drawn_in_order):
    concours_id = play_concours(db)
    data = json.loads(export.export_json(db))
    evening = data["evenings"][0]["id"]
    game_id = data["concours"][0]["rounds"][0]["tables"][0]["game"]
    assert [c["id"] for c in json.loads(export.export_json(db, evening_id=evening))["concours"]] == [concours_id]
    assert "concours" not in json.loads(export.export_json(db, game_id=game_id))


def test_an_archive_without_concours_has_no_such_key_and_imports_as_before(db, other):
    with write_transaction(db):
        evening = evenings.insert(db, "2025-05-17")
    service.record_hand(db, service.create_game(db, {"evening": evening}).game.id, {**EX_1, "taker_player": 0})
    text = export.export_json(db)
    assert set(json.loads(text)) == {"format", "version", "evenings", "games"}
    report = import_data(other, text)
    assert (len(report.games_added), report.concours_added) == (1, [])
    assert "concours" not in report.summary()
    assert export.export_json(other) == text


def test_a_concours_follows_its_evening_to_another_id(db, other, drawn_in_order):
    concours_id = play_concours(db)
    with write_transaction(other):
        taken = evenings.insert(other, "2024-01-01", place="Ailleurs")  # the file's evening id, here
    import_data(other, export.export_json(db))
    (evening,) = [row["id"] for row in other.query("select id from evenings where date = '2025-06-13'")]
    assert evening != taken and load(other, concours_id).evening_id == evening
    assert {row["evening_id"] for row in other.query("select evening_id from games")} == {evening}


def test_importing_the_same_file_twice_skips_the_concours(db, other, drawn_in_order):
    concours_id = play_concours(db)
    data = json.loads(export.export_json(db))
    import_data(other, data)
    before = counts(other)
    report = import_data(other, data)
    assert (report.concours_added, report.concours_skipped, len(report.games_skipped)) == ([], [concours_id], 5)
    assert counts(other) == before
    assert "1 concours déjà présent(s), identique(s), ignoré(s)" in report.summary()


def test_a_concours_here_with_other_data_refuses_the_whole_file(db, other, drawn_in_order):
    play_concours(db)
    data = json.loads(export.export_json(db))
    import_data(other, data)
    data["concours"][0]["name"] = "Concours de juillet"
    data["evenings"].append({**data["evenings"][0], "id": 99, "date": "2025-07-01"})
    before = counts(other)
    with pytest.raises(import_checks.ImportRefused) as refused:
        import_data(other, data)
    assert "existe déjà ici, avec d'autres données : rien n'a été importé" in refused.value.message
    assert counts(other) == before


def test_a_new_concours_whose_game_plays_at_a_table_here_is_refused(db, drawn_in_order):
    play_concours(db)
    data = json.loads(export.export_json(db))
    data["concours"][0]["id"] = "autreconcours"
    before = counts(db)
    with pytest.raises(import_checks.ImportRefused) as refused:
        import_data(db, data)
    assert "joue déjà ici, table 1 de la partie 1 du concours « Concours de juin »" in refused.value.message
    assert counts(db) == before


def test_a_concours_whose_game_is_not_imported_is_left_out_and_said(db, other, drawn_in_order):
    """A game that goes on after it was won is not imported (the report says why): its concours
    cannot be either, and the report says so; the other games are imported."""
    concours_id = play_concours(db)
    data = json.loads(export.export_json(db))
    won = data["concours"][0]["rounds"][0]["tables"][0]["game"]  # 1000 – 0 after two capots
    game = next(game for game in data["games"] if game["id"] == won)
    game["deals"].append({"kind": "hand", "input": {**CAPOT, "taker_player": 0}})
    report = import_data(other, data)
    assert [game_id for game_id, _ in report.games_refused] == [won]
    assert [concours for concours, _ in report.concours_refused] == [concours_id]
    assert len(report.games_added) == 4 and other["concours"].count == 0
    assert f"sa partie « {won} » n'est pas importée" in report.concours_refused[0][1]
    assert "1 concours non importé(s)." in report.summary()


def test_the_import_page_says_which_concours_it_left_out_and_why(client, db, other, drawn_in_order):
    """The same file through /archives/importer: the report page lists the concours left out."""
    play_concours(other)
    data = json.loads(export.export_json(other))
    won = data["concours"][0]["rounds"][0]["tables"][0]["game"]
    next(game for game in data["games"] if game["id"] == won)["deals"].append(
        {"kind": "hand", "input": {**CAPOT, "taker_player": 0}}
    )
    response = client.post(
        "/archives/importer",
        data={"archive": (io.BytesIO(json.dumps(data).encode()), "archive.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 200
    text = page_text(response.get_data(as_text=True))
    assert "1 concours non importé(s)" in text
    assert (
        f"Concours « Concours de juin » ({data['concours'][0]['id']}) : sa partie « {won} » n'est pas importée" in text
    )
    assert db["concours"].count == 0 and db["games"].count == 4  # the ordinary game and 3 tables'


def _changed(path: str, value):
    """The exported file with the value at `path` (dots, list indices as numbers) replaced, or
    removed when `value` is `...`."""

    def change(data):
        *parents, last = path.split(".")
        node = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        key = int(last) if isinstance(node, list) else last
        if value is ...:
            del node[key]
        else:
            node[key] = value(node[key]) if callable(value) else value

    return change


C = "concours.0"
R2 = f"{C}.rounds.1"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_changed(f"{R2}.tables.0.game", "absente1"), "partie 2, table 1 : la partie « absente1 » n'est pas dans"),
        (_changed(f"{R2}.tables.0.teams", [2, 9]), "partie 2, table 1 : « teams » : 9 n'est le numéro d'aucune équipe"),
        (_changed(f"{R2}.tables.1.teams", [2, 5]), "partie 2, table 2 : l'équipe 2 joue déjà, ou est exempte"),
        (_changed(f"{R2}.tables.0.teams", [1, 4]), "partie 2, table 1 : l'équipe 1 joue déjà, ou est exempte"),
        (_changed(f"{R2}.rests", 6), "partie 2 : « rests » : 6 n'est le numéro d'aucune équipe"),
        (_changed(f"{C}.rounds.0.drawn_order", [3, 1, 5, 2, 3]), "« drawn_order » nomme deux fois la même équipe"),
        (_changed(f"{C}.rounds.0.drawn_order", [3, 1, 5, 2, 7]), "« drawn_order » : 7 n'est le numéro d'aucune"),
        (_changed(f"{R2}.tables.1.table", 3), "partie 2, table 2 : « table » doit valoir 2"),
        (_changed(f"{C}.teams.2.number", 4), "équipe 3 : « number » doit valoir 3"),
        (_changed(f"{C}.teams.1.name", "LES AS"), "équipe 2 : une autre équipe s'appelle déjà « LES AS »"),
        (_changed(f"{C}.teams.1.players", ["Bruno"]), "équipe 2 : « team.players » doit donner les deux joueurs"),
        (_changed(f"{C}.teams.0.withdrawn_at", "hier"), "équipe 1 : « withdrawn_at » doit être une date et heure"),
        (_changed(f"{C}.rounds.0.closed_at", None), "partie 1 : « closed_at » manque, alors que la partie suivante"),
        (_changed(f"{C}.parties", 1), "2 parties tirées pour un concours en 1"),
        (_changed(f"{C}.parties", 13), "« parties » doit être un nombre de parties, de 1 à 12"),
        (_changed(f"{C}.ranking", "elo"), "« ranking » doit valoir « points » ou « wins »"),
        (_changed(f"{C}.end", {"points": 999}), "« end » doit valoir"),
        (_changed(f"{C}.evening", 77), "« evening » doit être l'id d'une soirée du fichier"),
        (_changed(f"{C}.rounds.0.tables.1.slip", {"A": -5, "B": 1020}), "« slip » : « totals.A » doit être"),
        (_changed(f"{C}.rounds.0.tables.0", lambda t: {**t, "seat": 1}), "table 1 : clé inconnue « seat »"),
        (_changed(f"{C}.rounds.1.drawn_at", ...), "partie 2 : « drawn_at » manque"),
        (_changed(f"{C}.id", "Pas Un Id"), "Concours 1 : « id » doit faire de 4 à 32 lettres"),
        (_changed("concours", lambda items: items * 2), "cet id est déjà celui d'un autre concours du fichier"),
        (_changed("concours", {}), "« concours » doit être une liste"),
    ],
)
def test_a_concours_that_does_not_hold_together_is_refused_in_french(db, other, drawn_in_order, change, message):
    play_concours(db)
    data = json.loads(export.export_json(db))
    change(data)
    before = counts(other)
    with pytest.raises(import_checks.ImportRefused) as refused:
        import_data(other, data)
    assert message in refused.value.message
    assert counts(other) == before


def test_a_table_game_of_another_evening_is_refused(db, other, drawn_in_order):
    play_concours(db)
    data = json.loads(export.export_json(db))
    data["evenings"].append({**data["evenings"][0], "id": 99, "date": "2025-07-01"})
    game_id = data["concours"][0]["rounds"][1]["tables"][1]["game"]
    next(game for game in data["games"] if game["id"] == game_id)["evening"] = 99
    with pytest.raises(import_checks.ImportRefused) as refused:
        import_data(other, data)
    assert refused.value.message.endswith(
        f"partie 2, table 2 : la partie « {game_id} » n'est pas de la soirée du concours."
    )
    assert counts(other) == dict.fromkeys(counts(other), 0)


def test_the_evening_page_lists_its_concours_and_where_each_game_was_played(client, db, drawn_in_order):
    concours_id = play_concours(db)
    evening = db.execute("select evening_id from concours").fetchone()[0]
    with client.get(f"/soirees/{evening}") as response:
        html = response.get_data(as_text=True)
    text = page_text(html)
    assert "Concours de juin · 2 parties tirées sur 2 · 5 équipes" in text
    assert f'href="/concours/{concours_id}"' in html and f'href="/concours/{concours_id}/classement"' in html
    for partie, table in ((1, 1), (1, 2), (2, 1), (2, 2)):
        assert f"Concours « Concours de juin » · partie {partie} · table {table}" in text
    assert text.count("Concours « Concours de juin »") == 4  # the ordinary game says nothing
    # its game has no deal: it is the slip's result all the same (issue 32, D2)
    assert "partie 1 · table 2 · résultat saisi depuis la feuille de table Les Dix – Les Rois" in text
    assert "980 – 1020 gagnée par Les Rois" in text


def test_a_concours_game_counts_in_its_players_statistics(db, drawn_in_order):
    """Chloé played as team A's first player at two tables, taking every hand: partie 1 table 1
    (two capots, 500 – 0 each: won 1000 – 0) and partie 2 table 2 (ex 1, 170 – 70, then stopped at
    the time limit: won at its totals). Her figures: 2 games, 2 won, 3 hands, 1170 points, 3 taken,
    3 made."""
    play_concours(db)
    figures = stats.player(db, "Chloé").figures
    assert (figures.games, figures.finished, figures.won, figures.hands) == (2, 2, 2, 3)
    assert (figures.points, figures.taken, figures.made) == (1170, 3, 3)


def _shape(value):
    """A JSON value's keys, all the way down (a list by its first item): what a documented example
    and a real answer must share."""
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_shape(value[0])] if value else []
    return None


def test_docs_concours_md_shows_the_api_answer_and_the_archive_as_they_are(client, drawn_in_order):
    """docs/concours.md's two examples: the API's answer has the keys a real answer has, at every
    level; the archive's concours passes the import's checks as it stands."""
    answer, archive = (block.body for block in json_blocks("concours.md"))
    body = {"name": "Doc", "parties": 3, "end": {"deals": 12}, "time_limit": 40, "teams": TEAMS[:3]}
    concours_id = client.post("/api/v1/concours", json=body).get_json()["id"]
    drawn = client.post(f"/api/v1/concours/{concours_id}/rounds", json={}).get_json()
    game_id = drawn["rounds"][0]["tables"][0]["game"]
    assert client.post(f"/api/v1/games/{game_id}/hands", json={**EX_1, "taker_player": 0}).status_code == 201
    assert _shape(answer) == _shape(client.get(f"/api/v1/concours/{concours_id}").get_json())
    assert set(archive) == import_checks.TOP_KEYS | import_checks.TOP_OPTIONAL_KEYS
    evening_ids = {evening["id"] for evening in archive["evenings"]}
    (concours,) = concours_import_checks.check_concours(archive["concours"], evening_ids)
    assert concours.game_ids() == ["xvizbiqa", "6z873i5h"]
