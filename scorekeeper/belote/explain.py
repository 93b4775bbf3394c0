"""The why of a score: every rule `scoring.score` applied to a hand, as French sentences with
their numbers ("Contrat chuté : 160 + 100 × 2 (coinché) + annonces 50 = 410 pour Équipe B").

Pure Python, no Flask. It decides and counts nothing: whether the contract was made, whose melds
count, every team's card, meld and belote points, the totals compared and the contract's points
are read from the `Result` (its `figures`), so a sentence cannot tell a number the score did not
use; only the sums that show them are written out.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.belote.hand import Hand
from scorekeeper.belote.scoring import Result, TeamFigures, coinche_word
from scorekeeper.belote.terms import (
    BELOTE_POINTS,
    CAPOT_VALUE,
    CARD_POINTS_TOTAL,
    FAILED_CONTRACT_BONUS,
    TEAMS,
    ContractKind,
    Rounding,
    Team,
)

Term = tuple[str, int]  # one addend of a sum, as written and as counted


def explain(hand: Hand, result: Result, team_names: Mapping[Team, str] | None = None) -> list[str]:
    """The rules applied to `hand`, in order, each a French sentence with its numbers.

    `team_names` (default "Équipe A", "Équipe B") names the teams as the sheet does.
    """
    names = {team: f"Équipe {team.value}" for team in TEAMS} | dict(team_names or {})
    taker, defense = hand.taker, hand.taker.other
    figures = result.figures
    extras = {team: _extras(figures[team].melds, figures[team].belote) for team in TEAMS}
    contract = _contract_term(hand, result.contract_points)
    kind = hand.contract.kind

    sentences = [f"Preneurs : {names[taker]}, contrat {hand.contract.label} {hand.mode.label}"
                 + (f", {coinche_word(hand)}" if hand.coinche.multiplier > 1 else "")]
    if kind is ContractKind.POINTS and not hand.all_tricks:
        sentences.append(f"Points faits : {names[taker]} {figures[taker].card_points}, {names[defense]} "
                         f"{figures[defense].card_points} ({CARD_POINTS_TOTAL} en tout, dix de der compris)")
    sentences += _meld_sentences(hand, result, names)
    if any(figures[team].belote for team in TEAMS):
        sentences.append("Belote : " + ", ".join(
            f"{names[team]} {_belote_term(hand.belote[team], figures[team].belote)}"
            for team in TEAMS if figures[team].belote
        ) + " (toujours à l'équipe qui la tient)")

    if kind is ContractKind.POINTS and not hand.all_tricks:
        sentences += _numeric_contract(hand, result, names, extras, contract)
    elif kind is ContractKind.POINTS:
        sentences.append(f"Capot non annoncé : tous les plis pour {names[taker]}, contrat fait d'office")
        sentences.append(_formula(names[taker], [_number(CAPOT_VALUE), contract] + extras[taker]))
        sentences.append(_formula(names[defense], extras[defense]))
    elif result.made:
        if kind is ContractKind.CAPOT:
            sentences.append(f"Capot fait : tous les plis pour {names[taker]}")
            terms = [_number(CAPOT_VALUE), contract]
        else:
            sentences.append(f"Générale faite : le preneur ({names[taker]}) a fait seul tous les plis")
            terms = [contract]
        sentences.append(_formula(names[taker], terms + extras[taker]))
        sentences.append(_formula(names[defense], extras[defense]))
    else:
        if kind is ContractKind.CAPOT:
            sentences.append(f"Capot chuté : pas tous les plis pour {names[taker]}")
            terms = [_number(FAILED_CONTRACT_BONUS), contract]
            note = ""
        else:
            sentences.append(f"Générale chutée : le preneur ({names[taker]}) n'a pas fait seul tous les plis")
            terms = [contract]
            note = " (pas de 160 sur une générale, la défense reçoit sa valeur)"
        sentences += _failed(names, taker, defense, terms, figures, note)
    sentences.append(f"Total de la donne : {names[Team.A]} {result.scores[Team.A]}, "
                     f"{names[Team.B]} {result.scores[Team.B]}")
    return sentences


def _numeric_contract(hand, result, names, extras, contract) -> list[str]:
    """Made or failed against the contract's value and the defense's total, as `score` compared them."""
    taker, defense = hand.taker, hand.taker.other
    takers, defenders = result.figures[taker], result.figures[defense]
    sentences = []
    taker_sum = _sum([(f"{takers.card_points} points faits", takers.card_points)] + extras[taker])
    defense_sum = _sum([_number(defenders.card_points)] + extras[defense])
    value = hand.contract.value
    if result.made:
        sentences.append(f"Contrat fait : {taker_sum} ≥ {value} et plus que la défense ({defense_sum})")
        rounded = result.rounded_points
        sentences.append(_rounding(names[taker], takers.card_points, rounded[taker], hand.rounding))
        sentences.append(_rounding(names[defense], defenders.card_points, rounded[defense], hand.rounding,
                                   complement_of=rounded[taker]))
        sentences.append(_formula(names[taker], [_number(rounded[taker]), contract] + extras[taker]))
        sentences.append(_formula(names[defense], [_number(rounded[defense])] + extras[defense]))
        return sentences
    if takers.total < value:
        sentences.append(f"Chute : {taker_sum} < {value}")
    else:
        tie = ", et à égalité le contrat chute" if takers.total == defenders.total else ""
        sentences.append(f"Chute : {taker_sum} ≥ {value} mais pas plus que la défense ({defense_sum}){tie}")
    terms = [_number(FAILED_CONTRACT_BONUS), contract]
    return sentences + _failed(names, taker, defense, terms, result.figures, "")


def _failed(names, taker, defense, terms, figures: Mapping[Team, TeamFigures], note) -> list[str]:
    """A failed contract: the defense scores it with every counted meld, the takers keep their belote.
    Only the best meld's team counts its melds, so one of the two meld figures written together is 0."""
    takers, defenders = figures[taker], figures[defense]
    terms = terms + _extras(takers.melds + defenders.melds, defenders.belote)
    sentences = [f"Contrat chuté : {_sum(terms)} pour {names[defense]}{note}"]
    if takers.belote:
        sentences.append(f"{names[taker]} : {takers.belote} (belote, gardée malgré la chute)")
    else:
        sentences.append(f"{names[taker]} : 0")
    return sentences


def _meld_sentences(hand: Hand, result: Result, names) -> list[str]:
    declared = [team for team in TEAMS if hand.melds[team]]
    if not declared:
        return []
    listed = " ; ".join(
        f"{names[team]} " + ", ".join(meld.label for meld in hand.melds[team])
        + f" ({result.figures[team].declared_melds})"
        for team in declared
    )
    # The reason may hold a colon of its own ("meilleure annonce : cent 100 contre tierce 20"): a dash
    # leads to it, as on the meld checker's page. It names no team: the verdict names the winner.
    winner = result.melds.winner
    if winner is None:
        verdict = f"Aucune annonce ne compte — {result.melds.reason}"
    else:
        verdict = f"Annonces comptées pour {names[winner]} ({result.figures[winner].melds}) — {result.melds.reason}"
    return [f"Annonces : {listed}", verdict]


def _rounding(name: str, points: int, rounded: int, rounding: Rounding, *, complement_of: int | None = None) -> str:
    """`complement_of`: the takers' rounded points, for the defense's line (0 when they rounded to 0)."""
    if rounding is Rounding.NONE:
        return f"Points faits ({name}) : {points}, sans arrondi"
    if complement_of is not None and rounding is Rounding.COMPLEMENT:
        return (f"Points faits ({name}) : {points} → {FAILED_CONTRACT_BONUS} − {complement_of} = {rounded} "
                f"(arrondi complémentaire, le reste de {FAILED_CONTRACT_BONUS})")
    if points == rounded:
        return f"Points faits ({name}) : {points}, déjà à la dizaine"
    return f"Points faits ({name}) : {points} → {rounded} (arrondi {Rounding.NEAREST.label.lower()})"


def _number(points: int) -> Term:
    return str(points), points


def _contract_term(hand: Hand, contract_points: int) -> Term:
    """The contract's points, with the multiplication that gave them when it was coinché."""
    value, multiplier = hand.contract.value, hand.coinche.multiplier
    if multiplier == 1:
        return _number(contract_points)
    return f"{value} × {multiplier} ({coinche_word(hand)})", contract_points


def _belote_term(count: int, points: int) -> str:
    return str(points) if count == 1 else f"{count} × {BELOTE_POINTS} = {points}"


def _extras(meld_points: int, belote_points: int) -> list[Term]:
    return ([(f"annonces {meld_points}", meld_points)] if meld_points else []) + (
        [(f"belote {belote_points}", belote_points)] if belote_points else []
    )


def _sum(terms: list[Term]) -> str:
    """`160 + 100 × 2 (coinché) + annonces 50 = 410`; a lone term says its total unless multiplied."""
    total = sum(points for _, points in terms)
    if len(terms) == 1 and "×" not in terms[0][0]:
        return terms[0][0]
    return " + ".join(text for text, _ in terms) + f" = {total}"


def _formula(name: str, terms: list[Term]) -> str:
    return f"{name} : {_sum(terms) if terms else 0}"
