# `make run` and `make test` do the whole set-up on a fresh machine with python3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Both serve the phones over the LAN with waitress (scorekeeper/server/: one process, its threads
# set there, or THREADS=n), printing the address to open and its QR code: `make run` one table
# (port 5000), `make serve` a club's tables (port 8000).
# HTTPS=1 puts Caddy in front (docs/hosting.md): HTTPS on HTTPS_PORT (5443, 8443) with this server's
# own certificate, plain HTTP still on PORT; DOMAIN=belote.example.org (make serve), a real
# certificate for that name by ACME, on ports 80 and 443 (PORT, HTTPS_PORT). Only these install
# the `https` extra (Caddy, cryptography).
HOST ?= 0.0.0.0
SERVER_OPTIONS = --host $(HOST) $(if $(THREADS),--threads $(THREADS))
HTTPS_INSTALL = $(if $(HTTPS)$(DOMAIN),install-https)
https_options = $(if $(DOMAIN),--domain $(DOMAIN) --https-port $(or $(HTTPS_PORT),443),$(if $(HTTPS),--https --https-port $(or $(HTTPS_PORT),$(1))))
FLASK := $(BIN)/flask --app scorekeeper

.PHONY: run serve test test-browser check migrate install install-https install-test bench lint format clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# `make run`, `make serve`, `make migrate`: the app and what it needs to run, nothing more.
# Each stamp is made again whenever pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# `make test`, `make check`, `make bench`, `make lint`: the app and the test extras.
$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed $(VENV)/.installed-https

# `make run HTTPS=1`, `make serve HTTPS=1`, `make serve DOMAIN=…`: the app with Caddy (the test
# extras include it).
$(VENV)/.installed-https: pyproject.toml | $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[https]'
	touch $@

install: $(VENV)/.installed

install-https: $(VENV)/.installed-https

install-test: $(VENV)/.installed-test

migrate: install
	$(FLASK) init-db

run: migrate $(HTTPS_INSTALL)
	$(BIN)/python -m scorekeeper.server $(SERVER_OPTIONS) --port $(or $(PORT),5000) $(call https_options,5443)

# The same server for a club: waitress reads each request whole before a thread runs the app.
serve: migrate $(HTTPS_INSTALL)
	$(BIN)/python -m scorekeeper.server $(SERVER_OPTIONS) --port $(or $(PORT),$(if $(DOMAIN),80,8000)) $(call https_options,8443)

# The tests run on JOBS processes (pytest-xdist; `auto`: one per core), each test on its own
# temporary database and instance folder, never the checkout's instance/; then the few marked
# `serial` (timing a server, or starting processes of their own), alone. $(call tests,MARKERS and,
# OPTIONS); a pytest that selects no test (exit status 5: PYTEST_ARGS names no serial test) passes.
JOBS ?= auto
pytest = { $(BIN)/python -m pytest $(1) $(PYTEST_ARGS) || [ $$? -eq 5 ]; }
tests = $(call pytest,-n $(JOBS) --dist loadfile -m "$(1) not serial" $(2)) && $(call pytest,-m "$(1) serial" $(2))

# Every test, browser tests and the benchmark-sized ones included: what CI runs.
test: install-test
	$(call tests,)

# The browser tests alone (tests/browser/: Chromium through Playwright).
test-browser: install-test
	$(call tests,browser and)

# The quick loop: every test but the browser tests and the benchmark-sized ones (`slow`: a
# server process, a wheel built, a large import), with fewer hypothesis examples.
check: install-test
	$(call tests,not browser and not slow and,--hypothesis-profile=check)

# The engine and its exact check of declarations, a concours's next draw (its ranking and pairing,
# 128 teams at partie 12, alone and through the service on a real database) and the room's screen
# of 32 tables (its page, its board and API read), then a 64 MiB archive imported, step by step, with its peak
# memory, then a 50 MB one through the page of a server (a table saving and reading its sheet
# meanwhile: their longest waits, its saves' busy 503s) and the command line (tests/test_large_import.py, which `make
# test` runs at 3 MB), then "Enregistrer" to the new totals painted in Chromium, online and
# offline, the CPU throttled or not, a 20-deal sheet's first open (its bytes, its round trips,
# its time on a weak Wi-Fi), and the room's screen in Chromium following 30 saves (its delays).
bench: install-test
	$(BIN)/python bench/score_engine.py
	$(BIN)/python bench/declarations.py
	$(BIN)/python bench/concours.py
	$(BIN)/python bench/concours_draw.py
	$(BIN)/python bench/concours_screen.py
	$(BIN)/python bench/import_archive.py --megabytes 64
	LARGE_IMPORT_MB=50 $(BIN)/python -m pytest tests/test_large_import.py -s -q -p no:cacheprovider
	$(BIN)/python bench/save_paint.py
	$(BIN)/python bench/first_open.py
	$(BIN)/python bench/screen_follow.py

# The JavaScript tools (package.json: Biome), as package-lock.json pins them, run with Debian's
# node; installed again whenever the lock changes.
node_modules/.installed: package-lock.json
	npm ci --no-audit --no-fund --quiet
	touch $@

lint: install-test node_modules/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy scorekeeper
	node_modules/.bin/biome ci --colors=off

format: install-test node_modules/.installed
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .
	node_modules/.bin/biome check --write --colors=off

clean:
	rm -rf $(VENV) node_modules build dist .pytest_cache .hypothesis
