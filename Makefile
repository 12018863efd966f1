# Muster: `make run` serves the app on http://127.0.0.1:8000, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test test-suite lint bench system-deps

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	@touch $(STAMP)

system-deps:
	@bash scripts/system-deps.sh

run: $(STAMP) system-deps
	$(BIN)/python manage.py migrate --noinput -v0
	$(BIN)/python manage.py load_rules
	$(BIN)/python manage.py runserver 127.0.0.1:8000

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: $(STAMP) lint test-suite

# The tests alone (CI runs them a second time with DATABASE_URL pointing at PostgreSQL).
test-suite: $(STAMP)
	@bash scripts/system-deps.sh --browser
	$(BIN)/python -m pytest

bench: $(STAMP) system-deps
	$(BIN)/python -m bench.run
