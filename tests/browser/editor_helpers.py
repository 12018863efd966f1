"""Helpers for the editor's browser tests: log in, open a model, wait for saves."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from tests.ih import example

PASSWORD = "a-long-pass-phrase"
# How long a browser test waits for a condition before it gives up: a guard against a
# hang, never a measure. A busy machine (two CPU hogs beside two test workers) can take
# several seconds for what takes milliseconds on a quiet one (docs/testing.md).
PATIENCE_MS = 60_000
SMALL_TARGETS = (Path(__file__).parent / "js" / "small_targets.js").read_text(encoding="utf-8")


def login(page: Any, django_user_model: Any, username: str) -> Any:
    """Create ``username`` and log in through the log-in page."""
    user = django_user_model.objects.create_user(username, password=PASSWORD)
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    return user


def northmen(user: Any) -> Roster:
    """The Northmen Raiding Party (7 models, Iron & Honor p.18) owned by ``user``."""
    return create_roster(user, example("iron-and-honor-northmen-raiding-party"))


def saved(page: Any) -> None:
    """Wait until every edit on the page has been sent and answered: no request in
    flight, nothing settling, and no field edited since its last save."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-settling, [data-edit]')", timeout=PATIENCE_MS
    )


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Check ``condition`` (a read of the database, say) every 50 ms until it holds: a wait
    for a condition, never for a duration. Raises AssertionError naming ``what`` after
    PATIENCE_MS (a hang guard)."""
    deadline = time.monotonic() + PATIENCE_MS / 1000
    while not condition():
        assert time.monotonic() < deadline, f"not within {PATIENCE_MS} ms: {what}"
        time.sleep(0.05)


def answered(page: Any) -> None:
    """Wait until no request is in flight and nothing is settling (fields may still be
    unsaved, as after a refused stale save)."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-settling')", timeout=PATIENCE_MS
    )


def stored(roster: Roster) -> dict[str, Any]:
    """The roster's document as stored now."""
    return Roster.objects.get(pk=roster.pk).document


def measure_targets(page: Any, scope: str = "body") -> list[str]:
    """Every visible control under 44x44 px (a checkbox or radio counts its label's box)."""
    return page.evaluate(SMALL_TARGETS, scope)


class HeldSaves:
    """Holds the browser's saves (POSTs to a URL ending in ``path``) on their way to the
    server until the test lets each one go, so an answer lands exactly between two clicks.

    ``release()`` lets the oldest held save go on to the server (waiting, up to
    ``timeout`` ms, for one to be held), ``answer()`` also waits until its answer is drawn;
    ``stop()`` lets every save through from then on.
    Raises AssertionError when no save arrives in time."""

    def __init__(self, page: Any, path: str, timeout: float = PATIENCE_MS) -> None:
        self.page = page
        self.pattern = f"**{path}"
        self.timeout = timeout
        self.routes: list[Any] = []
        self.stopped = False
        page.route(self.pattern, self._route)

    def _route(self, route: Any) -> None:
        if route.request.method == "POST" and not self.stopped:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        """Let the oldest held save go on (waiting for one to be held first)."""
        waited = 0.0
        while not self.routes:
            assert waited < self.timeout, "no save was sent"
            self.page.wait_for_timeout(20)
            waited += 20
        self.routes.pop(0).continue_()

    def answer(self) -> None:
        """Let the oldest held save go on and wait until its answer is drawn (the
        roster's revision moves on; a save that changes nothing is not for this)."""
        revision = self.page.evaluate("() => document.getElementById('roster-state').dataset.revision")
        self.release()
        self.page.wait_for_function(
            "r => document.getElementById('roster-state').dataset.revision !== r",
            arg=revision,
            timeout=self.timeout,
        )

    def stop(self) -> None:
        """Let every held save go, and every later one straight through."""
        self.stopped = True
        while self.routes:
            self.routes.pop(0).continue_()
        self.page.unroute(self.pattern, self._route)
