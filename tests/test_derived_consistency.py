"""The derived tables are caches of the inputs (issues 6, 10): whatever the table writes, in
whatever order, a game's derived rows are what a rebuild from the inputs gives, and each write
answers the sheet built from the inputs.

Every write computes its game's rows again (`derived.refresh_game`), writing the facts from the
deal it changed on. Hypothesis plays random games
(random rules and names) with random sequences of writes, mostly valid hands, and after every
write compares the rows with what `derived.rebuild_all` writes, and the write's answer with the
sheet built from the inputs. A refused write must leave everything as it was.
"""

from __future__ import annotations

import json
import shutil
import sys
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from scorekeeper.belote.errors import Conflict, InvalidInput, NotFound
from scorekeeper.belote.sheet_json import sheet_to_json
from scorekeeper.services import games as service
from scorekeeper.store import derived
from scorekeeper.store.db import connect, write_transaction
from tests.helpers import examples

# --- reading the derived rows ------------------------------------------------------------------

ORDER = {
    "game_summaries": "game_id",
    "game_players": "game_id, seat",
    "game_teams": "game_id, team",
    "deal_facts": "game_id, number",
}


def derived_rows(db, game_id: str) -> dict[str, list[dict]]:
    """One game's rows in the four derived tables, ordered by their keys."""
    return {
        table: list(db.query(f"select * from {table} where game_id = ? order by {keys}", [game_id]))
        for table, keys in ORDER.items()
    }


class _RollBack(Exception):
    """Raised to leave a transaction without committing it."""


def rebuilt_rows(db, game_id: str) -> dict[str, list[dict]]:
    """The rows `rebuild_all` writes for the game, read inside its transaction and then rolled back, so
    that the game goes on with the rows its writes made (a drift would add up, and be seen)."""
    try:
        with write_transaction(db):
            derived.rebuild_all(db)
            rows = derived_rows(db, game_id)
            raise _RollBack
    except _RollBack:
        pass
    return rows


def current_sheet(db, game_id: str) -> dict:
    """The sheet built from the game's inputs, in its JSON form (what a phone loads)."""
    return sheet_to_json(service.get_sheet(db, game_id), chances=None)


# --- random games ------------------------------------------------------------------------------

MARKUP = ["<b>&\"'", "</td><script>", "&amp;", "Chloé", "Zoë O'Brien", 'Ana & "Bruno"', "ÉLODIE", "  ", ""]
name_characters = st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="|")
names = st.none() | st.sampled_from(MARKUP) | st.text(name_characters, max_size=12)


@st.composite
def game_bodies(draw) -> dict:
    return {
        "teams": {"A": draw(names), "B": draw(names)},
        "players": [draw(names) for _ in range(4)],
        "dealer": draw(st.integers(0, 3)),
        "target": draw(st.sampled_from([1000, 2000])),
        "rules": {
            "rounding": draw(st.sampled_from(["nearest", "complement", "none"])),
            "misere": draw(st.booleans()),
            "carre_de_sept": draw(st.booleans()),
        },
    }


NUMERIC = list(range(80, 161, 10))
MODES = ["spades", "hearts", "diamonds", "clubs", "no_trump", "all_trump"]
MAX_BELOTES = {"no_trump": 0, "all_trump": 4}  # a suit mode: 1
SEQUENCES = ["tierce", "cinquante", "cent"]
CARRES = ["carre_J", "carre_9", "carre_A", "carre_10", "carre_K", "carre_Q"]
SEATS = {"A": (0, 2), "B": (1, 3)}


@st.composite
def hand_bodies(draw) -> dict:
    """A hand's JSON body as a scorer sends it (docs/scoring.md's request table, without `rules`: the
    game's rules apply), valid but for the rare slips at the end."""
    taker = draw(st.sampled_from(["A", "B"]))
    contract = draw(st.sampled_from(NUMERIC * 2 + ["capot", "generale"] * 2))
    mode = draw(st.sampled_from(MODES))
    body: dict = {"taker": taker, "contract": contract, "mode": mode}
    coinche = draw(st.sampled_from([None, "none", "none", "coinche", "surcoinche"]))
    if coinche is not None:
        body["coinche"] = coinche
    if isinstance(contract, int):
        all_tricks = draw(st.sampled_from([False] * 9 + [True]))  # a capot not announced, now and then
    else:
        all_tricks = draw(st.booleans())
    if all_tricks:
        body["all_tricks"] = True
        points = draw(st.sampled_from([None, 162]))
    elif isinstance(contract, int):
        edges = sorted({contract - 1, contract, contract + 1, 71, 72, 81, 82, 84, 85, 86, 0, 162})
        points = draw(st.integers(0, 162) | st.sampled_from(edges))
    else:  # a failed capot or générale: points may be noted, they do not count
        points = draw(st.none() | st.integers(0, 162))
    if points is not None:
        body["taker_points"] = points
    elif draw(st.booleans()):
        body["all_tricks"] = all_tricks  # false said out loud, or true
    # melds: each carré exists once, at most four melds a team
    carres = draw(st.permutations(CARRES))
    carres_a, carres_b = draw(st.integers(0, 2)), draw(st.integers(0, 2))
    melds = {
        "A": list(carres[:carres_a]) + draw(st.lists(st.sampled_from(SEQUENCES), max_size=4 - carres_a)),
        "B": list(carres[carres_a : carres_a + carres_b])
        + draw(st.lists(st.sampled_from(SEQUENCES), max_size=4 - carres_b)),
    }
    if melds["A"] or melds["B"] or draw(st.booleans()):
        body["melds"] = {team: draw(st.permutations(team_melds)) for team, team_melds in melds.items()}
    if draw(st.sampled_from([True] * 9 + [False])):  # the table's word on equal melds, nearly always given
        body["best_meld"] = draw(st.sampled_from(["A", "B", "none"]))
    allowed = MAX_BELOTES.get(mode, 1)
    belote_a = draw(st.integers(0, allowed))
    belote_b = draw(st.integers(0, allowed - belote_a))
    if belote_a or belote_b or draw(st.booleans()):
        body["belote"] = {"A": belote_a, "B": belote_b}
    if contract == "generale" or draw(st.booleans()):
        body["taker_player"] = draw(st.sampled_from(SEATS[taker]))
    # a slip now and then: the service must refuse it and change nothing
    slip = draw(st.sampled_from([None] * 36 + ["other team", "85", "who", "belote"]))
    if slip == "other team":
        body["taker_player"] = SEATS["B" if taker == "A" else "A"][0]  # a player of the other team
    elif slip == "85":
        body["contract"] = 85
    elif slip == "who" and contract == "generale":
        del body["taker_player"]
    elif slip == "belote":
        body["belote"] = {"A": 2, "B": 0} if mode != "all_trump" else {"A": 3, "B": 2}
    return body


@st.composite
def redeal_bodies(draw, game: dict) -> dict:
    rules = game["rules"]
    allowed = ["all_pass"] + [reason for reason in ("misere", "carre_de_sept") if rules[reason]]
    reason = draw(st.sampled_from(allowed))
    if draw(st.sampled_from([False] * 19 + [True])):  # an option the game does not play, or a player missing
        reason = draw(st.sampled_from(["misere", "carre_de_sept"]))
        return {"reason": reason} if rules[reason] else {"reason": reason, "player": 0}
    if reason == "all_pass":
        return {"reason": reason} if draw(st.booleans()) else {"reason": reason, "player": None}
    return {"reason": reason, "player": draw(st.integers(0, 3))}


WRITES = ["hand"] * 10 + ["redeal"] * 2 + ["edit"] * 2 + ["delete", "undo", "retry"]
WRITES_WHEN_FINISHED = ["hand", "redeal"] + ["edit"] * 3 + ["delete"] * 2 + ["undo"] * 2 + ["retry"]  # reopen it


def deal_numbers(count: int):
    """A deal's number: one of the sheet's, or now and then one past its end."""
    if count == 0:
        return st.just(1)
    return st.sampled_from([False] * 9 + [True]).flatmap(
        lambda past_the_end: st.just(count + 1) if past_the_end else st.integers(1, count)
    )


REFUSED = (InvalidInput, Conflict, NotFound)


@pytest.fixture(scope="module")
def new_database(tmp_path_factory, migrated_template):
    """A fresh migrated database per hypothesis example (a function-scoped fixture would be
    shared by the examples of one test), closed when the example ends."""

    def new():
        path = str(tmp_path_factory.mktemp("derived") / "test.db")
        shutil.copyfile(migrated_template, path)
        return closing(connect(path))

    return new


@settings(max_examples=examples(60), deadline=None)
@given(game=game_bodies(), data=st.data())
def test_after_any_write_the_derived_rows_equal_a_rebuild_and_the_answer_is_the_sheet(new_database, game, data):
    with new_database() as db:
        play(db, game, data)


def play(db, game: dict, data) -> None:
    game_id = service.create_game(db, game).game.id
    rows = derived_rows(db, game_id)
    assert rows == rebuilt_rows(db, game_id)
    answered: dict[str, tuple] = {}  # idempotency key → the write, its body and its answer's text, for a retry
    for step in range(data.draw(st.integers(1, 25), label="writes")):
        sheet = service.get_sheet(db, game_id)
        write = data.draw(st.sampled_from(WRITES_WHEN_FINISHED if sheet.finished else WRITES), label="write")
        answer = None
        try:
            if write in ("hand", "redeal"):
                body = data.draw(hand_bodies() if write == "hand" else redeal_bodies(game), label=write)
                key = f"key-{step}" if data.draw(st.booleans(), label="with a key") else None
                record = service.record_hand if write == "hand" else service.record_redeal
                recorded = record(db, game_id, body, idempotency_key=key)
                assert not recorded.replayed
                answer = json.loads(recorded.text)
                if key:
                    answered[key] = (record, body, recorded.text, sheet.revision + 1)
            elif write == "retry":  # a phone sends a write again: nothing written, the sheet as it is
                if not answered:
                    continue
                key = data.draw(st.sampled_from(sorted(answered)), label="key")
                record, body, text, revision = answered[key]
                recorded = record(db, game_id, body, idempotency_key=key)
                assert recorded.replayed and recorded.status == 201
                assert json.loads(recorded.text) == current_sheet(db, game_id)
                if revision == sheet.revision:  # nothing written since: the first answer's very bytes
                    assert recorded.text == text
                assert derived_rows(db, game_id) == rows
                assert service.get_sheet(db, game_id).revision == sheet.revision
                event("retry replayed")
                continue
            elif write == "edit":
                number = data.draw(deal_numbers(len(sheet.deals)), label="number")
                deal = sheet.deal(number)
                is_hand = deal.is_hand if deal else data.draw(st.booleans())
                body = dict(data.draw(hand_bodies() if is_hand else redeal_bodies(game), label="edit"))
                version = deal.version if deal else 1
                stale = data.draw(st.sampled_from([False] * 9 + [True]), label="stale")
                body["version"] = version + 1 if stale else version
                answer = sheet_to_json(service.edit_deal(db, game_id, number, body), chances=None)
            elif write == "delete":
                number = data.draw(deal_numbers(len(sheet.deals)), label="number")
                version = data.draw(st.sampled_from([None] * 4 + ["current"] * 4 + ["stale"]), label="version")
                if version is not None:
                    current = sheet.deal(number).version if sheet.deal(number) else 1
                    version = current if version == "current" else current + 1
                answer = sheet_to_json(service.delete_deal(db, game_id, number, version), chances=None)
            else:
                answer = sheet_to_json(service.undo(db, game_id)[0], chances=None)
        except REFUSED as refusal:
            event(f"{write} refused: {type(refusal).__name__}")
            after = derived_rows(db, game_id)
            assert after == rows, f"a refused {write} changed the derived rows"
            assert service.get_sheet(db, game_id).revision == sheet.revision
            assert after == rebuilt_rows(db, game_id)
            continue
        event(f"{write} written")
        rows = derived_rows(db, game_id)
        current = current_sheet(db, game_id)
        assert answer == current  # what the phone was answered is the sheet its inputs give
        assert current["revision"] == sheet.revision + 1
        assert rows == rebuilt_rows(db, game_id), f"after {write} #{step}"
    event("a game finished" if rows["game_summaries"][0]["finished"] else "a game still open")


# --- a game played to its end -----------------------------------------------------------------

CAPOT_A = {"taker": "A", "contract": "capot", "mode": "hearts", "all_tricks": True}  # 500 / 0
GENERALE_B = {"taker": "B", "contract": "generale", "mode": "spades", "all_tricks": True, "taker_player": 3}  # 0 / 800
CAPOT_B = {"taker": "B", "contract": "capot", "mode": "clubs", "all_tricks": True}  # 0 / 500


def summary(db, game_id: str) -> dict:
    return derived_rows(db, game_id)["game_summaries"][0]


def test_a_game_played_to_its_end_is_finished_with_its_winner_in_the_rows_and_in_a_rebuild(db):
    game_id = service.create_game(db, {"players": ["Ana", "Bruno", "Chloé", "<b>David</b>"], "target": 2000}).game.id
    totals = []
    for body in (CAPOT_A, GENERALE_B, GENERALE_B, CAPOT_B):
        service.record_hand(db, game_id, body)
        row = summary(db, game_id)
        totals.append((row["total_a"], row["total_b"], row["finished"], row["winner"]))
    # 500 for a capot, 800 for a générale; B reaches 2000 on the fourth hand
    assert totals == [(500, 0, 0, None), (500, 800, 0, None), (500, 1600, 0, None), (500, 2100, 1, "B")]
    written = derived_rows(db, game_id)
    for rows in (written, rebuilt_rows(db, game_id)):
        assert rows == written
        assert (rows["game_summaries"][0]["finished"], rows["game_summaries"][0]["winner"]) == (1, "B")
        assert [(row["team"], row["won"], row["finished"]) for row in rows["game_teams"]] == [("A", 0, 1), ("B", 1, 1)]
        assert [(row["name"], row["won"]) for row in rows["game_players"]] == [
            ("Ana", 0),
            ("Bruno", 1),
            ("Chloé", 0),
            ("<b>David</b>", 1),
        ]
        david = rows["game_players"][3]
        assert (david["generale_taken"], david["generale_made"], david["capot_taken"]) == (2, 2, 0)
    current = current_sheet(db, game_id)
    assert (current["finished"], current["winner"], current["totals"]) == (True, "B", {"A": 500, "B": 2100})
    with pytest.raises(Conflict):
        service.record_hand(db, game_id, CAPOT_A)
    assert derived_rows(db, game_id) == written


def test_a_game_to_1000_ends_on_two_capots(db):
    game_id = service.create_game(db, {"target": 1000, "rules": {"rounding": "none"}}).game.id
    service.record_hand(db, game_id, CAPOT_A)
    assert (summary(db, game_id)["finished"], summary(db, game_id)["winner"]) == (0, None)
    service.record_hand(db, game_id, CAPOT_A)
    row = summary(db, game_id)
    assert (row["total_a"], row["total_b"], row["finished"], row["winner"]) == (1000, 0, 1, "A")
    assert derived_rows(db, game_id) == rebuilt_rows(db, game_id)


def test_the_code_fingerprint_covers_every_module_a_rebuild_runs(db):
    """Every module of the project whose code runs while the rows are rebuilt (reading a game from
    its row, scoring it, writing its rows) is in the fingerprint that decides a rebuild after an
    update, but store/db.py, which carries the rows and computes nothing of them."""
    game_id = service.create_game(db, {"players": ["Ana", "Bruno", "Chloé", "David"], "target": 2000}).game.id
    service.record_hand(db, game_id, CAPOT_A)
    ran: set[Path] = set()

    def note(frame, event, _):
        if event == "call":
            ran.add(Path(frame.f_code.co_filename).resolve())

    sys.setprofile(note)
    try:
        with write_transaction(db):
            derived.rebuild_all(db)
    finally:
        sys.setprofile(None)
    package = Path(derived.__file__).resolve().parents[1]
    project = {path for path in ran if path.is_relative_to(package)} - {package / "store" / "db.py"}
    assert package / "store" / "games.py" in project  # game_from_row
    assert project <= {path.resolve() for path in derived.CODE_FILES}
