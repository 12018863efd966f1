"""Name keys: how a printed name, an alias or a slug is matched case-insensitively."""

import re
from functools import lru_cache

_SIGN = re.compile(r"(?<![a-z0-9])-(?=\d)")
_SEPARATORS = re.compile(r"[^a-z0-9+]+")


@lru_cache(maxsize=4096)
def name_key(text: str) -> str:
    """Return the lookup key of a catalogue name, alias or slug.

    Case, spacing, hyphens and punctuation are ignored, so "1-Handed ranged (BP)",
    "1 handed ranged bp" and "1-handed-ranged-bp" share a key. A minus sign before a
    digit is kept ("-1 Save" differs from "+1 Save").
    """
    lowered = _SIGN.sub(" minus ", text.lower())
    return _SEPARATORS.sub(" ", lowered).strip()
