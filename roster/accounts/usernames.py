"""Username keys: two players may not hold names that read the same.

``fold`` ignores case and Unicode compatibility forms (full-width letters, ligatures):
``Alice``, ``ALICE`` and ``Ａｌｉｃｅ`` fold alike. ``skeleton`` goes further and maps every
character to one representative of its confusables class (Unicode's confusables data, as
shipped by the confusable-homoglyphs package), so Cyrillic ``аlice``, ``alıce`` (dotless i)
and ``alİce`` (dotted capital I) share ``alice``'s skeleton. Both keys are stored with a
unique constraint (models.UsernameKey), so every database refuses a second holder, SQLite
included. See docs/accounts.md.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs.confusables import confusables_data

_COMBINING_DOT_ABOVE = "\u0307"


def fold(username: str) -> str:
    """The username with case and compatibility forms ignored (NFKC case folding)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", username).casefold())


@lru_cache(maxsize=4096)
def _representative(char: str) -> str:
    """The smallest code point among the characters confusable with ``char``, following
    the confusables data's links both ways (single characters only)."""
    seen = {char}
    todo = [char]
    while todo:
        for entry in confusables_data.get(todo.pop(), []):
            other = entry["c"]
            if len(other) == 1 and other not in seen:
                seen.add(other)
                todo.append(other)
    return min(seen)


def _map(text: str) -> str:
    return "".join(_representative(c) for c in text)


def skeleton(username: str) -> str:
    """A key equal for usernames that look alike: the folded name (so case-blind), the
    dot of a dotted i dropped (İ folds to i + U+0307), each character mapped to its
    confusables representative. Case-blind first means ``Ian`` and ``lan`` stay apart."""
    text = unicodedata.normalize("NFD", fold(username))
    text = "".join(
        c for i, c in enumerate(text) if not (c == _COMBINING_DOT_ABOVE and i and text[i - 1] in "ij")
    )
    return _map(unicodedata.normalize("NFC", text))
