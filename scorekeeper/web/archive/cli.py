"""The archive's commands: `flask --app scorekeeper export | import | backup | restore | rebuild-derived`."""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from scorekeeper.belote.evenings import table_zone
from scorekeeper.services import export, import_checks, importing
from scorekeeper.store import derived, evenings
from scorekeeper.store import games as store
from scorekeeper.store.backup import UnusableBackup, backup, restore
from scorekeeper.store.db import connect, write_transaction
from scorekeeper.store.migrate import migrate


def _database():
    return connect(current_app.config["DATABASE"])


@click.command("export")
@click.option("--evening", type=int, help="Only this evening (its id, as in /soirees/<id>).")
@click.option("--game", help="Only this game (its id).")
@click.option("--format", "kind", type=click.Choice(["json", "csv"]), help="Default: the file's extension, else json.")
@click.option(
    "--sep",
    "separator",
    type=click.Choice(sorted(export.CSV_SEPARATORS)),
    default=export.CSV_DEFAULT_SEPARATOR,
    show_default=True,
    help="CSV: semicolon (a French spreadsheet, with a UTF-8 byte order mark) or comma (the old format).",
)
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@with_appcontext
def export_command(evening: int | None, game: str | None, kind: str | None, separator: str, file: str) -> None:
    """Write the archive (or one evening, or one game) to FILE, as JSON or CSV; '-' is stdout. Written
    as it is read, a batch of games at a time (`export.json_pieces`): any archive in little memory."""
    if evening is not None and game is not None:
        raise click.UsageError("--evening ou --game, pas les deux.")
    kind = kind or ("csv" if file.lower().endswith(".csv") else "json")
    database = _database()
    try:
        if evening is not None and evenings.fetch(database, evening) is None:
            raise click.ClickException(f"La soirée {evening} n'existe pas.")
        if game is not None and store.fetch_game(database, game) is None:
            raise click.ClickException(f"La partie « {game} » n'existe pas.")
        if kind == "json":
            pieces = export.json_pieces(database, evening_id=evening, game_id=game)
        else:
            pieces = export.csv_pieces(database, evening_id=evening, game_id=game, separator=separator)
        if file == "-":
            for piece in pieces:
                click.echo(piece, nl=False)
            return
        with Path(file).open("w", encoding="utf-8") as out:
            out.writelines(pieces)
    finally:
        database.close()
    click.echo(f"Export {kind.upper()} écrit dans {file}.", err=True)


@click.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@with_appcontext
def import_command(file: str) -> None:
    """Import a JSON archive written by `export` (or the archive's export page)."""
    started = time.perf_counter()
    shown = {"at": 0.0}

    def progress(step: str, done: int, total: int) -> None:
        if time.perf_counter() - shown["at"] >= 2 or done == total:
            shown["at"] = time.perf_counter()
            click.echo(f"{step} : {done} sur {total}" if total else f"{step}…", err=True)

    database = _database()
    try:
        progress(import_checks.READING, 0, 0)
        with open(file, "rb") as source:
            report = importing.import_file(database, source, progress=progress)
    except import_checks.ImportRefused as error:
        raise click.ClickException(error.message + " Rien n'a été importé.") from None
    finally:
        database.close()
    for _, reason in report.games_refused:
        click.echo(f"Non importée : {reason}", err=True)
    for _, reason in report.concours_refused:
        click.echo(f"Non importé : {reason}", err=True)
    if len(report.games_skipped) > 10:
        click.echo("Déjà présentes, ignorées : " + ", ".join(report.games_skipped), err=True)
    click.echo(f"Import terminé : {report.summary()} ({time.perf_counter() - started:.1f} s)")


@click.command("backup")
@click.argument("file", type=click.Path(dir_okay=False))
@with_appcontext
def backup_command(file: str) -> None:
    """Copy the SQLite database to FILE, consistently, even while the app is serving."""
    started = time.perf_counter()
    backup(current_app.config["DATABASE"], file)
    click.echo(f"Sauvegarde écrite dans {file} ({time.perf_counter() - started:.1f} s).")


@click.command("restore")
@click.argument("file", type=click.Path(dir_okay=False))
@with_appcontext
def restore_command(file: str) -> None:
    """Replace the database with the backup FILE, once checked; the current one is kept aside.
    Stop the server first (docs/hosting.md, "Backups")."""
    database = current_app.config["DATABASE"]
    stem, suffix = Path(database).stem, Path(database).suffix or ".db"
    now = datetime.now(table_zone(current_app.config["TIMEZONE"]))  # the clock the copies are named by
    aside = Path(database).with_name(f"{stem}-before-restore-{now:%Y-%m-%dT%H-%M-%S}{suffix}")
    try:
        kept = restore(file, database, str(aside))
    except UnusableBackup as refused:
        raise click.ClickException(f"{refused.message} Rien n'a été changé.") from None
    if kept:
        click.echo(f"Base actuelle mise de côté dans {aside}.")
    applied = migrate(database)  # a copy made by an older version: brought up to date
    click.echo(f"Sauvegarde {file} restaurée dans {database}.")
    if applied:
        click.echo("Migrations appliquées : " + ", ".join(applied))


@click.command("rebuild-derived")
@with_appcontext
def rebuild_derived_command() -> None:
    """Recompute the archive's derived tables (totals, winners, statistics) from the inputs."""
    database = _database()
    started = time.perf_counter()
    try:
        with write_transaction(database):
            count = derived.rebuild_all(database)
    finally:
        database.close()
    click.echo(f"Tables dérivées recalculées : {count} partie(s) en {time.perf_counter() - started:.1f} s.")


def init_app(app: Flask) -> None:
    for command in (export_command, import_command, backup_command, restore_command, rebuild_derived_command):
        app.cli.add_command(command)
