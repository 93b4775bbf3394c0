"""Whether some deal of 32 cards gives a table's declarations (docs/scoring.md, "Melds"): an exact
search (`deal_exists`), which declarations.check_declarations asks.

A deal gives the declarations when every meld has cards of its own (a carré the four of its rank,
a sequence its run in one suit, a cent five cards or more), held by one player of its team, 8 cards
a player, and every belote has its king and queen with one player of its team, who may hold them in
a meld. The cards no declaration needs can go anywhere (32 = 4 × 8), so the search only places
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

Each team alone with its belotes is tried first: fewer to place, and often enough to refuse.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

from scorekeeper.belote.terms import (
    BELOTE_CARRES,
    CARDS_PER_PLAYER,
    CARDS_PER_SUIT,
    CARRE_POSITIONS,
    MELD_CARDS,
    SUIT_COUNT,
    TEAMS,
    Meld,
    Team,
)

QUEEN, KING = 5, 6  # ranks in the order 7 8 9 10 J Q K A
BELOTE_RANKS = 1 << QUEEN | 1 << KING
ALL_RANKS = (1 << CARDS_PER_SUIT) - 1
NO_OWNER = -1
Placed = tuple[tuple[int, int], ...]  # a suit's sequences: (player, cards) each


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
    if all(melds) and any(belotes):  # each team alone with its belotes first
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
                any((cost_of := cost[owner]) is not None and cost_of <= slack[owner] for owner in owners[team])
                for cost in costs
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
