"""The rows of the derived tables for one game, computed from its sheet: what the archive, the
search and the statistics read (`derived` writes them). Pure: a sheet in, rows out.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.belote.game import Game
from scorekeeper.belote.hand import Hand
from scorekeeper.belote.names import name_key, pair_key
from scorekeeper.belote.scoring import Result
from scorekeeper.belote.sheet import Deal, Sheet
from scorekeeper.belote.terms import (
    CARD_POINTS_TOTAL,
    TEAMS,
    Coinche,
    ContractKind,
    players_of,
    team_of_player,
    team_players,
)

# Each player's or team's figures in one game, summed by the statistics.
FIGURES = (
    "taken",  # hands taken
    "made",  # of those, made
    "coinche_def",  # coinches made: the team defended a coinched (or surcoinched) contract
    "coinche_def_won",  # of those, the contract failed
    "coinche_took",  # coinches suffered: a contract taken was coinched
    "coinche_took_made",  # of those, made all the same
    "capot_taken",
    "capot_made",
    "capot_unannounced",  # all tricks on a numeric contract
    "generale_taken",
    "generale_made",
)


def _deal_fact(game: Game, deal: Deal, evening_id: int | None, keys: list[str]) -> dict[str, Any]:
    """One deal's fact; `keys` are the players' names as the archive matches them, by seat."""
    row: dict[str, Any] = {
        "game_id": game.id,
        "number": deal.number,
        "kind": deal.kind,
        "evening_id": evening_id,
        "played_at": game.created_at,
        "dealer": deal.dealer,
        "taker": None,
        "taker_player": None,
        "taker_key": None,
        "contract": None,
        "contract_value": None,
        "mode": None,
        "coinche": None,
        "made": None,
        "all_tricks": None,
        "reason": deal.reason,
        "score_a": deal.scores["A"],
        "score_b": deal.scores["B"],
        "total_a": deal.totals["A"],
        "total_b": deal.totals["B"],
        "taker_total": None,
        "defense_total": None,
        "coinched_by": None,
        "surcoinched_by": None,
    }
    hand, result = deal.hand, deal.result
    if hand is not None and result is not None:  # a hand, scored (a redeal has neither)
        player = deal.taker_player
        row.update(
            taker=hand.taker.value,
            taker_player=player,
            taker_key=keys[player] if player is not None else None,
            contract=str(hand.contract.code),
            contract_value=hand.contract.value,
            mode=hand.mode.value,
            coinche=hand.coinche.value,
            made=int(result.made),
            all_tricks=int(hand.all_tricks),
        )
        row["taker_total"], row["defense_total"] = judged_totals(hand, result)
        row["coinched_by"], row["surcoinched_by"] = deal.coinched_by, deal.surcoinched_by
    return row


def judged_totals(hand: Hand, result: Result) -> tuple[int | None, int | None]:
    """The takers' and the defense's points a numeric contract is judged on (docs/scoring.md: card
    points, melds that count and belote, unrounded); all the tricks told without a count are all
    the card points. None for a capot or a générale, which no count decides."""
    if hand.contract.kind is not ContractKind.POINTS:
        return None, None
    taker, defense = result.figures[hand.taker], result.figures[hand.taker.other]
    if taker.total is not None and defense.total is not None:
        return taker.total, defense.total
    return CARD_POINTS_TOTAL + taker.melds + taker.belote, defense.melds + defense.belote


def _count(figures: dict[str, int], hand: Hand, made: bool, took: bool, defended: bool) -> None:
    """Add one hand to a player's or a team's figures in a game."""
    coinched = hand.coinche is not Coinche.NONE
    if defended and coinched:
        figures["coinche_def"] += 1
        figures["coinche_def_won"] += not made
    if not took:
        return
    figures["taken"] += 1
    figures["made"] += made
    if coinched:
        figures["coinche_took"] += 1
        figures["coinche_took_made"] += made
    kind = hand.contract.kind
    if kind is ContractKind.CAPOT:
        figures["capot_taken"] += 1
        figures["capot_made"] += made
    elif kind is ContractKind.GENERALE:
        figures["generale_taken"] += 1
        figures["generale_made"] += made
    elif hand.all_tricks:
        figures["capot_unannounced"] += 1


def game_rows(
    sheet: Sheet, evening_id: int | None, last_activity: str, facts_from: int = 1
) -> dict[str, list[dict[str, Any]]]:
    """The derived rows of one game, table by table; the facts of its deals from number
    `facts_from` on (a write leaves the facts of the deals before the one it changed)."""
    game = sheet.game
    winner = sheet.winner
    keys = [name_key(name) for name in game.players]
    facts = [_deal_fact(game, deal, evening_id, keys) for deal in sheet.deals[facts_from - 1 :]]
    hands = [
        (deal.taker_player, deal.hand, deal.result)
        for deal in sheet.deals
        if deal.hand is not None and deal.result is not None
    ]
    # A game over with no hand played (a concours's table stopped before its first deal) is no game
    # in a player's or a team's figures: 0 - 0 is not a draw they played. A table played on paper
    # is the game its slip says, won or lost: it counts, with no hand of its own.
    counted = sheet.finished and (bool(hands) or sheet.on_paper)
    common = {"game_id": game.id, "evening_id": evening_id, "played_at": game.created_at}
    summary = {
        **common,
        "total_a": sheet.totals["A"],
        "total_b": sheet.totals["B"],
        "winner": winner,
        "finished": int(sheet.finished),
        "deal_count": len(sheet.deals),
        "hand_count": len(hands),
        "last_activity": last_activity,
    }
    players = []
    for seat, name in enumerate(game.players):
        team = team_of_player(seat).value
        figures = dict.fromkeys(FIGURES, 0)
        for taker_player, hand, result in hands:
            _count(figures, hand, result.made, took=taker_player == seat, defended=hand.taker != team)
        players.append(
            {
                **common,
                "seat": seat,
                "team": team,
                "name": name,
                "name_key": keys[seat],
                "partner_key": keys[(seat + 2) % 4],
                "finished": int(counted),
                "won": int(counted and winner == team),
                "drawn": int(counted and sheet.draw),
                "hands": len(hands),
                "points": sheet.totals[team],
                **figures,
            }
        )
    teams = []
    pairs = team_players(game.players)
    for team in TEAMS:
        figures = dict.fromkeys(FIGURES, 0)
        for _, hand, result in hands:
            _count(figures, hand, result.made, took=hand.taker is team, defended=hand.taker is not team)
        first, second = (game.players[seat] for seat in players_of(team))
        teams.append(
            {
                **common,
                "team": team.value,
                "name": game.teams[team.value],
                "players": pairs[team.value],
                "pair_key": pair_key(first, second),
                "finished": int(counted),
                "won": int(counted and winner == team.value),
                "drawn": int(counted and sheet.draw),
                "hands": len(hands),
                "points": sheet.totals[team.value],
                **figures,
            }
        )
    return {
        "game_summaries": [summary],
        "game_players": players,
        "game_teams": teams,
        "deal_facts": facts,
    }
