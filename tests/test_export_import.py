"""Export and import (issue 5): the JSON round trip is byte-identical and rebuilds the same sheets;
a bad file is refused in French and imports nothing; a clash of game ids is skipped when the game
is the same, refused when it is not; the CSV has one row per deal, with its scores, and is made for
a French spreadsheet (issue 13: `;`, a byte order mark, French words, no cell a formula)."""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest
from werkzeug.datastructures import FileStorage, MultiDict
from werkzeug.test import encode_multipart

from scorekeeper.services import export, import_checks, importing
from scorekeeper.services import games as service
from scorekeeper.store import evenings
from scorekeeper.store.db import connect, write_transaction
from tests.helpers import csrf_token, import_data, stop_game

PLAYERS = ["Ana", "Bruno", "Chloé", "David"]
# docs/scoring.md's worked examples, by number (the scores quoted where a test reads them).
EX = {
    1: {"taker": "A", "contract": 80, "mode": "hearts", "taker_points": 92},  # 170 / 70
    8: {"taker": "A", "contract": 100, "mode": "clubs", "coinche": "coinche", "taker_points": 101},  # 300 / 60
    16: {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True},  # 500 / 0
    20: {"taker": "B", "contract": 80, "mode": "hearts", "taker_points": 71},  # 240 / 0
    21: {
        "taker": "B",
        "contract": 100,
        "mode": "spades",
        "taker_points": 100,
        "melds": {"A": ["cent"], "B": ["carre_K"]},
    },  # 60 / 300
}


def hand(example: int, taker_player: int, **changes) -> dict:
    return {**EX[example], "taker_player": taker_player, **changes}


EXAMPLE_12 = {
    "taker": "A",
    "contract": 110,
    "mode": "hearts",
    "taker_points": 95,
    "melds": {"A": ["cinquante"], "B": ["tierce"]},
}
TABLES = ("evenings", "games", "deals", "actions", "game_summaries", "game_players", "game_teams", "deal_facts")


def fill(db) -> list[str]:
    """Two evenings, four games: finished and not, every kind of deal and every rule option,
    a deleted deal and an edited one (only live deals, as they stand, are exported)."""
    with write_transaction(db):
        first = evenings.insert(db, "2025-05-17", place="Chez Ana", note="Anniversaire de Bruno\n« 30 ans »")
        second = evenings.insert(db, "2025-05-24")
    ids = []
    game = service.create_game(db, {"players": PLAYERS, "target": 1000, "evening": first}).game.id
    for body in (hand(8, 0), hand(20, 1, coinche="coinche"), hand(16, 2)):
        service.record_hand(db, game, body)
    ids.append(game)
    game = service.create_game(
        db,
        {
            "players": PLAYERS,
            "teams": {"A": "Les As", "B": "Les Rois"},
            "dealer": 2,
            "evening": first,
            "rules": {"rounding": "complement", "misere": True, "carre_de_sept": True},
        },
    ).game.id
    service.record_hand(db, game, hand(21, 3))
    service.record_redeal(db, game, {"reason": "misere", "player": 1})
    service.record_hand(db, game, {**EXAMPLE_12, "taker_player": 0})
    service.record_redeal(db, game, {"reason": "carre_de_sept", "player": 2})
    service.record_hand(db, game, hand(1, 2))
    service.delete_deal(db, game, 3)
    service.edit_deal(db, game, 1, {**hand(21, 1), "version": 1})
    ids.append(game)
    game = service.create_game(
        db, {"players": ["Élise", "Bruno", "Ana", "David"], "evening": second, "rules": {"rounding": "none"}}
    ).game.id
    service.record_hand(
        db, game, {"taker": "A", "contract": "generale", "mode": "all_trump", "coinche": "coinche", "taker_player": 2}
    )
    service.record_redeal(db, game, {"reason": "all_pass"})
    ids.append(game)
    ids.append(service.create_game(db, {"evening": second}).game.id)  # no deal yet
    return ids


def counts(db) -> dict[str, int]:
    return {table: db[table].count for table in TABLES}


def sheets(db) -> dict[str, tuple]:
    rows = db.query("select id from games order by id")
    result = {}
    for row in rows:
        sheet = service.get_sheet(db, row["id"])
        deals = [(deal.kind, deal.input, deal.scores, deal.totals) for deal in sheet.deals]
        result[row["id"]] = (sheet.totals, sheet.winner, sheet.dealer, deals)
    return result


def test_round_trip_is_byte_identical_and_rebuilds_the_same_sheets(db, other):
    fill(db)
    first = export.export_json(db)
    report = import_data(other, first)
    assert (len(report.games_added), report.evenings_added, report.games_skipped) == (4, 2, [])
    second = export.export_json(other)
    assert second == first
    assert sheets(other) == sheets(db)
    summaries = "select game_id, total_a, total_b, winner, finished, deal_count, evening_id from game_summaries"
    assert sorted(map(tuple, map(dict.values, other.query(summaries)))) == sorted(
        map(tuple, map(dict.values, db.query(summaries)))
    )


def test_the_json_holds_the_inputs_not_the_scores(db):
    ids = fill(db)
    data = json.loads(export.export_json(db))
    assert data["format"] == "belote-bridgee-archive" and data["version"] == 1
    assert [evening["date"] for evening in data["evenings"]] == ["2025-05-17", "2025-05-24"]
    assert [game["id"] for game in data["games"]] == ids
    second = data["games"][1]
    assert second["rules"] == {"rounding": "complement", "misere": True, "carre_de_sept": True}
    assert second["dealer"] == 2 and second["teams"] == {"A": "Les As", "B": "Les Rois"}
    # Deal 3 was deleted, deal 1 edited: the file holds the four live deals as they stand.
    assert [deal["kind"] for deal in second["deals"]] == ["hand", "redeal", "redeal", "hand"]
    assert second["deals"][0]["input"]["taker_player"] == 1
    assert second["deals"][1]["input"] == {"reason": "misere", "player": 1}
    assert "score" not in json.dumps(data)


def test_an_evening_or_a_game_alone(db, other):
    ids = fill(db)
    evening = json.loads(export.export_json(db, evening_id=2))
    assert [game["id"] for game in evening["games"]] == ids[2:]
    assert [item["id"] for item in evening["evenings"]] == [2]
    game = json.loads(export.export_json(db, game_id=ids[1]))
    assert [item["id"] for item in game["games"]] == [ids[1]] and [item["id"] for item in game["evenings"]] == [1]
    import_data(other, game)
    assert export.export_json(other, game_id=ids[1]) == export.export_json(db, game_id=ids[1])


def test_importing_the_same_file_twice_skips_what_is_there(db, other):
    fill(db)
    data = json.loads(export.export_json(db))
    import_data(other, data)
    before = counts(other)
    report = import_data(other, data)
    assert (report.games_added, report.evenings_added, report.evenings_reused) == ([], 0, 2)
    assert len(report.games_skipped) == 4
    assert "4 partie(s) déjà présente(s), identique(s), ignorée(s)" in report.summary()
    assert counts(other) == before


def test_a_game_id_that_exists_with_other_data_refuses_the_whole_file(db, other):
    ids = fill(db)
    data = json.loads(export.export_json(db))
    import_data(other, {**data, "games": data["games"][:1]})
    changed = copy.deepcopy(data)
    changed["games"][0]["players"][0] = "Anaïs"
    before = counts(other)
    with pytest.raises(
        import_checks.ImportRefused, match=f"La partie « {ids[0]} » existe déjà ici, avec d'autres données"
    ):
        import_data(other, changed)
    assert counts(other) == before


def test_house_rules_survive_the_round_trip_byte_for_byte(db, other):
    """Issue 15: a concours game and one of custom rules (with `raw` rounding) keep their options."""
    fill(db)
    concours = {
        "coinche_scope": "whole",
        "coinche_all_or_nothing": True,
        "announced_capot": "flat",
        "unannounced_capot": "none",
    }
    custom = {"rounding": "raw", "belote_to": "winner", "scoring": "points_annonces"}
    ids = []
    for rules in (concours, custom):
        game = service.create_game(db, {"players": PLAYERS, "rules": rules}).game.id
        for body in (hand(8, 0, belote={"B": 1}), hand(20, 1, coinche="coinche"), hand(16, 2, coinche="coinche")):
            service.record_hand(db, game, body)
        ids.append(game)
    first = export.export_json(db)
    games = {game["id"]: game for game in json.loads(first)["games"]}
    assert games[ids[0]]["rules"] == {"rounding": "nearest", "misere": False, "carre_de_sept": False, **concours}
    assert games[ids[1]]["rules"] == {"misere": False, "carre_de_sept": False, **custom}
    import_data(other, first)
    assert export.export_json(other) == first
    assert sheets(other) == sheets(db)
    for game_id in ids:
        assert service.load_game(other, game_id).rules == service.load_game(db, game_id).rules
    # Scored by the options, here as there: ex 8 (A 100 ♣ coinché, 101 points) with B's belote is all
    # or nothing, (160 + 100) × 2 = 520 for A and B's belote 20; in points annoncés, 100 × 2 = 200 / 0.
    assert service.get_sheet(other, ids[0]).deals[0].scores == {"A": 520, "B": 20}
    assert service.get_sheet(other, ids[1]).deals[0].scores == {"A": 200, "B": 0}
    assert export.export_csv(other) == export.export_csv(db)


def test_an_evening_id_taken_here_is_given_another(db, other):
    fill(db)
    with write_transaction(other):
        evenings.insert(other, "2024-01-01", place="Ailleurs")  # takes id 1
    report = import_data(other, export.export_json(db))
    assert report.evenings_added == 2
    dates = {row["id"]: row["date"] for row in other.query("select id, date from evenings")}
    assert dates == {1: "2024-01-01", 2: "2025-05-24", 3: "2025-05-17"}
    assert sheets(other) == sheets(db)


def _bad(path: str, value):
    """The small file below with one value replaced (path like 'games.0.deals.1.input')."""

    def change(data):
        *parents, last = path.split(".")
        target = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if value is KeyError:
            del target[int(last) if isinstance(target, list) else last]
        else:
            target[int(last) if isinstance(target, list) else last] = value
        return data

    return change


SMALL = {
    "format": "belote-bridgee-archive",
    "version": 1,
    "evenings": [{"id": 1, "date": "2025-05-17", "place": "", "note": "", "created_at": "2025-05-17T19:00:00+00:00"}],
    "games": [
        {
            "id": "abcd2345",
            "evening": 1,
            "created_at": "2025-05-17T19:05:00+00:00",
            "teams": {"A": "Nous", "B": "Eux"},
            "players": PLAYERS,
            "dealer": 0,
            "target": 2000,
            "rules": {"rounding": "nearest", "misere": False, "carre_de_sept": False},
            "deals": [
                {"kind": "hand", "input": {**EX[1], "taker_player": 0}},
                {"kind": "redeal", "input": {"reason": "all_pass", "player": None}},
            ],
        },
    ],
}

BAD_FILES = [
    ("format", _bad("format", "autre-chose"), "Le fichier n'est pas une archive de ce marqueur"),
    ("version", _bad("version", 2), "Version d'archive inconnue : 2"),
    ("unknown key", _bad("extra", 1), "Le fichier : clé inconnue « extra »."),
    ("no games", _bad("games", KeyError), "Le fichier : « games » manque."),
    ("evening date", _bad("evenings.0.date", "17/05/2025"), "Soirée 1 : « date » doit être une date"),
    ("evening id", _bad("evenings.0.id", "un"), "Soirée 1 : « id » doit être un entier positif."),
    ("game id", _bad("games.0.id", "AB CD"), "Partie 1 : « id » doit faire de 4 à 32 lettres"),
    ("game evening", _bad("games.0.evening", 7), "Partie 1 (abcd2345) : « evening » doit être l'id d'une soirée"),
    ("created_at", _bad("games.0.created_at", "hier"), "Partie 1 (abcd2345) : « created_at » doit être une date"),
    ("target", _bad("games.0.target", 1500), "Partie 1 (abcd2345) : « target » doit valoir 2000 ou 1000."),
    ("no end", _bad("games.0.target", KeyError), "Partie 1 (abcd2345) : « end » manque."),
    ("end", _bad("games.0.end", {"deals": 3}), "Partie 1 (abcd2345) : « end » et « target » disent la même chose"),
    ("stopped_at", _bad("games.0.stopped_at", "ce soir"), "Partie 1 (abcd2345) : « stopped_at » doit être une date"),
    ("rules", _bad("games.0.rules.rounding", "up"), "Partie 1 (abcd2345) : « rules.rounding » doit valoir"),
    ("deal kind", _bad("games.0.deals.1.kind", "pass"), "Partie 1 (abcd2345), donne 2 : « kind » doit valoir"),
    (
        "deal points",
        _bad("games.0.deals.0.input.taker_points", 170),
        "Partie 1 (abcd2345), donne 1 : « taker_points » doit être un entier entre 0 et 162.",
    ),
    (
        "deal taker",
        _bad("games.0.deals.0.input.taker_player", 1),
        "Partie 1 (abcd2345), donne 1 : « taker_player » doit être un joueur de l'équipe qui a pris",
    ),
    (
        "salon option off",
        _bad("games.0.deals.1.input", {"reason": "misere", "player": 0}),
        "Partie 1 (abcd2345), donne 2 : « reason » : l'option « Misère » n'est pas jouée dans cette partie.",
    ),
    ("deal missing input", _bad("games.0.deals.0.input", KeyError), "Partie 1 (abcd2345), donne 1 : « input » manque."),
    (
        "deal time",
        _bad("games.0.deals.1.created_at", "17/05/2025 19:20"),
        "Partie 1 (abcd2345), donne 2 : « created_at » doit être une date et heure ISO.",
    ),
    ("deal time number", _bad("games.0.deals.0.created_at", 1747509600), "donne 1 : « created_at » doit être une date"),
]


def test_the_small_file_imports(other):
    report = import_data(other, SMALL)
    assert report.games_added == ["abcd2345"] and report.deals_added == 2
    assert service.get_sheet(other, "abcd2345").totals == {"A": 170, "B": 70}


@pytest.mark.parametrize(("change", "message"), [row[1:] for row in BAD_FILES], ids=[row[0] for row in BAD_FILES])
def test_a_bad_file_is_refused_in_french_and_imports_nothing(other, change, message):
    data = change(copy.deepcopy(SMALL))
    good = copy.deepcopy(SMALL["games"][0])
    good["id"] = "zzzz2345"
    if isinstance(data.get("games"), list):
        data["games"].insert(0, good)  # a good game first: it must not be imported either
        message = message.replace("Partie 1", "Partie 2")
    before = counts(other)
    with pytest.raises(import_checks.ImportRefused) as refused:
        import_data(other, data)
    assert message in refused.value.message
    assert counts(other) == before


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b'{"format": "\xc3\x28"}', "n'est pas du texte UTF-8"),  # a known key: an unknown one is refused first
        (b"{ not json", "n'est pas du JSON valide"),
        (b"[1, 2]", "Le fichier doit être un objet JSON."),
    ],
)
def test_a_file_that_is_not_an_archive(other, raw, message):
    with pytest.raises(import_checks.ImportRefused) as refused:
        importing.import_file(other, io.BytesIO(raw))
    assert message in refused.value.message


def read_csv(data: str | bytes) -> list[dict[str, str]]:
    """The CSV as a French spreadsheet reads it: UTF-8 after its byte order mark, `;` between cells."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    assert raw.startswith(b"\xef\xbb\xbf")  # the byte order mark: Excel then reads UTF-8
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline=""), delimiter=";"))


def test_csv_has_one_row_per_deal_with_its_scores(db):
    ids = fill(db)
    rows = read_csv(export.export_csv(db))
    live = sum(len(service.get_sheet(db, game_id).deals) for game_id in ids)
    assert len(rows) == live == 3 + 4 + 2
    first = rows[0]
    assert (first["soirée"], first["lieu"], first["partie"], first["donne"], first["type"]) == (
        "2025-05-17",
        "Chez Ana",
        ids[0],
        "1",
        "donne",
    )
    # ex 8: 100 ♣ coinché, made, 300 / 60.
    assert (first["preneur"], first["contrat"], first["atout"], first["coinche"], first["fait"]) == (
        "Ana",
        "100",
        "trèfle",
        "coinche",
        "oui",
    )
    assert (first["score A"], first["score B"], first["total A"], first["total B"]) == ("300", "60", "300", "60")
    # ex 20 coinché: 160 + 80×2 = 320 for A; then ex 16: capot made, 500.
    assert [(row["score A"], row["total A"]) for row in rows[1:3]] == [("320", "620"), ("500", "1120")]
    redeal = next(row for row in rows if row["type"] == "redonne")
    assert (redeal["redonne"], redeal["demandée par"], redeal["score A"], redeal["score B"]) == (
        "Misère",
        "Bruno",
        "0",
        "0",
    )
    game = read_csv(export.export_csv(db, game_id=ids[2]))
    assert [row["type"] for row in game] == ["donne", "redonne"]
    assert (game[0]["contrat"], game[0]["fait"], game[0]["score B"]) == ("générale", "non", "1600")  # ex 19


def test_the_export_routes(client, db):
    ids = fill(db)
    whole = client.get("/archives/export.json")
    assert whole.status_code == 200 and whole.mimetype == "application/json"
    assert whole.headers["Content-Disposition"].startswith('attachment; filename="belote-archive-')
    assert whole.get_data(as_text=True) == export.export_json(db)
    evening = client.get("/soirees/1/export.csv")
    assert evening.mimetype == "text/csv"
    assert 'filename="belote-soiree-2025-05-17-1.csv"' in evening.headers["Content-Disposition"]
    assert len(evening.get_data(as_text=True).splitlines()) == 1 + 3 + 4
    game = client.get(f"/archives/parties/{ids[0]}/export.json")
    assert json.loads(game.get_data())["games"][0]["id"] == ids[0]
    assert client.get("/archives/parties/nope1234/export.json").status_code == 404
    assert client.get("/soirees/99/export.csv").status_code == 404


@pytest.fixture
def csrf_app(make_app):
    return make_app(WTF_CSRF_ENABLED=True)


def test_the_import_page_with_a_real_csrf_token(csrf_app, db):
    fill(db)
    raw = export.export_json(db).encode()
    client = csrf_app.test_client()
    refused = client.post(
        "/archives/importer", data={"archive": (io.BytesIO(raw), "archive.json")}, content_type="multipart/form-data"
    )
    assert refused.status_code in (400, 422)
    assert connect(csrf_app.config["DATABASE"])["games"].count == 0
    token = csrf_token(client.get("/archives/importer").get_data(as_text=True))
    response = client.post(
        "/archives/importer",
        data={"csrf_token": token, "archive": (io.BytesIO(raw), "archive.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 200
    assert "Import terminé : 4 partie(s) importée(s), 9 donne(s), 2 soirée(s) ajoutée(s)." in response.get_data(
        as_text=True
    )
    assert export.export_json(connect(csrf_app.config["DATABASE"])) == raw.decode()


def test_the_import_page_refuses_a_bad_file_and_says_why(client, db):
    data = copy.deepcopy(SMALL)
    data["games"][0]["deals"][0]["input"]["contract"] = 85
    response = client.post(
        "/archives/importer",
        data={"archive": (io.BytesIO(json.dumps(data).encode()), "archive.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Partie 1 (abcd2345), donne 1 : « contract » doit valoir 80 à 160 de dix en dix" in page
    assert "Rien n&#39;a été importé." in page
    assert db["games"].count == 0
    assert client.post("/archives/importer", data={}, content_type="multipart/form-data").status_code == 422


def test_the_import_page_takes_a_file_bigger_than_other_bodies(client, db):
    data = copy.deepcopy(SMALL)
    data["evenings"][0]["note"] = "x" * 400
    # 4,000 deals in ten games: a game holds at most 500 (belote.game_length.MAX_DEALS).
    game = data["games"][0]
    game["deals"] = [{"kind": "redeal", "input": {"reason": "all_pass", "player": None}}] * 400
    data["games"] = [{**game, "id": f"{game['id']}{n}"} for n in range(10)]
    raw = json.dumps(data, indent=4).encode()
    assert len(raw) > 256 * 1024
    # Encoded here in memory: the test client would spool a body this big to a file it never closes.
    boundary, body = encode_multipart(MultiDict({"archive": FileStorage(io.BytesIO(raw), "archive.json")}))
    response = client.post("/archives/importer", data=body, content_type=f"multipart/form-data; boundary={boundary}")
    assert response.status_code == 200
    assert "Import terminé : 10 partie(s) importée(s), 4000 donne(s)" in response.get_data(as_text=True)
    assert db["deals"].count == 4000


def test_csv_is_for_a_french_spreadsheet(client, db):
    """`;`, a byte order mark, and the words of the sheet: melds as the table says them."""
    ids = fill(db)
    response = client.get(f"/archives/parties/{ids[1]}/export.csv")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    raw = response.get_data()
    assert raw.startswith(b"\xef\xbb\xbfsoir\xc3\xa9e;lieu;partie;")
    rows = read_csv(raw)
    # ex 21 (edited in): A announced a cent, B a carré of kings.
    assert (rows[0]["annonces A"], rows[0]["annonces B"]) == ("cent", "carré de rois")
    assert (rows[1]["redonne"], rows[2]["redonne"]) == ("Misère", "Carré de 7")
    assert (rows[0]["équipe A"], rows[0]["équipe B"]) == ("Les As", "Les Rois")
    assert "carre_" not in raw.decode("utf-8-sig")
    whole = read_csv(client.get("/archives/export.csv").get_data())
    assert [row["donneur"] for row in whole if row["partie"] == ids[2]] == ["Élise", "Bruno"]
    assert whole[0]["lieu"] == "Chez Ana" and whole[-1]["contrat"] == ""


def test_csv_names_every_meld_in_french_and_the_best_meld_call(db):
    game_id = service.create_game(db, {"players": PLAYERS}).game.id
    service.record_hand(
        db,
        game_id,
        {
            "taker": "A",
            "contract": 80,
            "mode": "hearts",
            "taker_points": 100,
            "taker_player": 0,
            "melds": {"A": ["tierce", "carre_A"], "B": ["carre_J"]},
        },
    )
    service.record_hand(
        db,
        game_id,
        {
            "taker": "A",
            "contract": 80,
            "mode": "hearts",
            "taker_points": 100,
            "taker_player": 0,
            "melds": {"A": ["tierce"], "B": ["tierce"]},
            "best_meld": "none",
        },
    )
    first, second = read_csv(export.export_csv(db))
    assert (first["annonces A"], first["annonces B"]) == ("tierce, carré d'as", "carré de valets")
    assert (first["meilleure annonce"], second["meilleure annonce"]) == ("", "personne")


FORMULAS = ['=HYPERLINK("http://x","y")', "+1", "-1+2", "@SUM(A1)", "\tx", "\rx"]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_text_cell_that_a_spreadsheet_would_run_is_written_inert(text):
    assert export.inert(text) == "'" + text


@pytest.mark.parametrize("value", ["Nous", "L'Équipe « Zèbre »", "", "Jean-Éric", 0, 170, -20, 1.5])
def test_other_cells_are_written_as_they_are(value):
    """Numbers stay numbers, a negative one too: only text is a formula."""
    assert export.inert(value) == value


def test_csv_cells_from_the_table_never_become_formulas(client, db):
    """Team, player and place names typed at the table come out as text in the spreadsheet."""
    with write_transaction(db):
        evening = evenings.insert(db, "2025-05-17", place="=cmd|' /C calc'!A0")
    teams = {"A": '=HYPERLINK("http://x","y")', "B": "-1+2"}
    players = ["+1", "@SUM(A1)", "Chloé", "-Zoé"]
    game_id = service.create_game(db, {"players": players, "teams": teams, "evening": evening}).game.id
    service.record_hand(db, game_id, hand(20, 3))  # B fails: 240 / 0, the numbers stay numbers
    service.record_redeal(db, game_id, {"reason": "all_pass"})
    for sep, delimiter in (("", ";"), ("?sep=comma", ",")):
        raw = client.get(f"/soirees/{evening}/export.csv{sep}").get_data().decode("utf-8-sig")
        first, redeal = csv.DictReader(io.StringIO(raw, newline=""), delimiter=delimiter)
        assert first["lieu"] == "'=cmd|' /C calc'!A0"
        assert (first["équipe A"], first["équipe B"], first["preneurs"]) == ("'" + teams["A"], "'-1+2", "'-1+2")
        assert (first["donneur"], first["preneur"], redeal["donneur"]) == ("'+1", "'-Zoé", "'@SUM(A1)")
        assert (first["score A"], first["score B"], first["total A"], first["contrat"]) == ("240", "0", "240", "80")
        for row in (first, redeal):
            assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row.values())


def test_csv_with_commas_on_asking(client, db):
    """`?sep=comma`: the earlier framing (commas, no byte order mark), for scripts."""
    fill(db)
    raw = client.get("/archives/export.csv?sep=comma").get_data()
    assert raw.startswith("soirée,lieu,partie,".encode())
    assert raw.decode("utf-8") == export.export_csv(db, separator="comma")
    comma = list(csv.DictReader(io.StringIO(raw.decode("utf-8"), newline="")))
    assert comma == read_csv(client.get("/archives/export.csv").get_data())
    assert client.get("/archives/export.csv?sep=semicolon").get_data() == client.get("/archives/export.csv").get_data()
    assert client.get("/archives/export.csv?sep=tab").status_code == 400


def test_games_in_deals_and_stopped_games_survive_the_round_trip_byte_for_byte(db, other):
    """Issue 25: a game in 12 deals ended in a draw (ex 1 and its mirror in turn: 6 × 170 + 6 × 70 =
    1440 each), one in 4 deals still playing, and one stopped by an organiser, beside the others."""
    fill(db)
    mirror = {**EX[1], "taker": "B"}  # A 70, B 170
    drawn = service.create_game(db, {"players": PLAYERS, "end": {"deals": 12}}).game.id
    for index in range(12):
        service.record_hand(db, drawn, hand(1, 0) if index % 2 == 0 else {**mirror, "taker_player": 1})
        if index == 4:
            service.record_redeal(db, drawn, {"reason": "all_pass"})
    playing = service.create_game(db, {"players": PLAYERS, "end": {"deals": 4}}).game.id
    service.record_hand(db, playing, hand(1, 2))
    stopped = service.create_game(db, {"players": PLAYERS, "end": {"points": 1500}}).game.id
    service.record_hand(db, stopped, hand(21, 1))
    stop_game(db, stopped)
    first = export.export_json(db)
    games = {game["id"]: game for game in json.loads(first)["games"]}
    assert (games[drawn]["end"], games[playing]["end"], games[stopped]["end"]) == (
        {"deals": 12},
        {"deals": 4},
        {"points": 1500},
    )
    assert "stopped_at" in games[stopped] and "stopped_at" not in games[drawn] and "target" not in games[drawn]
    report = import_data(other, first)
    assert len(report.games_added) == 7 and not report.games_refused
    assert export.export_json(other) == first
    assert sheets(other) == sheets(db)
    assert (service.get_sheet(other, drawn).draw, service.get_sheet(other, drawn).totals) == (
        True,
        {"A": 1440, "B": 1440},
    )
    assert service.get_sheet(other, stopped).stopped and service.get_sheet(other, stopped).winner == "B"
    assert not service.get_sheet(other, playing).finished
    assert export.export_csv(other) == export.export_csv(db)
    # The same file again: every game is there, the same, and skipped.
    assert len(import_data(other, first).games_skipped) == 7


def test_a_game_in_deals_that_goes_on_after_its_last_hand_is_not_imported(other):
    data = copy.deepcopy(SMALL)
    game = data["games"][0]
    del game["target"]
    game["end"] = {"deals": 4}
    game["deals"] = [{"kind": "hand", "input": {**EX[1], "taker_player": 0}}] * 5
    report = import_data(other, data)
    assert report.games_added == []
    assert report.games_refused == [
        [
            "abcd2345",
            "Partie 1 (abcd2345) : la partie est gagnée par Nous à la donne 4 (680 à 280), mais le fichier "
            "contient encore 1 donne(s) après : une partie gagnée ne prend plus de donne. Partie non importée.",
        ]
    ]


def recorded_times(db) -> list[tuple]:
    """Each live deal's recorded time, by game and deal, with its kind."""
    return [
        tuple(row.values())
        for row in db.query("select game_id, kind, created_at from deals where deleted_at is null order by game_id, id")
    ]


def test_each_deal_keeps_the_time_it_was_recorded_through_the_round_trip(db, other, monkeypatch):
    """Issue 33 (the cotes' order): each deal and redeal is recorded one minute after the one before;
    the file carries each one's time (an edit keeps it: deal 1 of the second game was corrected
    after the rest was typed), and the import into a fresh archive restores them all."""
    minutes = iter(range(100))
    monkeypatch.setattr("scorekeeper.store.games.now", lambda: f"2025-05-17T19:{next(minutes):02d}:00.000+00:00")
    ids = fill(db)
    typed = recorded_times(db)
    second = [at for game_id, _, at in typed if game_id == ids[1]]
    edited = next(db.query("select created_at from actions where action = 'edit'"))["created_at"]
    assert second == sorted(set(second)) and edited > second[-1]  # the edit left deal 1 its time
    data = json.loads(export.export_json(db))
    assert [deal["created_at"] for deal in data["games"][1]["deals"]] == second
    import_data(other, data)
    assert recorded_times(other) == typed
    assert export.export_json(other) == export.export_json(db)


def test_a_file_without_the_deals_times_still_imports_at_the_imports_time(other, monkeypatch):
    """A file written before deals had their time (SMALL): its deals are recorded at the import's
    moment, as before; imported again, its game is the same and skipped."""
    monkeypatch.setattr("scorekeeper.store.games.now", lambda: "2026-01-10T18:00:00.000+00:00")
    assert "created_at" not in json.dumps(SMALL["games"][0]["deals"])
    report = import_data(other, SMALL)
    assert report.games_added == ["abcd2345"] and report.deals_added == 2
    assert recorded_times(other) == [
        ("abcd2345", "hand", "2026-01-10T18:00:00.000+00:00"),
        ("abcd2345", "redeal", "2026-01-10T18:00:00.000+00:00"),
    ]
    assert import_data(other, SMALL).games_skipped == ["abcd2345"]
    with_times = copy.deepcopy(SMALL)  # the same game with other times is another game
    with_times["games"][0]["deals"][0]["created_at"] = "2025-05-17T19:06:00+00:00"
    with pytest.raises(import_checks.ImportRefused, match="existe déjà ici, avec d'autres données"):
        import_data(other, with_times)
