"""Counting evaluations: every roster the rules engine evaluates, whoever asks for it."""

from __future__ import annotations

from typing import Any

import pytest

from rules.registry import SYSTEMS


def count_evaluations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Wrap every system's ``evaluate`` so that each call appends the document's system id
    to the list returned (clear it to count afresh); ``monkeypatch`` undoes it."""
    counted: list[str] = []
    for system in SYSTEMS.values():

        def counting(document: Any, catalogue: Any, real: Any = system.evaluate) -> Any:
            counted.append(document.system)
            return real(document, catalogue)

        monkeypatch.setattr(system, "evaluate", counting)
    return counted
