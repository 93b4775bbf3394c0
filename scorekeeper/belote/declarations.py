"""The declarations some deal of 32 cards gives (docs/scoring.md, "Melds"), found by an exact search,
and the refusal that names the clash when none does (`check_declarations`, which hand.check_hand
calls for a new deal).

A deal gives the declarations when every meld has cards of its own (a carré the four of its rank,
a sequence its run in one suit, a cent five cards or more), held by one player of its team, 8 cards
a player, and every belote has its king and queen with one player of its team, who may hold them in
a meld. The cards no declaration needs can go anywhere (32 = 4 × 8), so `deal_exists` only places
what the declarations need:

1. each team's melds between its two players (`team_hands`): a player holds two melds at most,
   since three take 9 cards or more;
2. the sequences into the four suits, the longest first, two a suit at most for the same reason;
   two suits that hold the same so far are alike, so only one of them is tried. Where each
   sequence lies in its suit is `suit_cost`'s job, remembered for every suit content: the ranks the
   carrés leave, the runs not crossing one another, nor touching when one player holds both (a run
   is one meld, never split);
3. the belotes onto suits, one a suit (in a suit mode the one belote's suit is trump: the suits
   are alike until then), each to a player of its team whose hand has room for the king and queen
   his own melds do not hold, and whom the other players' runs leave them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from itertools import combinations, pairwise

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

QUEEN, KING = 5, 6  # ranks in the order 7 8 9 10 J Q K A
BELOTE_RANKS = 1 << QUEEN | 1 << KING
ALL_RANKS = (1 << CARDS_PER_SUIT) - 1
NO_OWNER = -1
Placed = tuple[tuple[int, int], ...]  # a suit's sequences: (player, cards) each


# --- the search ---------------------------------------------------------------------------------


@cache
def runs_in(free: int, size: int) -> tuple[int, ...]:
    """Every run of `size` ranks within `free` (bit r: the rank r), as masks."""
    run = (1 << size) - 1
    return tuple(run << start for start in range(CARDS_PER_SUIT - size + 1) if run << start & ~free == 0)


@cache
def suit_cost(free: int, placed: Placed, owner: int) -> int | None:
    """How the sequences `placed` lie in one suit whose free ranks are `free`: None when they cannot;
    else, with a belote of player `owner` in the suit, the fewest of its king and queen he must hold
    beside his melds (0 to 2; a card no other player's run takes), 0 without a belote."""
    layouts: list[list[tuple[int, int]]] = [[]]
    for player, size in placed:
        layouts = [
            [*layout, (player, run)]
            for layout in layouts
            for run in runs_in(free, size)
            if all(fits_beside(run, player, holder, other) for holder, other in layout)
        ]
    best = None
    for layout in layouts:
        own = others = 0
        for holder, run in layout:
            if holder == owner:
                own |= run
            else:
                others |= run
        if owner != NO_OWNER and others & BELOTE_RANKS:
            continue
        extra = (BELOTE_RANKS & free & ~own).bit_count() if owner != NO_OWNER else 0
        if best is None or extra < best:
            best = extra
    return best


def fits_beside(run: int, player: int, holder: int, other: int) -> bool:
    """Whether `player`'s run lies beside `holder`'s: no card shared, and not touching when one
    player holds both (they would be one run)."""
    return not run & other and (holder != player or not (run << 1 | run >> 1) & other)


def meld_cards(melds: tuple[Meld, ...]) -> int:
    return sum(MELD_CARDS[meld] for meld in melds)


@lru_cache(maxsize=4096)
def team_hands(melds: tuple[Meld, ...]) -> tuple[tuple[tuple[Meld, ...], tuple[Meld, ...]], ...]:
    """The ways a team's two players hold its melds, 8 cards each (the first meld with the first
    player: the two are alike). `melds` sorted."""
    found = set()
    for mask in range(0, 1 << len(melds), 2):
        first = tuple(meld for i, meld in enumerate(melds) if not mask >> i & 1)
        second = tuple(meld for i, meld in enumerate(melds) if mask >> i & 1)
        if meld_cards(first) <= CARDS_PER_PLAYER and meld_cards(second) <= CARDS_PER_PLAYER:
            found.add((first, second))
    return tuple(sorted(found))


def deal_exists(melds: Mapping[Team, tuple[Meld, ...]], belote: Mapping[Team, int]) -> bool:
    """Whether some deal of 32 cards gives these melds and belotes (the mode only bounds the
    belotes: one in a suit mode, one a suit in tout atout, as check_hand counts them)."""
    return _deal_exists(tuple(tuple(sorted(melds[team])) for team in TEAMS), tuple(belote[team] for team in TEAMS))


@lru_cache(maxsize=4096)
def _deal_exists(melds: tuple[tuple[Meld, ...], ...], belotes: tuple[int, ...]) -> bool:
    carres = [meld for team_melds in melds for meld in team_melds if meld.is_carre]
    free = ALL_RANKS
    for carre in carres:
        free &= ~(1 << CARRE_POSITIONS[carre])
    if sum(belotes) > SUIT_COUNT:
        return False
    if all(melds) and any(belotes):  # first each team alone with its belotes: fewer to place, often enough to refuse
        if not _deal_exists((melds[0], ()), (belotes[0], 0)) or not _deal_exists(((), melds[1]), (0, belotes[1])):
            return False
    return any(
        _hands_fit(hands_a + hands_b, free, belotes)
        for hands_a in team_hands(melds[0])
        for hands_b in team_hands(melds[1])
    )


def _hands_fit(hands: tuple[tuple[Meld, ...], ...], free: int, belotes: tuple[int, ...]) -> bool:
    """Whether the four players' melds (`hands`: team A's two, then team B's) and the belotes fit
    in the suits. Player p is of team p // 2."""
    slack = [CARDS_PER_PLAYER - meld_cards(hand) for hand in hands]
    # A belote's owner: a player of its team, and the one who holds the carré de rois or de dames.
    owners = [[2 * team, 2 * team + 1] for team in range(len(TEAMS))]
    for player, hand in enumerate(hands):
        for carre in BELOTE_CARRES:
            if carre in hand:
                owners = [[p for p in team_owners if p == player] for team_owners in owners]
    if any(count and not owners[team] for team, count in enumerate(belotes)):
        return False
    items = sorted(
        ((player, MELD_CARDS[meld]) for player, hand in enumerate(hands) for meld in hand if not meld.is_carre),
        key=lambda item: (-item[1], item[0]),
    )
    candidates = {owner for team, count in enumerate(belotes) if count for owner in owners[team]}
    suits: list[Placed] = [()] * SUIT_COUNT
    tried_belotes: dict[tuple[Placed, ...], bool] = {}

    def belotes_fit(contents: tuple[Placed, ...]) -> bool:
        """Whether the belotes go onto the suits holding `contents`, one a suit, each to an owner
        with room for what of its king and queen his melds do not hold."""
        if not any(belotes):
            return True
        costs = [
            [suit_cost(free, placed, owner) if owner in candidates else None for owner in range(len(hands))]
            for placed in contents
        ]
        for team, count in enumerate(belotes):  # enough suits where the team's belote fits at all
            fitting = sum(
                any(cost[owner] is not None and cost[owner] <= slack[owner] for owner in owners[team]) for cost in costs
            )
            if fitting < count:
                return False
        tried: set[tuple[int, tuple[int, ...], tuple[int, ...]]] = set()

        def fit(suit: int, left: tuple[int, ...], room: tuple[int, ...]) -> bool:
            if not any(left):
                return True
            if SUIT_COUNT - suit < sum(left) or (suit, left, room) in tried:
                return False
            tried.add((suit, left, room))
            for team, count in enumerate(left):
                if count:
                    for owner in owners[team]:
                        extra = costs[suit][owner]
                        if extra is not None and extra <= room[owner]:
                            rest = (*left[:team], count - 1, *left[team + 1 :])
                            spent = (*room[:owner], room[owner] - extra, *room[owner + 1 :])
                            if fit(suit + 1, rest, spent):
                                return True
            return fit(suit + 1, left, room)

        return fit(0, belotes, tuple(slack))

    def place(i: int, lowest: int) -> bool:
        if i == len(items):
            key = tuple(sorted(suits))
            if key not in tried_belotes:
                tried_belotes[key] = belotes_fit(key)
            return tried_belotes[key]
        item = items[i]
        tried = set()
        for suit in range(lowest, SUIT_COUNT):
            placed = suits[suit]
            if len(placed) == 2 or placed in tried:
                continue
            tried.add(placed)
            grown = (*placed, item)
            if suit_cost(free, grown, NO_OWNER) is None:
                continue
            suits[suit] = grown
            # the same sequence of the same player next: no lower suit (those orders are tried)
            same_next = i + 1 < len(items) and items[i + 1] == item
            if place(i + 1, suit if same_next else 0):
                suits[suit] = placed
                return True
            suits[suit] = placed
        return False

    return place(0, 0)


# --- the refusal: which declarations clash, and why ----------------------------------------------


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
            f"une donne de 32 cartes : {_belote_cards(mode)} à un joueur de son équipe, {CARDS_PER_PLAYER} cartes "
            "chacun, et une carte ne sert qu'à une annonce."
        ),
    )


def _belote_cards(mode: Mode) -> str:
    if mode is Mode.ALL_TRUMP:
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
            f"joueur, {CARDS_PER_PLAYER} cartes chacun, et une carte ne sert qu'à une annonce (la belote peut "
            "partager la sienne)."
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
