"""Browser tests: a real Chromium (Debian's /usr/bin/chromium) driven by Playwright
against pytest-django's live server on 127.0.0.1."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.editor_helpers import PATIENCE_MS
from tests.rules_data import ensure_rules_data

CHROMIUM = os.environ.get("MUSTER_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Playwright's sync API runs an event loop in this thread; the test's own ORM calls are
# still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the session (under pytest-xdist: per worker). Fails
    (never skips) when it is missing. Each of its contexts waits up to PATIENCE_MS."""
    from playwright.sync_api import sync_playwright

    if shutil.which(CHROMIUM) is None:
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's 'chromium' package (make test does)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        new_context = browser.new_context

        def patient_context(*args: Any, **kwargs: Any) -> Any:
            """Every context waits PATIENCE_MS for a condition (a hang guard, not a measure)
            and, unless asked (``service_workers="allow"``), runs without Muster's service
            worker: Playwright's routes and response events miss what a service worker
            fetches, and a page the worker took control of mid-test let a held save slip
            past its route (CI, 2026-12-06). The worker's own tests allow it."""
            kwargs.setdefault("service_workers", "block")
            context = new_context(*args, **kwargs)
            context.set_default_timeout(PATIENCE_MS)
            return context

        browser.new_context = patient_context
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def _contexts_closed(request: Any) -> Iterator[None]:
    """Every browser context a test opened is closed when it ends. A context left open
    (the table tests' phones) keeps its page polling the live server every 0.5 s for the
    rest of the worker's session: forty of them slowed the tests that came after until
    one timed out (the Northmen build, CI on 2026-12-03)."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()


@pytest.fixture
def rules_loaded(transactional_db: Any) -> None:
    """A transactional test with the rules data loaded (kept across transactional tests:
    tests/rules_data.py)."""
    ensure_rules_data()


@pytest.fixture
def phone(browser: Any, live_server: Any, rules_loaded: None, request: Any) -> Iterator[Any]:
    """A fresh browser context at exactly 360x640 (the table's phone tests)."""
    yield from _fresh_page(browser, live_server, 640, _workers(request))


@pytest.fixture
def page(browser: Any, live_server: Any, rules_loaded: None, request: Any) -> Iterator[Any]:
    """A fresh browser context (no cookies) with a phone-sized viewport, 360x780."""
    yield from _fresh_page(browser, live_server, 780, _workers(request))


def _workers(request: Any) -> str:
    """The service workers setting: "allow" for a test marked ``service_worker``, else "block"."""
    return "allow" if request.node.get_closest_marker("service_worker") else "block"


def _fresh_page(browser: Any, live_server: Any, height: int, workers: str = "block") -> Iterator[Any]:
    """A page in a new context 360 px wide and ``height`` px tall; the context closes after."""
    context = browser.new_context(
        viewport={"width": 360, "height": height}, base_url=live_server.url, service_workers=workers
    )
    context.set_default_timeout(PATIENCE_MS)
    yield context.new_page()
    context.close()
