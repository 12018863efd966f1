"""Words a player reads: pydantic's validation errors and player-supplied values, said
the way the books and Muster's pages say them.

:func:`error_words` is the one translation of a pydantic error into a player's words:
imports, the commands and the editor's forms all use it, so no raw validator text
("Input should be greater than 0") reaches a player.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

# pydantic error type -> the player's words; "{x}" is filled from the error's ctx.
_WORDS: dict[str, str] = {
    "missing": "required key is missing",
    "extra_forbidden": "unknown key (not part of the roster format)",
    "string_type": "text is needed",
    "string_too_short": "required",
    "string_too_long": "at most {max_length} characters",
    "string_pattern_mismatch": "may not contain control characters",
    "string_unicode": "may not contain invisible or control characters (a lone surrogate)",
    "int_type": "a whole number is needed",
    "int_parsing": "a whole number is needed",
    "int_from_float": "a whole number is needed",
    "float_type": "a number is needed",
    "float_parsing": "a number is needed",
    "decimal_type": "a number is needed",
    "decimal_parsing": "a number is needed",
    "finite_number": "a number is needed",
    "bool_type": "yes or no (true or false) is needed",
    "bool_parsing": "yes or no (true or false) is needed",
    "greater_than": "more than {gt}",
    "greater_than_equal": "at least {ge}",
    "less_than": "less than {lt}",
    "less_than_equal": "at most {le}",
    "multiple_of": "a multiple of {multiple_of}",
    "too_short": "at least {min_length} entries",
    "too_long": "at most {max_length} entries",
    "list_type": "a list is needed",
    "tuple_type": "a list is needed",
    "set_type": "a list is needed",
    "dict_type": "an object (keys and values) is needed",
    "model_type": "an object (keys and values) is needed",
    "model_attributes_type": "an object (keys and values) is needed",
    "literal_error": "must be {expected}",
    "enum": "must be {expected}",
    "none_required": "must be left out",
    "json_invalid": "not JSON",
    "recursion_loop": "nested too deeply",
}
FALLBACK = "not a value Muster can read here"


def error_words(err: Mapping[str, Any]) -> str:
    """One pydantic error (an item of ``ValidationError.errors()``) in a player's words:
    "at least 1", "more than 0", "a whole number is needed". A ValueError raised by one
    of Muster's own validators keeps its message (they are written for players); an
    error type without words here gets a plain fallback, never pydantic's text."""
    ctx = err.get("ctx") or {}
    kind = str(err.get("type", ""))
    if kind in ("value_error", "assertion_error"):
        return str(ctx.get("error", FALLBACK)).removeprefix("Value error, ")
    template = _WORDS.get(kind)
    if template is None:
        return FALLBACK
    try:
        return template.format(**{k: _plain(v) for k, v in ctx.items()})
    except (KeyError, IndexError):
        return template.split(" {")[0] if "{" in template else template


def _plain(value: Any) -> str:
    """A ctx value as a player reads it: "'small' or 'large'" -> "small or large"."""
    if isinstance(value, Decimal | float) and value == int(value):
        return str(int(value))
    return str(value).replace("'", '"')


def yes_no(value: Any) -> str:
    """True -> "yes", False -> "no", None -> "unknown", anything else as text."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return "unknown" if value is None else str(value)


def counted(n: Any, noun: str, plural: str | None = None) -> str:
    """A count with its noun in the right number: (1, "model") -> "1 model",
    (4, "model") -> "4 models"; ``plural`` for an irregular one."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def listing(items: list[str]) -> str:
    """Items as a sentence lists them: ["MA"] -> "MA", ["MA", "PD"] -> "MA and PD",
    ["MA", "RA", "PD"] -> "MA, RA and PD"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def labelled_value(label: str, text: Any) -> str:
    """A value as the book writes it beside its name: ("Armed in Melee", True) ->
    "Armed in Melee: yes"; ("Movement", '6"') -> 'Movement: 6"'."""
    return f"{label}: {yes_no(text)}"
