"""Tiny Skirmish registered for the tests of this folder (the recipe, docs/new-system.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.systems.tiny.register import registered


@pytest.fixture
def tiny(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tiny Skirmish in the registry, its templates found, for one test."""
    with registered(settings, monkeypatch):
        yield
