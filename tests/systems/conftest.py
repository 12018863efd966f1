"""Fixtures of the game system tests: every registered system, Tiny Skirmish included."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules.registry import SYSTEMS
from rules.system import GameSystem
from tests.systems.tiny.register import registered
from tests.systems.tiny.rules import SYSTEM as TINY

# The books' systems as the registry holds them, and the test suite's own.
SYSTEM_IDS = [*SYSTEMS, TINY.id]


@pytest.fixture(params=SYSTEM_IDS)
def system(
    request: pytest.FixtureRequest, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> Iterator[GameSystem]:
    """Each registered game system in turn (Tiny Skirmish registered for the test)."""
    with registered(settings, monkeypatch):
        yield SYSTEMS[request.param]
