"""The concours of an archive file checked before anything is written (docs/concours.md, "In the
archive"): each one's settings by the parser of the API (`parse_concours`), its teams (a mêlée's
players) numbered in registration order, its parties and tables naming only its teams (players),
each playing or resting once a partie (in a mêlée, every player drawn, and as many resting as the
draw rests), each game at one table only;
then, as the games stream by, that every table's game is one of the file's, of the concours's
evening. Each refusal in French, naming where in the file it is, as `import_checks` does.

The concours are small (a few hundred teams and tables at most) and read whole with the file's
outline; the games stream, and only the ids the tables name are kept while they pass."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from scorekeeper.belote.concours.entry import parse_concours, parse_player, parse_slip, parse_team
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.names import name_key
from scorekeeper.services.concours_export import (
    ArchivedConcours,
    ArchivedPlayer,
    ArchivedRound,
    ArchivedTable,
    ArchivedTeam,
)
from scorekeeper.services.export import ArchivedGame
from scorekeeper.services.import_checks import GAME_ID, ImportRefused, checked_object, checked_time

SETTINGS_KEYS = {"name", "parties", "end", "time_limit", "rules", "ranking", "pairing", "bye"}
CONCOURS_KEYS = {"id", "evening", "created_at", "rounds", *SETTINGS_KEYS}  # and "teams", or a mêlée's "players"
# written only when the organiser chose them, and "format" only for a mêlée
OPTIONAL_SETTINGS_KEYS = {"tiebreaks", "format"}
TEAM_KEYS = {"number", "name", "players", "created_at", "withdrawn_at"}
PLAYER_KEYS = {"number", "name", "created_at", "withdrawn_at"}
ROUND_KEYS = {"number", "drawn_at", "closed_at", "drawn_order", "rests", "tables"}
TABLE_KEYS = {"table", "game", "teams", "slip"}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _moment(value: Any, where: str, key: str) -> str | None:
    """A time that may be missing (null): a team not withdrawn, a partie not closed."""
    return None if value is None else checked_time(value, where, key)


def _list(value: Any, where: str, key: str) -> list:
    if not isinstance(value, list):
        raise ImportRefused(f"{where} : « {key} » doit être une liste.")
    return value


def check_concours(items: Any, evening_ids: set[int]) -> list[ArchivedConcours]:
    """The file's `concours` list, each checked alone and against the others (no game at two
    tables); `evening_ids` are the file's evenings."""
    if not isinstance(items, list):
        raise ImportRefused("« concours » doit être une liste.")
    seen_ids: set[str] = set()
    seen_games: set[str] = set()
    found = []
    for index, item in enumerate(items, start=1):
        concours = _check_one(index, item, evening_ids)
        where = f"Concours {index} ({concours.id})"
        if concours.id in seen_ids:
            raise ImportRefused(f"{where} : cet id est déjà celui d'un autre concours du fichier.")
        seen_ids.add(concours.id)
        for round_ in concours.rounds:
            for table in round_.tables:
                if table.game in seen_games:
                    raise ImportRefused(
                        f"{where}, partie {round_.number}, table {table.number} : la partie « {table.game} »"
                        " est déjà celle d'une autre table du fichier."
                    )
                seen_games.add(table.game)
        found.append(concours)
    return found


def _check_one(index: int, item: Any, evening_ids: set[int]) -> ArchivedConcours:
    where = f"Concours {index}"
    melee = isinstance(item, dict) and item.get("format") == "melee"
    item = checked_object(item, CONCOURS_KEYS | {"players" if melee else "teams"}, where, OPTIONAL_SETTINGS_KEYS)
    concours_id = item["id"]
    if not isinstance(concours_id, str) or not GAME_ID.fullmatch(concours_id):
        raise ImportRefused(f"{where} : « id » doit faire de 4 à 32 lettres minuscules ou chiffres.")
    where = f"Concours {index} ({concours_id})"
    if not _whole(item["evening"]) or item["evening"] not in evening_ids:
        raise ImportRefused(f"{where} : « evening » doit être l'id d'une soirée du fichier.")
    try:
        entry = parse_concours({key: item[key] for key in (*SETTINGS_KEYS, *OPTIONAL_SETTINGS_KEYS) if key in item})
    except InvalidInput as error:
        raise ImportRefused(f"{where} : {error.message}") from None
    teams, players = [], []
    if melee:
        players = [_check_player(f"{where}, joueur {n}", n, player) for n, player in _numbered(item, "players", where)]
    else:
        teams = [_check_team(f"{where}, équipe {n}", n, team) for n, team in _numbered(item, "teams", where)]
    entrants: list[ArchivedTeam] | list[ArchivedPlayer] = players if melee else teams
    word = "joueur" if melee else "équipe"
    taken: set[str] = set()
    for entrant in entrants:
        if name_key(entrant.name) in taken:
            other = "un autre joueur" if melee else "une autre équipe"
            raise ImportRefused(f"{where}, {word} {entrant.number} : {other} s'appelle déjà « {entrant.name} ».")
        taken.add(name_key(entrant.name))
    known = Known({entrant.number for entrant in entrants}, word)
    check = _check_melee_round if melee else _check_round
    rounds = [check(f"{where}, partie {n}", n, r, known) for n, r in _numbered(item, "rounds", where)]
    if len(rounds) > entry.parties:
        raise ImportRefused(f"{where} : {len(rounds)} parties tirées pour un concours en {entry.parties}.")
    for round_ in rounds[:-1]:
        if round_.closed_at is None:
            raise ImportRefused(
                f"{where}, partie {round_.number} : « closed_at » manque, alors que la partie suivante est tirée."
            )
    created_at = checked_time(item["created_at"], where)
    return ArchivedConcours(concours_id, item["evening"], created_at, entry, teams, rounds, players)


def _numbered(item: dict[str, Any], key: str, where: str) -> Iterator[tuple[int, Any]]:
    return enumerate(_list(item[key], where, key), start=1)


def _in_place(item: dict[str, Any], key: str, number: int, where: str) -> None:
    """Teams, parties and tables are numbered in order from 1, as the organiser's page makes them."""
    if item[key] != number or not _whole(item[key]):
        raise ImportRefused(f"{where} : « {key} » doit valoir {number} (numérotés dans l'ordre, dès 1).")


def _check_team(where: str, number: int, item: Any) -> ArchivedTeam:
    item = checked_object(item, TEAM_KEYS, where)
    _in_place(item, "number", number, where)
    try:
        team = parse_team({"name": item["name"], "players": item["players"]}, "team")
    except InvalidInput as error:
        raise ImportRefused(f"{where} : {error.message}") from None
    if team.name is None:
        raise ImportRefused(f"{where} : « name » : l'équipe a besoin d'un nom.")
    return ArchivedTeam(
        number,
        team.name,
        team.players,
        checked_time(item["created_at"], where),
        _moment(item["withdrawn_at"], where, "withdrawn_at"),
    )


def _check_player(where: str, number: int, item: Any) -> ArchivedPlayer:
    item = checked_object(item, PLAYER_KEYS, where)
    _in_place(item, "number", number, where)
    try:
        name = parse_player({"name": item["name"]}, "player")
    except InvalidInput as error:
        raise ImportRefused(f"{where} : {error.message}") from None
    return ArchivedPlayer(
        number, name, checked_time(item["created_at"], where), _moment(item["withdrawn_at"], where, "withdrawn_at")
    )


class Known(NamedTuple):
    """The numbers a concours's parties may name, and what they number (« équipe », « joueur »)."""

    numbers: set[int]
    word: str


def _entrant(value: Any, where: str, key: str, known: Known) -> int:
    if not _whole(value) or value not in known.numbers:
        what = "aucun joueur" if known.word == "joueur" else "aucune équipe"
        raise ImportRefused(f"{where} : « {key} » : {value!r} n'est le numéro d'{what} du concours.")
    return value


def _round_head(where: str, number: int, item: Any, known: Known) -> tuple[dict[str, Any], ArchivedRound]:
    """A partie's keys, number, times and drawn order, checked; its rests and tables to follow."""
    item = checked_object(item, ROUND_KEYS, where)
    _in_place(item, "number", number, where)
    drawn = _list(item["drawn_order"], where, "drawn_order")
    order = [_entrant(value, where, "drawn_order", known) for value in drawn]
    if len(set(order)) != len(order):
        same = "le même joueur" if known.word == "joueur" else "la même équipe"
        raise ImportRefused(f"{where} : « drawn_order » nomme deux fois {same}.")
    at = checked_time(item["drawn_at"], where, "drawn_at")
    return item, ArchivedRound(number, at, _moment(item["closed_at"], where, "closed_at"), order, [])


def _seat(round_: ArchivedRound, where: str, playing: set[int]) -> None:
    """Each table's entrants added to `playing`, none twice in the partie (resting counts)."""
    for table in round_.tables:
        for entrant in table.sides[0] + table.sides[1]:
            if entrant in playing:
                who = (
                    f"le joueur {entrant} joue déjà, ou est exempt"
                    if len(table.sides[0]) == 2
                    else (f"l'équipe {entrant} joue déjà, ou est exempte")
                )
                raise ImportRefused(f"{where}, table {table.number} : {who}, dans cette partie.")
            playing.add(entrant)


def _check_round(where: str, number: int, item: Any, known: Known) -> ArchivedRound:
    item, round_ = _round_head(where, number, item, known)
    if item["rests"] is not None:
        round_.rests.append(_entrant(item["rests"], where, "rests", known))
    for table_number, table in _numbered(item, "tables", where):
        round_.tables.append(_check_table(f"{where}, table {table_number}", table_number, table, known, 1))
    _seat(round_, where, set(round_.rests))
    return round_


def _check_melee_round(where: str, number: int, item: Any, known: Known) -> ArchivedRound:
    """A mêlée's partie: besides each player once, every player of its drawn order plays or rests,
    and as many rest as the draw rests (the remainder by four)."""
    item, round_ = _round_head(where, number, item, known)
    rests = [_entrant(value, where, "rests", known) for value in _list(item["rests"], where, "rests")]
    if len(set(rests)) != len(rests):
        raise ImportRefused(f"{where} : « rests » nomme deux fois le même joueur.")
    round_.rests.extend(rests)
    for table_number, table in _numbered(item, "tables", where):
        round_.tables.append(_check_table(f"{where}, table {table_number}", table_number, table, known, 2))
    playing = set(rests)
    _seat(round_, where, playing)
    if playing != set(round_.drawn_order):
        raise ImportRefused(
            f"{where} : les joueurs des tables et les exempts ne sont pas ceux du tirage (« drawn_order »)."
        )
    if len(rests) != len(round_.drawn_order) % 4:
        raise ImportRefused(
            f"{where} : {len(rests)} exempt(s) pour {len(round_.drawn_order)} joueurs tirés"
            f" ({len(round_.drawn_order) % 4} attendu(s))."
        )
    return round_


def _check_table(where: str, number: int, item: Any, known: Known, size: int) -> ArchivedTable:
    """A table: its two sides, a team each (`size` 1) or a mêlée's two players each (`size` 2)."""
    item = checked_object(item, TABLE_KEYS, where)
    _in_place(item, "table", number, where)
    game_id = item["game"]
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise ImportRefused(f"{where} : « game » doit être l'id d'une partie du fichier.")
    teams = item["teams"]
    if not isinstance(teams, list) or len(teams) != 2:
        raise ImportRefused(f"{where} : « teams » doit donner les numéros des deux équipes de la table.")
    if size == 2 and not all(isinstance(side, list) and len(side) == 2 for side in teams):
        raise ImportRefused(f"{where} : « teams » doit donner les deux joueurs de chaque équipe, [[5, 2], [8, 1]].")
    sides = [side if size == 2 else [side] for side in teams]
    a, b = (tuple(_entrant(entrant, where, "teams", known) for entrant in side) for side in sides)
    try:
        slip = parse_slip(item["slip"])
    except InvalidInput as error:
        raise ImportRefused(f"{where} : « slip » : {error.message}") from None
    return ArchivedTable(number, game_id, (a, b), slip)


def with_tables_checked(
    games: Iterable[tuple[int, ArchivedGame]], concours_list: list[ArchivedConcours]
) -> Iterator[tuple[int, ArchivedGame]]:
    """The file's games as they stream, unchanged; once the last has passed, every concours
    table's game must have been among them, and of its concours's evening: else the file is
    refused (before anything is written: the import writes once every game is checked)."""
    named = {
        table.game: (index, concours, round_.number, table.number)
        for index, concours in enumerate(concours_list, start=1)
        for round_ in concours.rounds
        for table in round_.tables
    }
    evenings: dict[str, int] = {}
    for index, game in games:
        if game.game.id in named:
            evenings[game.game.id] = game.evening
        yield index, game
    for game_id, (index, concours, round_number, table_number) in named.items():
        where = f"Concours {index} ({concours.id}), partie {round_number}, table {table_number}"
        if game_id not in evenings:
            raise ImportRefused(f"{where} : la partie « {game_id} » n'est pas dans le fichier.")
        if evenings[game_id] != concours.evening:
            raise ImportRefused(f"{where} : la partie « {game_id} » n'est pas de la soirée du concours.")
