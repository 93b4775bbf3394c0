# `make run` and `make test` do the whole set-up on a fresh machine with python3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Both serve the phones over the LAN with gunicorn.conf.py: `make run` one table (port 5000, 2
# workers, the address to open and its QR code printed), `make serve` a club's tables (port 8000).
HOST ?= 0.0.0.0
WORKERS ?= 4
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
	$(BIN)/python -m scorekeeper.web.table_server -c gunicorn.conf.py \
		--bind $(HOST):$(or $(PORT),5000) --workers 2 'scorekeeper:create_app()'

# gunicorn: WORKERS processes share the SQLite file (WAL, write lock per deal), each serving one
# request at a time from many threads (scorekeeper/web/server_worker.py).
serve: migrate
	$(BIN)/gunicorn -c gunicorn.conf.py --bind $(HOST):$(or $(PORT),8000) --workers $(WORKERS) \
		'scorekeeper:create_app()'

test: migrate
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: install
	$(BIN)/python bench/score_engine.py

lint: install
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
