"""The file's concours brought into this archive, once its games are checked (`importing`): each
compared with the concours of its id already here, skipped when it is the same (as a game is),
refusing the file when it is not, and written in the import's transaction, after its games, so
that a concours is never here without them, nor half written.

A concours is kept out, and the report says why, when one of its tables' games is not imported
(a game that goes on after it was won): its other games are imported as ordinary games."""

from __future__ import annotations

import sqlite_utils

from scorekeeper.services.concours_export import ArchivedConcours, archived_concours
from scorekeeper.services.import_checks import ImportRefused
from scorekeeper.services.import_report import ImportReport
from scorekeeper.store import concours as store
from scorekeeper.store import concours_archive, derived


def _without_evening(concours: ArchivedConcours) -> dict:
    """As a concours is compared: the archive's JSON, without the evening (whose id differs here)."""
    data = concours.as_json()
    data.pop("evening")
    return data


def concours_to_add(
    db: sqlite_utils.Database, concours_list: list[ArchivedConcours], report: ImportReport
) -> list[ArchivedConcours]:
    """The file's concours that are not here yet, their games checked: reads only, outside the
    write lock. A concours here with other data, or a new one whose game already plays at a table
    here, refuses the file (`ImportRefused`)."""
    rows_here = concours_archive.concours_by_id(db, [concours.id for concours in concours_list])
    here = {concours.id: concours for concours in archived_concours(db, rows_here)}
    refused_games = {game_id for game_id, _ in report.games_refused}
    added = []
    for concours in concours_list:
        found = here.get(concours.id)
        if found is not None:
            if _without_evening(found) != _without_evening(concours):
                raise ImportRefused(
                    f"Le concours « {concours.entry.name} » ({concours.id}) existe déjà ici, avec d'autres données :"
                    " rien n'a été importé. Supprimez-le du fichier pour importer le reste."
                )
            report.concours_skipped.append(concours.id)
            continue
        missing = next((game_id for game_id in concours.game_ids() if game_id in refused_games), None)
        if missing is not None:
            report.concours_refused.append(
                [
                    concours.id,
                    f"Concours « {concours.entry.name} » ({concours.id}) : sa partie « {missing} » n'est pas importée,"
                    " le concours non plus (ses autres parties le sont, hors concours).",
                ]
            )
            continue
        added.append(concours)
    _refuse_games_at_tables_here(db, added)
    report.concours_added.extend(concours.id for concours in added)
    return added


def _refuse_games_at_tables_here(db: sqlite_utils.Database, added: list[ArchivedConcours]) -> None:
    """A game of the file already here (skipped, the same) may not be at a table of a concours here."""
    tables_here = concours_archive.tables_of_games(db, [game_id for c in added for game_id in c.game_ids()])
    for concours in added:
        for game_id in concours.game_ids():
            table = tables_here.get(game_id)
            if table is not None:
                raise ImportRefused(
                    f"Le concours « {concours.entry.name} » ({concours.id}) : sa partie « {game_id} » joue déjà ici,"
                    f" table {table['number']} de la partie {table['round']} du concours « {table['concours_name']} » :"
                    " rien n'a été importé."
                )


def write_concours(db: sqlite_utils.Database, added: list[ArchivedConcours], evening_ids: dict[int, int]) -> None:
    """The concours, inside the caller's transaction (after their games), each with its evening
    here (`evening_ids`: the file's ids to this archive's), through the concours's own store."""
    for concours in added:
        store.insert_concours(db, concours.id, concours.entry, evening_ids[concours.evening], concours.created_at)
        for team in concours.teams:
            number = store.insert_team(db, concours.id, team.name, team.players, team.created_at)
            assert number == team.number  # numbered from 1 in the file (concours_import_checks)
            if team.withdrawn_at is not None:
                store.withdraw_team(db, concours.id, number, team.withdrawn_at)
        for player in concours.players:
            number = store.insert_player(db, concours.id, player.name, player.created_at)
            assert number == player.number  # numbered from 1 in the file (concours_import_checks)
            if player.withdrawn_at is not None:
                store.withdraw_player(db, concours.id, number, player.withdrawn_at)
        melee = concours.entry.format == "melee"
        for round_ in concours.rounds:
            store.insert_round(db, concours.id, round_.number, round_.drawn_order, round_.rests, melee, round_.drawn_at)
            if round_.closed_at is not None:
                store.set_closed(db, concours.id, round_.number, round_.closed_at)
            for table in round_.tables:
                store.insert_table(db, concours.id, round_.number, table.number, table.game, table.sides)
                if table.slip is not None:  # the game's result from now on: its derived rows follow
                    store.set_slip(db, table.game, table.slip)
                    derived.refresh_game(db, table.game)
