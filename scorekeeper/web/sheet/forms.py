"""The HTML forms of a game: creating it and entering a deal. They turn what was tapped into the
JSON body the service layer takes (the same body as the API), and back again for an edit."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, IntegerField, RadioField, SelectChoice, SelectField, StringField
from wtforms.meta import DefaultMeta
from wtforms.validators import InputRequired, Length, NumberRange, Optional, Regexp, ValidationError

from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.hand import check_hand
from scorekeeper.belote.hand_json import parse_hand
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
from scorekeeper.belote.terms import (
    CARD_POINTS_TOTAL,
    CONTRACT_TITLES,
    DEFAULT_TEAMS,
    MAX_BELOTES,
    MAX_MELDS_PER_TEAM,
    REDEAL_REASONS,
    SALON_OPTIONS,
    SEATS,
    SIDES,
    TARGETS,
    TEAMS,
    Coinche,
    Meld,
    Mode,
    Rounding,
    Team,
    players_of,
    team_of_player,
)


def choices(pairs) -> list[SelectChoice]:
    """(value, label) pairs as WTForms options."""
    return [SelectChoice(value, label) for value, label in pairs]


# Every choice's words are the game's (belote.terms); the forms only lay them out.
ROUNDING_CHOICES = [(rounding.value, rounding.label) for rounding in Rounding]
CONTRACT_CHOICES = list(CONTRACT_TITLES.items())
MODE_CHOICES = [(mode.value, mode.symbol) for mode in Mode]
COINCHE_CHOICES = [(coinche.value, coinche.label) for coinche in Coinche]
TARGET_CHOICES = [(target, str(target)) for target in TARGETS]
SIDE_BY_SIDE = 28  # the longest answer (in characters) two choices side by side take at 390 px
CUSTOM_PRESET = "custom"  # the preset picker's "Règles personnalisées": the options as chosen one by one
PRESET_CHOICES = [*((preset.key, preset.label) for preset in PRESETS), (CUSTOM_PRESET, CUSTOM_LABEL)]
MELD_KINDS = [meld for meld in Meld]
TEAM_CODES = tuple(team.value for team in TEAMS)

# Where the service's refusal (named by its JSON field) is shown on the deal form.
FIELD_OF_ERROR = {
    "taker": "taker_player",
    "taker_player": "taker_player",
    "contract": "contract",
    "mode": "mode",
    "coinche": "coinche",
    "taker_points": "points",
    "all_tricks": "all_tricks",
    "best_meld": "best_meld",
    "belote": "belote_A",
    "melds": "melds_A_tierce",
}


# The service names fields as the API does; a person at the table reads these words instead.
FIELD_WORDS = {
    "taker": "Preneurs",
    "taker_player": "Qui a pris",
    "contract": "Contrat",
    "mode": "Atout",
    "coinche": "Coinche",
    "taker_points": "Points faits",
    "all_tricks": "Tous les plis",
    "melds": "Annonces",
    "melds.A": "Annonces A",
    "melds.B": "Annonces B",
    "best_meld": "Meilleure annonce",
    "belote": "Belote",
    "belote.A": "Belote A",
    "belote.B": "Belote B",
    "reason": "Redonne",
    "player": "Demandée par",
    "version": "Version",
}


@cache
def refusal_words() -> dict[str, dict[str, str]]:
    """What static/deal_form.js needs to say a refusal as the server does: the fields' words, the
    form field each refusal is shown at, and what a field left empty is told."""
    required = {
        name: getattr(DealForm, name).kwargs["validators"][0].message for name in ("taker_player", "contract", "mode")
    }
    try:
        check_hand(parse_hand({"taker": "A", "contract": 80, "mode": "hearts"}))
    except InvalidInput as error:  # « Points faits » est requis pour un contrat chiffré…
        required["points"] = for_people(error.message)
    return {"words": FIELD_WORDS, "fields": FIELD_OF_ERROR, "required": required}


def for_people(message: str) -> str:
    """The service's message with its JSON field names in the words of the form."""
    for key, words in sorted(FIELD_WORDS.items(), key=lambda item: -len(item[0])):
        message = message.replace(f"« {key} »", f"« {words} »")
    return message


class FrenchForm(FlaskForm):
    """WTForms' own refusals (a choice not offered, a number that is not one) in French: Flask-WTF
    would translate them only through Flask-Babel, which the app does not use."""

    class Meta:
        locales = ("fr",)

        def get_translations(self, form):
            return DefaultMeta.get_translations(self, form)


def _name_rules(label: str) -> list:
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


def _count_up_to(most: int) -> NumberRange:
    return NumberRange(0, most, f"De 0 à {most}.")


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
    team_a = StringField("Équipe A", default=DEFAULT_TEAMS["A"], validators=_name_rules("Équipe A"))
    team_b = StringField("Équipe B", default=DEFAULT_TEAMS["B"], validators=_name_rules("Équipe B"))
    player_0 = StringField("Joueur 1", validators=_name_rules("Joueur 1"))
    player_1 = StringField("Joueur 2", validators=_name_rules("Joueur 2"))
    player_2 = StringField("Joueur 3", validators=_name_rules("Joueur 3"))
    player_3 = StringField("Joueur 4", validators=_name_rules("Joueur 4"))
    dealer = RadioField(
        "Premier donneur", choices=choices((i, f"Joueur {i + 1}") for i in range(SEATS)), coerce=int, default=0
    )
    target = RadioField("Partie en", choices=choices(TARGET_CHOICES), coerce=int, default=TARGETS[0])
    rounding = RadioField("Arrondi", choices=choices(ROUNDING_CHOICES), default=Rounding.NEAREST.value)
    misere = BooleanField(SALON_OPTIONS["misere"])
    carre_de_sept = BooleanField(SALON_OPTIONS["carre_de_sept"])
    evening = SelectField("Soirée", choices=choices([("", "Ce soir")]), default="")
    # The house rules (VARIANTS.md): a preset, or "custom" and one radio group per option (added below
    # the class, one field per `house_rules.OPTIONS`, named by its key). `house_shown`: the options as
    # the page showed them, so that an option changed on a page without the script is not lost.
    preset = RadioField("Variante", choices=choices(PRESET_CHOICES), default=PRESETS[0].key)
    custom_preset, custom_label = CUSTOM_PRESET, CUSTOM_LABEL
    house_shown = HiddenField(default=",".join(house_values(HouseRules()).values()))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.name_dealers()

    def name_dealers(self) -> None:
        """The first dealer's buttons name the players typed ("Joueur 1…4" for a name left empty);
        static/new_game.js renames them as the names are typed."""
        names = [tidy_name(getattr(self, f"player_{i}").data or "") for i in range(SEATS)]
        self.dealer.choices = choices((i, name or f"Joueur {i + 1}") for i, name in enumerate(names))

    def fill_from(self, body: dict[str, Any]) -> None:
        """Prefill from a game's body (the API's, as `services.games.rematch_body` writes it)."""
        self.team_a.data, self.team_b.data = body["teams"]["A"], body["teams"]["B"]
        for i, name in enumerate(body["players"]):  # a default name stays the field's placeholder
            getattr(self, f"player_{i}").data = "" if name == f"Joueur {i + 1}" else name
        self.dealer.data = body["dealer"]
        self.target.data = body["target"]
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
            "target": self.target.data,
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


class DealForm(FrenchForm):
    taker_player = RadioField("Qui a pris ?", coerce=int, validators=[InputRequired("Touchez le joueur qui a pris.")])
    contract = RadioField(
        "Contrat", choices=choices(CONTRACT_CHOICES), validators=[InputRequired("Choisissez le contrat.")]
    )
    mode = RadioField("Atout", choices=choices(MODE_CHOICES), validators=[InputRequired("Choisissez l'atout.")])
    coinche = RadioField("Coinche", choices=choices(COINCHE_CHOICES), default=Coinche.NONE.value)
    points = IntegerField(
        "Points faits",
        validators=[Optional(), NumberRange(0, CARD_POINTS_TOTAL, f"Entre 0 et {CARD_POINTS_TOTAL} points.")],
    )
    points_team = RadioField("Points de", choices=choices(SIDES.items()), default="takers")
    all_tricks = BooleanField("Tous les plis (capot)")
    best_meld = RadioField(
        "Meilleure annonce", choices=choices([("A", "A"), ("B", "B"), ("none", "Personne")]), validators=[Optional()]
    )
    belote_A = IntegerField("Belote", default=0, validators=[Optional(), _count_up_to(MAX_BELOTES)])
    belote_B = IntegerField("Belote", default=0, validators=[Optional(), _count_up_to(MAX_BELOTES)])
    request_id = HiddenField()
    version = HiddenField()
    number = HiddenField()  # the deal number the form was opened for (a new deal): see `entered_as`

    def set_players(self, players: list[str], teams: dict[str, str]) -> None:
        self.taker_player.choices = choices(enumerate(players))
        self.best_meld.choices = choices([("A", teams["A"]), ("B", teams["B"]), ("none", "Personne (égalité)")])

    def meld_fields(self, team: str):
        return [(meld, getattr(self, f"melds_{team}_{meld.value}")) for meld in MELD_KINDS]

    def to_body(self) -> dict[str, Any]:
        """The hand as the service takes it; only what the form could not check is left to it."""
        taker_player = self.taker_player.data
        taker = team_of_player(taker_player).value
        contract = self.contract.data
        body: dict[str, Any] = {
            "taker": taker,
            "taker_player": taker_player,
            "contract": int(contract) if contract.isascii() and contract.isdigit() else contract,
            "mode": self.mode.data,
            "coinche": self.coinche.data or Coinche.NONE.value,
        }
        if self.all_tricks.data:
            body["all_tricks"] = True
        if self.points.data is not None:  # with all_tricks too: the service refuses any but 162
            points = self.points.data
            body["taker_points"] = points if self.points_team.data != "defense" else CARD_POINTS_TOTAL - points
        melds = {
            team: [meld.value for meld, field in self.meld_fields(team) for _ in range(field.data or 0)]
            for team in TEAM_CODES
        }
        if any(melds.values()):
            body["melds"] = melds
        belote = {team: getattr(self, f"belote_{team}").data or 0 for team in TEAM_CODES}
        if any(belote.values()):
            body["belote"] = belote
        if self.best_meld.data:
            body["best_meld"] = self.best_meld.data
        return body

    def asks_all_tricks(self) -> bool:
        """162 points for the takers and "Tous les plis" not ticked: the form asks whether the
        takers made every trick (a capot), as 162 usually means."""
        points = self.points.data
        if points is None or self.all_tricks.data or self.points.errors:
            return False
        return (points if self.points_team.data != "defense" else CARD_POINTS_TOTAL - points) == CARD_POINTS_TOTAL

    def problems(self, teams: dict[str, str]) -> list[tuple[str, str]]:
        """Every refusal on the form, once each, in the form's order, as (the id of the input to
        focus, the message naming its field in the players' words): the summary atop the page."""
        found = []
        for names, words in _problem_fields(teams):
            for name in names:
                field = self[name]
                for message in field.errors:
                    first = f"{name}-0" if isinstance(field, RadioField) else field.id
                    found.append((first, message if message.startswith("«") else f"{words} : {message}"))
        return found

    def fill_from(self, data: dict[str, Any], version: int) -> None:
        """Prefill from a stored hand, for an edit."""
        taker_player = data.get("taker_player")
        if taker_player is None:  # recorded without a player (API): the team's first player
            taker_player = players_of(Team(data["taker"]))[0]
        self.taker_player.data = taker_player
        self.contract.data = str(data["contract"])
        self.mode.data = data["mode"]
        self.coinche.data = data.get("coinche", Coinche.NONE.value)
        self.all_tricks.data = data.get("all_tricks", False)
        self.points.data = data.get("taker_points")
        self.points_team.data = "takers"
        for team in TEAM_CODES:
            codes = data.get("melds", {}).get(team, [])
            for meld, field in self.meld_fields(team):
                field.data = codes.count(meld.value)
            getattr(self, f"belote_{team}").data = data.get("belote", {}).get(team, 0)
        self.best_meld.data = data.get("best_meld")
        self.version.data = str(version)


for _team in TEAM_CODES:
    for _meld in MELD_KINDS:
        setattr(
            DealForm,
            f"melds_{_team}_{_meld.value}",
            IntegerField(
                _meld.label,
                default=0,
                validators=[Optional(), _count_up_to(MAX_MELDS_PER_TEAM)],
            ),
        )


def _problem_fields(teams: dict[str, str]) -> list[tuple[list[str], str]]:
    """The deal form's fields in the page's order, grouped as the page shows them, with their words."""
    melds = [
        ([*(f"melds_{team}_{meld.value}" for meld in MELD_KINDS), f"belote_{team}"], f"Annonces de {teams[team]}")
        for team in TEAM_CODES
    ]
    return [
        (["taker_player"], FIELD_WORDS["taker_player"]),
        (["contract"], FIELD_WORDS["contract"]),
        (["mode"], FIELD_WORDS["mode"]),
        (["coinche"], FIELD_WORDS["coinche"]),
        (["points", "points_team"], FIELD_WORDS["taker_points"]),
        (["all_tricks"], FIELD_WORDS["all_tricks"]),
        *melds,
        (["best_meld"], FIELD_WORDS["best_meld"]),
    ]


class RedealForm(FrenchForm):
    reason = RadioField(
        "Redonne",
        choices=choices(REDEAL_REASONS.items()),
        validators=[InputRequired()],
    )
    player = RadioField("Demandée par", coerce=int, validators=[Optional()])
    request_id = HiddenField()
    number = HiddenField()  # the deal number the sheet showed next


class ConfirmForm(FrenchForm):
    """A bare form for the CSRF token of a button (delete, undo)."""

    version = HiddenField()


def entered_as(form: DealForm | RedealForm) -> dict[str, int]:
    """The `number` key of a new deal's body: the number the phone showed for it, so that the
    service refuses it if another phone recorded that deal meanwhile (none from an old page)."""
    value = form.number.data or ""
    return {"number": int(value)} if value.isdigit() and value.isascii() else {}
