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
                "deals": [{"kind": "hand", "input": {"taker": "A", "contract": 80, ...}},
                          {"kind": "redeal", "input": {"reason": "all_pass", "player": null}}]}, ...]}

A game's `end` is {"points": T} or {"deals": M} (a file written before games in deals says
`"target": T`, which the import still reads); `stopped_at` is there only for a game an organiser
stopped at its totals. Evenings by date, games by creation, each game's live deals in the order they were dealt, with
the input as the table entered it (the API's body). Keys are sorted and the text is indented the
same way every time, so that exporting what was imported gives the same bytes. Scores are not in
the JSON: they are derived, and the importing instance derives them again.

A selection with concours adds `"concours": [...]`, each with its evening, teams, parties and the
game of each table (`concours_export`; one game alone carries none).
"""

from __future__ import annotations

import csv
import io
import json
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
    deals: list[dict[str, Any]]  # kind, input (as the service layer stores it)

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
    inputs = [{"kind": deal["kind"], "input": deal["input"]} for deal in deals]
    game = ArchivedGame(store.game_from_row(row), row["evening_id"], inputs)
    return game.as_json()


def _evening_json(row: dict[str, Any]) -> dict[str, Any]:
    return {key: row[key] for key in ("id", "date", "place", "note", "created_at")}


def archive_data(db: sqlite_utils.Database, *, evening_id: int | None = None, game_id: str | None = None) -> dict:
    """The archive (or one evening, or one game) in the JSON format above, as Python values."""
    games = archive_inputs.games(db, evening_id, game_id)
    deals = archive_inputs.live_deals(db, evening_id, game_id)
    if evening_id is not None:
        evening_ids = [evening_id]
    else:
        evening_ids = sorted({row["evening_id"] for row in games if row["evening_id"] is not None})
    if game_id is None and evening_id is None:  # everything: the evenings without a game too
        evening_rows = archive_inputs.evenings(db)
    else:
        evening_rows = archive_inputs.evenings(db, evening_ids)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "evenings": [_evening_json(row) for row in evening_rows],
        "games": [game_json(row, deals.get(row["id"], [])) for row in games],
    }
    concours = concours_export.concours_data(db, evening_id=evening_id, game_id=game_id)
    if concours:  # docs/concours.md, "In the archive"
        data["concours"] = concours
    return data


def to_json(data: dict) -> str:
    """The one way the archive is written: sorted keys, one-space indent, UTF-8 as it is."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def export_json(db: sqlite_utils.Database, **selection: Any) -> str:
    return to_json(archive_data(db, **selection))


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


def export_csv(
    db: sqlite_utils.Database,
    *,
    evening_id: int | None = None,
    game_id: str | None = None,
    separator: str = CSV_DEFAULT_SEPARATOR,
) -> str:
    """One row per live deal (redeals too), with each deal's scores and the totals after it; for a
    French spreadsheet (`;` and a byte order mark) unless `separator` is "comma"."""
    delimiter = CSV_SEPARATORS[separator]
    games = archive_inputs.games(db, evening_id, game_id)
    deals = archive_inputs.live_deals(db, evening_id, game_id)
    evening_rows = {row["id"]: row for row in archive_inputs.evenings(db)}
    out = io.StringIO()
    if delimiter == ";":
        out.write(BOM)
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in games:
        game = store.game_from_row(row)
        sheet = build_sheet(game, deals.get(game.id, []))
        evening = evening_rows.get(row["evening_id"])
        for deal in sheet.deals:
            writer.writerow(_csv_row(evening, game, deal))
    return out.getvalue()
