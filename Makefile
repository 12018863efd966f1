# Muster: `make run` serves the app on http://127.0.0.1:8000, `make test` runs every test,
# `make check` is the quick loop (lint, types, the tests marked neither browser nor slow).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run club test test-suite test-engine test-live-redis check lint bench system-deps

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
# `make club` (= `make run LAN=1`): served on this machine's address on the local network
# (roster/core/lan.py finds it; LAN_ADDRESS=... chooses it) instead of loopback, so that
# the phones on the room's Wi-Fi reach it; every link and QR code carries that address.
LAN ?=
ifneq ($(filter 1 true yes,$(LAN)),)
HOST := $(shell $(PYTHON) -m roster.core.lan address)
ifeq ($(HOST),)
$(error no address on a local network found (see above); give it with LAN_ADDRESS=...)
endif
HOST_ENV = ALLOWED_HOSTS="$(HOST)" CSRF_TRUSTED_ORIGINS="http://$(HOST):$(PORT)"
else
HOST := 127.0.0.1
HOST_ENV =
endif
# Share links, sheet QR codes and mails point at SITE_URL: the address and port served,
# unless given.
SITE_URL ?= http://$(HOST):$(PORT)
RUN_ENV = DEBUG=$(DEBUG) SECRET_KEY="$$(cat $(VENV)/dev-secret)" SECURE_SSL_REDIRECT=false \
	SECURE_COOKIES=false SECURE_HSTS_SECONDS=0 STATIC_ROOT=$(VENV)/static SITE_URL="$(SITE_URL)" $(HOST_ENV)

run: $(STAMP) system-deps
	@test -s $(VENV)/dev-secret || $(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > $(VENV)/dev-secret
	$(RUN_ENV) $(BIN)/python manage.py migrate --noinput -v0
	$(RUN_ENV) $(BIN)/python manage.py load_rules
	$(RUN_ENV) $(BIN)/python manage.py collectstatic --noinput -v0
	@echo "Muster is at http://$(HOST):$(PORT), sheets printed by its task worker (Ctrl+C stops both)"
	@$(if $(HOST_ENV),$(BIN)/python -m roster.core.lan show "$(SITE_URL)")
	@$(RUN_ENV) BIN=$(BIN) HOST=$(HOST) PORT=$(PORT) bash scripts/run-local.sh

# The club's evening: `make run` on the local network (README "Quick start").
club:
	@$(MAKE) --no-print-directory run LAN=1

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

test: $(STAMP) lint test-suite

# pytest-xdist workers: one per core by default; WORKERS=0 runs in one process.
WORKERS ?= auto
PYTEST := $(BIN)/python -m pytest

# The tiers (docs/testing.md): `make check` about a minute, `make test` under 10, `.ci/run`
# under 20 on a 2-core machine.
# Everything but the live load run, spread over the cores (each worker its own test
# database, live server and Chromium; the browser tests last), then the live load run alone
# (50 games on gunicorn take both cores): polling and streams; the deploy's shape (two
# app servers and Redis) is .ci/run's, on PostgreSQL (test-live-redis).
test-suite: $(STAMP)
	@bash scripts/system-deps.sh --browser
	$(PYTEST) -n $(WORKERS) -m "not live"
	$(PYTEST) -m "live and not redis"

# (Chosen by markers, never -k: syrupy takes a -k expression as selecting every snapshot test
# it matches, and fails the run for their snapshots "unused".)
# The live run in the deploy's shape: two app servers sharing a Redis, and the task queue on
# Redis (tests/load/test_redis_queue.py) (DATABASE_URL: PostgreSQL in .ci/run).
test-live-redis: $(STAMP)
	$(PYTEST) -m "live and redis"

# What .ci/run runs again on PostgreSQL: the tests that reach the database engine (marked
# `engine` by tests/conftest.py: the web tests, the rules data, the load runs), not the
# browser's clicks nor the live run a second time.
test-engine: $(STAMP)
	$(PYTEST) -n $(WORKERS) -m "engine and not browser and not live"

# The inner loop: lint, types and the tests that are neither browser nor slow, on a test
# database kept between runs (--reuse-db; --create-db starts afresh) and a few examples
# per hypothesis law.
check: $(STAMP) lint
	$(PYTEST) -n $(WORKERS) -q --reuse-db --hypothesis-profile=check -m "not browser and not slow and not live"

bench: $(STAMP) system-deps
	$(BIN)/python -m bench.run
