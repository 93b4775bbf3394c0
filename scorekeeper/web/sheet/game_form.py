"""The new-game form: teams, players, first dealer, end, the salon's options and the house
rules (a preset or one option at a time); it turns what was tapped into the JSON body the service
layer takes (the same body as the API), and a game's body back into the form for a rematch."""

from __future__ import annotations

import json
import re
from typing import Any

from wtforms import BooleanField, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import Length, Regexp, ValidationError

from scorekeeper.belote.ending import OFFERED_ENDS, End, parse_end
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.house_rules import (
    CUSTOM_LABEL,
    OPTION_KEYS,
    OPTIONS,
    PRESETS,
    HouseRules,
    parse_house_rules,
    preset_of,
)
from scorekeeper.belote.names import MAX_NAME_LENGTH, NAME_FORBIDDEN, invisible_name, tidy_name
from scorekeeper.belote.terms import DEFAULT_TEAMS, SALON_OPTIONS, SEATS, Rounding
from scorekeeper.web.form_base import FrenchForm, choices

# Every choice's words are the game's (belote.terms); the form only lays them out.
ROUNDING_CHOICES = [(rounding.value, rounding.label) for rounding in Rounding]
# « en 2000 points », « en 1000 points », « en 12 donnes »: each an end's key ("2000", "d12"); the
# field keeps its old name, `target`, which a form posted with "1000" still fills.
END_CHOICES = [(end.key, end.words()) for end in OFFERED_ENDS]
SIDE_BY_SIDE = 28  # the longest answer (in characters) two choices side by side take at 390 px
CUSTOM_PRESET = "custom"  # the preset picker's "Règles personnalisées": the options as chosen one by one
PRESET_CHOICES = [*((preset.key, preset.label) for preset in PRESETS), (CUSTOM_PRESET, CUSTOM_LABEL)]


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


def house_value(value: Any) -> str:
    """A house rule's value as the new-game form sends it: its JSON value, a flag as "true" or "false"."""
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


class GameForm(FrenchForm):
    team_a = StringField("Équipe A", default=DEFAULT_TEAMS["A"], validators=name_rules("Équipe A"))
    team_b = StringField("Équipe B", default=DEFAULT_TEAMS["B"], validators=name_rules("Équipe B"))
    player_0 = StringField("Joueur 1", validators=name_rules("Joueur 1"))
    player_1 = StringField("Joueur 2", validators=name_rules("Joueur 2"))
    player_2 = StringField("Joueur 3", validators=name_rules("Joueur 3"))
    player_3 = StringField("Joueur 4", validators=name_rules("Joueur 4"))
    dealer = RadioField(
        "Premier donneur", choices=choices((i, f"Joueur {i + 1}") for i in range(SEATS)), coerce=int, default=0
    )
    target = RadioField("Partie", choices=choices(END_CHOICES), default=OFFERED_ENDS[0].key)
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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.name_dealers()
        self.offer_end(self.target.data)

    def offer_end(self, key: Any) -> None:
        """A game's end that the form does not offer (a concours's 1500 points, 10 deals) added to its
        choices, so that its rematch keeps it; a key that is no end is left for the field to refuse."""
        if key in {choice.value for choice in self.target.choices}:
            return
        try:
            end = parse_end({"end": End.from_key(key).as_json()})
        except (InvalidInput, ValueError, TypeError, AttributeError):
            return
        self.target.choices = [*self.target.choices, *choices([(end.key, end.words())])]

    def name_dealers(self) -> None:
        """The first dealer's buttons name the players typed ("Joueur 1…4" for a name left empty);
        static/new_game.js renames them as the names are typed."""
        names = [tidy_name(getattr(self, f"player_{i}").data or "") for i in range(SEATS)]
        self.dealer.choices = choices((i, name or f"Joueur {i + 1}") for i, name in enumerate(names))

    def fill_from(self, body: dict[str, Any]) -> None:
        """Prefill from a game's body (the API's, as `services.playing_again.rematch_body` writes it)."""
        self.team_a.data, self.team_b.data = body["teams"]["A"], body["teams"]["B"]
        for i, name in enumerate(body["players"]):  # a default name stays the field's placeholder
            getattr(self, f"player_{i}").data = "" if name == f"Joueur {i + 1}" else name
        self.dealer.data = body["dealer"]
        end = parse_end(body)
        self.offer_end(end.key)
        self.target.data = end.key
        self.rounding.data = body["rules"]["rounding"]
        self.misere.data = body["rules"]["misere"]
        self.carre_de_sept.data = body["rules"]["carre_de_sept"]
        self.show_house_rules(parse_house_rules(body["rules"]))  # reads only the house rules' keys
        self.name_dealers()

    # --- the house rules ------------------------------------------------------------------------

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

    def to_body(self) -> dict[str, Any]:
        return {
            "evening": int(self.evening.data) if self.evening.data else None,
            "teams": {"A": self.team_a.data, "B": self.team_b.data},
            "players": [getattr(self, f"player_{i}").data or None for i in range(4)],
            "dealer": self.dealer.data,
            "end": End.from_key(self.target.data).as_json(),
            "rules": {
                "rounding": self.rounding.data,
                "misere": bool(self.misere.data),
                "carre_de_sept": bool(self.carre_de_sept.data),
                **self.house_rules().as_json(),  # a preset's option values, not its name
            },
        }


for _option in OPTIONS:  # the house rules' radio groups, in the words of house_rules.OPTIONS
    setattr(
        GameForm,
        _option.key,
        RadioField(
            _option.label,
            choices=choices((house_value(value), words) for value, words in _option.choices),
            default=house_value(_option.default),
        ),
    )
del _option
