"""Names keep no invisible character (issue 14): a team's or a player's name, through the API, the
new-game page or an imported file alike (`names.parse_name`), is composed (NFC), loses its control
characters (NUL, ESC, …) and its format characters (zero-width spaces and joiners, bidi marks,
embeddings, overrides, isolates, the BOM, the soft hyphen), and its runs of spaces become one. A
name with nothing else is refused in French. So "A\\u200bna" is Ana on the sheet, in the statistics
and in the exports; and a name stored before (not rewritten) is matched with its visible twin."""

from __future__ import annotations

import csv
import io
import json

import pytest

from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.evenings import parse_evening
from scorekeeper.belote.names import MAX_NAME_LENGTH, name_key, pair_key, parse_name, tidy_name
from scorekeeper.services import export, importing, stats
from scorekeeper.services.import_checks import LONE_SURROGATE, ImportRefused
from scorekeeper.store import derived
from scorekeeper.store.db import write_transaction
from tests.helpers import import_data

HAND = {"taker": "A", "taker_player": 0, "contract": 80, "mode": "hearts", "taker_points": 92}  # 170 / 70
NEW_GAME_FORM = {"team_a": "Nous", "team_b": "Eux", "dealer": "0", "target": "2000", "rounding": "nearest"}
# Every character a name loses, by kind: what the red team typed, and the rest of their families.
INVISIBLE = {
    "NUL": "\x00",
    "ESC": "\x1b",
    "BEL": "\x07",
    "DEL": "\x7f",
    "CSI (C1)": "\x9b",
    "zero-width space": "\u200b",
    "zero-width non-joiner": "\u200c",
    "zero-width joiner": "\u200d",
    "word joiner": "\u2060",
    "left-to-right mark": "\u200e",
    "right-to-left mark": "\u200f",
    "arabic letter mark": "\u061c",
    "LRE": "\u202a",
    "RLE": "\u202b",
    "PDF": "\u202c",
    "LRO": "\u202d",
    "RLO": "\u202e",
    "LRI": "\u2066",
    "RLI": "\u2067",
    "FSI": "\u2068",
    "PDI": "\u2069",
    "BOM": "\ufeff",
    "soft hyphen": "\u00ad",
    "mongolian vowel separator": "\u180e",
    "tag": "\U000e0041",
    "interlinear annotation": "\ufff9",
}
SPACES = ["\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u00a0", "\u2003", "\u202f", "\u3000", "\u2028"]


def names_found(text: str) -> set[str]:
    return {character for character in INVISIBLE.values() if character in text}


# --- the function -------------------------------------------------------------------------------


@pytest.mark.parametrize("character", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_an_invisible_character_is_dropped(character):
    assert tidy_name(f"A{character}na") == "Ana"
    assert tidy_name(f"{character}Ana{character}") == "Ana"
    assert parse_name(f"A{character}na", "players.0", "Joueur 1") == "Ana"


@pytest.mark.parametrize("space", SPACES, ids=[f"U+{ord(space):04X}" for space in SPACES])
def test_any_space_or_line_break_is_one_space(space):
    assert tidy_name(f"{space}Anne{space}{space}Sophie{space}") == "Anne Sophie"


def test_a_name_is_composed():
    decomposed = "Chloe\u0301"  # e + combining acute: how some keyboards send "é"
    assert tidy_name(decomposed) == "Chloé" == "Chlo\u00e9"
    assert tidy_name("Chlo\u200be\u0301") == "Chloé"  # composed once the zero-width space is gone


def test_what_a_name_may_hold_is_kept():
    for name in (
        "Anne-Sophie",
        "O'Neil",
        "Zoé & co",
        "Jean/Paul",
        "Les 🃏",
        "Łukasz",
        "Θεόδωρος",
        "ناديا",
        "李雷",
        "👩🏽",
        "Ⅻ",
        "x²",
    ):
        assert parse_name(name, "players.0", "Joueur 1") == name


@pytest.mark.parametrize("typed", ["\u200b", "\x00\x1b", "\u202e \u200d", "\ufeff\u00ad", "\u2066\u2069"])
def test_a_name_of_nothing_but_invisible_characters_is_refused(typed):
    with pytest.raises(InvalidInput) as refused:
        parse_name(typed, "players.0", "Joueur 1")
    assert refused.value.message == "« players.0 » : ce nom ne contient que des caractères invisibles."


@pytest.mark.parametrize("typed", ["", " ", "\t\n", "\u3000"])
def test_a_name_of_spaces_is_no_name(typed):
    assert parse_name(typed, "players.0", "Joueur 1") == "Joueur 1"


def test_the_length_is_counted_once_tidied():
    assert parse_name("A" * MAX_NAME_LENGTH + "\u200b" * 100, "teams.A", "Nous") == "A" * MAX_NAME_LENGTH
    for typed in ("A" * (MAX_NAME_LENGTH + 1), "A" * 10_000, "A\u200b" * 5_000):
        with pytest.raises(InvalidInput, match="40 caractères au plus"):
            parse_name(typed, "teams.A", "Nous")


def test_a_lone_surrogate_is_refused():
    with pytest.raises(InvalidInput) as refused:
        parse_name("x\ud800y", "teams.A", "Nous")
    assert refused.value.message == "« teams.A » contient un caractère invalide (une moitié de paire UTF-16 seule)."


def test_the_archive_key_ignores_invisible_characters():
    assert name_key("A\u200bna") == name_key("\u202eANA\u202c") == name_key("Ana") == "ana"
    assert pair_key("A\u200bna", "Chloe\u0301") == pair_key("chloé", "ana") == "ana|chloe"
    assert name_key("\u200b") == "\u200b"  # nothing visible: the name as it is, not "" (all such names one)


# --- the API, the new-game page, the sheet ----------------------------------------------------------------

DIRTY = {
    "teams": {"A": "\u202eNous\u202c", "B": "E\x00ux\x1b[31m"},
    "players": ["A\u200bna", "\ufeffBruno", "Chloe\u0301\u200d", "Da\u00advid\u2066"],
}
CLEAN = {"teams": {"A": "Nous", "B": "Eux[31m"}, "players": ["Ana", "Bruno", "Chloé", "David"]}


def test_the_api_keeps_the_names_tidied(client):
    response = client.post("/api/v1/games", json=DIRTY)
    assert response.status_code == 201
    game = response.get_json()
    assert {"teams": game["teams"], "players": game["players"]} == CLEAN
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["players"] == CLEAN["players"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": ["\u200b", None, None, None]}, "players.0"),
        ({"players": [None, None, None, "\x00\x1b"]}, "players.3"),
        ({"teams": {"B": "\u202e\u202c"}}, "teams.B"),
    ],
)
def test_the_api_refuses_an_invisible_name(client, db, body, field):
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 422
    assert response.get_json() == {"error": f"« {field} » : ce nom ne contient que des caractères invisibles."}
    assert db["games"].count == 0


def test_the_api_refuses_a_long_name_whatever_it_is_made_of(client, db):
    for name in ("A" * 10_000, "\u200b" * 10_000, "\u0301" * 10_000, "💥" * 41):
        assert client.post("/api/v1/games", json={"players": [name, None, None, None]}).status_code == 422
    assert db["games"].count == 0


def test_the_new_game_page_keeps_the_names_tidied(client):
    fields = {
        **NEW_GAME_FORM,
        "team_a": DIRTY["teams"]["A"],
        "team_b": DIRTY["teams"]["B"],
        **{f"player_{i}": name for i, name in enumerate(DIRTY["players"])},
    }
    response = client.post("/parties/nouvelle", data=fields)
    assert response.status_code == 302
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    game = client.get(f"/api/v1/games/{game_id}").get_json()
    assert {"teams": game["teams"], "players": game["players"]} == CLEAN
    sheet = client.get(f"/parties/{game_id}").get_data(as_text=True)
    assert "<strong>Ana</strong>" in sheet and ">Nous<" in sheet and not names_found(sheet)


def test_the_new_game_page_refuses_an_invisible_name_next_to_it(client, db):
    fields = {**NEW_GAME_FORM, "player_0": "\u200b\u202e", "player_1": "Bo\u200bb"}
    response = client.post("/parties/nouvelle", data=fields)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "« Joueur 1 » : ce nom ne contient que des caractères invisibles." in page
    assert db["games"].count == 0
    assert ">Bob<" in page.replace("\n", "").replace(" ", "")  # the first dealer's button: the name tidied


def test_a_rematch_keeps_the_tidy_names(client):
    game_id = client.post("/api/v1/games", json={**DIRTY, "target": 1000}).get_json()["id"]
    for _ in range(6):
        client.post(f"/api/v1/games/{game_id}/hands", json=HAND)
    response = client.post(f"/parties/{game_id}/revanche")
    assert response.status_code == 302
    rematch = client.get(f"/api/v1/games/{response.headers['Location'].rsplit('/', 1)[1]}").get_json()
    assert rematch["players"] == CLEAN["players"]


# --- the statistics --------------------------------------------------------------------------------


def play(client, players: list[str]) -> str:
    game_id = client.post("/api/v1/games", json={"players": players}).get_json()["id"]
    assert client.post(f"/api/v1/games/{game_id}/hands", json=HAND).status_code == 201
    return game_id


def test_ana_typed_with_a_zero_width_space_is_the_same_ana(client, db):
    play(client, ["A\u200bna", "Bruno", "Chloé", "David"])
    play(client, ["Ana", "Bruno", "Chloe\u0301", "\u202eDavid"])
    page = stats.players_page(db, 1)
    assert sorted((row.name, row.figures.games) for row in page.items) == [
        ("Ana", 2),
        ("Bruno", 2),
        ("Chloé", 2),
        ("David", 2),
    ]
    assert stats.team(db, "Ana", "Chloé").figures.games == 2
    html = client.get("/statistiques").get_data(as_text=True)
    assert not names_found(html)
    assert client.get("/statistiques/joueurs/A\u200bna").status_code == 200
    assert client.get("/statistiques/equipes/Chlo\u00e9|A\u200bna").status_code == 200


def test_a_name_stored_before_is_kept_as_it_is_and_matched_with_its_twin(client, db):
    """Names are tidied as they are typed: one stored before is not rewritten, but the statistics,
    which key a name without its invisible characters, count it with its visible twin."""
    old = play(client, ["Ana", "Bruno", "Chloé", "David"])
    with write_transaction(db):
        db.execute("update games set player_0 = ?, player_3 = ? where id = ?", ["A\u200bna", "Da\x1bvid", old])
        derived.refresh_game(db, old)
    play(client, ["Ana", "Bruno", "Chloé", "David"])
    assert client.get(f"/api/v1/games/{old}").get_json()["players"] == ["A\u200bna", "Bruno", "Chloé", "Da\x1bvid"]
    counted = {
        row.name.replace("\u200b", "").replace("\x1b", ""): row.figures.games for row in stats.players_page(db, 1).items
    }
    assert counted == {"Ana": 2, "Bruno": 2, "Chloé": 2, "David": 2}
    assert stats.player(db, "ana").figures.games == 2


# --- the exports ------------------------------------------------------------------------------------


def test_the_csv_export_holds_no_control_or_format_character(client, db):
    play(client, DIRTY["players"])
    raw = client.get("/archives/export.csv").get_data()
    text = raw.decode("utf-8-sig")
    assert "\x00" not in text and "\x1b" not in text and not names_found(text.replace("\n", ""))
    rows = list(csv.DictReader(io.StringIO(text, newline=""), delimiter=";"))
    assert rows[0]["preneur"] == "Ana"


def test_the_command_line_csv_export_holds_no_control_character(app, client, db):
    play(client, DIRTY["players"])
    game = client.post("/api/v1/games", json={"teams": DIRTY["teams"]}).get_json()
    assert game["teams"] == CLEAN["teams"]
    result = app.test_cli_runner().invoke(args=["export", "--format", "csv", "-"])
    assert result.exit_code == 0, result.output
    assert "\x00" not in result.output and "\x1b" not in result.output
    assert not names_found(result.output.replace("\n", "").lstrip("\ufeff"))
    assert "Ana" in result.output
    assert result.output.lstrip("\ufeff") == export.export_csv(db).lstrip("\ufeff")
    json_result = app.test_cli_runner().invoke(args=["export", "-"])
    assert json_result.exit_code == 0
    data = json.loads(json_result.output)
    assert [game["players"] for game in data["games"]][0] == CLEAN["players"]


# --- an imported file ---------------------------------------------------------------------------------


def exported_with(client, db, **names) -> dict:
    play(client, ["Ana", "Bruno", "Chloé", "David"])
    data = json.loads(export.export_json(db))
    data["games"][0].update(names)
    data["games"][0]["id"] = "zzzz2345"
    return data


def test_an_imported_file_has_its_names_tidied(client, db):
    data = exported_with(client, db, players=DIRTY["players"], teams=DIRTY["teams"])
    report = import_data(db, data)
    assert report.games_added == ["zzzz2345"]
    game = client.get("/api/v1/games/zzzz2345").get_json()
    assert {"teams": game["teams"], "players": game["players"]} == CLEAN


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["\u200b", "Bruno", "Chloé", "David"], "« players.0 » : ce nom ne contient que des caractères invisibles."),
        (["Ana", "x\ud800", "Chloé", "David"], LONE_SURROGATE),  # written \ud800 in the file: refused as it is read
    ],
)
def test_an_imported_file_with_a_bad_name_is_refused(client, db, players, message):
    data = exported_with(client, db, players=players)
    with pytest.raises(ImportRefused) as refused:
        import_data(db, data)
    assert message in refused.value.message
    raw = json.dumps(data).encode("ascii")  # the page: a 4xx in French, never a 500
    response = client.post(
        "/archives/importer", data={"archive": (io.BytesIO(raw), "a.json")}, content_type="multipart/form-data"
    )
    assert response.status_code == 422
    assert db["games"].count == 1


def test_an_imported_file_with_a_lone_surrogate_anywhere_is_refused_in_french(db):
    with pytest.raises(ImportRefused, match="moitié de paire UTF-16"):
        importing.import_file(db, io.BytesIO(rb'{"format": "x", "evenings": [{"place": "\ud800"}]}'))


def test_an_evenings_place_and_note_keep_nothing_invisible():
    fields = parse_evening({"date": "2025-05-17", "place": "Chez\u202e Zo\u00eb\x00", "note": "a\x1bb\n\u200bc"})
    assert fields["place"] == "Chez Zoë" and fields["note"] == "ab\nc"
