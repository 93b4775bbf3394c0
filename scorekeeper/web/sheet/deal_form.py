"""The deal forms: a hand (who took, the contract, the points, the melds) and a redeal; what was
tapped as the JSON body the service layer takes (the same body as the API), a stored hand back
into the form for an edit, and the service's refusals in the words of the form."""

from __future__ import annotations

from functools import cache
from typing import Any

from wtforms import BooleanField, HiddenField, IntegerField, RadioField
from wtforms.validators import InputRequired, NumberRange, Optional

from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.game_input import coincher_refusal
from scorekeeper.belote.hand import check_hand
from scorekeeper.belote.hand_json import parse_hand
from scorekeeper.belote.terms import (
    CARD_POINTS_TOTAL,
    CONTRACT_TITLES,
    MAX_BELOTES,
    MAX_MELDS_PER_TEAM,
    REDEAL_REASONS,
    SEATS,
    SIDES,
    TEAMS,
    Coinche,
    Meld,
    Mode,
    Team,
    players_of,
    team_of_player,
)
from scorekeeper.web.form_base import FrenchForm, choices

# Every choice's words are the game's (belote.terms); the forms only lay them out.
CONTRACT_CHOICES = list(CONTRACT_TITLES.items())
MODE_CHOICES = [(mode.value, mode.symbol) for mode in Mode]
COINCHE_CHOICES = [(coinche.value, coinche.label) for coinche in Coinche]
MELD_KINDS = [meld for meld in Meld]
TEAM_CODES = tuple(team.value for team in TEAMS)
# Who coinched, not told (what old deals and the API may leave out): its radio's value and words.
UNKNOWN_COINCHER = ("inconnu", "Je ne sais pas")

# Where the service's refusal (named by its JSON field) is shown on the deal form.
FIELD_OF_ERROR = {
    "taker": "taker_player",
    "taker_player": "taker_player",
    "contract": "contract",
    "mode": "mode",
    "coinche": "coinche",
    "coinched_by": "coinched_by",
    "surcoinched_by": "surcoinched_by",
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
    "coinched_by": "Coinché par",
    "surcoinched_by": "Surcoinché par",
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


def count_up_to(most: int) -> NumberRange:
    return NumberRange(0, most, f"De 0 à {most}.")


class DealForm(FrenchForm):
    taker_player = RadioField("Qui a pris ?", coerce=int, validators=[InputRequired("Touchez le joueur qui a pris.")])
    contract = RadioField(
        "Contrat", choices=choices(CONTRACT_CHOICES), validators=[InputRequired("Choisissez le contrat.")]
    )
    mode = RadioField("Atout", choices=choices(MODE_CHOICES), validators=[InputRequired("Choisissez l'atout.")])
    coinche = RadioField("Coinche", choices=choices(COINCHE_CHOICES), default=Coinche.NONE.value)
    # Who said « coinche » (a defender) and « surcoinche » (a taker): optional, « Je ne sais pas » by
    # default. Every player is offered; the page shows the right team's two (deal_form.css) once a
    # taker and the level are tapped, and `to_body` sends only a choice the page shows.
    coinched_by = RadioField("Coinché par", default=UNKNOWN_COINCHER[0], validators=[Optional()])
    surcoinched_by = RadioField("Surcoinché par", default=UNKNOWN_COINCHER[0], validators=[Optional()])
    points = IntegerField(
        "Points faits",
        validators=[Optional(), NumberRange(0, CARD_POINTS_TOTAL, f"Entre 0 et {CARD_POINTS_TOTAL} points.")],
    )
    points_team = RadioField("Points de", choices=choices(SIDES.items()), default="takers")
    all_tricks = BooleanField("Tous les plis (capot)")
    best_meld = RadioField(
        "Meilleure annonce", choices=choices([("A", "A"), ("B", "B"), ("none", "Personne")]), validators=[Optional()]
    )
    # The counts are empty until typed (a « 0 » there made typing 1 give « 01 »): empty is none.
    belote_A = IntegerField("Belote", validators=[Optional(), count_up_to(MAX_BELOTES)])
    belote_B = IntegerField("Belote", validators=[Optional(), count_up_to(MAX_BELOTES)])
    request_id = HiddenField()
    version = HiddenField()
    number = HiddenField()  # the deal number the form was opened for (a new deal): see `entered_as`

    def set_players(self, players: list[str], teams: dict[str, str]) -> None:
        self.taker_player.choices = choices(enumerate(players))
        seats = [*((str(seat), name) for seat, name in enumerate(players)), UNKNOWN_COINCHER]
        self.coinched_by.choices = choices(seats)
        self.surcoinched_by.choices = choices(seats)
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
        body.update(self.coinchers(Team(taker), Coinche(body["coinche"])))
        return body

    def coinchers(self, taker: Team, coinche: Coinche) -> dict[str, int]:
        """The names tapped that the page shows: a defender who coinched a coinched (or surcoinched)
        hand, a taker who surcoinched a surcoinched one. A choice the page hides (the level or the
        taker changed since) is no longer the table's word: left out."""
        found = {}
        for field in (self.coinched_by, self.surcoinched_by):
            value = field.data or ""
            if value.isascii() and value.isdigit() and int(value) < SEATS:
                if coincher_refusal(field.name, int(value), coinche, taker) is None:
                    found[field.name] = int(value)
        return found

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
                field.data = codes.count(meld.value) or None  # none: an empty field, as a new deal's
            getattr(self, f"belote_{team}").data = data.get("belote", {}).get(team) or None
        self.best_meld.data = data.get("best_meld")
        for name in ("coinched_by", "surcoinched_by"):
            self[name].data = str(data[name]) if data.get(name) is not None else UNKNOWN_COINCHER[0]
        self.version.data = str(version)


for _team in TEAM_CODES:
    for _meld in MELD_KINDS:
        setattr(
            DealForm,
            f"melds_{_team}_{_meld.value}",
            IntegerField(_meld.label, validators=[Optional(), count_up_to(MAX_MELDS_PER_TEAM)]),
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
        (["coinched_by"], FIELD_WORDS["coinched_by"]),
        (["surcoinched_by"], FIELD_WORDS["surcoinched_by"]),
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


def entered_as(form: DealForm | RedealForm) -> dict[str, int]:
    """The `number` key of a new deal's body: the number the phone showed for it, so that the
    service refuses it if another phone recorded that deal meanwhile (none from an old page)."""
    value = form.number.data or ""
    return {"number": int(value)} if value.isdigit() and value.isascii() else {}
