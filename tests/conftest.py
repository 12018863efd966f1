"""Shared fixtures: the rules data is loaded once into the test database and kept across
transactional tests (tests/rules_data.py); the hypothesis profiles (docs/testing.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings

from tests import rules_data

# `make test` runs each law with the number of examples its test asks for (at most this
# ceiling); `make check` passes --hypothesis-profile=check: a few examples each, a smoke run.
hypothesis_settings.register_profile("full", max_examples=1000)
hypothesis_settings.register_profile("check", max_examples=10)
hypothesis_settings.load_profile("full")


@pytest.fixture(scope="session", autouse=True)
def _flush_keeps_rules_data() -> Iterator[None]:
    """The flush that ends a transactional test leaves the rules data tables alone."""
    from django.core.management.commands import flush

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(flush, "sql_flush", rules_data.sql_flush_keeping_rules_data)
        yield


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: Any, django_db_blocker: Any) -> None:
    """Create the test database as usual (or reuse it: --reuse-db), then load every
    system's rules data once (nothing is written when it is already there)."""
    with django_db_blocker.unblock():
        rules_data.load_rules_data()


@pytest.fixture(autouse=True)
def _rules_data_as_loaded(request: Any) -> Iterator[None]:
    """After a transactional test: the rules data back as loaded if the test changed it,
    and kept by the flush that follows (tests/rules_data.py)."""
    if not uses_database(request):
        yield
        return
    request.getfixturevalue("_django_db_helper")  # set up first, so its flush comes after this
    from django.db import connection

    transactional = not connection.in_atomic_block  # a TestCase's test runs in a transaction
    yield
    if transactional:
        rules_data.ensure_rules_data()
        rules_data.keep_rules_data_at_next_flush()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    """Tests create many users; the production hasher is deliberately slow."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _sheets_at_once(settings: Any) -> None:
    """Sheet tasks run inside the request that queues them (the immediate backend), so a
    sheet URL answers the PDF; nothing is prepared in the background. The tests of the
    queue itself (tests/web/test_sheet_queue.py) use the database queue and a worker."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    settings.MUSTER_SHEET_SETTLE_SECONDS = 0


@pytest.fixture(autouse=True)
def _one_rate_window(monkeypatch: Any) -> None:
    """Each test counts its requests in one rate-limit window. django-ratelimit's windows
    are fixed slices of the wall clock (a minute for "2/m"), so a test whose requests
    straddled a slice's edge saw its count start again and got no 429 (a CI flake of
    test_the_shared_sheet_is_limited_per_visitor). Only the limiter's clock stands still."""
    import time
    import types

    from django_ratelimit import core

    now = time.time()
    monkeypatch.setattr(core, "time", types.SimpleNamespace(time=lambda: now))


# Folders whose every test carries a marker, so a new file cannot forget it.
FOLDER_MARKERS = {"browser": "browser", "load": "slow", "bench": "slow"}
# Folders whose tests reach the database engine through servers they start (bench.server);
# a module of them that says ``ENGINE_FREE = True`` tests nothing the engine changes (the
# proxy's files) and runs once, on SQLite.
ENGINE_FOLDERS = {"load"}
DB_FIXTURES = ("db", "transactional_db", "django_db_reset_sequences", "live_server", "rules_loaded_db")


def uses_database(item_or_request: Any) -> bool:
    """The test reaches the test database (a django_db marker or a database fixture)."""
    node = getattr(item_or_request, "node", item_or_request)
    return node.get_closest_marker("django_db") is not None or any(
        name in item_or_request.fixturenames for name in DB_FIXTURES
    )


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Mark the tests of tests/browser ``browser`` and those of tests/load and tests/bench
    ``slow`` (``make check`` leaves both out); mark ``engine`` every test that reaches the
    database engine (the PostgreSQL pass of .ci/run runs those); run the browser tests
    last, so a worker of pytest-xdist starts its Chromium once the quick tests are done."""
    for item in items:
        folder = item.path.parent.name
        if item.path.parent.parent.name == "tests" and folder in FOLDER_MARKERS:
            item.add_marker(FOLDER_MARKERS[folder])
        engine_free = getattr(item.module, "ENGINE_FREE", False)
        if uses_database(item) or (folder in ENGINE_FOLDERS and not engine_free):
            item.add_marker("engine")
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


@pytest.fixture(autouse=True)
def _empty_cache(request: Any) -> None:
    """Each test that reaches the database starts with no cached sheets and no rate-limit
    counts (the default caches are tables in the test database)."""
    if not uses_database(request):
        return
    request.getfixturevalue("_django_db_helper")
    from django.core.cache import caches

    for alias in caches.settings:
        caches[alias].clear()


@pytest.fixture
def rules_loaded_db(transactional_db: Any) -> None:
    """A transactional test with the rules data loaded (as every test has it: the name
    says what the test relies on)."""
    rules_data.ensure_rules_data()
