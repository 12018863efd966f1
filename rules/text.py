"""Canonical free text: what a roster, model or label name may contain.

Every name a player types is NFC-normalised (so "é" typed as e + combining accent and
"é" typed as one character are the same name) and refused, with the character named,
when it holds something that is invisible or changes how the text around it reads:
control characters (C0, C1, DEL), line and paragraph separators, bidirectional
overrides, embeddings, isolates and marks, zero-width spaces, joiners where no script
needs them, soft hyphens, byte-order marks, tag characters, private-use, unassigned and
surrogate code points, and more than four combining marks on one letter.

Refused rather than silently removed: a player sees why the name was not taken and
what to change, and a stored name is always exactly what was typed (see docs/security.md).

Lengths are measured on the normalised text, the text that is stored: NFC can make a
text longer (U+FB2C becomes three code points, U+0958 two), and a limit checked before
it let a stored document grow past the limit its own schema then refused when it was
read again. :func:`clean_text` with ``max_length`` is the one text policy; the schema's
text types (rules.schema) and the homebrew fields all go through it, so whatever is
stored parses again to the same text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

# Zero-width non-joiner and joiner shape Persian, Indic scripts and emoji sequences;
# they are allowed only between two non-ASCII characters, where a script can need them.
_JOINERS = {"\u200c", "\u200d"}
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_COMBINING = {"Mn", "Me", "Mc"}
MAX_COMBINING = 4


def _describe(char: str) -> str:
    name = unicodedata.name(char, "")
    code = f"U+{ord(char):04X}"
    return f"{code} {name}" if name else code


def text_problem(text: str) -> str | None:
    """The reason ``text`` is not acceptable free text, in a player's words, or None.

    ``text`` should already be NFC-normalised. Looks at every character once (linear).
    """
    if text.isascii() and text.isprintable():
        # Printable ASCII has no control, format or combining characters and no joiners:
        # most names, answered without a look at each character.
        return None
    run = 0
    for i, char in enumerate(text):
        category = unicodedata.category(char)
        if char in _JOINERS:
            before = text[i - 1] if i else ""
            after = text[i + 1] if i + 1 < len(text) else ""
            if before > "\x7f" and after > "\x7f":
                continue
            return f"may not contain an invisible joiner ({_describe(char)}) outside a word that needs it"
        if category in _REFUSED_CATEGORIES:
            return f"may not contain invisible or control characters ({_describe(char)})"
        run = run + 1 if category in _COMBINING else 0
        if run > MAX_COMBINING:
            return f"at most {MAX_COMBINING} accents or marks on one letter"
    return None


def clean_text(text: str, max_length: int | None = None) -> str:
    """NFC-normalise ``text`` and return it; raises ValueError (with the reason, in a
    player's words) when it holds a refused character (see the module docstring) or, with
    ``max_length``, when the normalised text has more than ``max_length`` characters
    (code points). Normalising is idempotent, so the result passes again unchanged."""
    normal = unicodedata.normalize("NFC", text)
    problem = text_problem(normal)
    if problem is not None:
        raise ValueError(problem)
    if max_length is not None and len(normal) > max_length:
        raise ValueError(f"at most {max_length} characters")
    return normal


def text_of_at_most(max_length: int) -> Callable[[str], str]:
    """:func:`clean_text` bounded to ``max_length`` characters after normalising: the
    validator of every free-text type (rules.schema.Name and its kin)."""

    def clean(text: str) -> str:
        return clean_text(text, max_length)

    return clean
