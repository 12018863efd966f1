# Muster: `make run` serves the app on http://127.0.0.1:8000, `make test` runs every test,
# `make check` is the quick loop (lint, types, the tests marked neither browser nor slow).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test test-suite check lint bench system-deps

$(STAMP): pyproject.toml constraints.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev]'
	@touch $(STAMP)

system-deps:
	@bash scripts/system-deps.sh

# A local copy over plain http: production settings (no debug pages) with a secret key
# kept in .venv; `DEBUG=true make run` for development.
DEBUG ?= false
PORT ?= 8000
# Share links, sheet QR codes and mails point at SITE_URL: the port served, unless given.
SITE_URL ?= http://127.0.0.1:$(PORT)
RUN_ENV = DEBUG=$(DEBUG) SECRET_KEY="$$(cat $(VENV)/dev-secret)" SECURE_SSL_REDIRECT=false \
	SECURE_COOKIES=false SECURE_HSTS_SECONDS=0 STATIC_ROOT=$(VENV)/static SITE_URL="$(SITE_URL)"

run: $(STAMP) system-deps
	@test -s $(VENV)/dev-secret || $(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > $(VENV)/dev-secret
	$(RUN_ENV) $(BIN)/python manage.py migrate --noinput -v0
	$(RUN_ENV) $(BIN)/python manage.py load_rules
	$(RUN_ENV) $(BIN)/python manage.py collectstatic --noinput -v0
	@echo "Muster is at http://127.0.0.1:$(PORT), sheets printed by its task worker (Ctrl+C stops both)"
	@$(RUN_ENV) BIN=$(BIN) PORT=$(PORT) bash scripts/run-local.sh

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

test: $(STAMP) lint test-suite

# pytest-xdist workers: one per core by default; WORKERS=0 runs in one process.
WORKERS ?= auto

# The tests alone (CI runs them a second time with DATABASE_URL pointing at PostgreSQL):
# everything but the browser tests spread over the cores, then the live load run alone
# (50 games on gunicorn take both cores), then the browser tests in one process (one
# Chromium and one live server, not one per core).
test-suite: $(STAMP)
	@bash scripts/system-deps.sh --browser
	$(BIN)/python -m pytest -n $(WORKERS) -m "not browser and not live"
	$(BIN)/python -m pytest -m live
	$(BIN)/python -m pytest -m browser

# The inner loop, a few minutes: lint, types and the tests that are neither browser nor slow.
check: $(STAMP) lint
	$(BIN)/python -m pytest -n $(WORKERS) -q -m "not browser and not slow"

bench: $(STAMP) system-deps
	$(BIN)/python -m bench.run
