"""SQLite: connections and transactions, the schema and its migrations, the stored inputs and the derived rows."""
