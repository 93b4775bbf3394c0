"""Where each player of a mêlée sits in a partie (CONCOURS.md, "Finding one's table"): « Quelle
table ? » lists every player by name, alphabetically, each with their table, partner and
opponents, or resting; a search keeps those whose name holds it, accents and case aside."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.belote.names import name_key
from scorekeeper.services.concours_view import Concours, Player, Round, Table


@dataclass(frozen=True)
class Seat:
    player: Player
    table: Table | None  # None: the player rests this partie (exempt)
    side: str | None  # "A" or "B": the player's team at the table's game
    partner: Player | None
    opponents: tuple[Player, ...]  # in seat order


def seats(concours: Concours, round_: Round, search: str = "") -> list[Seat]:
    """The partie's players, alphabetically (accents and case aside), those whose name holds
    `search` when one is given; withdrawn players who were not drawn in it are not there."""
    found = [Seat(concours.player(number), None, None, None, ()) for number in round_.rests]
    for table in round_.tables:
        for own, (mine, theirs) in zip("AB", (table.sides, table.sides[::-1]), strict=True):
            others = tuple(concours.player(number) for number in theirs)
            for index, number in enumerate(mine):
                partner = concours.player(mine[1 - index])
                found.append(Seat(concours.player(number), table, own, partner, others))
    key = name_key(search)
    return sorted(
        (seat for seat in found if key in name_key(seat.player.name)),
        key=lambda seat: (name_key(seat.player.name), seat.player.number),
    )
