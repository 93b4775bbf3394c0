"""What the organiser's pages say of a concours, its parties and its tables, in French: worked out
here once from the service's `Concours` so that the templates only lay the words out (and the page,
the slips and the ranking say them alike)."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.belote.concours.entry import PAIRINGS, RANKINGS, ByeFixed
from scorekeeper.belote.concours.tiebreaks import CRITERIA, DRAWN_ORDER_WORDS, tiebreaks_in_force
from scorekeeper.belote.ending import deals_line
from scorekeeper.belote.house_rules import CUSTOM_LABEL, parse_house_rules, preset_of
from scorekeeper.services.concours_view import Concours, Round, Table

# A slip's deal rows for a game to a target T: T / 100, from 10 to 30. Every scored hand gives the two
# teams together at least 240 (160 or 162 and a contract of 80 or more) under every preset but
# « points annoncés », so the leader reaches T by hand T / 120 (9 for 1000, 17 for 2000) unless the
# teams are level; a hand usually gives about 260 together (a game to 1000 then takes 6 or 7 hands,
# to 2000 13 to 15). A longer game goes on on the slip's back (« suite au verso »): docs/concours.md.
SLIP_POINTS_A_ROW, SLIP_ROWS_LEAST, SLIP_ROWS_MOST = 100, 10, 30
MELEE_DRAW = "à la mêlée, partenaires tirés au hasard"
SLIPS_TWO_TO_A_PAGE = 20  # two slips side by side on a landscape A4 leave rows of 6 mm or more up to here


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count > 1 else ''}"


def rules_label(concours: Concours) -> str:
    preset = preset_of(parse_house_rules(concours.rules_json))
    return preset.label if preset is not None else CUSTOM_LABEL


def bye_words(concours: Concours) -> str:
    who = "exempts" if concours.is_melee else "exempte"
    if isinstance(concours.bye, ByeFixed):
        return f"{who} : {concours.bye.points} marqués, {concours.bye.conceded} encaissés"
    return f"{who} : moyenne de la partie"


def settings_line(concours: Concours) -> str:
    """« 4 parties en 2000 points · 45 min par partie · Coinche — concours · classement aux points ·
    appariement selon le classement · exempte : moyenne de la partie »; a mêlée's, « … · à la mêlée,
    partenaires tirés au hasard · exempts : … » (its parties are always drawn so)."""
    parts = [f"{plural(concours.parties, 'partie')} {concours.end.words()}"]
    if concours.time_limit:
        parts.append(f"{concours.time_limit} min par partie")
    parts += [
        rules_label(concours),
        f"classement {RANKINGS[concours.ranking]}",
        MELEE_DRAW if concours.is_melee else f"appariement {PAIRINGS[concours.pairing]}",
        bye_words(concours),
    ]
    return " · ".join(parts)


def tiebreak_line(concours: Concours) -> str:
    """« départage : écart, puis confrontation directe, puis tirage de la 1re partie »: the
    criteria after the first one, the organiser's or the ranking's usual ones."""
    criteria = [CRITERIA[criterion] for criterion in tiebreaks_in_force(concours.ranking, concours.tiebreaks)]
    return "départage : " + ", puis ".join([*criteria, DRAWN_ORDER_WORDS])


def table_state(concours: Concours, table: Table) -> str:
    """« donne 7 sur 12 » (the hand being played, for a game in deals), « 3 donnes jouées » (to a
    target), « pas commencée », « finie », « arrêtée », « feuille papier »."""
    if table.slip is not None:
        return "feuille papier"
    if table.stopped:
        return "arrêtée"
    if table.finished:
        return "finie"
    if concours.end.deals is not None:  # the hand being played, as the table's sheet says it
        line = deals_line(concours.end, table.hands_played, finished=False)
        assert line is not None  # a game in deals has one
        return line[0].lower() + line[1:]
    played = table.hands_played
    return f"{plural(played, 'donne')} jouée{'s' if played > 1 else ''}" if played else "pas commencée"


def round_state(round_: Round) -> str:
    """« arrêtée » when the organiser stopped a table of it, « finie » when its tables all finished
    (the next draw closing it changes nothing), else « en cours »."""
    if any(table.stopped for table in round_.tables):
        return "arrêtée"
    return "finie" if round_.closed else "en cours"


@dataclass(frozen=True)
class Actions:
    """What the organiser may do now, as buttons: the service refuses the rest in French anyway."""

    draw: bool  # the next partie can be drawn
    close: int | None  # the partie that "Arrêter la partie" closes
    reopen: int | None
    undo: int | None
    waiting: int | None  # the partie that must close before the next draw


def actions(concours: Concours) -> Actions:
    current = concours.current
    if current is None:  # no partie drawn yet
        return Actions(draw=not concours.all_drawn, close=None, reopen=None, undo=None, waiting=None)
    open_ = not current.closed
    undoable = not any(table.deal_count for table in current.tables)
    return Actions(
        draw=not concours.all_drawn and not open_,
        close=current.number if open_ else None,
        reopen=current.number if current.closed_at is not None else None,
        undo=current.number if undoable else None,
        waiting=current.number if open_ and not concours.all_drawn else None,
    )


def slip_rows(concours: Concours) -> int:
    """The numbered rows of a table's paper slip: the game's deals, or about a game's worth."""
    if concours.end.deals is not None:
        return concours.end.deals
    assert concours.end.points is not None  # an end is in deals or in points
    rows = -(-concours.end.points // SLIP_POINTS_A_ROW)
    return min(max(rows, SLIP_ROWS_LEAST), SLIP_ROWS_MOST)


def slips_to_a_page(rows: int) -> int:
    """Two slips to an A4 page (side by side, the page landscape), or one (portrait) where two would
    leave rows too small to write in by hand."""
    return 2 if rows <= SLIPS_TWO_TO_A_PAGE else 1


def provisional_any(concours: Concours) -> bool:
    return any(standing.provisional for standing in concours.standings)
