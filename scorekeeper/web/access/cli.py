"""`flask --app scorekeeper set-password [--remove]`: the table password, asked twice, never shown;
only its hash (werkzeug's scrypt) is written, readable by its owner only."""

from __future__ import annotations

import os

import click
from flask import current_app
from flask.cli import with_appcontext
from werkzeug.security import generate_password_hash

from scorekeeper.web.access.password import password_file

MIN_PASSWORD_LENGTH = 8  # a password set before issue 24 may be shorter: it still logs in


@click.command("set-password")
@click.option("--remove", is_flag=True, help="Retirer le mot de passe : tout le monde peut noter.")
@with_appcontext
def set_password_command(remove: bool) -> None:
    """Set the table password (asked twice, never shown); only its hash is written."""
    path = password_file(current_app)
    if current_app.config["TABLE_PASSWORD_HASH"]:
        click.echo("Attention : TABLE_PASSWORD_HASH est configuré et passe avant ce fichier.", err=True)
    if remove:
        if os.path.exists(path):
            os.remove(path)
        click.echo("Mot de passe retiré : tout le monde peut noter les scores.")
        return
    password = click.prompt("Mot de passe de la table", hide_input=True, confirmation_prompt="Encore une fois")
    if len(password) < MIN_PASSWORD_LENGTH:
        raise click.UsageError(f"Le mot de passe doit avoir au moins {MIN_PASSWORD_LENGTH} caractères.")
    os.makedirs(current_app.instance_path, exist_ok=True)
    temporary = f"{path}.{os.getpid()}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(generate_password_hash(password) + "\n")
    os.replace(temporary, path)
    click.echo(f"Mot de passe enregistré (haché) dans {path}. Les téléphones devront le saisir.")
