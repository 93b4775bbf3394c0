"""What every form of the app shares: WTForms' own refusals in French, choices from (value, label)
pairs, and the bare form that carries a button's CSRF token."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import HiddenField, SelectChoice
from wtforms.meta import DefaultMeta


def choices(pairs) -> list[SelectChoice]:
    """(value, label) pairs as WTForms options."""
    return [SelectChoice(value, label) for value, label in pairs]


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
