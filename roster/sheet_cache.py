"""Which PDF sheets are cached for a roster, so an edit can drop them all.

Kept apart from roster.sheets so that saving a roster does not import WeasyPrint.
"""

from __future__ import annotations

from django.core.cache import cache

CACHE_SECONDS = 24 * 3600


def _index_key(roster_id: int) -> str:
    return f"muster:sheets:{roster_id}"


def get_sheet(key: str) -> bytes | None:
    """A cached PDF, or None."""
    value = cache.get(key)
    return bytes(value) if value is not None else None


def put_sheet(roster_id: int, key: str, pdf: bytes) -> None:
    """Cache a PDF under ``key`` and remember that the roster has it."""
    cache.set(key, pdf, CACHE_SECONDS)
    keys = cache.get(_index_key(roster_id), set())
    cache.set(_index_key(roster_id), keys | {key}, CACHE_SECONDS)


def forget_sheets(roster_id: int) -> None:
    """Drop every cached sheet of a roster (called on each edit)."""
    keys = cache.get(_index_key(roster_id), set())
    cache.delete_many([*keys, _index_key(roster_id)])
