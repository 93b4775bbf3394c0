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
from scorekeeper.belote.house_rules import BeloteTo
from scorekeeper.belote.scoring import Result, Terms, coinche_word
from scorekeeper.belote.terms import (
    BELOTE_POINTS,
    CAPOT_BONUS,
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
    """The rules applied to `hand`, in order, each a French sentence with its numbers, the game's
    house rules named where they changed the score (docs/house-rules.md).

    `team_names` (default "Équipe A", "Équipe B") names the teams as the sheet does.
    """
    names = {team: f"Équipe {team.value}" for team in TEAMS} | dict(team_names or {})
    taker, defense = hand.taker, hand.taker.other
    figures, terms = result.figures, result.terms
    assert terms is not None  # every Result that score() makes
    kind = hand.contract.kind

    sentences = [
        f"Preneurs : {names[taker]}, contrat {hand.contract.label} {hand.mode.label}"
        + (f", {coinche_word(hand)}" if hand.coinche.multiplier > 1 else "")
    ]
    if kind is ContractKind.POINTS and not hand.all_tricks:
        sentences.append(
            f"Points faits : {names[taker]} {figures[taker].card_points}, {names[defense]} "
            f"{figures[defense].card_points} ({CARD_POINTS_TOTAL} en tout, dix de der compris)"
        )
    sentences += _meld_sentences(hand, result, names)
    if any(figures[team].belote for team in TEAMS):
        sentences.append(
            "Belote : "
            + ", ".join(
                f"{names[team]} {_belote_term(hand.belote[team], figures[team].belote)}"
                for team in TEAMS
                if figures[team].belote
            )
            + _belote_note(hand, terms)
        )
    sentences += _verdict(hand, result, names)
    sentences += [_house_rule(key, hand, result, names) for key in terms.applied]

    if result.rounded_points is not None:
        rounded = result.rounded_points
        taker_points, defense_points = figures[taker].card_points, figures[defense].card_points
        assert taker_points is not None and defense_points is not None  # rounded: the table told a count
        sentences.append(_rounding(names[taker], taker_points, rounded[taker], hand.rounding))
        sentences.append(
            _rounding(
                names[defense],
                defense_points,
                rounded[defense],
                hand.rounding,
                complement_of=rounded[taker],
            )
        )
    winner, loser = terms.winner, terms.winner.other
    if result.made:
        sentences.append(f"{names[winner]} : {_winner_sum(hand, result)}")
        rest = [_number(terms.rest)] if result.rounded_points is not None else []
        sentences.append(_formula(names[loser], rest + _extras(terms.melds[loser], terms.belote[loser])))
    else:
        note = (
            " (pas de 160 sur une générale, la défense reçoit sa valeur)"
            if (kind is ContractKind.GENERALE and "scoring" not in terms.applied)
            else ""
        )
        sentences.append(f"Contrat chuté : {_winner_sum(hand, result)} pour {names[winner]}{note}")
        if terms.belote[loser]:
            sentences.append(f"{names[loser]} : {terms.belote[loser]} (belote, gardée malgré la chute)")
        elif result.figures[loser].belote and "scoring" not in terms.applied:
            sentences.append(f"{names[loser]} : 0 (sa belote va à l'équipe qui gagne le coup)")
        else:
            sentences.append(f"{names[loser]} : 0")
    sentences.append(
        f"Total de la donne : {names[Team.A]} {result.scores[Team.A]}, {names[Team.B]} {result.scores[Team.B]}"
    )
    return sentences


def _verdict(hand: Hand, result: Result, names) -> list[str]:
    """Whether the contract was made, and why: against its value and the defense's total, or the tricks."""
    taker, defense = hand.taker, hand.taker.other
    kind = hand.contract.kind
    if kind is ContractKind.POINTS and not hand.all_tricks:
        takers, defenders = result.figures[taker], result.figures[defense]
        # a contract in points, not won by all the tricks: the table told the count (check_hand)
        assert takers.card_points is not None and defenders.card_points is not None and takers.total is not None
        extras = {team: _extras(result.figures[team].melds, result.figures[team].belote) for team in TEAMS}
        taker_sum = _sum([(f"{takers.card_points} points faits", takers.card_points)] + extras[taker])
        defense_sum = _sum([_number(defenders.card_points)] + extras[defense])
        value = hand.contract.value
        if result.made:
            return [f"Contrat fait : {taker_sum} ≥ {value} et plus que la défense ({defense_sum})"]
        if takers.total < value:
            return [f"Chute : {taker_sum} < {value}"]
        tie = ", et à égalité le contrat chute" if takers.total == defenders.total else ""
        return [f"Chute : {taker_sum} ≥ {value} mais pas plus que la défense ({defense_sum}){tie}"]
    if kind is ContractKind.POINTS:
        return [f"Capot non annoncé : tous les plis pour {names[taker]}, contrat fait d'office"]
    if kind is ContractKind.CAPOT:
        return [
            f"Capot fait : tous les plis pour {names[taker]}"
            if result.made
            else f"Capot chuté : pas tous les plis pour {names[taker]}"
        ]
    return [
        f"Générale faite : le preneur ({names[taker]}) a fait seul tous les plis"
        if result.made
        else f"Générale chutée : le preneur ({names[taker]}) n'a pas fait seul tous les plis"
    ]


def _winner_sum(hand: Hand, result: Result) -> str:
    """The winner's score as docs/house-rules.md's general form adds it: `base + V × m + melds + belote`, or
    with the coinche on the whole score `(base + V + melds) × m + belote`."""
    terms = result.terms
    assert terms is not None
    winner = terms.winner
    base = [_number(terms.base)] if terms.base or result.rounded_points is not None else []
    melds = _extras(terms.melds[winner], 0)
    belote = _extras(0, terms.belote[winner])
    if not terms.whole:
        return _sum(base + [_contract_term(hand, terms.value, result.contract_points)] + melds + belote)
    inside = base + [_number(terms.value)] + melds
    multiplied = sum(points for _, points in inside) * terms.multiplier
    text = f"({' + '.join(text for text, _ in inside)}) × {terms.multiplier} ({coinche_word(hand)})"
    return _sum([(text, multiplied)] + belote)


def _belote_note(hand: Hand, terms: Terms) -> str:
    """To whom the belote goes, as the game's rules say."""
    if "scoring" in terms.applied:
        return " (elle ne compte que pour dire si le contrat est fait)"
    if hand.house.belote_to is BeloteTo.HOLDER:
        return " (toujours à l'équipe qui la tient)"
    if "belote_to" in terms.applied:
        return " (à l'équipe qui gagne le coup)"
    return " (gardée par l'équipe qui la tient : sur un contrat fait sans tous les plis, chacune garde la sienne)"


def _house_rule(key: str, hand: Hand, result: Result, names) -> str:
    """The sentence that names a house rule this hand's score applied, with its numbers."""
    terms = result.terms
    assert terms is not None
    winner, loser = names[terms.winner], names[terms.winner.other]
    if key == "rounding":
        capot = terms.base == CARD_POINTS_TOTAL + CAPOT_BONUS
        return (
            f"Règle de la maison, aucun arrondi : tous les points valent {CARD_POINTS_TOTAL} (et non "
            f"{FAILED_CONTRACT_BONUS})" + (f", un capot {terms.base} (et non {CAPOT_VALUE})" if capot else "")
        )
    if key == "announced_capot":
        return f"Règle de la maison : un capot annoncé vaut {terms.value} × la coinche, fait ou chuté"
    if key == "unannounced_capot":
        return f"Règle de la maison : pas de prime pour un capot non annoncé, tous les plis valent {terms.base}"
    if key == "coinche_all_or_nothing":
        plain = result.made and hand.contract.kind is ContractKind.POINTS and not hand.all_tricks
        gets = f"tous les points ({terms.base}), le contrat et toutes les annonces" if plain else "toutes les annonces"
        keeps = "rien que sa belote" if terms.belote[terms.winner.other] else "rien"
        return f"Règle de la maison, coinche « tout ou rien » : {winner} marque {gets}, {loser} {keeps}"
    if key == "belote_to":
        return f"Règle de la maison : la belote va à l'équipe qui gagne le coup, {winner}"
    if key == "coinche_scope":
        return (
            f"Règle de la maison : la coinche multiplie tout le score du gagnant ({winner}) par "
            f"{terms.multiplier}, la belote exceptée ; celui du perdant ({loser}) n'est pas multiplié"
        )
    assert key == "scoring"
    return (
        f"Règle de la maison, points annoncés : {winner} marque le contrat seul, {loser} 0 ; points, "
        "annonces et belote ne servent qu'à dire si le contrat est fait"
    )


def _meld_sentences(hand: Hand, result: Result, names) -> list[str]:
    declared = [team for team in TEAMS if hand.melds[team]]
    if not declared:
        return []
    listed = " ; ".join(
        f"{names[team]} "
        + ", ".join(meld.label for meld in hand.melds[team])
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
    if rounding in (Rounding.NONE, Rounding.RAW):
        return f"Points faits ({name}) : {points}, sans arrondi"
    if complement_of is not None and rounding is Rounding.COMPLEMENT:
        return (
            f"Points faits ({name}) : {points} → {FAILED_CONTRACT_BONUS} − {complement_of} = {rounded} "
            f"(arrondi complémentaire, le reste de {FAILED_CONTRACT_BONUS})"
        )
    if points == rounded:
        return f"Points faits ({name}) : {points}, déjà à la dizaine"
    return f"Points faits ({name}) : {points} → {rounded} (arrondi {Rounding.NEAREST.label.lower()})"


def _number(points: int) -> Term:
    return str(points), points


def _contract_term(hand: Hand, value: int, contract_points: int) -> Term:
    """The contract's points, with the multiplication that gave them when it was coinché."""
    multiplier = hand.coinche.multiplier
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
