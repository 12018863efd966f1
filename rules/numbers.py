"""Reading numbers a player typed, bounded before they are converted.

A form field is text. Python's ``int()`` and ``Decimal()`` accept text of any length
("9" * 5000, "1e1000000"), which costs seconds of CPU or raises past the integer
conversion limit. These readers look at the shape and length of the text first, so
only short plain numbers reach a conversion; the document schema then checks the
range (rules/*/document.py).
"""

from __future__ import annotations

import re

# At most seven digits before the point and three after: far beyond any limit the
# schemas accept (10,000 ExP, 1,000 points), short enough to convert in no time.
_WHOLE = re.compile(r"[+-]?[0-9]{1,7}")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,7}(?:\.[0-9]{0,3})?|\.[0-9]{1,3})")


def read_whole(raw: str) -> int | None:
    """ "12" -> 12, " -3 " -> -3; None for anything else (words, decimals, exponents,
    more than seven digits)."""
    text = raw.strip()
    return int(text) if _WHOLE.fullmatch(text) else None


def read_points(raw: str) -> int | float | None:
    """ "5" -> 5, "4.5" -> 4.5, "6.0" -> 6; None for anything that is not a short plain
    decimal (no exponent, at most seven digits before the point and three after)."""
    text = raw.strip()
    if not _DECIMAL.fullmatch(text):
        return None
    value = float(text)
    return int(value) if value.is_integer() else value
