"""The deals and games behind a statistic's figure: the filters a list's query string names
(whose, which role, which contract, mode and coinche, which outcome), and the pages of deals and
games they select, found by the same conditions that counted the figure (`stats`)."""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from scorekeeper.belote.errors import Refusal
from scorekeeper.belote.names import name_key, pair_key
from scorekeeper.belote.terms import CONTRACT_TITLES, MODE_LABELS, Coinche, Mode
from scorekeeper.services.lists import GAMES_PER_PAGE, Page, game_lines, offset
from scorekeeper.store import figure_deals
from scorekeeper.store.figure_deals import DealSelection, GameSelection

DEALS_PER_PAGE = 50
ROLES = {"preneur": "prises", "defense": "en défense", "tous": "jouées"}
GAME_OUTCOMES = {"gagnees": "gagnées", "perdues": "perdues", "finies": "finies", "en-cours": "en cours"}


# --- the deals and games behind a figure ---------------------------------------------------


class BadFilter(Refusal):
    """A list's query string names something that does not exist; `message` says what, in French."""


@dataclass
class DealFilter(DealSelection):
    """Which deals, as a list's query string names them (checked: `BadFilter`), and in words."""

    @classmethod
    def from_args(cls, args) -> DealFilter:
        kind, key = _subject_of(args)
        role = args.get("role") or "tous"
        _check(role, ROLES, "role")
        mode = args.get("atout") or None
        _check(mode, {m.value for m in Mode}, "atout")
        contract = args.get("contrat") or None
        _check(contract, CONTRACT_TITLES, "contrat")
        coinche = args.get("coinche") or None
        _check(coinche, {"1", "0", Coinche.COINCHE.value, Coinche.SURCOINCHE.value}, "coinche")
        made = args.get("fait") or None
        _check(made, {"1", "0"}, "fait")
        unannounced = args.get("capot-non-annonce") == "1"
        return cls(kind, key, role, mode, contract, coinche, made, unannounced)

    def describe(self, subject_name: str | None) -> str:
        """The list's title, in French: 'Donnes prises par Ana, ♥ cœur, faites'."""
        words = [f"Donnes {ROLES[self.role]}"]
        if subject_name:
            words[0] += f" par {subject_name}" if self.role == "preneur" else f" ({subject_name})"
        if self.contract:
            words.append(f"contrat {CONTRACT_TITLES[self.contract].lower()}")
        if self.mode:
            words.append(MODE_LABELS[Mode(self.mode)])
        if self.coinche == "1":
            words.append("coinchées")
        elif self.coinche == "0":
            words.append("sans coinche")
        elif self.coinche:
            words.append(f"{self.coinche}s")
        if self.unannounced:
            words.append("capot non annoncé")
        if self.made:
            words.append("faites" if self.made == "1" else "chutées")
        return ", ".join(words)


def _subject_of(args) -> tuple[str | None, str]:
    player, pair = args.get("joueur"), args.get("equipe")
    if player and pair:
        raise BadFilter("Choisissez un joueur ou une équipe, pas les deux.")
    if player:
        return "joueur", name_key(player)
    if pair:
        names = pair.split("|")
        if len(names) != 2:
            raise BadFilter("« equipe » doit nommer deux partenaires, séparés par « | ».")
        return "equipe", pair_key(*names)
    return None, ""


def _check(value: str | None, allowed, name: str) -> None:
    if value is not None and value not in allowed:
        raise BadFilter(f"« {name} » : valeur inconnue « {value} ».")


@dataclass
class DealLine:
    game_id: str
    number: int
    played_at: str
    evening_date: str | None
    teams: dict[str, str]
    taker: str
    taker_name: str
    contract: str
    mode: str
    coinche: str
    made: bool
    scores: dict[str, int]


def deals(db: sqlite_utils.Database, deal_filter: DealFilter, number: int, per_page: int = DEALS_PER_PAGE) -> Page:
    """The deals that match, the newest game first, in the order they were dealt."""
    total, rows = figure_deals.deals(db, deal_filter, per_page, offset(number, per_page))
    lines = [
        DealLine(
            game_id=row["game_id"],
            number=row["number"],
            played_at=row["played_at"],
            evening_date=row["evening_date"],
            teams={"A": row["team_a"], "B": row["team_b"]},
            taker=row["taker"],
            taker_name=row[f"player_{row['taker_player']}"] if row["taker_player"] is not None else "",
            contract=row["contract"],
            mode=row["mode"],
            coinche=row["coinche"],
            made=bool(row["made"]),
            scores={"A": row["score_a"], "B": row["score_b"]},
        )
        for row in rows
    ]
    return Page(lines, number, per_page, total)


@dataclass
class GameFilter(GameSelection):
    """Which games of a player or a team, as a list's query string names them, and in words."""

    @classmethod
    def from_args(cls, args) -> GameFilter:
        kind, key = _subject_of(args)
        if kind is None:
            raise BadFilter("Choisissez un joueur (« joueur ») ou une équipe (« equipe »).")
        outcome = args.get("issue") or None
        _check(outcome, GAME_OUTCOMES, "issue")
        partner = args.get("partenaire") or None
        if partner and kind != "joueur":
            raise BadFilter("« partenaire » ne s'emploie qu'avec un joueur.")
        return cls(kind, key, outcome, name_key(partner) if partner else None)

    def describe(self, subject_name: str, partner_name: str | None = None) -> str:
        words = f"Parties {GAME_OUTCOMES[self.outcome]}" if self.outcome else "Parties"
        words += f" de {subject_name}"
        if partner_name:
            words += f" avec {partner_name}"
        return words


def games(db: sqlite_utils.Database, game_filter: GameFilter, number: int, per_page: int = GAMES_PER_PAGE) -> Page:
    total, game_ids = figure_deals.games(db, game_filter, per_page, offset(number, per_page))
    return Page(game_lines(db, game_ids), number, per_page, total)
