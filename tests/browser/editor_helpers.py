"""Helpers for the editor's browser tests: log in, open a model, wait for saves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from roster.models import Roster
from roster.operations import create_roster
from tests.ih import example

PASSWORD = "a-long-pass-phrase"
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
        "() => !document.querySelector('.htmx-request, .htmx-settling, [data-edit]')", timeout=15_000
    )


def answered(page: Any) -> None:
    """Wait until no request is in flight and nothing is settling (fields may still be
    unsaved, as after a refused stale save)."""
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling')", timeout=15_000)


def stored(roster: Roster) -> dict[str, Any]:
    """The roster's document as stored now."""
    return Roster.objects.get(pk=roster.pk).document


def measure_targets(page: Any, scope: str = "body") -> list[str]:
    """Every visible control under 44x44 px (a checkbox or radio counts its label's box)."""
    return page.evaluate(SMALL_TARGETS, scope)
