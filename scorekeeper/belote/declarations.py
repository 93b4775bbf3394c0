"""The refusal of declarations no deal of 32 cards gives (docs/scoring.md, "Melds"), naming the clash
(`check_declarations`, which hand.check_hand calls for a new deal): deals.deal_exists decides,
exactly; when it finds no deal, the smallest part of the declarations that no deal gives either is
named, looked for in a fixed order (a sequence against the carrés, a belote against a carré, a
team's melds in its two hands, the sequences in the four suits, a team's belotes beside its own
melds, then beside the other team's)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations, pairwise

from scorekeeper.belote.deals import deal_exists
from scorekeeper.belote.errors import InvalidHand
from scorekeeper.belote.terms import (
    BELOTE_CARRES,
    CARDS_PER_PLAYER,
    CARDS_PER_SUIT,
    CARRE_CARD_WORDS,
    CARRE_POSITIONS,
    MELD_CARDS,
    SEQUENCE_WORDS,
    SUIT_COUNT,
    TEAMS,
    Meld,
    Mode,
    Team,
)


def free_runs(carres: list[Meld]) -> list[int]:
    """The lengths of the runs of ranks (7 8 9 10 J Q K A) that no carré of `carres` takes: where a
    sequence can lie in each suit, since a carré takes its rank's card in every suit."""
    edges = [-1, *sorted({CARRE_POSITIONS[carre] for carre in carres}), CARDS_PER_SUIT]
    return [high - low - 1 for low, high in pairwise(edges) if high - low > 1]


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " et " + words[-1]


def _labels(melds: tuple[Meld, ...] | list[Meld]) -> str:
    return ", ".join(meld.label for meld in melds)


BELOTE_COUNT_WORDS = {1: "la belote", 2: "les deux belotes", 3: "les trois belotes", 4: "les quatre belotes"}


def check_declarations(mode: Mode, melds: Mapping[Team, tuple[Meld, ...]], belote: Mapping[Team, int]) -> None:
    """Raise InvalidHand for melds and belotes that no deal of 32 cards gives, naming the clash:
    the smallest part of the declarations that no deal gives, looked for in this order."""
    if not any(melds.values()) or deal_exists(melds, belote):
        return  # belotes alone always fit: two cards each, one suit each
    no_belote = {team: 0 for team in TEAMS}
    every = [meld for team in TEAMS for meld in melds[team]]
    carres = sorted((meld for meld in every if meld.is_carre), key=CARRE_POSITIONS.__getitem__)
    sequences = sorted((meld for meld in every if not meld.is_carre), key=MELD_CARDS.__getitem__, reverse=True)
    _carres_and_sequences(carres, sequences)
    _belotes_and_carres(melds, belote)
    for team in TEAMS:
        if not deal_exists({team: melds[team], team.other: ()}, no_belote):
            _team_hands(team, melds[team])
    if not deal_exists(melds, no_belote):
        _suits(carres, sequences)
    for team in TEAMS:
        alone = {team: melds[team], team.other: ()}
        if belote[team] and not deal_exists(alone, {**no_belote, team: belote[team]}):
            _belotes_and_own_melds(mode, team, melds[team], belote[team])
    for team in TEAMS:
        if belote[team] and not deal_exists(melds, {**no_belote, team: belote[team]}):
            _belotes_and_other_melds(mode, team, melds[team.other], belote[team])
    raise InvalidHand(
        "belote",
        (
            f"« belote » : les belotes des deux équipes ne tiennent pas avec les annonces ({_labels(every)}) dans "
            f"une donne de {SUIT_COUNT * CARDS_PER_SUIT} cartes : {_belote_cards(mode)} à un joueur de son équipe, "
            f"{CARDS_PER_PLAYER} cartes chacun, et une carte ne sert qu'à une annonce."
        ),
    )


def _belote_cards(mode: Mode) -> str:
    if mode.max_belotes > 1:  # tout atout: a belote in every suit
        return "chaque belote demande le roi et la dame d'une couleur"
    return "une belote demande le roi et la dame d'atout"


def _carres_and_sequences(carres: list[Meld], sequences: list[Meld]) -> None:
    """A sequence needs that many ranks in a row that no carré takes: every cent holds a 10 and a
    valet (a run of five among eight ranks covers the fourth and fifth), every cinquante a 10 or a
    valet, and a carré de 9 with a carré de dames leaves no three ranks in a row (7 8, 10 V, R A).
    The refusal names the fewest carrés that leave no room, and the longest sequence (the first of
    `sequences`, longest first)."""
    if not sequences:
        return
    sequence = sequences[0]
    size = MELD_CARDS[sequence]
    if max(free_runs(carres), default=0) >= size:
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


def _belotes_and_carres(melds: Mapping[Team, tuple[Meld, ...]], belote: Mapping[Team, int]) -> None:
    """A carré de rois (or de dames) holds the king (the queen) of every suit, trump included: the
    other team cannot hold a belote's king and queen of trump, in a suit mode or in tout atout. (The
    carré's own team can: a belote may share its cards with a meld.)"""
    for team in TEAMS:
        for carre in BELOTE_CARRES:
            if carre in melds[team] and belote[team.other]:
                raise InvalidHand(
                    "belote",
                    (
                        f"« belote » : une belote de l'équipe {team.other.value} et le {carre.label} de l'équipe "
                        f"{team.value} ne peuvent pas être annoncés ensemble : une belote demande le roi et la dame "
                        f"d'atout, et {CARRE_CARD_WORDS[carre][1]} sont dans le carré."
                    ),
                )


def _team_hands(team: Team, melds: tuple[Meld, ...]) -> None:
    """A team's melds held by its two players, 8 cards each: three cents need 15 cards, but no
    player holds two (10 cards); a cent (5) and a cinquante or a carré (4) never share a hand."""
    raise InvalidHand(
        "melds",
        (
            f"« melds » : les annonces de l'équipe {team.value} ({_labels(melds)}) ne "
            f"tiennent pas dans les mains de ses deux joueurs : {CARDS_PER_PLAYER} cartes chacun, et une carte ne sert "
            f"qu'à une annonce ({MELD_CARDS[Meld.CENT]} pour un cent, {MELD_CARDS[Meld.CINQUANTE]} pour une cinquante "
            f"ou un carré, {MELD_CARDS[Meld.TIERCE]} pour une tierce)."
        ),
    )


def _suits(carres: list[Meld], sequences: list[Meld]) -> None:
    """Every sequence of the table in one suit, its cards in a row and none shared: a suit of 8
    cards holds one cent, or two cinquantes, or two tierces…, less the ranks the carrés take."""
    aside = f" ({_and([f'le {carre.label}' for carre in carres])} mis à part)" if carres else ""
    raise InvalidHand(
        "melds",
        (
            f"« melds » : les suites annoncées ({_labels(sequences)}) ne tiennent pas dans "
            f"les quatre couleurs de {CARDS_PER_SUIT} cartes{aside} : une suite prend des cartes qui se suivent dans "
            "une couleur, et une carte ne sert qu'à une annonce."
        ),
    )


def _belotes_and_own_melds(mode: Mode, team: Team, melds: tuple[Meld, ...], count: int) -> None:
    """A belote's king and queen in the hand of one of its team's players, beside that player's
    melds: four carrés fill both hands, a carré de rois and a carré de dames in two hands leave no
    player both."""
    verb = "tient" if count == 1 else "tiennent"
    raise InvalidHand(
        "belote",
        (
            f"« belote » : {BELOTE_COUNT_WORDS[count]} de l'équipe {team.value} ne {verb} pas dans les mains de ses "
            f"deux joueurs à côté de ses annonces ({_labels(melds)}) : {_belote_cards(mode)} dans la main d'un même "
            f"joueur, {CARDS_PER_PLAYER} cartes chacun, et une carte ne sert qu'à une annonce (le roi et la "
            "dame d'une belote peuvent être ceux d'une annonce)."
        ),
    )


def _belotes_and_other_melds(mode: Mode, team: Team, others: tuple[Meld, ...], count: int) -> None:
    """One team's belotes take kings and queens of trump (of every suit in tout atout) that the
    other team's runs need: a carré de 9 leaves 10 V D R A, where every cinquante holds a king or a
    queen."""
    raise InvalidHand(
        "belote",
        (
            f"« belote » : {BELOTE_COUNT_WORDS[count]} de l'équipe {team.value} et les annonces de l'équipe "
            f"{team.other.value} ({_labels(others)}) ne peuvent pas être annoncées ensemble : {_belote_cards(mode)} "
            f"à un joueur de l'équipe {team.value}, et les suites de l'équipe {team.other.value} n'ont pas la place "
            "de tenir sans ces rois et ces dames."
        ),
    )
