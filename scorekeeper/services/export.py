"""Export: a game, an evening or the whole archive as JSON (everything needed to rebuild it) or
CSV (one row per deal, with its scores, for a spreadsheet: in French, `;`-separated, every text
cell inert). `importing` reads the JSON back into another instance; nothing reads the CSV back.

The JSON format, version 1:

    {"format": "belote-bridgee-archive", "version": 1,
     "evenings": [{"id": 3, "date": "2025-05-17", "place": "Chez Ana", "note": "",
                   "created_at": "2025-05-17T19:02:11.042+00:00"}, ...],
     "games": [{"id": "k3v9q2ab", "evening": 3, "created_at": "…",
                "teams": {"A": "Nous", "B": "Eux"}, "players": ["Ana", "Bruno", "Chloé", "David"],
                "dealer": 0, "end": {"points": 2000},
                "rules": {"rounding": "nearest", "misere": false, "carre_de_sept": false},
                "deals": [{"kind": "hand", "input": {"taker": "A", "contract": 80, ...},
                           "created_at": "2025-05-17T19:09:40.518+00:00"},
                          {"kind": "redeal", "input": {"reason": "all_pass", "player": null},
                           "created_at": "…"}]}, ...]}

A game's `end` is {"points": T} or {"deals": M} (a file written before games in deals says
`"target": T`, which the import still reads); `stopped_at` is there only for a game an organiser
stopped at its totals. Evenings by date, games by creation, each game's live deals in the order
they were dealt, with the input as the table entered it (the API's body) and the time it was
recorded (`created_at`: a correction keeps it; a file written before deals had it imports them at
the import's time). Keys are sorted and the text is indented the same way every time, so that
exporting what was imported gives the same bytes. Scores are not in
the JSON: they are derived, and the importing instance derives them again.

A selection with concours adds `"concours": [...]`, each with its evening, teams, parties and the
game of each table (`concours_export`; one game alone carries none).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from scorekeeper.belote.game import Game
from scorekeeper.belote.sheet import build_sheet
from scorekeeper.belote.terms import BestMeldCall, Meld
from scorekeeper.services import concours_export
from scorekeeper.store import archive_inputs
from scorekeeper.store import games as store

FORMAT = "belote-bridgee-archive"
VERSION = 1


# --- export --------------------------------------------------------------------------------


@dataclass
class ArchivedGame:
    """A game as the archive's JSON holds it: as created, its evening, and its live deals' inputs."""

    game: Game
    evening: int
    deals: list[dict[str, Any]]  # kind, input (as the service layer stores it), created_at (if known)

    def as_json(self) -> dict[str, Any]:
        game = self.game
        return {
            "id": game.id,
            "evening": self.evening,
            "created_at": game.created_at,
            "teams": game.teams,
            "players": game.players,
            "dealer": game.first_dealer,
            "end": game.end.as_json(),
            "rules": game.rules.as_json(),
            **({"stopped_at": game.stopped_at} if game.stopped_at is not None else {}),
            "deals": self.deals,
        }


def game_json(row: dict[str, Any], deals: list[dict[str, Any]]) -> dict[str, Any]:
    """A stored game (its row and its live deals) as the archive's JSON has it."""
    inputs = [{"kind": deal["kind"], "input": deal["input"], "created_at": deal["created_at"]} for deal in deals]
    game = ArchivedGame(store.game_from_row(row), row["evening_id"], inputs)
    return game.as_json()


def _evening_json(row: dict[str, Any]) -> dict[str, Any]:
    return {key: row[key] for key in ("id", "date", "place", "note", "created_at")}


# The archive is written as it is read, a batch of games at a time (`archive_inputs`), in one read
# transaction: an export's memory is a batch's, not the archive's (a 10,000-game archive took
# 1 GB built whole), and its text is that of one moment. The JSON's text is `to_json`'s of the
# whole: the top level's keys in sorted order, written by hand, and each value by `to_json` itself,
# indented to its depth (no newline is ever inside a JSON string: it is written "\n").


def to_json(data: Any) -> str:
    """The one way the archive is written: sorted keys, one-space indent, UTF-8 as it is."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1)


def _nested(value: Any, depth: int) -> str:
    """`value` as `to_json` writes it `depth` levels down (its first line not indented)."""
    return to_json(value).replace("\n", "\n" + " " * depth)


def _json_list(key: str, batches: Iterable[list[dict[str, Any]]]) -> Iterator[str]:
    """A top-level key and its list, a batch of items at a time."""
    yield f" {to_json(key)}: ["
    empty = True
    for batch in batches:
        if batch:
            yield ("\n  " if empty else ",\n  ") + ",\n  ".join(_nested(item, 2) for item in batch)
            empty = False
    yield "],\n" if empty else "\n ],\n"


def _games_json(db: sqlite_utils.Database, evening_id: int | None, game_id: str | None) -> Iterator[list[dict]]:
    for rows in archive_inputs.game_batches(db, evening_id, game_id):
        deals = archive_inputs.live_deals_of(db, [row["id"] for row in rows])
        yield [game_json(row, deals.get(row["id"], [])) for row in rows]


def _evenings_json(db: sqlite_utils.Database, evening_id: int | None, game_id: str | None) -> Iterator[list[dict]]:
    """The evenings of the selection: every one (those without a game too), the evening's, or the
    game's (none for a game in no evening)."""
    if evening_id is None and game_id is None:
        batches: Iterable[list[dict[str, Any]]] = archive_inputs.evening_batches(db)
    else:
        chosen = evening_id if game_id is None else archive_inputs.evening_of_game(db, game_id)
        batches = [archive_inputs.evenings(db, [chosen] if chosen is not None else [])]
    for rows in batches:
        yield [_evening_json(row) for row in rows]


def json_pieces(
    db: sqlite_utils.Database, *, evening_id: int | None = None, game_id: str | None = None
) -> Generator[str, None, None]:
    """The archive (or one evening, or one game) in the JSON format above, as text in pieces, read
    in one read transaction as it is written (stop it with `close()` to end that transaction)."""
    with archive_inputs.snapshot(db):
        yield "{\n"
        concours = concours_export.concours_data(db, evening_id=evening_id, game_id=game_id)
        if concours:  # docs/concours.md, "In the archive"; a few rows a concours, read whole
            yield f' "concours": {_nested(concours, 1)},\n'
        yield from _json_list("evenings", _evenings_json(db, evening_id, game_id))
        yield f' "format": {to_json(FORMAT)},\n'
        yield from _json_list("games", _games_json(db, evening_id, game_id))
        yield f' "version": {VERSION}\n'
        yield "}\n"


def export_json(db: sqlite_utils.Database, **selection: Any) -> str:
    """`json_pieces` whole (a file of a few games; the pages and the command stream them)."""
    return "".join(json_pieces(db, **selection))


CSV_COLUMNS = [
    "soirée",
    "lieu",
    "partie",
    "commencée le",
    "équipe A",
    "équipe B",
    "donne",
    "type",
    "donneur",
    "preneurs",
    "preneur",
    "contrat",
    "atout",
    "coinche",
    "points des preneurs",
    "tous les plis",
    "annonces A",
    "annonces B",
    "belote A",
    "belote B",
    "meilleure annonce",
    "redonne",
    "demandée par",
    "fait",
    "score A",
    "score B",
    "total A",
    "total B",
]

# The CSV is written for a French spreadsheet by default: semicolons (a French Excel or LibreOffice
# reads the comma as the decimal mark) and a UTF-8 byte order mark (without it, Excel reads the
# accents as Windows-1252). `comma` is the earlier framing, for scripts: commas and no mark.
CSV_SEPARATORS = {"semicolon": ";", "comma": ","}
CSV_DEFAULT_SEPARATOR = "semicolon"
BOM = "\ufeff"

# A text cell that starts with one of these is read as a formula by a spreadsheet (OWASP's "CSV
# injection"): a team named =HYPERLINK(…) would become a live link. Such a cell is written with a
# quote in front, which the spreadsheet shows as text. Numbers are written as they are.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def inert(value: Any) -> Any:
    """A cell as written: a text that a spreadsheet would run as a formula gets a leading quote."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _melds(data: dict[str, Any], team: str) -> str:
    """A team's melds in French, as the sheet says them: 'tierce, carré de rois'."""
    return ", ".join(Meld(code).label for code in data.get("melds", {}).get(team, []))


def _best_meld(data: dict[str, Any], teams: dict[str, str]) -> str:
    """The table's call on equal sequences: the team it went to, or 'personne'."""
    call = data.get("best_meld")
    if call is None:
        return ""
    return "personne" if call == BestMeldCall.NONE else teams[call]


def _csv_row(evening: dict[str, Any] | None, game: Game, deal) -> list[Any]:
    data = deal.input
    row: dict[str, Any] = dict.fromkeys(CSV_COLUMNS, "")
    row.update(
        {
            "soirée": evening["date"] if evening else "",
            "lieu": evening["place"] if evening else "",
            "partie": game.id,
            "commencée le": game.created_at,
            "équipe A": game.teams["A"],
            "équipe B": game.teams["B"],
            "donne": deal.number,
            "type": "donne" if deal.is_hand else "redonne",
            "donneur": game.players[deal.dealer],
            "score A": deal.scores["A"],
            "score B": deal.scores["B"],
            "total A": deal.totals["A"],
            "total B": deal.totals["B"],
        }
    )
    if deal.is_hand:
        hand = deal.hand
        row.update(
            {
                "preneurs": game.teams[hand.taker.value],
                "preneur": game.players[deal.taker_player] if deal.taker_player is not None else "",
                "contrat": hand.contract.label,
                "atout": hand.mode.word,
                "coinche": "" if hand.coinche.value == "none" else hand.coinche.value,
                "points des preneurs": "" if hand.taker_points is None else hand.taker_points,
                "tous les plis": "oui" if hand.all_tricks else "",
                "annonces A": _melds(data, "A"),
                "annonces B": _melds(data, "B"),
                "belote A": data.get("belote", {}).get("A", 0) or "",
                "belote B": data.get("belote", {}).get("B", 0) or "",
                "meilleure annonce": _best_meld(data, game.teams),
                "fait": "oui" if deal.result.made else "non",
            }
        )
    else:
        row.update(
            {
                "redonne": deal.reason_label,
                "demandée par": game.players[deal.player] if deal.player is not None else "",
            }
        )
    return [inert(row[column]) for column in CSV_COLUMNS]


def export_csv(db: sqlite_utils.Database, **selection: Any) -> str:
    return "".join(csv_pieces(db, **selection))


def csv_pieces(
    db: sqlite_utils.Database,
    *,
    evening_id: int | None = None,
    game_id: str | None = None,
    separator: str = CSV_DEFAULT_SEPARATOR,
) -> Generator[str, None, None]:
    """One row per live deal (redeals too), with each deal's scores and the totals after it; for a
    French spreadsheet (`;` and a byte order mark) unless `separator` is "comma". As text in
    pieces, read in one read transaction as `json_pieces` is."""
    with archive_inputs.snapshot(db):
        yield from csv_text(CSV_COLUMNS, _csv_batches(db, evening_id, game_id), separator)


def _csv_batches(db: sqlite_utils.Database, evening_id: int | None, game_id: str | None) -> Iterator[list[list[Any]]]:
    for rows in archive_inputs.game_batches(db, evening_id, game_id):
        deals = archive_inputs.live_deals_of(db, [row["id"] for row in rows])
        evening_ids = sorted({row["evening_id"] for row in rows if row["evening_id"] is not None})
        evening_rows = {evening["id"]: evening for evening in archive_inputs.evenings(db, evening_ids)}
        batch: list[list[Any]] = []
        for row in rows:
            game = store.game_from_row(row)
            sheet = build_sheet(game, deals.get(game.id, []))
            evening = evening_rows.get(row["evening_id"])
            batch.extend(_csv_row(evening, game, deal) for deal in sheet.deals)
        yield batch


def csv_text(
    header: list[str], batches: Iterable[list[list[Any]]], separator: str = CSV_DEFAULT_SEPARATOR
) -> Iterator[str]:
    """A CSV for a French spreadsheet (`;` and a byte order mark) unless `separator` is "comma";
    every text cell inert; a piece of text per batch of rows. The archive's and a concours's
    ranking's (services/concours_ranking_csv.py)."""
    delimiter = CSV_SEPARATORS[separator]
    out = io.StringIO()
    if delimiter == ";":
        out.write(BOM)
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(header)
    for rows in batches:
        writer.writerows([inert(cell) for cell in row] for row in rows)
        yield out.getvalue()
        out.seek(0)
        out.truncate()
    if out.tell():
        yield out.getvalue()
