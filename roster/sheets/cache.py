"""The sheet cache: rendered PDFs keyed by their content, shared by every process.

The key is a digest of everything a sheet shows: the canonical roster document, the
rules data digest and every render option (paper, the share link from settings, the
owner's name, any option added later). An edit, an undo or a rules data change gives
a new key, so a stale sheet can never be served, by any worker. Nothing is ever
"dropped": old entries age out (CACHE_SECONDS, and the cache's own culling).

Kept apart from roster.sheets.content so that saving a roster does not import WeasyPrint.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from django.core.cache import cache

CACHE_SECONDS = 24 * 3600
# A sheet that could not be rendered in time is remembered, so asking again does not
# cost another MUSTER_RENDER_SECONDS of CPU.
# Ten minutes: long enough to stop repeated burns, short enough that a sheet stopped
# only because the machine was busy prints again soon.
REFUSED_SECONDS = 600


def sheet_key(document: dict[str, Any], rules_digest: str, options: Any) -> str:
    """The cache key of a sheet: sha256 over the canonical document, the rules data
    digest and ``options`` (a dataclass of render options such as roster.sheets.content.SheetInfo,
    or a dict). ``made``, the time printed on the sheet, is left out: a sheet made
    earlier today is the same sheet."""
    is_instance = dataclasses.is_dataclass(options) and not isinstance(options, type)
    values = dataclasses.asdict(options) if is_instance else dict(options)
    values.pop("made", None)
    content = json.dumps(
        {"document": document, "rules": rules_digest, "options": values},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )
    return "muster:sheet:" + hashlib.sha256(content.encode()).hexdigest()


def get_sheet(key: str) -> bytes | None:
    """A cached PDF, or None."""
    value = cache.get(key)
    return bytes(value) if isinstance(value, bytes | bytearray | memoryview) else None


def put_sheet(key: str, pdf: bytes) -> None:
    """Cache a PDF under ``key``."""
    cache.set(key, pdf, CACHE_SECONDS)


def refused_sheet(key: str) -> str | None:
    """The message of a sheet that recently ran past the render limit, or None."""
    value = cache.get(f"{key}:refused")
    return value if isinstance(value, str) else None


def refuse_sheet(key: str, message: str) -> None:
    """Remember for REFUSED_SECONDS that the sheet ``key`` could not be rendered in time."""
    cache.set(f"{key}:refused", message, REFUSED_SECONDS)
