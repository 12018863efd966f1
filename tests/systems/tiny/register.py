"""How the test suite registers Tiny Skirmish: its one registry line, and its own
templates folder on the template search path (a system inside the repository's
``templates/`` needs no such line)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from rules.registry import SYSTEMS
from tests.systems.tiny.rules import SYSTEM

TEMPLATES = Path(__file__).resolve().parent / "templates"


@contextmanager
def registered(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tiny Skirmish registered while the block runs (pytest-django's ``settings``)."""
    monkeypatch.setitem(SYSTEMS, SYSTEM.id, SYSTEM)  # the registry line
    settings.TEMPLATES = [{**t, "DIRS": [*t["DIRS"], TEMPLATES]} for t in settings.TEMPLATES]
    yield
