"""The archive's two forms: an evening's date, place and note; a JSON file to import."""

from __future__ import annotations

from flask_wtf.file import FileField, FileRequired
from wtforms import DateField, StringField, TextAreaField
from wtforms.validators import InputRequired

from scorekeeper.belote.evenings import MAX_NOTE_LENGTH, MAX_PLACE_LENGTH
from scorekeeper.web.form_base import FrenchForm


class EveningForm(FrenchForm):
    """Checked again by `evenings.parse_evening`, like an imported evening."""

    date = DateField("Date", validators=[InputRequired("Donnez la date de la soirée.")])
    place = StringField("Lieu")
    note = TextAreaField("Note")

    def to_body(self) -> dict[str, str]:
        return {"date": self.date.data.isoformat(), "place": self.place.data or "", "note": self.note.data or ""}


class ImportForm(FrenchForm):
    archive = FileField("Fichier JSON exporté", validators=[FileRequired("Choisissez le fichier à importer.")])


LIMITS = {"place": MAX_PLACE_LENGTH, "note": MAX_NOTE_LENGTH}
