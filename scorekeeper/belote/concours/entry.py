"""A new concours and its teams from their JSON form (docs/concours.md), checked field by field
and refused in French: the organiser's settings, kept as entered; the draws and the ranking are
derived from them and from the tables' games."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from scorekeeper.belote.concours.standings import Bye, ByeFixed
from scorekeeper.belote.concours.tiebreaks import Tiebreaks, parse_tiebreaks
from scorekeeper.belote.ending import End, parse_end
from scorekeeper.belote.errors import InvalidInput
from scorekeeper.belote.evenings import parse_evening_id
from scorekeeper.belote.game import Rules
from scorekeeper.belote.game_input import parse_rules
from scorekeeper.belote.names import MAX_NAME_LENGTH, parse_name

CONCOURS_KEYS = frozenset(
    {
        "name",
        "evening",
        "parties",
        "end",
        "time_limit",
        "rules",
        "ranking",
        "pairing",
        "bye",
        "tiebreaks",
        "format",
        "teams",
        "players",
    }
)
MAX_PARTIES = 12
MAX_TIME_LIMIT = 600  # minutes: a partie of ten hours is a typing slip
MAX_TEAMS = 256
MAX_PLAYERS = 256  # a mêlée's: 64 tables
MAX_BYE_POINTS = 10_000
RANKINGS = {"points": "aux points", "wins": "aux victoires"}
PAIRINGS = {"ranking": "selon le classement", "random": "au hasard"}
FORMATS = {"teams": "par équipes", "melee": "à la mêlée"}


@dataclass(frozen=True)
class TeamInput:
    name: str | None  # None: "Équipe N", by its number
    players: tuple[str, str]


@dataclass(frozen=True)
class ConcoursInput:
    name: str
    evening: int | None
    parties: int
    end: End
    time_limit: int | None
    rules: Rules
    ranking: str
    pairing: str
    bye: Bye
    teams: tuple[TeamInput, ...]
    tiebreaks: Tiebreaks | None = None  # the organiser's order after the first criterion; None: the usual
    format: str = "teams"  # or "melee": players register alone (`players`), and `teams` is empty
    players: tuple[str, ...] = ()  # a mêlée's players' names, in registration order


def _count(value: Any, field: str, low: int, high: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidInput(field, f"« {field} » doit être {what}, de {low} à {high}.")
    return value


def _choice(value: Any, field: str, choices: dict[str, str]) -> str:
    if value not in choices:
        raise InvalidInput(field, f"« {field} » doit valoir " + " ou ".join(f"« {key} »" for key in choices) + ".")
    return value


def parse_bye(value: Any) -> Bye:
    if value == "average":
        return "average"
    if not isinstance(value, dict) or set(value) != {"points", "conceded"}:
        raise InvalidInput("bye", '« bye » doit valoir « average » ou {"points": X, "conceded": Y}.')
    return ByeFixed(
        points=_count(value["points"], "bye.points", 0, MAX_BYE_POINTS, "un nombre de points"),
        conceded=_count(value["conceded"], "bye.conceded", 0, MAX_BYE_POINTS, "un nombre de points"),
    )


def parse_team(body: Any, field: str = "team") -> TeamInput:
    """A team as `POST …/teams` takes it: `{"name"?, "players": [p1, p2]}`."""
    if not isinstance(body, dict):
        raise InvalidInput(field, f'« {field} » doit être un objet {{"name": nom, "players": [joueur, joueur]}}.')
    unknown = sorted(set(body) - {"name", "players"})
    if unknown:
        raise InvalidInput(f"{field}.{unknown[0]}", f"« {field} » : clé inconnue « {unknown[0]} ».")
    players = body.get("players", [None, None])
    if not isinstance(players, list) or len(players) != 2:
        raise InvalidInput(f"{field}.players", f"« {field}.players » doit donner les deux joueurs de l'équipe.")
    name = body.get("name")
    return TeamInput(
        name=parse_name(name, f"{field}.name", "") or None,
        players=(
            parse_name(players[0], f"{field}.players.0", "Joueur 1"),
            parse_name(players[1], f"{field}.players.1", "Joueur 2"),
        ),
    )


def _pairing(body: dict[str, Any], format: str) -> str:
    """A mêlée is always drawn in a new random order ("The mêlée": a table of the four best would
    only pit them against each other), so its pairing is "random", and "ranking" is refused."""
    if format != "melee":
        return _choice(body.get("pairing", "ranking"), "pairing", PAIRINGS)
    if body.get("pairing", "random") != "random":
        raise InvalidInput("pairing", "« pairing » : une mêlée se tire toujours au hasard (« random »).")
    return "random"


def parse_concours(body: Any) -> ConcoursInput:
    if not isinstance(body, dict):
        raise InvalidInput("body", "Le corps de la requête doit être un objet JSON.")
    unknown = sorted(set(body) - CONCOURS_KEYS)
    if unknown:
        raise InvalidInput(unknown[0], f"Clé inconnue : « {unknown[0]} ».")
    name = parse_name(body.get("name"), "name", "")
    if not name:
        raise InvalidInput("name", "« name » : le concours a besoin d'un nom.")
    time_limit = body.get("time_limit")
    if time_limit is not None:
        time_limit = _count(time_limit, "time_limit", 1, MAX_TIME_LIMIT, "une durée en minutes")
    format = _choice(body.get("format", "teams"), "format", FORMATS)
    if format == "melee" and "teams" in body:
        raise InvalidInput(
            "teams", "« teams » : une mêlée n'a pas d'équipes, ses joueurs s'inscrivent seuls (« players »)."
        )
    if format == "teams" and "players" in body:
        raise InvalidInput(
            "players",
            "« players » : seule une mêlée (« format »: « melee ») inscrit des joueurs seuls ; ici, des équipes.",
        )
    teams = body.get("teams", [])
    if not isinstance(teams, list) or len(teams) > MAX_TEAMS:
        raise InvalidInput("teams", f"« teams » doit être une liste d'équipes ({MAX_TEAMS} au plus).")
    players = body.get("players", [])
    if not isinstance(players, list) or len(players) > MAX_PLAYERS:
        raise InvalidInput("players", f"« players » doit être une liste de joueurs ({MAX_PLAYERS} au plus).")
    ranking = _choice(body.get("ranking", "points"), "ranking", RANKINGS)
    return ConcoursInput(
        name=name,
        evening=parse_evening_id(body.get("evening")),
        parties=_count(body.get("parties"), "parties", 1, MAX_PARTIES, "un nombre de parties"),
        end=parse_end({"end": body.get("end", {"points": 2000})}),
        time_limit=time_limit,
        rules=parse_rules(body.get("rules", {})),
        ranking=ranking,
        pairing=_pairing(body, format),
        bye=parse_bye(body.get("bye", "average")),
        teams=tuple(parse_team(team, f"teams.{index}") for index, team in enumerate(teams)),
        tiebreaks=parse_tiebreaks(body.get("tiebreaks"), ranking),
        format=format,
        players=tuple(parse_player(player, f"players.{index}") for index, player in enumerate(players)),
    )


def parse_player(body: Any, field: str = "player") -> str:
    """A mêlée's player as `POST …/players` takes it, `{"name": nom}`: their name, tidied and
    limited as a team's players' names are, and required (it is how they find their table)."""
    if not isinstance(body, dict) or set(body) != {"name"}:
        raise InvalidInput(field, f'« {field} » doit être un objet {{"name": nom}}.')
    name = parse_name(body["name"], f"{field}.name", "")
    if not name:
        raise InvalidInput(f"{field}.name", f"« {field}.name » : le joueur a besoin d'un nom.")
    return name


def typed_lines(text: str) -> list[tuple[str, str]]:
    """The lines of a list typed in a form that hold something, each with how a refusal names it
    (« ligne 3 », counted as the organiser sees them, blank lines too): a page names a line, not
    the API's field."""
    return [(f"ligne {number}", line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]


def parse_player_lines(text: str, field: str = "players") -> list[str]:
    """The organiser's list of a mêlée's players, one name a line (blank lines skipped); a refusal
    names the line, and its `field` is the list's."""
    lines = typed_lines(text)
    if not lines:
        raise InvalidInput(field, "Écrivez au moins un joueur, un nom par ligne.")
    if len(lines) > MAX_PLAYERS:
        raise InvalidInput(field, f"{MAX_PLAYERS} joueurs au plus.")
    names = []
    for where, line in lines:
        try:
            names.append(parse_name(line, where, ""))
        except InvalidInput as error:
            raise InvalidInput(field, error.message) from error
    return names


def parse_slip(body: Any, limit: int = MAX_BYE_POINTS) -> dict[str, int] | None:
    """A table's totals from its paper slip, `{"A": 1030, "B": 720}`, or null to take them back."""
    if body is None:
        return None
    if not isinstance(body, dict) or set(body) != {"A", "B"}:
        raise InvalidInput("totals", '« totals » doit valoir {"A": points, "B": points} ou null.')
    return {team: _count(body[team], f"totals.{team}", 0, limit, "un nombre de points") for team in ("A", "B")}


# « Les As : Ana, Alain », « Ana et Alain », « Ana, Alain », « Les As: Ana / Alain »
_PLAYERS_SPLIT = re.compile(r"\s*(?:,|/|;|&|\s\+\s|\set\s)\s*")


def parse_team_line(line: str, field: str = "teams", where: str = "ligne 1") -> TeamInput:
    """One line of the organiser's list: « Les As : Ana, Alain » (a name, a colon, the two players
    joined by a comma, « et », « / », « & » or « + »), or the two players alone. A name refused is
    named by the line's place, `where` (« ligne 2, joueur 1 » : …), the error's `field` the list's."""
    name, _, players_text = line.rpartition(":")
    players = [part for part in _PLAYERS_SPLIT.split(players_text.strip()) if part]
    if len(players) != 2:
        raise InvalidInput(
            field, f"« {line.strip()[: MAX_NAME_LENGTH * 2]} » : écrivez une équipe par ligne, « Les As : Ana, Alain »."
        )
    try:
        return TeamInput(
            name=parse_name(name.strip(), f"{where}, nom de l'équipe", "") or None,
            players=(
                parse_name(players[0], f"{where}, joueur 1", ""),
                parse_name(players[1], f"{where}, joueur 2", ""),
            ),
        )
    except InvalidInput as error:
        raise InvalidInput(field, error.message) from error


def parse_team_lines(text: str, field: str = "teams") -> list[TeamInput]:
    """The organiser's list, one team a line (blank lines skipped), or a pasted list."""
    lines = typed_lines(text)
    if not lines:
        raise InvalidInput(field, "Écrivez au moins une équipe, « Les As : Ana, Alain ».")
    if len(lines) > MAX_TEAMS:
        raise InvalidInput(field, f"{MAX_TEAMS} équipes au plus.")
    return [parse_team_line(line, field, where) for where, line in lines]
