"""The scoring rules of belote bridgée, as settled in docs/scoring.md.

Pure Python, no Flask: a `Hand` (what the table says happened) goes in, a `Result` (who made
what, with a breakdown in French whose lines add up to each team's score) comes out. Every rule
has a name here; views, forms, storage and the API call this module and compute nothing else.
The vocabulary it scores with (teams, modes, melds, contracts) is in `terms`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.hand import Hand, check_hand
from scorekeeper.belote.terms import (
    BELOTE_POINTS,
    CAPOT_VALUE,
    CARD_POINTS_TOTAL,
    CARRE_RANK_ORDER,
    FAILED_CONTRACT_BONUS,
    TEAMS,
    BestMeldCall,
    ContractKind,
    Meld,
    Mode,
    Rounding,
    Team,
)


@dataclass(frozen=True)
class Line:
    team: Team
    label: str
    points: int


@dataclass(frozen=True)
class MeldOutcome:
    """Which team scores its melds (None: nobody) and why, in French."""

    winner: Team | None
    reason: str


@dataclass(frozen=True)
class TeamFigures:
    """One team's points as `score` counted them, kept so that an explanation reads them instead
    of counting again (and so can never tell a number the score did not use)."""

    card_points: int | None  # as told, before rounding; None when the table told no count
    declared_melds: int  # what all the melds it announced are worth
    melds: int  # what its melds count: declared_melds when it has the best meld, else 0
    belote: int  # BELOTE_POINTS for each belote it held
    total: int | None  # card_points + melds + belote, what a numeric contract compares; None without a count


@dataclass(frozen=True)
class Result:
    made: bool
    scores: Mapping[Team, int]
    lines: tuple[Line, ...]
    melds: MeldOutcome
    figures: Mapping[Team, TeamFigures]
    contract_points: int  # the contract's value times its coinche multiplier
    rounded_points: Mapping[Team, int] | None = None


# --- rounding -------------------------------------------------------------------------------


def round_to_ten(points: int) -> int:
    """To the nearest ten, a 5 rounds up: 85 → 90, 84 → 80."""
    return (points + 5) // 10 * 10


def rounded_card_points(taker_points: int, rounding: Rounding) -> tuple[int, int]:
    """(takers, defense) card points as they are scored on a made contract."""
    defense_points = CARD_POINTS_TOTAL - taker_points
    if rounding is Rounding.NEAREST:
        return round_to_ten(taker_points), round_to_ten(defense_points)
    if rounding is Rounding.COMPLEMENT:
        takers = round_to_ten(taker_points)
        return takers, FAILED_CONTRACT_BONUS - takers
    return taker_points, defense_points


# --- melds ----------------------------------------------------------------------------------


def best_single_meld(melds: tuple[Meld, ...], mode: Mode) -> Meld | None:
    """The team's strongest meld: highest value, then a carré over a sequence, then rank."""
    if not melds:
        return None
    return max(melds, key=lambda meld: (meld.points(mode), meld.is_carre, CARRE_RANK_ORDER.get(meld, 0)))


@dataclass(frozen=True)
class BestMeld:
    """What the comparison needs of a team's strongest meld, however it is known (a code told by
    the table, or cards seen by the meld checker)."""

    value: int
    carre: Meld | None  # the carré's code; None for a sequence
    label: str


def compare_best_melds(a: BestMeld | None, b: BestMeld | None) -> MeldOutcome | None:
    """Which team scores its melds by value, then a carré over a sequence, then the carré's rank.
    None when both best melds are sequences of equal value: the cards decide, or the table."""
    if a is None and b is None:
        return MeldOutcome(None, "aucune annonce")
    if b is None:
        return MeldOutcome(Team.A, "seule équipe à annoncer")
    if a is None:
        return MeldOutcome(Team.B, "seule équipe à annoncer")
    best = {Team.A: a, Team.B: b}
    if a.value != b.value:
        winner = Team.A if a.value > b.value else Team.B
        won, lost = best[winner], best[winner.other]
        return MeldOutcome(winner, f"meilleure annonce : {won.label} {won.value} contre {lost.label} {lost.value}")
    if (a.carre is None) != (b.carre is None):
        winner = Team.A if a.carre is not None else Team.B
        return MeldOutcome(winner, f"à valeur égale ({a.value}), un carré bat une suite")
    if a.carre is not None and b.carre is not None:
        winner = Team.A if CARRE_RANK_ORDER[a.carre] > CARRE_RANK_ORDER[b.carre] else Team.B
        return MeldOutcome(winner, f"à valeur égale ({a.value}), le {best[winner].label} est le plus haut carré")
    return None


def meld_winner(hand: Hand) -> MeldOutcome:
    """Only the team with the best meld scores its melds (docs/scoring.md, "Melds")."""
    best = {team: best_single_meld(hand.melds[team], hand.mode) for team in TEAMS}
    a, b = best[Team.A], best[Team.B]
    outcome = compare_best_melds(
        *(
            BestMeld(meld.points(hand.mode), meld if meld.is_carre else None, meld.label) if meld else None
            for meld in (a, b)
        )
    )
    if outcome is not None:
        return outcome
    # Two sequences of equal value: the cards decide, and only the table has seen them.
    if hand.best_meld is None:
        raise InvalidHand(
            "best_meld",
            "« best_meld » est requis : les meilleures annonces des deux équipes sont égales "
            f"({a.label} contre {b.label}), la table doit dire laquelle l'emporte.",
        )
    # The reason names no team: the explanation names the winner (by the sheet's names) before it.
    if hand.best_meld is BestMeldCall.NONE:
        return MeldOutcome(None, f"suites égales ({a.label}) : la table ne les départage pas")
    return MeldOutcome(Team(hand.best_meld.value), f"suites égales ({a.label}) : la table a désigné la meilleure")


def melds_label(melds: tuple[Meld, ...], title: str = "Annonces") -> str:
    """`Annonces (tierce, cent)`; `Annonces des preneurs (cinquante)` on a failed contract."""
    return f"{title} (" + ", ".join(meld.label for meld in melds) + ")"


# --- one hand -------------------------------------------------------------------------------


def coinche_word(hand: Hand) -> str:
    """'coinché', or 'coinchée' for a générale (feminine, where a contract is masculine)."""
    word = hand.coinche.participle
    return word + "e" if word and hand.contract.kind is ContractKind.GENERALE else word


def contract_label(hand: Hand, prefix: str = "Contrat") -> str:
    m = hand.coinche.multiplier
    base = (
        f"{prefix} {hand.contract.label}"
        if hand.contract.kind is ContractKind.POINTS
        else (f"{prefix} {hand.contract.label} ({hand.contract.value})")
    )
    if m == 1:
        return base
    return f"{base} × {m} ({coinche_word(hand)})"


def count_figures(hand: Hand, outcome: MeldOutcome) -> dict[Team, TeamFigures]:
    """Each team's card, meld and belote points, counted once for the rules and their explanation."""
    told = hand.taker_points
    card_points = {} if told is None else {hand.taker: told, hand.taker.other: CARD_POINTS_TOTAL - told}
    figures = {}
    for team in TEAMS:
        declared = sum(meld.points(hand.mode) for meld in hand.melds[team])
        melds = declared if outcome.winner is team else 0
        belote = BELOTE_POINTS * hand.belote[team]
        cards = card_points.get(team)
        total = None if cards is None else cards + melds + belote
        figures[team] = TeamFigures(cards, declared, melds, belote, total)
    return figures


def score(hand: Hand, *, check_declarations: bool = True) -> Result:
    """Score one hand under docs/scoring.md, with a breakdown whose lines add up to the scores.
    `check_declarations=False`: melds and belotes are not checked against a deal of 32 cards."""
    check_hand(hand, declarations=check_declarations)
    taker, defense = hand.taker, hand.taker.other
    outcome = meld_winner(hand)
    figures = count_figures(hand, outcome)
    contract_points = hand.contract.value * hand.coinche.multiplier
    kind = hand.contract.kind
    lines: list[Line] = []
    rounded: dict[Team, int] | None = None

    if kind is ContractKind.POINTS and not hand.all_tricks:
        points, taker_total, defense_total = hand.taker_points, figures[taker].total, figures[defense].total
        assert points is not None and taker_total is not None and defense_total is not None  # check_hand
        made = taker_total >= hand.contract.value and taker_total > defense_total
        if made:
            taker_rounded, defense_rounded = rounded_card_points(points, hand.rounding)
            rounded = {taker: taker_rounded, defense: defense_rounded}
            lines.append(Line(taker, _card_points_label(points, taker_rounded, hand.rounding), taker_rounded))
            lines.append(Line(taker, contract_label(hand), contract_points))
            complement_of = taker_rounded if hand.rounding is Rounding.COMPLEMENT else None
            defense_label = _card_points_label(
                figures[defense].card_points, defense_rounded, hand.rounding, complement_of=complement_of
            )
            lines.append(Line(defense, defense_label, defense_rounded))
    elif kind is ContractKind.POINTS:  # all tricks, capot not announced: always made
        made = True
        lines.append(Line(taker, "Capot non annoncé", CAPOT_VALUE))
        lines.append(Line(taker, contract_label(hand), contract_points))
    else:
        made = hand.all_tricks
        if made and kind is ContractKind.CAPOT:
            lines.append(Line(taker, "Capot fait", CAPOT_VALUE))
        if made:
            lines.append(Line(taker, contract_label(hand), contract_points))

    if made:
        for team in (taker, defense):
            if figures[team].melds:
                lines.append(Line(team, melds_label(hand.melds[team]), figures[team].melds))
    else:
        if kind is not ContractKind.GENERALE:  # the rules text gives the defense 800, no 160
            lines.append(Line(defense, f"Chute : {FAILED_CONTRACT_BONUS}", FAILED_CONTRACT_BONUS))
        lines.append(Line(defense, contract_label(hand, "Contrat chuté"), contract_points))
        if figures[taker].melds:
            lines.append(Line(defense, melds_label(hand.melds[taker], "Annonces des preneurs"), figures[taker].melds))
        if figures[defense].melds:
            lines.append(Line(defense, melds_label(hand.melds[defense]), figures[defense].melds))
    for team in (taker, defense):
        if figures[team].belote:
            count = hand.belote[team]
            lines.append(Line(team, "Belote" if count == 1 else f"Belotes × {count}", figures[team].belote))

    scores = {Team.A: 0, Team.B: 0}
    for line in lines:
        scores[line.team] += line.points
    return Result(
        made=made,
        scores=scores,
        lines=tuple(lines),
        melds=outcome,
        figures=figures,
        contract_points=contract_points,
        rounded_points=rounded,
    )


def _card_points_label(points: int, rounded: int, rounding: Rounding, *, complement_of: int | None = None) -> str:
    if complement_of is not None:
        return f"Points faits ({points}) : {FAILED_CONTRACT_BONUS} − {complement_of}"
    if rounding is Rounding.NONE or points == rounded:
        return "Points faits"
    return f"Points faits arrondis ({points} → {rounded})"
