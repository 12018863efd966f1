"""Reading numbers a player typed, bounded before they are converted.

A form field is text. Python's ``int()`` and ``Decimal()`` accept text of any length
("9" * 5000, "1e1000000"), which costs seconds of CPU or raises past the integer
conversion limit. These readers look at the shape and length of the text first, so
only short plain numbers reach a conversion; the document schema then checks the
range (rules/*/document.py).

Every reader first makes the text plain (:func:`plain`): a decimal digit of any script
("１２" from a Japanese keyboard's full-width mode, Arabic-Indic "١٢") becomes its ASCII
digit, and a full-width sign or point its ASCII form (Unicode NFKC). Other number-like
characters ("²", "½", "①") are not digits and stay as they are, so they are refused.
"""

from __future__ import annotations

import re
import unicodedata

from pydantic import BaseModel

# At most seven digits before the point and three after: far beyond any limit the
# schemas accept (10,000 ExP, 1,000 points), short enough to convert in no time.
_WHOLE = re.compile(r"[+-]?[0-9]{1,7}")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,7}(?:\.[0-9]{0,3})?|\.[0-9]{1,3})")
# Digits only, of any length: a whole number, maybe too long to be read.
_DIGITS = re.compile(r"[+-]?[0-9]+")
# Signs and points as typed on other keyboards: U+2212 MINUS SIGN has no NFKC form.
_SIGNS = {"\u2212": "-"}

NOT_WHOLE = "enter a whole number"


def _plain_char(char: str) -> str:
    if char.isascii():
        return char
    if unicodedata.category(char) == "Nd":  # a decimal digit of any script
        return str(unicodedata.decimal(char))
    if char in _SIGNS:
        return _SIGNS[char]
    folded = unicodedata.normalize("NFKC", char)
    return folded if folded in ("+", "-", ".", ",") else char


def plain(raw: str) -> str:
    """``raw`` stripped, with every decimal digit as its ASCII digit and full-width
    signs and points as ASCII ("－１２．５" -> "-12.5"); any other character unchanged."""
    text = raw.strip()
    return text if text.isascii() else "".join(_plain_char(c) for c in text)


def read_whole(raw: str) -> int | None:
    """ "12" -> 12, " -3 " -> -3, "１２" -> 12; None for anything else (words, decimals,
    exponents, more than seven digits)."""
    text = plain(raw)
    return int(text) if _WHOLE.fullmatch(text) else None


def is_whole(raw: str) -> bool:
    """Whether ``raw`` is a whole number, however many digits it has ("１２", "-3",
    "12345678901234567890123"). Nothing is converted."""
    return bool(_DIGITS.fullmatch(plain(raw)))


def whole_error(raw: str, low: int, high: int, what: str | None = None) -> str | None:
    """Why ``raw`` is not a whole number the field can take, in the player's words, or
    None when :func:`read_whole` reads it (its range is then the schema's to check).

    "enter a whole number" for text that is not one ("abc", "1.5", "1e3");
    "enter a whole number from ``low`` to ``high``" for digits too many to read
    ("12345678901234567890123": a whole number, just out of range). With ``what``
    ("the ExP limit"): "enter the ExP limit as a whole number[ from low to high]".
    """
    if read_whole(raw) is not None:
        return None
    words = f"enter {what} as a whole number" if what else NOT_WHOLE
    return f"{words} from {low} to {high}" if is_whole(raw) else words


def read_points(raw: str) -> int | float | None:
    """ "5" -> 5, "4.5" -> 4.5, "6.0" -> 6, "６．５" -> 6.5; None for anything that is not
    a short plain decimal (no exponent, at most seven digits before the point and three
    after)."""
    text = plain(raw)
    if not _DECIMAL.fullmatch(text):
        return None
    value = float(text)
    return int(value) if value.is_integer() else value


def bounds(schema: type[BaseModel], field: str) -> tuple[int, int]:
    """The (lowest, highest) whole number ``schema`` accepts at ``field``, read from its
    ``ge``/``le`` (or ``gt``/``lt``) constraints, so a form says the schema's own range.
    Raises LookupError when the field is not bounded on both sides."""
    low = high = None
    for rule in schema.model_fields[field].metadata:  # annotated-types' Ge, Gt, Le, Lt
        if isinstance(getattr(rule, "ge", None), int):
            low = rule.ge
        elif isinstance(getattr(rule, "gt", None), int):
            low = rule.gt + 1
        elif isinstance(getattr(rule, "le", None), int):
            high = rule.le
        elif isinstance(getattr(rule, "lt", None), int):
            high = rule.lt - 1
    if low is None or high is None:
        raise LookupError(f"{schema.__name__}.{field} has no lower and upper bound")
    return low, high
