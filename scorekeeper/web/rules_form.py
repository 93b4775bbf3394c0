"""The part of a form that says how its games are played, shared by the new-game form and the new
concours's: the evening the games belong to, the rounding, the salon's options and the house rules
(a preset or one option at a time), read back as the `rules` object of the API's body. The fields
are drawn by `rules_fields` in templates/_macros.html; static/new_game.js ticks a preset's options."""

from __future__ import annotations

import json
from typing import Any

from wtforms import BooleanField, HiddenField, RadioField, SelectField

from scorekeeper.belote.house_rules import (
    CUSTOM_LABEL,
    OPTION_KEYS,
    OPTIONS,
    PRESETS,
    HouseRules,
    parse_house_rules,
    preset_of,
)
from scorekeeper.belote.terms import SALON_OPTIONS, Rounding
from scorekeeper.web.form_base import FrenchForm, choices

# Every choice's words are the game's (belote.terms); the form only lays them out.
ROUNDING_CHOICES = [(rounding.value, rounding.label) for rounding in Rounding]
SIDE_BY_SIDE = 28  # the longest answer (in characters) two choices side by side take at 390 px
CUSTOM_PRESET = "custom"  # the preset picker's "Règles personnalisées": the options as chosen one by one
PRESET_CHOICES = [*((preset.key, preset.label) for preset in PRESETS), (CUSTOM_PRESET, CUSTOM_LABEL)]


def house_value(value: Any) -> str:
    """A house rule's value as the form sends it: its JSON value, a flag as "true" or "false"."""
    return json.dumps(value) if isinstance(value, bool) else value.value


def house_values(house: HouseRules) -> dict[str, str]:
    """Every option's value as the form sends it, by key."""
    return {key: house_value(getattr(house, key)) for key in OPTION_KEYS}


def house_from_values(values: dict[str, Any]) -> HouseRules:
    """The house rules from the form's values (`house_values` backwards); KeyError for a value not offered."""
    return HouseRules(
        **{
            option.key: {house_value(value): value for value, _ in option.choices}[values[option.key]]
            for option in OPTIONS
        }
    )


class RulesForm(FrenchForm):
    rounding = RadioField("Arrondi", choices=choices(ROUNDING_CHOICES), default=Rounding.NEAREST.value)
    misere = BooleanField(SALON_OPTIONS["misere"])
    carre_de_sept = BooleanField(SALON_OPTIONS["carre_de_sept"])
    evening = SelectField("Soirée", choices=choices([("", "Ce soir")]), default="")
    # The house rules (docs/house-rules.md): a preset, or "custom" and one radio group per option (added below
    # the class, one field per `house_rules.OPTIONS`, named by its key). `house_shown`: the options as
    # the page showed them, so that an option changed on a page without the script is not lost.
    preset = RadioField("Variante", choices=choices(PRESET_CHOICES), default=PRESETS[0].key)
    custom_preset, custom_label = CUSTOM_PRESET, CUSTOM_LABEL
    house_shown = HiddenField(default=",".join(house_values(HouseRules()).values()))

    def fill_rules(self, rules: dict[str, Any]) -> None:
        """Prefill from a `rules` object (the API's)."""
        self.rounding.data = rules["rounding"]
        self.misere.data = rules["misere"]
        self.carre_de_sept.data = rules["carre_de_sept"]
        self.show_house_rules(parse_house_rules(rules))  # reads only the house rules' keys

    def house_fields(self) -> list[RadioField]:
        """One radio group per house rule, in `OPTIONS`' order."""
        return [self[key] for key in OPTION_KEYS]

    def house_groups(self) -> list[tuple[RadioField, str]]:
        """The house rules' radio groups with their layout: two answers side by side when they fit
        in two or three lines at 390 px, else one under the other ("250 + 250 × coinche (chuté : …)")."""
        return [
            (field, "grid grid-2" if max(len(choice.label) for choice in field.choices) <= SIDE_BY_SIDE else "list")
            for field in self.house_fields()
        ]

    def preset_options(self) -> dict[str, dict[str, str]]:
        """Each preset's options as the form's values, for static/new_game.js (`data-presets`)."""
        return {preset.key: house_values(preset.rules) for preset in PRESETS}

    def _shown(self) -> HouseRules | None:
        values = (self.house_shown.data or "").split(",")
        try:
            return house_from_values(dict(zip(OPTION_KEYS, values, strict=True)))
        except (KeyError, ValueError):
            return None

    def house_rules(self) -> HouseRules:
        """The house rules asked for: with "Règles personnalisées", the options as chosen; with a
        preset, its options. On a page without the script the radios of a preset chosen stay as they
        were shown (the script would set them): so a preset's options are taken unless the radios
        differ both from them and from what the page showed, when a player changed an option by hand,
        which the script would have turned into "Règles personnalisées": then they are. (A form that
        does not say what it showed gets its preset's.)"""
        chosen = house_from_values({field.name: field.data for field in self.house_fields()})
        preset = next((preset for preset in PRESETS if preset.key == self.preset.data), None)
        if preset is None or chosen == preset.rules:
            return chosen
        shown = self._shown()
        return chosen if shown is not None and chosen != shown else preset.rules

    def show_house_rules(self, house: HouseRules) -> None:
        """Show `house`: its preset (or "Règles personnalisées") and every option's value."""
        preset = preset_of(house)
        self.preset.data = preset.key if preset is not None else CUSTOM_PRESET
        values = house_values(house)
        for field in self.house_fields():
            field.data = values[field.name]
        self.house_shown.data = ",".join(values.values())

    def settle_house_rules(self) -> None:
        """A form sent back with a refusal shows the house rules it asked for, as they were understood."""
        if not any(field.errors for field in (self.preset, *self.house_fields())):
            self.show_house_rules(self.house_rules())

    def house_rules_open(self) -> bool:
        """Whether "Règles de la maison" opens by itself: it holds a refusal, or something other
        than the presets and the default rounding (a game taken again, "Règles personnalisées")."""
        fields = (self.rounding, *self.house_fields())
        return (
            any(field.errors for field in fields)
            or self.preset.data == CUSTOM_PRESET
            or self.rounding.data != Rounding.NEAREST.value
        )

    def set_evenings(self, evenings: list[tuple[int, str]]) -> None:
        """Today's evening first (the default), then the recent ones, as (id, label) pairs."""
        self.evening.choices = choices([("", "Ce soir"), *((str(key), label) for key, label in evenings)])

    def evening_body(self) -> int | None:
        return int(self.evening.data) if self.evening.data else None

    def rules_body(self) -> dict[str, Any]:
        """The `rules` object of the API's body."""
        return {
            "rounding": self.rounding.data,
            "misere": bool(self.misere.data),
            "carre_de_sept": bool(self.carre_de_sept.data),
            **self.house_rules().as_json(),  # a preset's option values, not its name
        }


for _option in OPTIONS:  # the house rules' radio groups, in the words of house_rules.OPTIONS
    setattr(
        RulesForm,
        _option.key,
        RadioField(
            _option.label,
            choices=choices((house_value(value), words) for value, words in _option.choices),
            default=house_value(_option.default),
        ),
    )
del _option
