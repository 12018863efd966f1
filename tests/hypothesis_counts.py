"""How many examples a hypothesis law runs: its own count under the "full" profile
(`make test`), the profile's smaller count under "check" (`make check`,
--hypothesis-profile=check; profiles registered in tests/conftest.py)."""

from __future__ import annotations

from hypothesis import settings


def examples(full: int) -> int:
    """``full``, or the loaded profile's max_examples when that is fewer."""
    return min(full, settings.default.max_examples)
