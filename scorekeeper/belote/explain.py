"""The why of a score: every rule `scoring.score` applied to a hand, as French sentences with
their numbers ("Contrat chuté : 160 + 100 × 2 (coinché) + annonces 50 = 410 pour Équipe B").

Pure Python, no Flask. It decides nothing: whether the contract was made, the rounded card points
and whose melds count are read from the `Result`; only the sums that show them are written out.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.belote.scoring import Hand, Result
from scorekeeper.belote.terms import (
    CAPOT_VALUE,
    CARD_POINTS_TOTAL,
    FAILED_CONTRACT_BONUS,
    TEAMS,
    ContractKind,
    Rounding,
    Team,
)

COINCHE_WORDS = {2: "coinché", 4: "surcoinché"}  # a générale is "coinchée": see _coinche_word
Term = tuple[str, int]  # one addend of a sum, as written and as counted


def explain(hand: Hand, result: Result, team_names: Mapping[Team, str] | None = None) -> list[str]:
    """The rules applied to `hand`, in order, each a French sentence with its numbers.

    `team_names` (default "Équipe A", "Équipe B") names the teams as the sheet does.
    """
    names = {team: f"Équipe {team.value}" for team in TEAMS} | dict(team_names or {})
    taker, defense = hand.taker, hand.taker.other
    melds = {
        team: sum(meld.points(hand.mode) for meld in hand.melds[team]) if result.melds.winner is team else 0
        for team in TEAMS
    }
    belote = {team: 20 * hand.belote[team] for team in TEAMS}
    extras = {team: _extras(melds[team], belote[team]) for team in TEAMS}
    contract = _contract_term(hand)
    kind = hand.contract.kind

    sentences = [f"Preneurs : {names[taker]}, contrat {hand.contract.label} {hand.mode.label}"
                 + (f", {_coinche_word(hand)}" if hand.coinche.multiplier > 1 else "")]
    if kind is ContractKind.POINTS and not hand.all_tricks:
        sentences.append(f"Points faits : {names[taker]} {hand.taker_points}, {names[defense]} "
                         f"{CARD_POINTS_TOTAL - hand.taker_points} ({CARD_POINTS_TOTAL} en tout, dix de der compris)")
    sentences += _meld_sentences(hand, result, names)
    if any(belote.values()):
        sentences.append("Belote : " + ", ".join(
            f"{names[team]} {_belote_term(hand.belote[team])}" for team in TEAMS if belote[team]
        ) + " (toujours à l'équipe qui la tient)")

    if kind is ContractKind.POINTS and not hand.all_tricks:
        sentences += _numeric_contract(hand, result, names, melds, belote, contract)
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
            note = " (pas de 160 sur une générale : la défense reçoit sa valeur)"
        sentences += _failed(names, taker, defense, terms, melds, belote, note)
    sentences.append(f"Total de la donne : {names[Team.A]} {result.scores[Team.A]}, "
                     f"{names[Team.B]} {result.scores[Team.B]}")
    return sentences


def _numeric_contract(hand, result, names, melds, belote, contract) -> list[str]:
    taker, defense = hand.taker, hand.taker.other
    points = hand.taker_points
    defense_points = CARD_POINTS_TOTAL - points
    sentences = []
    taker_total = points + melds[taker] + belote[taker]
    defense_total = defense_points + melds[defense] + belote[defense]
    taker_sum = _sum([(f"{points} points faits", points)] + _extras(melds[taker], belote[taker]))
    defense_sum = _sum([_number(defense_points)] + _extras(melds[defense], belote[defense]))
    value = hand.contract.value
    if result.made:
        sentences.append(f"Contrat fait : {taker_sum} ≥ {value} et plus que la défense ({defense_sum})")
        rounded = result.rounded_points
        sentences.append(_rounding(names[taker], points, rounded[taker], hand.rounding))
        sentences.append(_rounding(names[defense], defense_points, rounded[defense], hand.rounding,
                                   complement_of=rounded[taker]))
        sentences.append(_formula(names[taker], [_number(rounded[taker]), contract]
                                  + _extras(melds[taker], belote[taker])))
        sentences.append(_formula(names[defense], [_number(rounded[defense])]
                                  + _extras(melds[defense], belote[defense])))
        return sentences
    if taker_total < value:
        sentences.append(f"Chute : {taker_sum} < {value}")
    else:
        tie = " : à égalité, le contrat chute" if taker_total == defense_total else ""
        sentences.append(f"Chute : {taker_sum} ≥ {value} mais pas plus que la défense ({defense_sum}){tie}")
    terms = [_number(FAILED_CONTRACT_BONUS), contract]
    return sentences + _failed(names, taker, defense, terms, melds, belote, "")


def _failed(names, taker, defense, terms, melds, belote, note) -> list[str]:
    """A failed contract: the defense scores it with every counted meld, the takers keep their belote."""
    terms = terms + _extras(melds[taker] + melds[defense], belote[defense])
    sentences = [f"Contrat chuté : {_sum(terms)} pour {names[defense]}{note}"]
    if belote[taker]:
        sentences.append(f"{names[taker]} : {belote[taker]} (belote, gardée malgré la chute)")
    else:
        sentences.append(f"{names[taker]} : 0")
    return sentences


def _meld_sentences(hand: Hand, result: Result, names) -> list[str]:
    declared = [team for team in TEAMS if hand.melds[team]]
    if not declared:
        return []
    listed = " ; ".join(
        f"{names[team]} " + ", ".join(meld.label for meld in hand.melds[team])
        + f" ({sum(meld.points(hand.mode) for meld in hand.melds[team])})"
        for team in declared
    )
    winner = result.melds.winner
    if winner is None:
        verdict = f"Aucune annonce ne compte : {result.melds.reason}"
    else:
        points = sum(meld.points(hand.mode) for meld in hand.melds[winner])
        verdict = f"Annonces comptées pour {names[winner]} ({points}) : {result.melds.reason}"
    return [f"Annonces : {listed}", verdict]


def _rounding(name: str, points: int, rounded: int, rounding: Rounding, *, complement_of: int = 0) -> str:
    if rounding is Rounding.NONE:
        return f"Points faits ({name}) : {points}, sans arrondi"
    if complement_of and rounding is Rounding.COMPLEMENT:
        return (f"Points faits ({name}) : {points} → {FAILED_CONTRACT_BONUS} − {complement_of} = {rounded} "
                "(arrondi complémentaire : le reste de 160)")
    if points == rounded:
        return f"Points faits ({name}) : {points}, déjà à la dizaine"
    return f"Points faits ({name}) : {points} → {rounded} (arrondi à la dizaine la plus proche)"


def _number(points: int) -> Term:
    return str(points), points


def _contract_term(hand: Hand) -> Term:
    value, multiplier = hand.contract.value, hand.coinche.multiplier
    if multiplier == 1:
        return _number(value)
    return f"{value} × {multiplier} ({_coinche_word(hand)})", value * multiplier


def _coinche_word(hand: Hand) -> str:
    word = COINCHE_WORDS[hand.coinche.multiplier]
    return word + "e" if hand.contract.kind is ContractKind.GENERALE else word


def _belote_term(count: int) -> str:
    return "20" if count == 1 else f"{count} × 20 = {20 * count}"


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
