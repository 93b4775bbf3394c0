"""/outils/compter and /outils/annonces: GET forms of 32 tappable cards, answered when asked.

A form is "asked" when its button was pressed or a card is ticked; an unanswerable one shows the
French reason with status 422. Nothing here computes a value: cards and melds do.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qsl, urlsplit

from flask import Blueprint, render_template, request

from scorekeeper.belote.cards import DECK, DECK_SIZE, HAND_SIZE, Card, Suit, parse_cards, pile_points
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.melds import compare_hands
from scorekeeper.belote.names import MAX_NAME_LENGTH
from scorekeeper.belote.terms import CARD_POINTS_TOTAL, MODE_LABELS, SIDES, Mode, Team
from scorekeeper.web.tools import meld_check
from scorekeeper.web.tools.links import way_back, with_fields, with_params

bp = Blueprint("tools", __name__, url_prefix="/outils")

# A pile belongs to a team; the deal form names it by side instead, and gets its word back.
PILE_OWNERS = ({"A": "Équipe A", "B": "Équipe B"}, SIDES)
HAND_FIELDS = {Team.A: "a", Team.B: "b"}
NO_MODE = "Choisissez l'atout : la valeur des cartes en dépend."


def deck_rows() -> list[tuple[Suit, list[Card]]]:
    """The 32 cards as the pages lay them out: one row per suit, 7 to ace."""
    return [(suit, [card for card in DECK if card.suit is suit]) for suit in Suit]


def _mode(value: str | None) -> Mode | None:
    if value is None:
        return None
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


# The counter's own fields. Any other a request carries is the deal form's: "Compter les plis"
# submits the whole form here (a GET), and every field goes back with the pile's points.
COUNTER_FIELDS = {"mode", "team", "cards", "last_trick", "compter", "return", "csrf_token", "points", "points_team"}


def _report_url(return_to: str, points: int, owner: str, mode: Mode) -> str:
    """The deal form with the pile's points for its owner; a form sent with its state (its
    request_id) gets the pile's trump too, the one its points were counted in."""
    if "request_id" in dict(parse_qsl(urlsplit(return_to).query)):
        return with_params(return_to, mode=mode.value, points=points, team=owner)
    return with_params(return_to, points=points, team=owner)


@bp.get("/compter")
def counter():
    args = request.args
    mode = _mode(args.get("mode"))
    owner, owners = _pile_owner(args.get("team") or args.get("points_team"))
    return_to = way_back(args, COUNTER_FIELDS)
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
                report_url = _report_url(return_to, points, owner, mode)
    page = render_template(
        "tools/counter.html",
        modes=MODE_LABELS,
        mode=mode,
        owner=owner,
        owners=owners,
        other=next(key for key in owners if key != owner),
        selected=set(codes),
        last_trick=last_trick,
        return_to=return_to,
        count=count,
        error=error,
        report_url=report_url,
        rows=deck_rows(),
    )
    return page, 422 if error else 200


# The game's team names, sent by the deal form (`team_a`, `team_b`), replace "équipe A / B".
TEAM_NAME_FIELDS = {Team.A: "team_a", Team.B: "team_b"}
# The meld checker's own fields. Any other a request carries is the deal form's (the deal form
# may submit itself whole here, a GET): they go back in `return`, then to the deal form.
CHECKER_FIELDS = {"mode", "a", "b", "verifier", "return", "csrf_token", *TEAM_NAME_FIELDS.values()}


def _team_names(args) -> dict[Team, str]:
    """The team names as sent, spaces tidied ('' when none)."""
    return {team: " ".join(args.get(field, "").split())[:MAX_NAME_LENGTH] for team, field in TEAM_NAME_FIELDS.items()}


# The deal form's fields the meld checker sets when it reports (and every `melds_A_…`, `melds_B_…`).
REPORTED_FIELDS = {"mode", "best_meld", "belote_A", "belote_B"}


def _is_deal_field(key: str) -> bool:
    """A field the report sets: its old value in the return address is dropped."""
    return key in REPORTED_FIELDS or key.startswith(("melds_A_", "melds_B_"))


@bp.get("/annonces")
def meld_checker():
    args = request.args
    mode = _mode(args.get("mode"))
    names = _team_names(args)
    words = meld_check.team_words(names)
    return_to = way_back(args, CHECKER_FIELDS)
    codes = {team: args.getlist(field) for team, field in HAND_FIELDS.items()}
    checks: dict[Team, meld_check.HandCheck] = {}
    errors: dict[Team, str] = {}
    verdict = report_url = None
    reported: list[str] = []
    if "verifier" in args or any(codes.values()):
        if mode is None:
            errors[Team.A] = NO_MODE
        else:
            for team in (Team.A, Team.B):
                try:
                    cards = parse_cards(codes[team], words[team].hand, limit=HAND_SIZE)
                except InvalidInput as refusal:
                    errors[team] = refusal.message
                else:
                    checks[team] = meld_check.check_hand(cards, mode)
            if len(checks) == 2:
                shared = [card for card in checks[Team.A].cards if card in checks[Team.B].cards]
                if shared:
                    card = shared[0]
                    errors[Team.B] = (
                        f"La carte {card.label} ({card.name}) est dans les deux mains : choisissez-la une fois."
                    )
                    del checks[Team.B]
                elif checks[Team.A].cards and checks[Team.B].cards:
                    winner, reason = compare_hands(checks[Team.A].melds, checks[Team.B].melds, mode)
                    verdict = meld_check.verdict(winner, reason, words)
                    if return_to:
                        fields = meld_check.deal_fields(checks, mode, winner)
                        report_url = with_fields(return_to, fields, _is_deal_field)
                        reported = meld_check.reported_lines(fields, words)
    page = render_template(
        "tools/melds.html",
        modes=MODE_LABELS,
        mode=mode,
        rows=deck_rows(),
        hand_fields=HAND_FIELDS,
        selected={team: set(codes[team]) for team in codes},
        checks=checks,
        errors=errors,
        verdict=verdict,
        hand_size=HAND_SIZE,
        words=words,
        team_names={field: names[team] for team, field in TEAM_NAME_FIELDS.items()},
        return_to=return_to,
        report_url=report_url,
        reported=reported,
    )
    return page, 422 if errors else 200
