"""What every form of the app shares: WTForms' own refusals in French, choices from (value, label)
pairs, a name's checks, and the bare form that carries a button's CSRF token."""

from __future__ import annotations

import re

from flask_wtf import FlaskForm
from wtforms import HiddenField, SelectChoice
from wtforms.meta import DefaultMeta
from wtforms.validators import Length, Regexp, ValidationError

from scorekeeper.belote.names import MAX_NAME_LENGTH, NAME_FORBIDDEN, invisible_name, tidy_name


def choices(pairs) -> list[SelectChoice]:
    """(value, label) pairs as WTForms options."""
    return [SelectChoice(value, label) for value, label in pairs]


def name_rules(label: str) -> list:
    """The checks of `names.parse_name`, next to the field, in its words (the service tidies the
    name itself: NFC, no control or format characters, single spaces)."""

    def visible(form, field) -> None:
        if field.data and field.data.strip() and not tidy_name(field.data):
            raise ValidationError(invisible_name(label))

    return [
        Length(max=MAX_NAME_LENGTH, message=f"« {label} » : {MAX_NAME_LENGTH} caractères au plus."),
        Regexp(
            f"^[^{re.escape(NAME_FORBIDDEN)}]*$",
            message=f"« {label} » : le caractère « | » ne va pas dans un nom.",
        ),
        visible,
    ]


class FrenchForm(FlaskForm):
    """WTForms' own refusals (a choice not offered, a number that is not one) in French: Flask-WTF
    would translate them only through Flask-Babel, which the app does not use."""

    class Meta:
        locales = ("fr",)

        def get_translations(self, form):
            return DefaultMeta.get_translations(self, form)


class ConfirmForm(FrenchForm):
    """A bare form for the CSRF token of a button (delete, undo)."""

    version = HiddenField()
