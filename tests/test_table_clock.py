"""Which evening "tonight" is (issue 13): decided on the table's clock, the `TIMEZONE` setting
(Europe/Paris unless told), never the server's. An evening runs from the afternoon to 6 in the
morning, so one that starts at 21:00 and goes past midnight stays one evening, in winter (UTC+1)
and in summer (UTC+2) alike."""

from __future__ import annotations

import os
import time
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from flask import Flask

from scorekeeper.belote import evenings as calendar
from scorekeeper.services import games as service
from scorekeeper.store import evenings
from scorekeeper.store import games as store
from scorekeeper.store.db import connect
from scorekeeper.web import create_app

PARIS = ZoneInfo("Europe/Paris")


@pytest.fixture
def server_in_utc(monkeypatch):
    """The server's own clock in UTC (most hosts): it must not matter."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize(
    ("stamp", "day", "utc_day"),
    [
        # Winter, Paris is UTC+1. An evening from 21:00 to 5:59 the next morning is one evening.
        ("2026-12-01T20:00:00Z", "2026-12-01", "2026-12-01"),  # 21:00 in Paris
        ("2026-12-01T23:30:00Z", "2026-12-01", "2026-12-01"),  # 00:30 on 12-02 in Paris
        ("2026-12-02T04:59:00Z", "2026-12-01", "2026-12-01"),  # 5:59 in Paris: still that evening
        ("2026-12-02T05:00:00Z", "2026-12-02", "2026-12-01"),  # 6:00 in Paris: a new day, not in UTC
        ("2026-12-02T05:30:00Z", "2026-12-02", "2026-12-01"),
        # Summer, Paris is UTC+2.
        ("2026-07-01T19:00:00Z", "2026-07-01", "2026-07-01"),  # 21:00 in Paris
        ("2026-07-01T22:30:00Z", "2026-07-01", "2026-07-01"),  # 00:30 on 07-02 in Paris
        ("2026-07-02T03:59:00Z", "2026-07-01", "2026-07-01"),  # 5:59 in Paris
        ("2026-07-02T04:00:00Z", "2026-07-02", "2026-07-01"),  # 6:00 in Paris, 4:00 in UTC
        # The night the clocks go back (25 October 2026, 3:00 → 2:00): one evening still.
        ("2026-10-24T19:00:00Z", "2026-10-24", "2026-10-24"),  # 21:00 in Paris (UTC+2)
        ("2026-10-25T04:59:00Z", "2026-10-24", "2026-10-24"),  # 5:59 in Paris (UTC+1 by then)
        ("2026-10-25T05:00:00Z", "2026-10-25", "2026-10-24"),
    ],
)
def test_the_evening_is_dated_on_the_tables_clock(server_in_utc, stamp, day, utc_day):
    assert calendar.evening_date(stamp) == day
    assert calendar.evening_date(stamp, PARIS) == day
    assert calendar.evening_date(stamp, ZoneInfo("UTC")) == utc_day  # what a UTC server said


@pytest.mark.parametrize("server", ["UTC", "America/Los_Angeles", "Asia/Tokyo"])
def test_the_servers_own_zone_does_not_matter(monkeypatch, server):
    monkeypatch.setenv("TZ", server)
    time.tzset()
    try:
        assert calendar.evening_date("2026-12-02T05:30:00Z") == "2026-12-02"
        assert calendar.evening_date("2026-12-01T23:30:00Z") == "2026-12-01"
    finally:
        monkeypatch.undo()
        time.tzset()


@pytest.mark.parametrize(
    ("zone", "stamp", "day"),
    [
        ("America/New_York", "2026-12-02T08:00:00Z", "2026-12-01"),  # 3:00 in New York, 9:00 in Paris
        ("America/New_York", "2026-12-02T11:00:00Z", "2026-12-02"),  # 6:00 in New York
        ("Pacific/Auckland", "2026-12-01T12:00:00Z", "2026-12-01"),  # 1:00 on 12-02 in Auckland (UTC+13)
        ("Pacific/Auckland", "2026-12-01T17:00:00Z", "2026-12-02"),  # 6:00 on 12-02 in Auckland
        ("UTC", "2026-12-02T05:30:00Z", "2026-12-01"),
    ],
)
def test_another_zone(zone, stamp, day):
    assert calendar.evening_date(stamp, calendar.table_zone(zone)) == day


def test_a_stamp_without_a_zone_is_utc_as_stored():
    assert calendar.evening_date("2026-12-02T05:30:00") == calendar.evening_date("2026-12-02T05:30:00+00:00")


@pytest.mark.parametrize("name", ["Europe/Pariss", "", "../../etc/passwd", "/usr/share/zoneinfo/UTC", 2])
def test_an_unknown_zone_is_refused_in_french(name):
    with pytest.raises(ValueError, match="n'est pas un fuseau horaire connu"):
        calendar.table_zone(name)


# --- today's evening, for a new game -----------------------------------------------------------


def at(monkeypatch, stamp: str) -> None:
    """The server's clock reads `stamp` (UTC): the new game's creation time and its evening."""
    moment = datetime.fromisoformat(stamp).isoformat(timespec="milliseconds")
    monkeypatch.setattr(store, "now", lambda: moment)


def evening_of(database, game_id: str) -> str:
    query = "select e.date from games g join evenings e on e.id = g.evening_id where g.id = ?"
    return next(database.query(query, [game_id]))["date"]


def new_game_evening(app: Flask) -> str:
    """The date of the evening a new game joins, created through the API as a phone would."""
    response = app.test_client().post("/api/v1/games", json={})
    assert response.status_code == 201, response.get_json()
    database = connect(app.config["DATABASE"])
    try:
        return evening_of(database, response.get_json()["id"])
    finally:
        database.close()


def test_the_app_dates_tonight_in_paris_by_default(make_app, monkeypatch, server_in_utc):
    app = make_app()
    assert app.config["TIMEZONE"] == "Europe/Paris"
    at(monkeypatch, "2026-12-01T20:00:00+00:00")  # 21:00 in Paris: the evening starts
    assert new_game_evening(app) == "2026-12-01"
    at(monkeypatch, "2026-12-02T01:30:00+00:00")  # 2:30 in Paris: the same evening
    assert new_game_evening(app) == "2026-12-01"
    at(monkeypatch, "2026-12-02T05:30:00+00:00")  # 6:30 in Paris (5:30 in UTC): the next day's
    assert new_game_evening(app) == "2026-12-02"
    at(monkeypatch, "2026-07-02T04:30:00+00:00")  # summer: 6:30 in Paris
    assert new_game_evening(app) == "2026-07-02"


def test_the_timezone_setting_names_another_table(make_app, monkeypatch):
    app = make_app(TIMEZONE="America/New_York")
    at(monkeypatch, "2026-12-02T08:00:00+00:00")  # 3:00 in New York, 9:00 in Paris
    assert new_game_evening(app) == "2026-12-01"
    # Outside a request of that app (a script, the service layer), the clock is Paris's again.
    assert evenings.current_zone() == PARIS and evenings.TABLE_ZONE.get() is None
    database = connect(app.config["DATABASE"])
    try:
        assert evening_of(database, service.create_game(database, {}).game.id) == "2026-12-02"
        with evenings.table_clock(ZoneInfo("America/New_York")):
            game_id = service.create_game(database, {}).game.id
        assert evening_of(database, game_id) == "2026-12-01"
        assert evenings.current_zone() == PARIS and evenings.TABLE_ZONE.get() is None
    finally:
        database.close()


def test_the_archive_export_is_named_after_the_tables_date(make_app, monkeypatch):
    app = make_app(TIMEZONE="Pacific/Auckland")
    expected = datetime.now(ZoneInfo("Pacific/Auckland")).date().isoformat()
    response = app.test_client().get("/archives/export.json")
    assert f'filename="belote-archive-{expected}.json"' in response.headers["Content-Disposition"]


def test_the_setting_is_read_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path / "instance"))
    for name in list(os.environ):
        if name.startswith("SCOREKEEPER_"):
            monkeypatch.delenv(name)
    assert create_app().config["TIMEZONE"] == "Europe/Paris"
    monkeypatch.setenv("SCOREKEEPER_TIMEZONE", "America/Montreal")
    assert create_app().config["TIMEZONE"] == "America/Montreal"


def test_an_unknown_zone_stops_the_app_at_start(make_app):
    with pytest.raises(ValueError, match="« Europe/Pariss » n'est pas un fuseau horaire connu"):
        make_app(TIMEZONE="Europe/Pariss")
