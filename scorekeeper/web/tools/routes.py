"""/outils/compter and /outils/annonces: GET forms of 32 tappable cards, answered when asked.

A form is "asked" when its button was pressed or a card is ticked; an unanswerable one shows the
French reason with status 422. Nothing here computes a value: cards and melds do.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, render_template, request

from scorekeeper.belote.cards import DECK, DECK_SIZE, HAND_SIZE, Card, Suit, parse_cards, pile_points, sorted_cards
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.melds import FoundMeld, belotes, compare_hands, find_melds
from scorekeeper.belote.terms import CARD_POINTS_TOTAL, MODE_LABELS, SIDES, Mode, Team
from scorekeeper.web.tools.links import local_path, with_params

bp = Blueprint("tools", __name__, url_prefix="/outils")

# A pile belongs to a team; the deal form names it by side instead, and gets its word back.
PILE_OWNERS = ({"A": "Équipe A", "B": "Équipe B"}, SIDES)
HAND_FIELDS = {Team.A: "a", Team.B: "b"}
NO_MODE = "Choisissez l'atout : la valeur des cartes en dépend."


def deck_rows() -> list[tuple[Suit, list[Card]]]:
    """The 32 cards as the pages lay them out: one row per suit, 7 to ace."""
    return [(suit, [card for card in DECK if card.suit is suit]) for suit in Suit]


def _mode(value: str | None) -> Mode | None:
    try:
        return Mode(value)
    except ValueError:
        return None


def _pile_owner(value: str | None) -> tuple[str, dict[str, str]]:
    """The pile's owner and the two owners to choose from, in the words the caller used."""
    for owners in PILE_OWNERS:
        if value in owners:
            return value, owners
    return "A", PILE_OWNERS[0]


@dataclass(frozen=True)
class PileCount:
    points: int
    cards: int
    other_points: int
    other_cards: int


@bp.get("/compter")
def counter():
    args = request.args
    mode = _mode(args.get("mode"))
    owner, owners = _pile_owner(args.get("team"))
    return_to = local_path(args.get("return"))
    codes = args.getlist("cards")
    last_trick = args.get("last_trick") == "1"
    count = error = report_url = None
    if "compter" in args or codes:
        try:
            if mode is None:
                raise InvalidInput("mode", NO_MODE)
            cards = parse_cards(codes, "Cartes du tas")
        except InvalidInput as refusal:
            error = refusal.message
        else:
            points = pile_points(cards, mode, last_trick)
            count = PileCount(points, len(cards), CARD_POINTS_TOTAL - points, DECK_SIZE - len(cards))
            if return_to:
                report_url = with_params(return_to, points=points, team=owner)
    page = render_template(
        "tools/counter.html", modes=MODE_LABELS, mode=mode, owner=owner, owners=owners,
        other=next(key for key in owners if key != owner), selected=set(codes), last_trick=last_trick,
        return_to=return_to, count=count, error=error, report_url=report_url, rows=deck_rows(),
    )
    return page, 422 if error else 200


@dataclass(frozen=True)
class HandCheck:
    cards: list[Card]
    melds: list[FoundMeld]
    total: int
    belotes: int


def _check(cards: tuple[Card, ...], mode: Mode) -> HandCheck:
    melds = find_melds(cards, mode)
    return HandCheck(sorted_cards(cards), melds, sum(meld.value for meld in melds), belotes(cards, mode))


def _verdict(winner: Team | None, reason: str) -> str:
    if winner is None:
        return reason[0].upper() + reason[1:] + "."
    return f"L'équipe {winner.value} marque ses annonces — {reason}."


@bp.get("/annonces")
def meld_checker():
    args = request.args
    mode = _mode(args.get("mode"))
    codes = {team: args.getlist(field) for team, field in HAND_FIELDS.items()}
    checks: dict[Team, HandCheck] = {}
    errors: dict[Team, str] = {}
    verdict = None
    if "verifier" in args or any(codes.values()):
        if mode is None:
            errors[Team.A] = NO_MODE
        else:
            for team in (Team.A, Team.B):
                try:
                    cards = parse_cards(codes[team], f"Main de l'équipe {team.value}", limit=HAND_SIZE)
                except InvalidInput as refusal:
                    errors[team] = refusal.message
                else:
                    checks[team] = _check(cards, mode)
        if len(checks) == 2:
            shared = [card for card in checks[Team.A].cards if card in checks[Team.B].cards]
            if shared:
                card = shared[0]
                errors[Team.B] = (
                    f"La carte {card.label} ({card.name}) est dans les deux mains : choisissez-la une fois."
                )
                del checks[Team.B]
            elif checks[Team.A].cards and checks[Team.B].cards:
                verdict = _verdict(*compare_hands(checks[Team.A].melds, checks[Team.B].melds, mode))
    page = render_template(
        "tools/melds.html", modes=MODE_LABELS, mode=mode, rows=deck_rows(), hand_fields=HAND_FIELDS,
        selected={team: set(codes[team]) for team in codes}, checks=checks, errors=errors, verdict=verdict,
        hand_size=HAND_SIZE,
    )
    return page, 422 if errors else 200
