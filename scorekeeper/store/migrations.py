"""The schema, as an append-only list of migrations: add a new function at the end, never edit an
old one. sqlite-utils applies them in the order they are registered, which is their order here.

Each migration is frozen in time: it uses SQL and sqlite-utils only, and imports nothing of the
app, so that upgrading an old database runs exactly what ran on the day each was written. What is
computed from the stored inputs (the derived tables' rows) is computed after the migrations, by
today's code (`store.migrate`).
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

import sqlite_utils

migrations = sqlite_utils.Migrations("scorekeeper")


@migrations()
def m001_app_info(db: sqlite_utils.Database) -> None:
    # The scoring service stores nothing; this first table only records which rules version
    # the database was created under, so that later migrations have a starting point to build on.
    db["app_info"].create({"key": str, "value": str}, pk="key")
    db["app_info"].insert({"key": "created_with", "value": "scorekeeper 0.1.0"})


@migrations()
def m002_games_and_deals(db: sqlite_utils.Database) -> None:
    # A game keeps the rules it was played with; a deal keeps what the table entered (its JSON
    # input), never a score: totals are derived, so a game always recomputes the same way.
    db["games"].create(
        {
            "id": str,
            "team_a": str,
            "team_b": str,
            "player_0": str,
            "player_1": str,
            "player_2": str,
            "player_3": str,
            "first_dealer": int,
            "target": int,
            "rounding": str,
            "misere": int,
            "carre_de_sept": int,
            "created_at": str,
        },
        pk="id",
        not_null={"team_a", "team_b", "first_dealer", "target", "rounding", "created_at"},
    )
    db["deals"].create(
        {
            "id": int,
            "game_id": str,
            "kind": str,  # "hand" or "redeal"
            "input": str,  # JSON, as the API takes it
            "version": int,
            "deleted_at": str,  # a deleted deal is kept, hidden, so that undo can bring it back
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "kind", "input", "version", "created_at", "updated_at"},
    )
    db["deals"].create_index(["game_id", "id"])
    db["actions"].create(
        {
            "id": int,
            "game_id": str,
            "deal_id": int,
            "action": str,  # "record", "edit" or "delete"
            "previous_input": str,  # an edit's replaced input, for undo
            "undone_at": str,
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id"), ("deal_id", "deals", "id")],
        not_null={"game_id", "deal_id", "action", "created_at"},
    )
    db["actions"].create_index(["game_id", "id"])
    db["idempotency_keys"].create(
        {"game_id": str, "key": str, "status": int, "response": str, "created_at": str},
        pk=("game_id", "key"),
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m003_evenings_and_archive(db: sqlite_utils.Database) -> None:
    # Evenings are input, like deals: a date (ISO), an optional place and note. Every game belongs
    # to one; the games already played join the evening of the day they were created, in local
    # time, an evening lasting until 6 in the morning.

    db["evenings"].create(
        {"id": int, "date": str, "place": str, "note": str, "created_at": str},
        pk="id",
        not_null={"date", "place", "note", "created_at"},
        defaults={"place": "", "note": ""},
    )
    db["evenings"].create_index(["date", "id"])
    db.execute("alter table games add column evening_id integer references evenings(id)")
    by_date: dict[str, int] = {}
    for game in list(db.query("select id, created_at from games order by created_at, id")):
        moment = datetime.fromisoformat(game["created_at"]).astimezone()
        day = (moment - timedelta(hours=6)).date().isoformat()
        if day not in by_date:
            evening = {"date": day, "place": "", "note": "", "created_at": datetime.now(UTC).isoformat()}
            by_date[day] = db["evenings"].insert(evening).last_pk
        db.execute("update games set evening_id = ? where id = ?", [by_date[day], game["id"]])
    db["games"].create_index(["evening_id", "created_at"])

    # The derived tables: caches of each game's sheet, rebuilt from the inputs on every write, so
    # that the archive's pages read indexed rows. Created empty: `migrate` fills them.
    common = {"game_id": str, "evening_id": int, "played_at": str}
    figures = dict.fromkeys(
        (
            "taken",
            "made",
            "coinche_def",
            "coinche_def_won",
            "coinche_took",
            "coinche_took_made",
            "capot_taken",
            "capot_made",
            "capot_unannounced",
            "generale_taken",
            "generale_made",
        ),
        int,
    )
    db["game_summaries"].create(
        {
            **common,
            "total_a": int,
            "total_b": int,
            "winner": str,
            "finished": int,
            "deal_count": int,
            "hand_count": int,
            "last_activity": str,
        },
        pk="game_id",
    )
    db["game_summaries"].create_index(["evening_id", "played_at"])
    db["game_summaries"].create_index(["finished", "last_activity"])
    db["game_players"].create(
        {
            **common,
            "seat": int,
            "team": str,
            "name": str,
            "name_key": str,
            "partner_key": str,
            "finished": int,
            "won": int,
            "hands": int,
            "points": int,
            **figures,
        },
        pk=("game_id", "seat"),
    )
    db["game_players"].create_index(["name_key", "played_at"])
    db["game_teams"].create(
        {
            **common,
            "team": str,
            "name": str,
            "players": str,
            "pair_key": str,
            "finished": int,
            "won": int,
            "hands": int,
            "points": int,
            **figures,
        },
        pk=("game_id", "team"),
    )
    db["game_teams"].create_index(["pair_key", "played_at"])
    db["deal_facts"].create(
        {
            **common,
            "number": int,
            "kind": str,
            "dealer": int,
            "taker": str,
            "taker_player": int,
            "taker_key": str,
            "contract": str,
            "contract_value": int,
            "mode": str,
            "coinche": str,
            "made": int,
            "all_tricks": int,
            "reason": str,
            "score_a": int,
            "score_b": int,
            "total_a": int,
            "total_b": int,
        },
        pk=("game_id", "number"),
    )
    db["deal_facts"].create_index(["taker_key", "mode", "contract_value", "made"])
    db["deal_facts"].create_index(["taker_key", "played_at"])


@migrations()
def m004_login_attempts(db: sqlite_utils.Database) -> None:
    # Wrong table passwords, per address, for the login rate limit (scorekeeper/access.py): kept
    # in the database so that the limit holds across gunicorn's workers; old rows are pruned.
    db["login_attempts"].create({"id": int, "address": str, "attempted_at": float}, pk="id", not_null={"address"})
    db["login_attempts"].create_index(["address", "attempted_at"])


@migrations()
def m005_game_sheets(db: sqlite_utils.Database) -> None:
    # Each game's sheet as the API answered it (its JSON text) and the revision it was of, written
    # with every write to the game; `made_by` named the code that wrote it. Dropped by m006.
    db["game_sheets"].create(
        {"game_id": str, "revision": int, "made_by": str, "body": str},
        pk="game_id",
        not_null={"revision", "made_by", "body"},
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m006_drop_game_sheets(db: sqlite_utils.Database) -> None:
    # A sheet is built from its deals again on every read (each deal's score is remembered per
    # process): the stored text, patched on every write and guarded by fingerprints of the code,
    # cost more than the half millisecond it saved.
    db["game_sheets"].drop(ignore=True)


@migrations()
def m007_idempotency_request(db: sqlite_utils.Database) -> None:
    # With each idempotency key, a fingerprint of the request that used it (the sha256 of its
    # method, path and canonical JSON body): the same key sent with another request is refused
    # rather than answered with the first one's answer. Keys stored before have none (NULL): they
    # are replayed as before, whatever comes with them.
    db["idempotency_keys"].add_column("fingerprint", str)


@migrations()
def m008_ended_sessions(db: sqlite_utils.Database) -> None:
    # The phones' sessions that left with "Sortir" (scorekeeper/web/access.py), each by the random
    # id its signed cookie carries, until the hour it would have expired anyway: a copy of the
    # cookie taken before no longer writes. In the database, so that every worker knows; old rows
    # are pruned. (Appended after m008, which another change added first.)
    db["ended_sessions"].create({"id": str, "until": float}, pk="id", not_null={"until"})
    db["ended_sessions"].create_index(["until"])


@migrations()
def m009_house_rules(db: sqlite_utils.Database) -> None:
    # A game's house rules (docs/house-rules.md), one column each, as the JSON's values. Every game stored
    # before takes the defaults: docs/scoring.md, as it was scored.
    games = db["games"]
    for column, default in (
        ("coinche_scope", "contract"),
        ("coinche_all_or_nothing", 0),
        ("announced_capot", "bonus"),
        ("unannounced_capot", "bonus"),
        ("belote_to", "holder"),
        ("scoring", "points_faits"),
    ):
        games.add_column(column, int if isinstance(default, int) else str, not_null_default=default)


# m010: an undo's answer ("message") named the action it took back and its deal's number, in these
# three sentences, as `services.games` wrote them from the first day to this one.
M010_UNDO_MESSAGES = {
    "record": re.compile(r"Donne (\d+) retirée\."),
    "edit": re.compile(r"Modification de la donne (\d+) annulée\."),
    "delete": re.compile(r"Donne (\d+) rétablie\."),
}


@migrations()
def m010_idempotency_outcomes(db: sqlite_utils.Database) -> None:
    # An idempotency key no longer keeps the whole answer (the sheet's JSON: 150 KB for a 40-deal
    # game's keys, kept forever), but what its retry's answer is built again from, with the game as
    # stored: the status it has, and for an undo the action it took back and that deal's number
    # (its message). Keys older than a day are deleted by the next keyed write: indexed by time.
    # The rematch of a finished game, kept until now as a key on it ("rematch" and a line break,
    # its answer the new game's id), is a link between two games, not a retry: a table of its own.
    db["rematches"].create(
        {"game_id": str, "rematch_id": str},
        pk="game_id",
        not_null={"rematch_id"},
        foreign_keys=[("game_id", "games", "id"), ("rematch_id", "games", "id")],
    )
    db.execute(
        "insert into rematches (game_id, rematch_id) select game_id, response from idempotency_keys"
        " where key = ? and response in (select id from games)",
        ["rematch\n"],
    )
    db.execute("delete from idempotency_keys where key = ?", ["rematch\n"])
    keys = db["idempotency_keys"]
    keys.add_column("undone", str)
    keys.add_column("number", int)
    # Every key stored before still replays: a record's, an edit's or a delete's answer is the
    # sheet; an undo's, the sheet and its message, rebuilt from the two columns read here.
    for row in list(db.query("select game_id, key, response from idempotency_keys")):
        try:
            message = json.loads(row["response"]).get("message")
        except (ValueError, TypeError, AttributeError):
            continue
        for undone, pattern in M010_UNDO_MESSAGES.items():
            found = pattern.fullmatch(message) if isinstance(message, str) else None
            if found:
                db.execute(
                    "update idempotency_keys set undone = ?, number = ? where game_id = ? and key = ?",
                    [undone, int(found.group(1)), row["game_id"], row["key"]],
                )
    keys.transform(drop={"response"})
    keys.create_index(["created_at"])


@migrations()
def m011_action_groups(db: sqlite_utils.Database) -> None:
    # A correction that would leave a game won before its last deal may be applied with the removal
    # of the deals after the win, in one action that one undo takes back (docs/api.md): each of
    # those actions names the group's head (the edit or the delete), which names itself. NULL: an
    # action of its own, as every action stored before.
    db["actions"].add_column("group_id", int)
    db["actions"].create_index(["group_id"])


@migrations()
def m012_import_writes(db: sqlite_utils.Database) -> None:
    # An import writes a few hundred games per transaction, so that the tables' saves never wait
    # long: until its last one commits, what it wrote is listed here under its id (a game, or an
    # evening it added), so that an import stopped half-way (the machine stopped, the disk filled)
    # can be taken back whole (store/imports.py's `undo_writes`).
    db["import_writes"].create({"import_id": str, "game_id": str, "evening_id": int}, not_null={"import_id"})
    db["import_writes"].create_index(["import_id"])


@migrations()
def m013_game_end(db: sqlite_utils.Database) -> None:
    # A game's end (CONCOURS.md): in points, as every game stored before (its `target`), or in M
    # scored hands (`end_deals`, NULL for a game in points). A game in deals keeps `target`
    # NOT NULL as 0, "no target": it never decides a game in deals. `stopped_at`: when an organiser
    # stopped the game at its totals (a concours's partie closed), NULL while it plays by its end.
    games = db["games"]
    games.add_column("end_deals", int)
    games.add_column("stopped_at", str)
    # A stop and its resume are actions (the sheet's revision counts them, so that the phones see
    # them), of the game and no deal: `deal_id` may be NULL.
    db["actions"].transform(not_null={"deal_id": False})
    # A drawn game (equal totals at its end), neither won nor lost: per player and per team. The
    # rows are rebuilt after the migrations (today's code computes them), so 0 is only a start.
    for table in ("game_players", "game_teams"):
        db[table].add_column("drawn", int, not_null_default=0)


@migrations()
def m014_concours(db: sqlite_utils.Database) -> None:
    # A club's concours (docs/concours.md): the organiser's settings as entered (`end_points` or
    # `end_deals`; `rules` the games' rules object as JSON; a fixed bye's figures, or both NULL for
    # the winners' and losers' means), its teams in registration order, each partie's draw (the
    # order drawn, JSON; the team resting; `closed_at` once the organiser or the next draw closed
    # it) and the ordinary game each table plays, with the totals the organiser typed from its
    # paper slip when the table played without a phone (`slip_a`, `slip_b`: NULL otherwise).
    db["concours"].create(
        {
            "id": str,
            "name": str,
            "evening_id": int,
            "parties": int,
            "end_points": int,
            "end_deals": int,
            "time_limit": int,
            "rules": str,
            "ranking": str,
            "pairing": str,
            "bye_points": int,
            "bye_conceded": int,
            "created_at": str,
        },
        pk="id",
        not_null={"name", "evening_id", "parties", "rules", "ranking", "pairing", "created_at"},
        foreign_keys=[("evening_id", "evenings", "id")],
    )
    db["concours"].create_index(["evening_id"])
    db["concours_teams"].create(
        {
            "concours_id": str,
            "number": int,
            "name": str,
            "player_0": str,
            "player_1": str,
            "withdrawn_at": str,
            "created_at": str,
        },
        pk=("concours_id", "number"),
        not_null={"name", "player_0", "player_1", "created_at"},
        foreign_keys=[("concours_id", "concours", "id")],
    )
    db["concours_rounds"].create(
        {"concours_id": str, "number": int, "drawn_at": str, "closed_at": str, "drawn_order": str, "rest": int},
        pk=("concours_id", "number"),
        not_null={"drawn_at", "drawn_order"},
        foreign_keys=[("concours_id", "concours", "id")],
    )
    db["concours_tables"].create(
        {
            "game_id": str,
            "concours_id": str,
            "round": int,
            "number": int,
            "team_a": int,
            "team_b": int,
            "slip_a": int,
            "slip_b": int,
        },
        pk="game_id",
        not_null={"concours_id", "round", "number", "team_a", "team_b"},
        foreign_keys=[("game_id", "games", "id"), ("concours_id", "concours", "id")],
    )
    db["concours_tables"].create_index(["concours_id", "round", "number"], unique=True)


@migrations()
def m015_drop_import_writes(db: sqlite_utils.Database) -> None:
    # An import now writes in one transaction, which SQLite takes back whole if it stops: the list
    # of what an unfinished import wrote goes, and the imports' markers in app_info with it. An
    # import that stopped half-way under the old code and was never taken back (no server start
    # since) is taken back here first, as that code did: its games with every row hanging off them,
    # then the evenings it added that no game uses.
    games = "select game_id from import_writes where game_id is not null"
    for table in (
        "deal_facts",
        "game_players",
        "game_teams",
        "game_summaries",
        "idempotency_keys",
        "actions",
        "deals",
        "concours_tables",
    ):
        db.execute(f"delete from {table} where game_id in ({games})")
    db.execute(f"delete from rematches where game_id in ({games}) or rematch_id in ({games})")
    db.execute(f"delete from games where id in ({games})")
    db.execute(
        "delete from evenings where id in (select evening_id from import_writes)"
        " and not exists (select 1 from games where games.evening_id = evenings.id)"
    )
    db.execute("delete from app_info where key like 'import %'")
    db["import_writes"].drop()


@migrations()
def m016_archive_revision(db: sqlite_utils.Database) -> None:
    # The archive's revision (`archive_revision` in app_info): a new random word at every write of a
    # game's summary, the one derived row each write of a game replaces (a deal recorded, corrected,
    # deleted or brought back, a game created, stopped, imported or deleted, every game rebuilt), by
    # triggers, in the write's own transaction. The statistics pages' ETag names it, so that an
    # unchanged archive answers a phone's revisit without reading a figure. Random, not a count: a
    # database restored from a backup never takes up a number a phone's copy already names. A later
    # migration that re-creates game_summaries drops these triggers: it creates them again
    # (tests/test_stats_cheap.py fails without them).
    db.execute("insert into app_info (key, value) values ('archive_revision', lower(hex(randomblob(8))))")
    for event in ("insert", "update", "delete"):
        db.execute(
            f"create trigger game_summaries_{event}_moves_archive_revision after {event} on game_summaries begin "
            "update app_info set value = lower(hex(randomblob(8))) where key = 'archive_revision'; end"
        )
    # The statistics' overviews group every game's rows of its players (of its teams) and sum a few
    # columns: an index that holds those columns is read in order, never the table.
    for table, key, name in (("game_players", "name_key", "name"), ("game_teams", "pair_key", "players")):
        db[table].create_index(
            [key, "played_at", name, "finished", "won", "taken", "made"], index_name=f"{table}_overview"
        )
        db.execute(f"drop index idx_{table}_{key}_played_at")  # the overview's index begins with these two


@migrations()
def m017_creation_keys(db: sqlite_utils.Database) -> None:
    # The idempotency keys of the writes that create something (a game, a concours, a team, a
    # partie's draw): there is no game yet to file them under, as idempotency_keys files a game's
    # writes' keys, so they have a table of their own. A key, its request's fingerprint, and what
    # the write made (the game's or the concours's id, the team's or the partie's number), which a
    # retry is answered with as it stands; kept a day, as a game's keys.
    db["creation_keys"].create(
        {"key": str, "fingerprint": str, "made": str, "created_at": str},
        pk="key",
        not_null={"fingerprint", "made", "created_at"},
    )
    db["creation_keys"].create_index(["created_at"])


@migrations()
def m018_concours_tiebreaks(db: sqlite_utils.Database) -> None:
    # The organiser's own order of the ranking's tie-breaks (docs/concours.md, "Tie-breaks"), as
    # entered: a JSON list of criteria after the first one (["difference", "head_to_head"]), or
    # NULL for the ranking's usual order (every concours made before this had that).
    db["concours"].add_column("tiebreaks", str)


@migrations()
def m019_melee(db: sqlite_utils.Database) -> None:
    # The mêlée (docs/concours.md, "The mêlée"): players register alone and get a new partner each
    # partie. A concours's `format` ("teams", as every concours made before this, or "melee"); its
    # players in registration order, as its teams are (a name, when withdrawn); a partie's resting
    # players as a JSON list (`rests`: up to three rest where a team concours rests one team, in
    # `rest`); and each table's four players by seat, A1 B1 A2 B2 as the game seats them (A1 and
    # A2 are team A). The players are columns, not JSON, so a player's tables are a query away;
    # a mêlée's table has no teams of the concours, so `team_a` and `team_b` may now be NULL.
    db["concours"].add_column("format", str, not_null_default="teams")
    db["concours_players"].create(
        {"concours_id": str, "number": int, "name": str, "withdrawn_at": str, "created_at": str},
        pk=("concours_id", "number"),
        not_null={"name", "created_at"},
        foreign_keys=[("concours_id", "concours", "id")],
    )
    db["concours_rounds"].add_column("rests", str)
    tables = db["concours_tables"]
    for seat in ("player_a1", "player_b1", "player_a2", "player_b2"):
        tables.add_column(seat, int)
    # (the transform rebuilds the table with its keys and its unique index: tests/test_melee_migration.py)
    tables.transform(not_null={"team_a": False, "team_b": False})


@migrations()
def m020_share_links(db: sqlite_utils.Database) -> None:
    # The read-only links of « Partager » (docs/sharing.md): an unguessable token, what it opens (a
    # game's sheet or a concours's ranking, by kind and id: no foreign key, so that deleting a game
    # never has to know of its links; a link to a game no longer there opens nothing), when it was
    # made, when it expires, and when someone ended it sooner (NULL while it lasts). UTC ISO stamps.
    db["share_links"].create(
        {"token": str, "kind": str, "target_id": str, "created_at": str, "expires_at": str, "ended_at": str},
        pk="token",
        not_null={"kind", "target_id", "created_at", "expires_at"},
    )
    db["share_links"].create_index(["kind", "target_id"])


@migrations()
def m021_who_coinched(db: sqlite_utils.Database) -> None:
    # Who said « coinche » and who answered « surcoinche » (docs/bidding.md) are the deal's input,
    # as the table entered it (optional keys of its JSON: nothing to migrate there). The deals' facts
    # gain them, by seat, with the takers' and the defense's totals a numeric
    # contract is judged on (card points, melds and belote): the bidding figures read those. A
    # derived table changed is dropped and created again; `migrate` then rebuilds its rows.
    db["deal_facts"].drop(ignore=True)
    db["deal_facts"].create(
        {
            "game_id": str,
            "evening_id": int,
            "played_at": str,
            "number": int,
            "kind": str,
            "dealer": int,
            "taker": str,
            "taker_player": int,
            "taker_key": str,
            "contract": str,
            "contract_value": int,
            "mode": str,
            "coinche": str,
            "made": int,
            "all_tricks": int,
            "reason": str,
            "score_a": int,
            "score_b": int,
            "total_a": int,
            "total_b": int,
            "taker_total": int,
            "defense_total": int,
            "coinched_by": int,
            "surcoinched_by": int,
        },
        pk=("game_id", "number"),
    )
    db["deal_facts"].create_index(["taker_key", "mode", "contract_value", "made"])
    db["deal_facts"].create_index(["taker_key", "played_at"])


@migrations()
def m022_chances_revision(db: sqlite_utils.Database) -> None:
    # The chances' revision (`chances_revision` in app_info, docs/chances.md): a new random word each
    # time a finished game's derived rows are written or deleted, that is when the club's deals may
    # have changed (a game finished, a finished game corrected, undone, stopped, deleted or
    # imported, every game rebuilt), and never for a hand recorded in a game still being played.
    # The chances' tables are kept while it stays the same: a write of an unfinished game costs them
    # this one row's read. Random, not a count, as the archive's revision (m016). A game's summary
    # is written with « insert or replace », whose replaced row fires no delete trigger: the insert
    # trigger looks at the row it replaces itself, so that a finished game a correction leaves
    # unfinished moves it too. A later migration that re-creates game_summaries creates them again
    # (tests/test_chances.py fails without them).
    db.execute("insert into app_info (key, value) values ('chances_revision', lower(hex(randomblob(8))))")
    move = "begin update app_info set value = lower(hex(randomblob(8))) where key = 'chances_revision'; end"
    db.execute(
        "create trigger game_summaries_insert_moves_chances_revision before insert on game_summaries when new.finished"
        f" or (select finished from game_summaries where game_id = new.game_id) {move}"
    )
    db.execute(
        "create trigger game_summaries_update_moves_chances_revision after update on game_summaries"
        f" when old.finished or new.finished {move}"
    )
    db.execute(
        "create trigger game_summaries_delete_moves_chances_revision after delete on game_summaries"
        f" when old.finished {move}"
    )
