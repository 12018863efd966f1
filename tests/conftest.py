"""Shared fixtures: the rules data is loaded once into the test database."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: Any, django_db_blocker: Any) -> None:
    """Create the test database as usual, then load every system's rules data once."""
    with django_db_blocker.unblock():
        call_command("load_rules", verbosity=0)


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


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Mark the tests of tests/browser ``browser`` and those of tests/load and tests/bench
    ``slow`` (``make check`` leaves both out), then run the browser tests last: their live
    server empties the tables when done, and the other tests rely on the rules data loaded
    once per session. Under pytest-xdist each worker runs its share in this order too."""
    for item in items:
        folder = item.path.parent.name
        if item.path.parent.parent.name == "tests" and folder in FOLDER_MARKERS:
            item.add_marker(FOLDER_MARKERS[folder])
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


DB_FIXTURES = ("db", "transactional_db", "django_db_reset_sequences", "live_server", "rules_loaded_db")


@pytest.fixture(autouse=True)
def _empty_cache(request: Any) -> None:
    """Each test that reaches the database starts with no cached sheets and no rate-limit
    counts (the default caches are tables in the test database)."""
    uses_db = request.node.get_closest_marker("django_db") is not None or any(
        name in request.fixturenames for name in DB_FIXTURES
    )
    if not uses_db:
        return
    request.getfixturevalue("_django_db_helper")
    from django.core.cache import caches

    for alias in caches.settings:
        caches[alias].clear()


@pytest.fixture
def rules_loaded_db(transactional_db: Any) -> None:
    """Transactional tests start from empty tables: load the rules data first."""
    call_command("load_rules", verbosity=0)
