"""The game of belote bridgée itself, pure Python: no Flask, no SQLite, nothing else of the project."""
