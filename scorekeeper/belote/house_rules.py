"""House rules: the scoring habits of other coinche tables, as options of a game (docs/house-rules.md).

Each option defaults to docs/scoring.md, so a game that sets none scores exactly as the rules text. The
options, their JSON values, their French words and the presets of the new-game form are all here;
`scoring.score` applies them, the forms, the pages and the scripts read their words from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.terms import CARD_POINTS_TOTAL, FAILED_CONTRACT_BONUS, Rounding


class CoincheScope(StrEnum):
    CONTRACT = "contract"  # the coinche multiplies the contract (docs/scoring.md)
    WHOLE = "whole"  # it multiplies the winner's card points (or 160, or a capot's base), contract and melds


class AnnouncedCapot(StrEnum):
    BONUS = "bonus"  # 250 + 250 × coinche made, 160 + 250 × coinche failed
    FLAT = "flat"  # 500 × coinche, made or failed


class UnannouncedCapot(StrEnum):
    BONUS = "bonus"  # all tricks on a numeric contract: 250 + contract
    NONE = "none"  # 160 + contract: all the points, no bonus


class BeloteTo(StrEnum):
    HOLDER = "holder"  # the team that holds it, whatever happens
    WINNER = "winner"  # the team that wins the hand (but in a plain made hand, where each keeps its own)


class Counting(StrEnum):
    POINTS_FAITS = "points_faits"  # card points and melds, plus the contract
    POINTS_ANNONCES = "points_annonces"  # the contract alone, to the team that wins the hand


@dataclass(frozen=True)
class HouseRules:
    """A game's house rules, the rounding aside (it is an older option of its own, `Rules.rounding`)."""

    coinche_scope: CoincheScope = CoincheScope.CONTRACT
    coinche_all_or_nothing: bool = False
    announced_capot: AnnouncedCapot = AnnouncedCapot.BONUS
    unannounced_capot: UnannouncedCapot = UnannouncedCapot.BONUS
    belote_to: BeloteTo = BeloteTo.HOLDER
    scoring: Counting = Counting.POINTS_FAITS

    def as_json(self) -> dict[str, Any]:
        """The options that differ from the default, as `rules` holds them: a game made before house
        rules existed, or that plays none, writes the same JSON as it always did."""
        return {option.key: _json_value(value) for option, value in self.differences()}

    def differences(self) -> list[tuple[Option, Any]]:
        """The options set otherwise than by default, with their values, in the form's order."""
        return [
            (option, getattr(self, option.key)) for option in OPTIONS if getattr(self, option.key) != option.default
        ]


@dataclass(frozen=True)
class Option:
    """One house rule as the new-game form offers it: its key in `rules`, its question and its
    answers (the default first), each value with the words the form and the sheet use."""

    key: str
    label: str  # the form's question
    choices: tuple[tuple[Any, str], ...]  # (value, the form's answer)
    phrases: Mapping[Any, str]  # a value other than the default, as the sheet's rules line says it

    @property
    def default(self) -> Any:
        return self.choices[0][0]

    def parse(self, value: Any) -> Any:
        """The option's value from JSON, or a French refusal naming `rules.<key>`."""
        for choice, _ in self.choices:
            if type(value) is type(_json_value(choice)) and value == _json_value(choice):
                return choice
        name = f"rules.{self.key}"
        if isinstance(self.default, bool):
            raise InvalidInput(name, f"« {name} » doit valoir true ou false.")
        words = [f"« {_json_value(choice)} »" for choice, _ in self.choices]
        raise InvalidInput(name, f"« {name} » doit valoir {', '.join(words[:-1])} ou {words[-1]}.")


def _json_value(value: Any) -> Any:
    return value.value if isinstance(value, StrEnum) else value


OPTIONS: tuple[Option, ...] = (
    Option(
        "coinche_scope",
        "La coinche multiplie",
        ((CoincheScope.CONTRACT, "le contrat"), (CoincheScope.WHOLE, "tout le score du gagnant")),
        {CoincheScope.WHOLE: "la coinche multiplie tout le score du gagnant"},
    ),
    Option(
        "coinche_all_or_nothing",
        "Coinche « tout ou rien » : le gagnant marque 160 + contrat, le perdant 0",
        ((False, "Non"), (True, "Oui")),
        {True: "coinche tout ou rien"},
    ),
    Option(
        "announced_capot",
        "Capot annoncé",
        (
            (AnnouncedCapot.BONUS, "250 + 250 × coinche (chuté : 160 + 250 × coinche)"),
            (AnnouncedCapot.FLAT, "500 × coinche, fait ou chuté"),
        ),
        {AnnouncedCapot.FLAT: "capot annoncé à 500"},
    ),
    Option(
        "unannounced_capot",
        "Capot non annoncé",
        ((UnannouncedCapot.BONUS, "250 + contrat"), (UnannouncedCapot.NONE, "sans prime : 160 + contrat")),
        {UnannouncedCapot.NONE: "capot non annoncé sans prime"},
    ),
    Option(
        "belote_to",
        "La belote va",
        ((BeloteTo.HOLDER, "toujours à l'équipe qui l'a"), (BeloteTo.WINNER, "à l'équipe qui gagne le coup")),
        {BeloteTo.WINNER: "belote au gagnant du coup"},
    ),
    Option(
        "scoring",
        "Décompte",
        (
            (Counting.POINTS_FAITS, "points faits + contrat"),
            (Counting.POINTS_ANNONCES, "points annoncés (le contrat seul)"),
        ),
        {Counting.POINTS_ANNONCES: "points annoncés"},
    ),
)
OPTION_KEYS = tuple(option.key for option in OPTIONS)
assert OPTION_KEYS == tuple(field.name for field in fields(HouseRules))


def parse_house_rules(rules: Mapping[str, Any]) -> HouseRules:
    """The house rules among a `rules` object's keys (the caller refuses keys it does not know)."""
    return HouseRules(**{option.key: option.parse(rules[option.key]) for option in OPTIONS if option.key in rules})


# --- presets: the new-game form's shortcuts -----------------------------------------------------


@dataclass(frozen=True)
class Preset:
    key: str
    label: str
    rules: HouseRules


PRESETS: tuple[Preset, ...] = (
    Preset("salon", "Belote bridgée (Salon)", HouseRules()),
    Preset(
        "concours",
        "Coinche — concours",
        HouseRules(
            coinche_scope=CoincheScope.WHOLE,
            coinche_all_or_nothing=True,
            announced_capot=AnnouncedCapot.FLAT,
            unannounced_capot=UnannouncedCapot.NONE,
        ),
    ),
    Preset("multipliee", "Coinche multipliée", HouseRules(coinche_scope=CoincheScope.WHOLE)),
    Preset("annonces", "Contrée — points annoncés", HouseRules(scoring=Counting.POINTS_ANNONCES)),
)
CUSTOM_LABEL = "Règles personnalisées"


def preset_of(rules: HouseRules) -> Preset | None:
    """The preset whose options these are, if any."""
    return next((preset for preset in PRESETS if preset.rules == rules), None)


def house_rules_phrase(rules: HouseRules) -> str:
    """The house rules in a few words for a rules line: '' for the Salon's (no house rule), the
    preset's name, or the options that differ from the default."""
    preset = preset_of(rules)
    if preset is not None:
        return "" if preset is PRESETS[0] else preset.label
    return ", ".join(option.phrases[value] for option, value in rules.differences())


# --- rounding: exact points ----------------------------------------------------------------------


def all_points(rounding: Rounding) -> int:
    """What all the card points are worth in a fixed score (a failure, a capot's base): 160, or the
    real 162 when the rounding is `raw`."""
    return CARD_POINTS_TOTAL if rounding is Rounding.RAW else FAILED_CONTRACT_BONUS
