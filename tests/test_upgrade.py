"""Upgrading a real database (issue 10): one written by the code of commit 0ed2a96 (schema
m001–m005, the stored sheets of `game_sheets`, derived rows made by that code), with evenings,
finished and open games, redeals, edits, deletes, undos and an idempotency key, is migrated by
today's code, and every sheet, statistic, archive page and export then reads exactly as that code
answered them on it (tests/data/upgrade: the dump, the 72 answers, and the script that made
both, to be run against that commit).

The JSON and CSV answers are compared byte for byte. The pages are compared on their content:
the HTML of `<main>`, with the whitespace between tags collapsed (issue 12 added the app's scripts
and manifest to every page's head and wrote the sheet's rows without indentation). A later change
to what a page shows must make its own fixture rather than loosen the comparison further.
"""

from __future__ import annotations

import difflib
import json
import re
import sqlite3
from contextlib import closing
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import create_app
from scorekeeper.store import derived
from scorekeeper.store.db import connect
from scorekeeper.store.migrate import migrate

FIXTURE = Path(__file__).parent / "data" / "upgrade"
EXPECTED = json.loads((FIXTURE / "main_0ed2a96_expected.json").read_text(encoding="utf-8"))["pages"]
# Issue 13 changed some answers on purpose: the pages' wordings ("Partie gagnée par …", "Prochaine
# donne : … distribue", the rules in one line, an unannounced capot shown, the explanations without
# stacked colons) and the CSV (`;`, a BOM, meld names in French: each checked equal to the old CSV
# so rewritten). Those URLs' answers are today's, reviewed; every JSON answer is still the old code's.
RENEWED = json.loads((FIXTURE / "issue13_expected.json").read_text(encoding="utf-8"))["pages"]
assert not {url for url in RENEWED if url.endswith(".json") or url.startswith("/api/")}
# Issues 15 and 16 changed seven pages on purpose, each diff reviewed: the rounding without rounding
# is named "sans arrondi, chute à 160" (beside the new "aucun, chute à 162"); for screen readers,
# each deal row's summary reads as a sentence (aria-label), the score box has a hidden heading in
# place of its aria-label, and suits and coinche badges carry their word (sr-only) beside the
# symbol they hide. The answers of the old code otherwise, JSON and CSV still byte for byte.
RENEWED_15_16 = json.loads((FIXTURE / "issues15_16_expected.json").read_text(encoding="utf-8"))["pages"]
assert not {url for url in RENEWED_15_16 if url.endswith(".json") or url.startswith("/api/") or url.endswith(".csv")}
OLD_JSON = {url: json.loads(text) for url, text in EXPECTED.items() if url.endswith(".json") or url.startswith("/api/")}
# Issue 25 changed the JSON answers on purpose, and only so (checked below, `issue_25`): a game's end
# in points or in deals, and the draw, in every sheet (`end`, `draw`, `stopped`, `hands_played`
# beside the old keys) and in the archive's games (`end` where they said `target`).
RENEWED_25 = json.loads((FIXTURE / "issue25_expected.json").read_text(encoding="utf-8"))["pages"]
# Issue 30 changed the pages that list games on purpose, and only so (each diff reviewed): under
# each game's teams and score, a line of when it began, its end and its house rules' name
# (`<small class="game-rules">0 h 42 · en 2000 points</small>`).
RENEWED_30_LISTS = json.loads((FIXTURE / "issue30_lists_expected.json").read_text(encoding="utf-8"))["pages"]
assert not {url for url in RENEWED_30_LISTS if url.endswith((".json", ".csv")) or url.startswith("/api/")}
# Issue 30 changed the games API's sheets on purpose, and only so (checked below): each hand carries
# its "why", the sentences the archive's page of the game shows under it.
RENEWED_30 = json.loads((FIXTURE / "issue30_why_expected.json").read_text(encoding="utf-8"))["pages"]
# Issue 32 changed the games API's sheets on purpose, and only so (checked below): each says
# whether its table has an action to undo (`undoable`), which each of these games has.
RENEWED_32 = json.loads((FIXTURE / "issue32_undoable_expected.json").read_text(encoding="utf-8"))["pages"]
# Issue 33 changed the statistics pages on purpose, and only so (checked below): a « Cotes » tab
# beside « Joueurs » and « Équipes », and on each player's page the card of their cote
# (templates/archive/_rating.html, docs/ratings.md).
RENEWED_33_COTES = json.loads((FIXTURE / "issue33_cotes_expected.json").read_text(encoding="utf-8"))["pages"]
assert not {url for url in RENEWED_33_COTES if url.endswith((".json", ".csv")) or url.startswith("/api/")}
# Issue 33 changed the games API's sheets on purpose, and only so (checked below): each carries its
# chances from the club's deals (docs/chances.md), null here, the old archive holding fewer than 200.
RENEWED_33_CHANCES = json.loads((FIXTURE / "issue33_chances_expected.json").read_text(encoding="utf-8"))["pages"]
# Issue 33 also changed each player's page on purpose, and only so (checked below): its bidding figures
# (« Enchères »), after the cote's card, where the old deals, which name no coincher, count every coinche as unknown.
RENEWED_33_BIDDING = json.loads((FIXTURE / "issue33_bidding_expected.json").read_text(encoding="utf-8"))["pages"]
assert all(url.startswith("/statistiques/joueurs/") for url in RENEWED_33_BIDDING)
# Issue 33 changed the archive's JSON on purpose, and only so (checked below): each deal carries the
# time it was recorded (`created_at`), so that a copy rates the games in the order they ended.
RENEWED_33_TIMES = json.loads((FIXTURE / "issue33_deal_times_expected.json").read_text(encoding="utf-8"))["pages"]
assert all(url.endswith("export.json") for url in RENEWED_33_TIMES)
EXPECTED = {**EXPECTED, **RENEWED, **RENEWED_15_16, **RENEWED_25, **RENEWED_30_LISTS}
PAGES_BEFORE_30 = dict(EXPECTED)
EXPECTED.update(RENEWED_30)
EXPECTED.update(RENEWED_32)
PAGES_BEFORE_33 = dict(EXPECTED)
EXPECTED.update(RENEWED_33_COTES)
EXPECTED.update(RENEWED_33_CHANCES)
PAGES_BEFORE_BIDDING = dict(EXPECTED)
EXPECTED.update(RENEWED_33_BIDDING)
PAGES_BEFORE_33_TIMES = dict(EXPECTED)
EXPECTED.update(RENEWED_33_TIMES)


def issue_25(url: str, old: Any) -> Any:
    """An old JSON answer as issue 25 writes it: every game of these archives is in points, none
    drawn or stopped (a game in points ends on a win)."""
    if url.startswith("/api/"):
        hands = sum(deal["kind"] == "hand" for deal in old["hands"])
        return {**old, "end": {"points": old["target"]}, "draw": False, "stopped": False, "hands_played": hands}
    games = [
        {**{key: value for key, value in game.items() if key != "target"}, "end": {"points": game["target"]}}
        for game in old["games"]
    ]
    return {**old, "games": games}


@pytest.mark.parametrize("url", sorted(RENEWED_25))
def test_issue_25_changed_the_json_answers_only_by_the_games_end(url):
    assert json.loads(RENEWED_25[url]) == issue_25(url, OLD_JSON[url])


@pytest.mark.parametrize("url", sorted(RENEWED_30))
def test_issue_30_added_each_hands_why_as_the_games_page_shows_it(url):
    renewed = json.loads(RENEWED_30[url])
    page = PAGES_BEFORE_30[url.replace("/api/v1/games/", "/archives/parties/")]
    shown = [
        [unescape(item) for item in re.findall(r"<li>(.*?)</li>", why)]
        for why in re.findall(r'<ul class="why">(.*?)</ul>', page, re.S)
    ]
    hands = [deal for deal in renewed["hands"] if deal["kind"] == "hand"]
    assert shown and [deal.pop("why") for deal in hands] == shown
    assert renewed == json.loads(PAGES_BEFORE_30[url])


@pytest.mark.parametrize("url", sorted(RENEWED_33_COTES))
def test_issue_33_added_the_cotes_tab_and_each_players_cote(url):
    renewed = content(RENEWED_33_COTES[url])
    without = re.sub(r'<section class="card rating".*?</section>\n', "", renewed, flags=re.S)
    without = without.replace('<a href="/cotes">Cotes</a>\n', "")
    assert without != renewed and without == content(PAGES_BEFORE_33[url])


BIDDING = re.compile(r'<section class="card figures" id="encheres">.*?</section>', re.S)
DEFENDED_COINCHES = re.compile(r"<dt>Faites <small>\(en défense\)</small></dt>\s*<dd>\s*<[^>]*>(\d+)<")
UNKNOWN_COINCHES = re.compile(r"Sans nom noté \(hors des chiffres ci-dessus\) : (\d+) coinches? en défense")


@pytest.mark.parametrize("url", sorted(RENEWED_33_BIDDING))
def test_issue_33_added_the_bidding_figures_where_old_coinches_are_unknown(url):
    renewed, before = RENEWED_33_BIDDING[url], PAGES_BEFORE_BIDDING[url]
    sections = BIDDING.findall(renewed)
    assert len(sections) == 1
    assert content(BIDDING.sub("", renewed)) == content(before)  # nothing else changed
    # No old deal names a coincher: none said, and every coinche the player's team defended (the
    # old page's « Faites (en défense) ») is unknown.
    assert re.search(r"<dt>Coinches dites</dt><dd><span class=\"figure zero\">0</span>", sections[0])
    defended = int(DEFENDED_COINCHES.search(before).group(1))
    unknown = UNKNOWN_COINCHES.search(sections[0])
    assert (int(unknown.group(1)) if unknown else 0) == defended


@pytest.mark.parametrize("url", sorted(RENEWED_33_TIMES))
def test_issue_33_added_each_deals_recorded_time_to_the_archives_json(upgraded, url):
    path, _, _ = upgraded
    renewed = json.loads(RENEWED_33_TIMES[url])
    times = {game["id"]: [deal.pop("created_at") for deal in game["deals"]] for game in renewed["games"]}
    assert renewed == json.loads(PAGES_BEFORE_33_TIMES[url])
    assert any(times.values())
    with closing(connect(path)) as database:
        for game_id, found in times.items():
            live = "select created_at from deals where game_id = ? and deleted_at is null order by id"
            assert found == [row[0] for row in database.execute(live, [game_id]).fetchall()], game_id


def upgrade(path: str):
    """The old database written at `path` and migrated: the migrations applied, and an app on it."""
    with closing(sqlite3.connect(path)) as database:
        database.executescript((FIXTURE / "main_0ed2a96.sql").read_text(encoding="utf-8"))
    applied = migrate(path)
    app = create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    return path, applied, app


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory):
    return upgrade(str(tmp_path_factory.mktemp("upgrade") / "old.db"))


@pytest.mark.parametrize("url", sorted(RENEWED_32))
def test_issue_32_added_whether_the_table_may_undo(url, tmp_path):
    renewed = json.loads(RENEWED_32[url])
    undoable = renewed.pop("undoable")
    assert renewed == json.loads(RENEWED_30[url])
    _, _, app = upgrade(str(tmp_path / "old.db"))  # a copy of its own: the undo, tried, says
    assert app.test_client().post(f"{url}/undo", json={}).status_code == (200 if undoable else 409)


@pytest.mark.parametrize("url", sorted(RENEWED_33_CHANCES))
def test_issue_33_added_the_chances_null_below_200_hands(url):
    renewed = json.loads(RENEWED_33_CHANCES[url])
    assert renewed.pop("chances") is None
    assert renewed == json.loads(RENEWED_32[url])


def test_the_old_database_gets_only_the_new_migrations_and_its_derived_rows_rebuilt(upgraded):
    path, applied, _ = upgraded
    assert applied == [
        "m006_drop_game_sheets",
        "m007_idempotency_request",
        "m008_ended_sessions",
        "m009_house_rules",
        "m010_idempotency_outcomes",
        "m011_action_groups",
        "m012_import_writes",
        "m013_game_end",
        "m014_concours",
        "m015_drop_import_writes",
        "m016_archive_revision",
        "m017_creation_keys",
        "m018_concours_tiebreaks",
        "m019_melee",
        "m020_share_links",
        "m021_who_coinched",
        "m022_chances_revision",
    ]
    with closing(connect(path)) as database:
        assert not database["game_sheets"].exists()
        made_by = database.execute("select value from app_info where key = ?", [derived.CODE_KEY]).fetchone()[0]
        assert made_by == derived.CODE
        assert database.execute("select count(*) from game_summaries").fetchone()[0] == 6
        assert database.execute("pragma integrity_check").fetchone()[0] == "ok"
    assert migrate(path) == []  # a second run has nothing to do


def content(text: str) -> str:
    """A page's <main>, one tag a line, whitespace collapsed; any other answer as it is."""
    main = re.search(r"<main>.*</main>", text, re.S)
    if main is None:
        return text
    return re.sub(r">\s*<", ">\n<", re.sub(r"\s+", " ", main.group(0)))


@pytest.mark.parametrize("url", sorted(EXPECTED))
def test_every_answer_of_the_old_code_is_given_again(upgraded, url):
    _, _, app = upgraded
    response = app.test_client().get(url)
    assert response.status_code == 200
    if content(response.text) != content(EXPECTED[url]):
        old, new = content(EXPECTED[url]).splitlines(), content(response.text).splitlines()
        diff = difflib.unified_diff(old, new, "0ed2a96", "now", lineterm="")
        pytest.fail(f"{url} differs:\n" + "\n".join(list(diff)[:40]))
