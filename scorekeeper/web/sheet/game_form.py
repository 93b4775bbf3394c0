"""The new-game form: teams, players, first dealer, end, and the rules (the evening, the
rounding, the salon's options and the house rules: `RulesForm`, which the new concours's form
shares); it turns what was tapped into the JSON body the service layer takes (the same body as the
API), and a game's body back into the form for a rematch."""

from __future__ import annotations

from typing import Any

from wtforms import RadioField, StringField

from scorekeeper.belote.ending import OFFERED_ENDS, End, parse_end
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.names import tidy_name
from scorekeeper.belote.terms import DEFAULT_TEAMS, SEATS
from scorekeeper.web.form_base import choices, name_rules
from scorekeeper.web.rules_form import RulesForm

# Every choice's words are the game's (belote.terms); the form only lays them out.
# « en 2000 points », « en 1000 points », « en 12 donnes »: each an end's key ("2000", "d12"); the
# field keeps its old name, `target`, which a form posted with "1000" still fills.
END_CHOICES = [(end.key, end.words()) for end in OFFERED_ENDS]


class GameForm(RulesForm):
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
    # The evening, the rounding, the salon's options and the house rules: RulesForm's.

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
        self.fill_rules(body["rules"])
        self.name_dealers()

    def to_body(self) -> dict[str, Any]:
        return {
            "evening": self.evening_body(),
            "teams": {"A": self.team_a.data, "B": self.team_b.data},
            "players": [getattr(self, f"player_{i}").data or None for i in range(4)],
            "dealer": self.dealer.data,
            "end": End.from_key(self.target.data).as_json(),
            "rules": self.rules_body(),
        }
