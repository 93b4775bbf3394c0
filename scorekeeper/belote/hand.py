"""One hand as the table tells it (`Hand`), and what its types cannot say: the hands that cannot
have happened at a table (`check_hand`, which `scoring.score` calls before it counts anything),
among them the declarations no deal of 32 cards gives (`check_declarations`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import combinations, pairwise

from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.house_rules import HouseRules
from scorekeeper.belote.terms import (
    BELOTE_CARRES,
    CARD_POINTS_TOTAL,
    CARDS_PER_PLAYER,
    CARDS_PER_SUIT,
    CARRE_CARD_WORDS,
    CARRE_POSITIONS,
    CONTRACT_VALUES,
    MAX_MELDS_PER_TEAM,
    MELD_CARDS,
    SEQUENCE_WORDS,
    SUIT_COUNT,
    TEAMS,
    BestMeldCall,
    Coinche,
    Contract,
    ContractKind,
    Meld,
    Mode,
    Rounding,
    Team,
)


def _no_melds() -> Mapping[Team, tuple[Meld, ...]]:
    return {Team.A: (), Team.B: ()}


def _no_belotes() -> Mapping[Team, int]:
    return {Team.A: 0, Team.B: 0}


@dataclass(frozen=True)
class Hand:
    """One hand as the table tells it. `taker_points` are the takers' card points (0..162)."""

    taker: Team
    contract: Contract
    mode: Mode
    coinche: Coinche = Coinche.NONE
    taker_points: int | None = None
    all_tricks: bool = False
    melds: Mapping[Team, tuple[Meld, ...]] = field(default_factory=_no_melds)
    best_meld: BestMeldCall | None = None
    belote: Mapping[Team, int] = field(default_factory=_no_belotes)
    rounding: Rounding = Rounding.NEAREST
    house: HouseRules = HouseRules()  # the game's house rules (docs/house-rules.md); none by default


def check_hand(hand: Hand, *, declarations: bool = True) -> None:
    """Raise InvalidHand for a hand that cannot have happened at a table. `declarations=False`
    leaves out `check_declarations` (for a stored deal: see sheet.py)."""
    points = hand.taker_points
    if points is not None and not 0 <= points <= CARD_POINTS_TOTAL:
        raise InvalidHand("taker_points", f"« taker_points » doit être compris entre 0 et {CARD_POINTS_TOTAL}.")
    if hand.contract.kind is ContractKind.POINTS:
        if hand.contract.value not in CONTRACT_VALUES:
            raise InvalidHand("contract", "« contract » doit valoir 80 à 160 de dix en dix, « capot » ou « generale ».")
        if points is None and not hand.all_tricks:
            raise InvalidHand("taker_points", "« taker_points » est requis pour un contrat chiffré (sauf capot fait).")
    if hand.all_tricks and points is not None and points != CARD_POINTS_TOTAL:
        raise InvalidHand(
            "taker_points",
            f"« taker_points » doit valoir {CARD_POINTS_TOTAL} quand les preneurs ont fait tous les plis.",
        )
    counts = hand.belote.values()
    if min(counts) < 0:
        raise InvalidHand("belote", "« belote » ne peut pas être négatif.")
    if sum(counts) > hand.mode.max_belotes:
        if hand.mode is Mode.NO_TRUMP:
            message = "« belote » : il n'y a pas de belote en sans atout."
        elif hand.mode is Mode.ALL_TRUMP:
            message = "« belote » : au plus quatre belotes en tout atout (une par couleur)."
        else:
            message = "« belote » : une seule belote possible quand une couleur est atout."
        raise InvalidHand("belote", message)
    carres_seen: set[Meld] = set()
    for team in TEAMS:
        melds = hand.melds[team]
        if len(melds) > MAX_MELDS_PER_TEAM:
            raise InvalidHand("melds", f"« melds » : l'équipe {team.value} annonce plus de quatre combinaisons.")
        for meld in melds:
            if meld.is_carre:
                if meld in carres_seen:
                    raise InvalidHand(
                        "melds", f"« melds » : le {meld.label} est annoncé deux fois, il n'en existe qu'un."
                    )
                carres_seen.add(meld)
    if declarations:
        check_declarations(hand)


# --- declarations a deal of 32 cards gives ------------------------------------------------------
# docs/scoring.md, "Melds": some deal must give every declared meld cards of its own, each meld to one
# player of its team (8 cards a player), and each belote's king and queen of trump to a player of
# its team. Each rule below is one count that no such deal can pass; it names what clashes. They
# are necessary conditions, not a search: a declaration they let through may still be impossible.


def check_declarations(hand: Hand) -> None:
    """Raise InvalidHand for melds and belotes that no deal of 32 cards gives."""
    if not any(hand.melds.values()):
        return  # belotes alone always fit: each rule below needs a meld (a belote clashes with a carré)
    melds = [meld for team in TEAMS for meld in hand.melds[team]]
    carres = sorted((meld for meld in melds if meld.is_carre), key=CARRE_POSITIONS.__getitem__)
    sequences = sorted((meld for meld in melds if not meld.is_carre), key=MELD_CARDS.__getitem__, reverse=True)
    room = free_runs(carres)
    _carres_and_sequences(carres, sequences, room)
    if carres:
        _belotes_and_carres(hand)
    for team in TEAMS:
        _team_hands(hand, team)
    _suits(carres, sequences, room)


def free_runs(carres: list[Meld]) -> list[int]:
    """The lengths of the runs of ranks (7 8 9 10 J Q K A) that no carré of `carres` takes: where a
    sequence can lie in each suit, since a carré takes its rank's card in every suit."""
    edges = [-1, *sorted({CARRE_POSITIONS[carre] for carre in carres}), CARDS_PER_SUIT]
    return [high - low - 1 for low, high in pairwise(edges) if high - low > 1]


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " et " + words[-1]


def _carres_and_sequences(carres: list[Meld], sequences: list[Meld], room: list[int]) -> None:
    """A sequence needs that many ranks in a row that no carré takes: every cent holds a 10 and a
    valet (a run of five among eight ranks covers the fourth and fifth), every cinquante a 10 or a
    valet, and a carré de 9 with a carré de dames leaves no three ranks in a row (7 8, 10 V, R A).
    The refusal names the fewest carrés that leave no room, and the longest sequence (the first of
    `sequences`, longest first; `room`: the free runs the carrés leave)."""
    if not sequences:
        return
    sequence = sequences[0]
    size = MELD_CARDS[sequence]
    if max(room, default=0) >= size:
        return
    blocking = next(
        chosen
        for count in range(1, len(carres) + 1)
        for chosen in combinations(carres, count)
        if max(free_runs(list(chosen)), default=0) < size
    )
    one, every = SEQUENCE_WORDS[sequence]
    raise InvalidHand(
        "melds",
        (
            f"« melds » : {_and([f'un {carre.label}' for carre in blocking] + [one])} ne peuvent pas être annoncés "
            f"ensemble : {every} contient {' ou '.join(CARRE_CARD_WORDS[carre][0] for carre in blocking)}, et "
            f"{_and([CARRE_CARD_WORDS[carre][1] for carre in blocking])} sont dans "
            + ("le carré." if len(blocking) == 1 else "les carrés.")
        ),
    )


def _belotes_and_carres(hand: Hand) -> None:
    """A carré de rois (or de dames) holds the king (the queen) of every suit, trump included: the
    other team cannot hold a belote's king and queen of trump, in a suit mode or in tout atout. (The
    carré's own team can: a belote may share its cards with a meld.)"""
    for team in TEAMS:
        for carre in BELOTE_CARRES:
            if carre in hand.melds[team] and hand.belote[team.other]:
                raise InvalidHand(
                    "belote",
                    (
                        f"« belote » : une belote de l'équipe {team.other.value} et le {carre.label} de l'équipe "
                        f"{team.value} ne peuvent pas être annoncés ensemble : une belote demande le roi et la dame "
                        f"d'atout, et {CARRE_CARD_WORDS[carre][1]} sont dans le carré."
                    ),
                )


def fits_two_hands(melds: tuple[Meld, ...]) -> bool:
    """Whether the melds share out between two players of 8 cards, a card in one meld at most."""
    if len(melds) <= 2:
        return True  # a meld a player: none takes more than 5 cards
    sizes = [MELD_CARDS[meld] for meld in melds]
    for mask in range(2 ** len(sizes)):
        first = sum(size for i, size in enumerate(sizes) if mask >> i & 1)
        if first <= CARDS_PER_PLAYER and sum(sizes) - first <= CARDS_PER_PLAYER:
            return True
    return False


def _team_hands(hand: Hand, team: Team) -> None:
    """A team's melds held by its two players, 8 cards each: three cents need 15 cards, but no
    player holds two (10 cards); a cent (5) and a cinquante or a carré (4) never share a hand."""
    melds = hand.melds[team]
    if fits_two_hands(melds):
        return
    raise InvalidHand(
        "melds",
        (
            f"« melds » : les annonces de l'équipe {team.value} ({', '.join(meld.label for meld in melds)}) ne "
            f"tiennent pas dans les mains de ses deux joueurs : {CARDS_PER_PLAYER} cartes chacun, et une carte ne sert "
            f"qu'à une annonce ({MELD_CARDS[Meld.CENT]} pour un cent, {MELD_CARDS[Meld.CINQUANTE]} pour une cinquante "
            f"ou un carré, {MELD_CARDS[Meld.TIERCE]} pour une tierce)."
        ),
    )


def fits_suits(sizes: list[int], room: list[int]) -> bool:
    """Whether runs of `sizes` cards (largest first) each lie within one stretch of `room`, the
    free ranks in a row of every suit, none sharing a card."""
    if not sizes:
        return True
    tried = set()
    for i, free in enumerate(room):
        if free >= sizes[0] and free not in tried:
            tried.add(free)
            if fits_suits(sizes[1:], [*room[:i], free - sizes[0], *room[i + 1 :]]):
                return True
    return False


def _suits(carres: list[Meld], sequences: list[Meld], room: list[int]) -> None:
    """Every sequence of the table in one suit, its cards in a row and none shared: a suit of 8
    cards holds one cent, or two cinquantes, or two tierces…, less the ranks the carrés take
    (`room`: the free runs of one suit)."""
    if fits_suits([MELD_CARDS[meld] for meld in sequences], room * SUIT_COUNT):
        return
    aside = f" ({_and([f'le {carre.label}' for carre in carres])} mis à part)" if carres else ""
    raise InvalidHand(
        "melds",
        (
            f"« melds » : les suites annoncées ({', '.join(meld.label for meld in sequences)}) ne tiennent pas dans "
            f"les quatre couleurs de {CARDS_PER_SUIT} cartes{aside} : une suite prend des cartes qui se suivent dans "
            "une couleur, et une carte ne sert qu'à une annonce."
        ),
    )
