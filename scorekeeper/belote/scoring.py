"""The scoring rules of belote bridgée, as settled in docs/scoring.md.

Pure Python, no Flask: a `Hand` (what the table says happened) goes in, a `Result` (who made
what, with a breakdown in French whose lines add up to each team's score) comes out. Every rule
has a name here; views, forms, storage and the API call this module and compute nothing else.
The vocabulary it scores with (teams, modes, melds, contracts) is in `terms`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from scorekeeper.belote.best_meld import MeldOutcome, meld_winner
from scorekeeper.belote.hand import Hand, check_hand
from scorekeeper.belote.house_rules import (
    AnnouncedCapot,
    BeloteTo,
    CoincheScope,
    Counting,
    UnannouncedCapot,
    all_points,
)
from scorekeeper.belote.terms import (
    BELOTE_POINTS,
    CAPOT_BONUS,
    CARD_POINTS_TOTAL,
    FAILED_CONTRACT_BONUS,
    FLAT_CAPOT_VALUE,
    MELD_POINTS,
    TEAMS,
    ContractKind,
    Meld,
    Rounding,
    Team,
)

# The members the engine compares with on every hand, named once: Python 3.11 finds a member on its
# enum class (`ContractKind.POINTS`) through EnumType's __getattr__ hook, at several times the cost of
# a module's name, and those lookups were a tenth of a hand's time (bench/score_engine.py).
TEAM_A, TEAM_B = TEAMS
KIND_POINTS, KIND_CAPOT, KIND_GENERALE = ContractKind.POINTS, ContractKind.CAPOT, ContractKind.GENERALE
ROUNDING_NEAREST, ROUNDING_COMPLEMENT = Rounding.NEAREST, Rounding.COMPLEMENT
ROUNDING_NONE, ROUNDING_RAW = Rounding.NONE, Rounding.RAW
CAPOT_FLAT, UNANNOUNCED_NO_BONUS = AnnouncedCapot.FLAT, UnannouncedCapot.NONE
COINCHE_WHOLE, BELOTE_TO_WINNER, POINTS_ANNONCES = CoincheScope.WHOLE, BeloteTo.WINNER, Counting.POINTS_ANNONCES


class Line(NamedTuple):
    team: Team
    label: str
    points: int


class TeamFigures(NamedTuple):
    """One team's points as `score` counted them, kept so that an explanation reads them instead
    of counting again (and so can never tell a number the score did not use)."""

    card_points: int | None  # as told, before rounding; None when the table told no count
    declared_melds: int  # what all the melds it announced are worth
    melds: int  # what its melds count: declared_melds when it has the best meld, else 0
    belote: int  # BELOTE_POINTS for each belote it held
    total: int | None  # card_points + melds + belote, what a numeric contract compares; None without a count


class Result(NamedTuple):
    made: bool
    scores: Mapping[Team, int]
    lines: tuple[Line, ...]
    melds: MeldOutcome
    figures: Mapping[Team, TeamFigures]
    contract_points: int  # the contract's value times its coinche multiplier
    rounded_points: Mapping[Team, int] | None = None  # the card points scored, on a plain made hand
    terms: Terms | None = None  # the score's terms, for the explanation


# --- rounding -------------------------------------------------------------------------------


def round_to_ten(points: int) -> int:
    """To the nearest ten, a 5 rounds up: 85 → 90, 84 → 80."""
    return (points + 5) // 10 * 10


def rounded_card_points(taker_points: int, rounding: Rounding) -> tuple[int, int]:
    """(takers, defense) card points as they are scored on a made contract."""
    defense_points = CARD_POINTS_TOTAL - taker_points
    if rounding is ROUNDING_NEAREST:
        return round_to_ten(taker_points), round_to_ten(defense_points)
    if rounding is ROUNDING_COMPLEMENT:
        takers = round_to_ten(taker_points)
        return takers, FAILED_CONTRACT_BONUS - takers
    return taker_points, defense_points


def melds_label(melds: tuple[Meld, ...], title: str = "Annonces") -> str:
    """`Annonces (tierce, cent)`; `Annonces des preneurs (cinquante)` on a failed contract."""
    return f"{title} (" + ", ".join(meld.label for meld in melds) + ")"


# --- one hand -------------------------------------------------------------------------------


def coinche_word(hand: Hand) -> str:
    """'coinché', or 'coinchée' for a générale (feminine, where a contract is masculine)."""
    word = hand.coinche.participle
    return word + "e" if word and hand.contract.kind is KIND_GENERALE else word


def contract_label(hand: Hand, prefix: str = "Contrat", value: int | None = None) -> str:
    """`value`: the contract's value when a house rule changed it (a capot announced at 500)."""
    m = hand.coinche.multiplier
    base = (
        f"{prefix} {hand.contract.label}"
        if hand.contract.kind is KIND_POINTS
        else (f"{prefix} {hand.contract.label} ({value or hand.contract.value})")
    )
    if m == 1:
        return base
    return f"{base} × {m} ({coinche_word(hand)})"


def count_figures(hand: Hand, outcome: MeldOutcome) -> dict[Team, TeamFigures]:
    """Each team's card, meld and belote points, counted once for the rules and their explanation."""
    told, points = hand.taker_points, MELD_POINTS[hand.mode]
    figures = {}
    for team in TEAMS:
        declared = sum(map(points.__getitem__, hand.melds[team]))
        melds = declared if outcome.winner is team else 0
        belote = BELOTE_POINTS * hand.belote[team]
        if told is None:
            figures[team] = TeamFigures(None, declared, melds, belote, None)
        else:
            cards = told if team is hand.taker else CARD_POINTS_TOTAL - told
            figures[team] = TeamFigures(cards, declared, melds, belote, cards + melds + belote)
    return figures


class Terms(NamedTuple):
    """The hand in docs/house-rules.md's general form, every house rule applied: `winner` scores
    `base + value × multiplier + melds[W] + belote[W]` (with `whole`: `(base + value + melds[W]) ×
    multiplier + belote[W]`), the loser `rest + melds[L] + belote[L]`. `applied` names the house
    rules (their keys in `rules`) that made this hand score otherwise than docs/scoring.md."""

    winner: Team
    base: int
    value: int  # V: the contract's value (500 for an announced capot with `announced_capot: flat`)
    multiplier: int
    whole: bool  # the coinche multiplies base, value and the winner's melds
    rest: int
    melds: Mapping[Team, int]
    belote: Mapping[Team, int]
    applied: tuple[str, ...]


def is_made(hand: Hand, figures: Mapping[Team, TeamFigures]) -> bool:
    """The verdict (docs/scoring.md): no house rule changes it. A numeric contract needs its value and a
    strict majority (melds and belote included, unrounded points); all tricks make any numeric
    contract; a capot or a générale needs all the tricks."""
    if hand.contract.kind is KIND_POINTS and not hand.all_tricks:
        taker_total, defense_total = figures[hand.taker].total, figures[hand.taker.other].total
        assert taker_total is not None and defense_total is not None  # check_hand
        return taker_total >= hand.contract.value and taker_total > defense_total
    return hand.contract.kind is KIND_POINTS or hand.all_tricks


def general_terms(hand: Hand, figures: Mapping[Team, TeamFigures], made: bool) -> Terms:
    """The terms of the hand's score: docs/scoring.md's table, then the house rules in docs/house-rules.md's order
    (raw rounding, the two capot options, the all-or-nothing coinche, the belote's team)."""
    house, kind, m = hand.house, hand.contract.kind, hand.coinche.multiplier
    winner = hand.taker if made else hand.taker.other
    loser = winner.other
    applied: list[str] = []
    value = hand.contract.value
    if kind is KIND_CAPOT and house.announced_capot is CAPOT_FLAT:
        value = FLAT_CAPOT_VALUE
        applied.append("announced_capot")
    if house.scoring is POINTS_ANNONCES:
        applied.append("scoring")
        return Terms(winner, 0, value, m, False, 0, dict.fromkeys(TEAMS, 0), dict.fromkeys(TEAMS, 0), tuple(applied))

    everything = all_points(hand.rounding)  # 160, or 162 with `raw`
    plain = kind is KIND_POINTS and made and not hand.all_tricks
    all_or_nothing = house.coinche_all_or_nothing and m > 1 and made  # a failure scores as without it
    rest = 0
    if plain and not all_or_nothing:
        assert hand.taker_points is not None  # check_hand
        base, rest = rounded_card_points(hand.taker_points, hand.rounding)
    elif kind is KIND_GENERALE or value == FLAT_CAPOT_VALUE:
        base = 0
    elif plain or not made:  # all the card points: a failure, or a plain hand all or nothing
        base = everything
    elif kind is KIND_POINTS and house.unannounced_capot is UNANNOUNCED_NO_BONUS:
        base = everything
        applied.append("unannounced_capot")
    else:  # all the tricks: a capot made, announced or not
        base = everything + CAPOT_BONUS
    if (
        base in (everything, everything + CAPOT_BONUS)
        and hand.rounding is ROUNDING_RAW
        and not (plain and not all_or_nothing)
    ):
        applied.insert(0, "rounding")  # 162 or 252 where docs/scoring.md has 160 or 250

    # The winner scores every counted meld, unless the hand was made and the loser had the best meld.
    melds = {
        winner: figures[winner].melds + (0 if made else figures[loser].melds),
        loser: figures[loser].melds if made else 0,
    }
    if all_or_nothing:
        applied.append("coinche_all_or_nothing")
        melds = {winner: melds[winner] + melds[loser], loser: 0}
    belote = {winner: figures[winner].belote, loser: figures[loser].belote}
    if house.belote_to is BELOTE_TO_WINNER and not (plain and not all_or_nothing) and belote[loser]:
        applied.append("belote_to")
        belote = {winner: belote[winner] + belote[loser], loser: 0}
    whole = house.coinche_scope is COINCHE_WHOLE and m > 1
    if whole:
        applied.append("coinche_scope")
    return Terms(winner, base, value, m, whole, rest, melds, belote, tuple(applied))


def score(hand: Hand, *, check_declarations: bool = True) -> Result:
    """Score one hand under docs/scoring.md and the game's house rules (docs/house-rules.md), with a breakdown
    whose lines add up to the scores.
    `check_declarations=False`: melds and belotes are not checked against a deal of 32 cards."""
    check_hand(hand, declarations=check_declarations)
    taker, defense = hand.taker, hand.taker.other
    outcome = meld_winner(hand)
    figures = count_figures(hand, outcome)
    made = is_made(hand, figures)
    terms = general_terms(hand, figures, made)
    winner, loser, m = terms.winner, terms.winner.other, terms.multiplier
    kind = hand.contract.kind
    plain = kind is KIND_POINTS and made and not hand.all_tricks
    # The winner's base and melds, multiplied by the coinche with `coinche_scope: whole`.
    times, by = (f" × {m} ({coinche_word(hand)})", m) if terms.whole else ("", 1)
    lines: list[Line] = []
    rounded: dict[Team, int] | None = None

    if "scoring" in terms.applied:
        pass  # points annoncés: the contract alone
    elif plain and "coinche_all_or_nothing" not in terms.applied:
        points = hand.taker_points
        assert points is not None  # check_hand
        rounded = {taker: terms.base, defense: terms.rest}
        label = _card_points_label(points, terms.base, hand.rounding)
        if terms.whole and label == "Points faits":  # multiplied: the number it multiplies
            label = f"Points faits ({points})"
        lines.append(Line(taker, label + times, terms.base * by))
    elif plain:
        lines.append(Line(taker, f"Tout ou rien : {terms.base}" + times, terms.base * by))
    elif "unannounced_capot" in terms.applied:
        lines.append(Line(taker, f"Capot non annoncé, sans prime : {terms.base}" + times, terms.base * by))
    elif terms.base and made:
        lines.append(
            Line(taker, ("Capot non annoncé" if kind is KIND_POINTS else "Capot fait") + times, terms.base * by)
        )
    elif terms.base:
        lines.append(Line(winner, f"Chute : {terms.base}" + times, terms.base * by))
    contract = contract_label(hand, "Contrat" if made else "Contrat chuté", value=terms.value)
    lines.append(Line(winner, contract, terms.value * m))
    if rounded is not None:
        complement_of = terms.base if hand.rounding is ROUNDING_COMPLEMENT else None
        defense_points = figures[defense].card_points
        assert defense_points is not None  # rounded: the table told a count
        defense_label = _card_points_label(defense_points, terms.rest, hand.rounding, complement_of=complement_of)
        lines.append(Line(defense, defense_label, terms.rest))

    for team in (taker, defense):  # each team's melds, to itself or to the winner
        if not figures[team].melds or not terms.melds[winner] + terms.melds[loser]:
            continue
        to = team if terms.melds[team] else winner
        title = "Annonces" if to is team else "Annonces des preneurs" if team is taker else "Annonces de la défense"
        extra, factor = (times, by) if to is winner else ("", 1)
        lines.append(Line(to, melds_label(hand.melds[team], title) + extra, figures[team].melds * factor))
    for team in (taker, defense):
        count = hand.belote[team]
        if not figures[team].belote or not terms.belote[winner] + terms.belote[loser]:
            continue
        to = team if terms.belote[team] else winner
        whose = "" if to is team else " des preneurs" if team is taker else " de la défense"
        label = f"Belote{whose}" if count == 1 else f"Belotes{whose} × {count}"
        lines.append(Line(to, label, figures[team].belote))

    scores = dict.fromkeys(TEAMS, 0)
    for line in lines:
        scores[line.team] += line.points
    # by position: a named tuple takes keywords at twice the cost
    return Result(made, scores, tuple(lines), outcome, figures, terms.value * m, rounded, terms)


def _card_points_label(points: int, rounded: int, rounding: Rounding, *, complement_of: int | None = None) -> str:
    if complement_of is not None:
        return f"Points faits ({points}) : {FAILED_CONTRACT_BONUS} − {complement_of}"
    if rounding in (ROUNDING_NONE, ROUNDING_RAW) or points == rounded:
        return "Points faits"
    return f"Points faits arrondis ({points} → {rounded})"
