# `make run` and `make test` do the whole set-up on a fresh machine with python3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Both serve the phones over the LAN with waitress (scorekeeper/server/: one process, its threads
# set there, or THREADS=n), printing the address to open and its QR code: `make run` one table
# (port 5000), `make serve` a club's tables (port 8000).
HOST ?= 0.0.0.0
SERVER_OPTIONS = --host $(HOST) $(if $(THREADS),--threads $(THREADS))
FLASK := $(BIN)/flask --app scorekeeper

.PHONY: run serve test migrate install bench lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstalled whenever pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

install: $(VENV)/.installed

migrate: install
	$(FLASK) init-db

run: migrate
	$(BIN)/python -m scorekeeper.server $(SERVER_OPTIONS) --port $(or $(PORT),5000)

# The same server for a club: waitress reads each request whole before a thread runs the app.
serve: migrate
	$(BIN)/python -m scorekeeper.server $(SERVER_OPTIONS) --port $(or $(PORT),8000)

test: migrate
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: install
	$(BIN)/python bench/score_engine.py

lint: install
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
