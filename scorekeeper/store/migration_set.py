"""The app's one set of schema migrations, which migrations.py and migrations_first.py add to, in
order (sqlite-utils applies them in the order they are registered)."""

import sqlite_utils

migrations = sqlite_utils.Migrations("scorekeeper")
