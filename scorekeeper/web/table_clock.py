"""The table's clock: which evening "tonight" is depends on the table's time zone (the `TIMEZONE`
setting, Europe/Paris unless told), not the server's. Every request of the app (a new game from
the sheet's form or the API included) runs on that clock: `store.evenings.TABLE_ZONE`, set for
the request and put back after it. An unknown zone stops the app at its start."""

from __future__ import annotations

from flask import Flask, current_app, g

from scorekeeper.belote.evenings import table_zone
from scorekeeper.store import evenings


def _set_table_clock() -> None:
    zone = table_zone(current_app.config["TIMEZONE"])
    g.table_clock = evenings.TABLE_ZONE.set(zone)


def _reset_table_clock(_error: BaseException | None) -> None:
    token = g.pop("table_clock", None)
    if token is not None:
        try:
            evenings.TABLE_ZONE.reset(token)
        except ValueError:  # set in another context (a copied one), which took it away with it
            pass


def init_app(app: Flask) -> None:
    table_zone(app.config["TIMEZONE"])  # an unknown zone stops the start
    app.before_request(_set_table_clock)
    app.teardown_request(_reset_table_clock)
