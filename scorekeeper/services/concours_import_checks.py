"""The concours of an archive file checked before anything is written (docs/concours.md, "In the
archive"): each one's settings by the parser of the API (`parse_concours`), its teams numbered in
registration order, its parties and tables naming only its teams, each game at one table only;
then, as the games stream by, that every table's game is one of the file's, of the concours's
evening. Each refusal in French, naming where in the file it is, as `import_checks` does.

The concours are small (a few hundred teams and tables at most) and read whole with the file's
outline; the games stream, and only the ids the tables name are kept while they pass."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from scorekeeper.belote.concours.entry import parse_concours, parse_slip, parse_team
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.names import name_key
from scorekeeper.services.concours_export import ArchivedConcours, ArchivedRound, ArchivedTable, ArchivedTeam
from scorekeeper.services.export import ArchivedGame
from scorekeeper.services.import_checks import GAME_ID, ImportRefused, checked_object, checked_time

SETTINGS_KEYS = {"name", "parties", "end", "time_limit", "rules", "ranking", "pairing", "bye"}
CONCOURS_KEYS = {"id", "evening", "created_at", "teams", "rounds", *SETTINGS_KEYS}
OPTIONAL_SETTINGS_KEYS = {"tiebreaks"}  # written only when the organiser chose them
TEAM_KEYS = {"number", "name", "players", "created_at", "withdrawn_at"}
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
    item = checked_object(item, CONCOURS_KEYS, where, OPTIONAL_SETTINGS_KEYS)
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
    teams = [_check_team(f"{where}, équipe {number}", number, team) for number, team in _numbered(item, "teams", where)]
    taken: set[str] = set()
    for team in teams:
        if name_key(team.name) in taken:
            raise ImportRefused(f"{where}, équipe {team.number} : une autre équipe s'appelle déjà « {team.name} ».")
        taken.add(name_key(team.name))
    known = {team.number for team in teams}
    rounds = [_check_round(f"{where}, partie {n}", n, r, known) for n, r in _numbered(item, "rounds", where)]
    if len(rounds) > entry.parties:
        raise ImportRefused(f"{where} : {len(rounds)} parties tirées pour un concours en {entry.parties}.")
    for round_ in rounds[:-1]:
        if round_.closed_at is None:
            raise ImportRefused(
                f"{where}, partie {round_.number} : « closed_at » manque, alors que la partie suivante est tirée."
            )
    return ArchivedConcours(concours_id, item["evening"], checked_time(item["created_at"], where), entry, teams, rounds)


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


def _team(value: Any, where: str, key: str, known: set[int]) -> int:
    if not _whole(value) or value not in known:
        raise ImportRefused(f"{where} : « {key} » : {value!r} n'est le numéro d'aucune équipe du concours.")
    return value


def _check_round(where: str, number: int, item: Any, known: set[int]) -> ArchivedRound:
    item = checked_object(item, ROUND_KEYS, where)
    _in_place(item, "number", number, where)
    order = [_team(value, where, "drawn_order", known) for value in _list(item["drawn_order"], where, "drawn_order")]
    if len(set(order)) != len(order):
        raise ImportRefused(f"{where} : « drawn_order » nomme deux fois la même équipe.")
    rests = None if item["rests"] is None else _team(item["rests"], where, "rests", known)
    round_ = ArchivedRound(
        number,
        checked_time(item["drawn_at"], where, "drawn_at"),
        _moment(item["closed_at"], where, "closed_at"),
        order,
        rests,
    )
    playing = {rests} if rests is not None else set()
    for table_number, table in _numbered(item, "tables", where):
        table_where = f"{where}, table {table_number}"
        table = _check_table(table_where, table_number, table, known)
        for team in (table.a, table.b):
            if team in playing:
                raise ImportRefused(f"{table_where} : l'équipe {team} joue déjà, ou est exempte, dans cette partie.")
            playing.add(team)
        round_.tables.append(table)
    return round_


def _check_table(where: str, number: int, item: Any, known: set[int]) -> ArchivedTable:
    item = checked_object(item, TABLE_KEYS, where)
    _in_place(item, "table", number, where)
    game_id = item["game"]
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise ImportRefused(f"{where} : « game » doit être l'id d'une partie du fichier.")
    teams = item["teams"]
    if not isinstance(teams, list) or len(teams) != 2:
        raise ImportRefused(f"{where} : « teams » doit donner les numéros des deux équipes de la table.")
    a, b = (_team(team, where, "teams", known) for team in teams)
    try:
        slip = parse_slip(item["slip"])
    except InvalidInput as error:
        raise ImportRefused(f"{where} : « slip » : {error.message}") from None
    return ArchivedTable(number, game_id, a, b, slip)


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
