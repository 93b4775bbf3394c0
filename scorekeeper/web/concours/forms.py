"""The organiser's forms: a new concours (its settings, its rules as a game's form has them, its
teams one a line), teams added later, and a table's result typed from its paper slip. Each turns
what was typed into the body the service takes (the API's); the service's own refusals come back
next to the field they name (`field_of`)."""

from __future__ import annotations

from typing import Any

from wtforms import BooleanField, IntegerField, RadioField, SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Optional, StopValidation, ValidationError

from scorekeeper.belote.concours.entry import (
    MAX_BYE_POINTS,
    MAX_PARTIES,
    MAX_TIME_LIMIT,
    PAIRINGS,
    RANKINGS,
    TeamInput,
    parse_player_lines,
    parse_team_lines,
)
from scorekeeper.belote.concours.tiebreaks import CRITERIA, ordinal
from scorekeeper.belote.ending import DEALS_RANGE, OFFERED_DEALS, POINTS_RANGE, POINTS_STEP
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.house_rules import PRESETS
from scorekeeper.web.form_base import FrenchForm, choices, name_rules
from scorekeeper.web.rules_form import RulesForm

END_POINTS = (1000, 1500, 2000, 2500, 3000)  # the targets offered as one tap (CONCOURS.md)
END_DEALS, END_OTHER = "deals", "other"
END_CHOICES = [
    *((str(points), f"en {points} points") for points in END_POINTS),
    (END_DEALS, "en un nombre de donnes"),
    (END_OTHER, "en d'autres points"),
]
BYE_AVERAGE, BYE_FIXED = "average", "fixed"
CONCOURS_PRESET = next(preset for preset in PRESETS if preset.key == "concours")  # « Coinche — concours »
TEAMS_EXAMPLE = "Les As : Ana, Alain"
FORMAT_TEAMS, FORMAT_MELEE = "teams", "melee"
FORMAT_CHOICES = [(FORMAT_TEAMS, "Équipes"), (FORMAT_MELEE, "Mêlée (joueurs seuls)")]
TIEBREAK_PLACES = len(CRITERIA) - 1  # every criterion but the ranking's own first one
NO_TIEBREAK = ""


def _capitalised(words: dict[str, str]) -> list[tuple[str, str]]:
    return [(key, text[0].upper() + text[1:]) for key, text in words.items()]


def number(label: str | None, low: int, high: int, step: int = 1, unit: str = "", needed=lambda form: True) -> Any:
    """A whole number from `low` to `high` (a multiple of `step`), refused in French beside its field
    and in its name (`label`, or the field's label as shown); asked for only when `needed(form)`
    (its choice is made), left alone otherwise, whatever it holds."""
    rule = f"de {low} à {high}{unit}" + (f", un multiple de {step}" if step > 1 else "")

    def check(form, field) -> None:
        name = label or field.label.text
        if not needed(form) or not (field.raw_data and field.raw_data[0].strip()):
            field.errors[:] = []  # not asked for, or left empty: no "not a number" either
            if needed(form):
                raise StopValidation(f"« {name} » : donnez un nombre {rule}.")
            raise StopValidation()
        if field.errors:  # "not a number" already said
            raise StopValidation()
        if not low <= field.data <= high or field.data % step:
            raise StopValidation(f"« {name} » : {rule}.")

    return check


def tiebreak_place(place: int) -> SelectField:
    """« 1er critère », « 2e critère »…: a place of the tie-breaks' list, empty or a criterion."""
    return SelectField(
        f"{ordinal(place)} critère", choices=choices([(NO_TIEBREAK, "—"), *_capitalised(CRITERIA)]), default=NO_TIEBREAK
    )


def _chosen(field_name: str, value: str):
    return lambda form: form[field_name].data == value


def team_lines(text: str, field: str) -> list[TeamInput]:
    """The teams typed one a line; a line that is no team is refused in French (ValidationError)."""
    try:
        return parse_team_lines(text, field)
    except InvalidInput as error:
        raise ValidationError(error.message) from error


def player_lines(text: str, field: str) -> list[str]:
    """A mêlée's players typed one a line; a name that is none is refused in French (ValidationError)."""
    try:
        return parse_player_lines(text, field)
    except InvalidInput as error:
        raise ValidationError(error.message) from error


def team_body(team: TeamInput) -> dict[str, Any]:
    return {"players": list(team.players), **({"name": team.name} if team.name else {})}


class ConcoursForm(RulesForm):
    name = StringField(
        "Nom du concours",
        validators=[
            InputRequired("« Nom du concours » : le concours a besoin d'un nom."),
            *name_rules("Nom du concours"),
        ],
    )
    # Teams of two registered together, or a mêlée: players alone, a new partner each partie. The
    # form shows the list the choice asks for (concours.css, :has(); both without it), and the
    # service gets that one alone.
    format = RadioField("Format", choices=choices(FORMAT_CHOICES), default=FORMAT_TEAMS)
    parties = IntegerField("Nombre de parties", default=4, validators=[number("Nombre de parties", 1, MAX_PARTIES)])
    end = RadioField("Fin d'une partie", choices=choices(END_CHOICES), default="2000")
    deals = IntegerField(
        "Nombre de donnes",
        default=OFFERED_DEALS,
        validators=[number("Nombre de donnes", *DEALS_RANGE, needed=_chosen("end", END_DEALS))],
    )
    other_points = IntegerField(
        "Autres points",
        validators=[number("Autres points", *POINTS_RANGE, POINTS_STEP, needed=_chosen("end", END_OTHER))],
    )
    time_limit = IntegerField(
        "Temps par partie, en minutes (facultatif)",
        validators=[Optional(), number("Temps par partie", 1, MAX_TIME_LIMIT, unit=" minutes")],
    )
    ranking = RadioField("Classement", choices=choices(_capitalised(RANKINGS)), default="points")
    pairing = RadioField("Parties 2 et suivantes", choices=choices(_capitalised(PAIRINGS)), default="ranking")
    bye = RadioField(
        "Points de l'exempt",
        choices=choices([(BYE_AVERAGE, "Moyenne de la partie"), (BYE_FIXED, "Points fixés")]),
        default=BYE_AVERAGE,
    )
    bye_points = IntegerField(
        "Points marqués", validators=[number("Points marqués", 0, MAX_BYE_POINTS, needed=_chosen("bye", BYE_FIXED))]
    )
    bye_conceded = IntegerField(
        "Points encaissés",
        validators=[number("Points encaissés", 0, MAX_BYE_POINTS, needed=_chosen("bye", BYE_FIXED))],
    )
    # The organiser's tie-breaks as numbered choices (a list a page orders without script), one
    # place for each criterion but the ranking's own first one; left empty, the usual order.
    tiebreak_1 = tiebreak_place(1)
    tiebreak_2 = tiebreak_place(2)
    tiebreak_3 = tiebreak_place(3)
    tiebreak_4 = tiebreak_place(4)
    tiebreak_5 = tiebreak_place(5)
    teams = TextAreaField("Équipes, une par ligne (facultatif : ajoutez-les ensuite)")
    players = TextAreaField("Joueurs, un par ligne (facultatif : ajoutez-les ensuite)")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_submitted():  # a concours's usual rules, shown as chosen
            self.show_house_rules(CONCOURS_PRESET.rules)

    @property
    def melee(self) -> bool:
        return self.format.data == FORMAT_MELEE

    def validate_teams(self, field) -> None:
        if not self.melee and (field.data or "").strip():
            team_lines(field.data, "teams")

    def validate_players(self, field) -> None:
        if self.melee and (field.data or "").strip():
            player_lines(field.data, "players")

    def tiebreak_places(self) -> list[SelectField]:
        return [self[f"tiebreak_{place}"] for place in range(1, TIEBREAK_PLACES + 1)]

    def validate(self, extra_validators=None) -> bool:
        """The places filled in order: a criterion after an empty place would be numbered otherwise
        in the list the service checks (and names in its refusals)."""
        valid = super().validate(extra_validators)
        places = self.tiebreak_places()
        for before, place in zip(places, places[1:], strict=False):
            if place.data and not before.data and not place.errors:
                place.errors.append(f"« {place.label.text} » : choisissez d'abord le {before.label.text}.")
                valid = False
        return valid

    def tiebreaks_body(self) -> list[str] | None:
        chosen = [place.data for place in self.tiebreak_places() if place.data]
        return chosen or None

    def end_body(self) -> dict[str, int]:
        if self.end.data == END_DEALS:
            return {"deals": self.deals.data}
        if self.end.data == END_OTHER:
            return {"points": self.other_points.data}
        return {"points": int(self.end.data)}

    def to_body(self) -> dict[str, Any]:
        """The body of `POST /api/v1/concours` (CONCOURS.md, "JSON API"): a mêlée's players or the
        teams, and the pairing of later parties for teams only (a mêlée's are always drawn at random)."""
        text = (self.teams.data or "").strip()
        players = (self.players.data or "").strip()
        if self.melee:
            entrants: dict[str, Any] = {
                "format": FORMAT_MELEE,
                "players": [{"name": name} for name in player_lines(players, "players")] if players else [],
            }
        else:
            entrants = {
                "pairing": self.pairing.data,
                "teams": [team_body(team) for team in team_lines(text, "teams")] if text else [],
            }
        return {
            "name": self.name.data,
            "evening": self.evening_body(),
            "parties": self.parties.data,
            "end": self.end_body(),
            "time_limit": self.time_limit.data,
            "rules": self.rules_body(),
            "ranking": self.ranking.data,
            "bye": (
                {"points": self.bye_points.data, "conceded": self.bye_conceded.data}
                if self.bye.data == BYE_FIXED
                else BYE_AVERAGE
            ),
            "tiebreaks": self.tiebreaks_body(),
            **entrants,
        }

    def field_of(self, error: InvalidInput):
        """The field a refusal of the service names ("teams.2.name" is the teams' list, "tiebreaks.1"
        the 2nd place of the tie-breaks', places being filled in order)."""
        head, _, rest = error.field.partition(".")
        if head == "tiebreaks":
            return self.tiebreak_places()[int(rest or 0)]
        fields = {"end": self.end, "bye": self.bye, "rules": self.preset, "body": self.name, "format": self.format}
        return fields.get(head) or getattr(self, head, None) or self.name


class TeamsForm(FrenchForm):
    """Teams added on the organiser's page, one a line, or a pasted list."""

    teams = TextAreaField(
        "Ajouter des équipes, une par ligne",
        validators=[InputRequired(f"Écrivez au moins une équipe, « {TEAMS_EXAMPLE} ».")],
    )

    def validate_teams(self, field) -> None:
        self.parsed = team_lines(field.data, "teams")


class PlayersForm(FrenchForm):
    """A mêlée's players added on the organiser's page, one a line, or a pasted list."""

    players = TextAreaField(
        "Ajouter des joueurs, un par ligne",
        validators=[InputRequired("Écrivez au moins un joueur, un nom par ligne.")],
    )

    def validate_players(self, field) -> None:
        self.parsed = player_lines(field.data, "players")


class SlipForm(FrenchForm):
    """A table's totals read from its paper slip (each table's form has its own prefix)."""

    a = IntegerField("Équipe A", validators=[number(None, 0, MAX_BYE_POINTS)])  # labelled by its team's name
    b = IntegerField("Équipe B", validators=[number(None, 0, MAX_BYE_POINTS)])
    # Shown once the service doubted the totals (`SlipDoubt`): ticked, the second submit takes them.
    confirm = BooleanField("Je confirme ces totaux : la feuille de la table dit bien cela")
    doubt: str | None = None

    def totals(self) -> dict[str, int]:
        return {"A": self.a.data, "B": self.b.data}
