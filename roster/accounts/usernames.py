"""Username keys: two players may not hold names that read the same.

``fold`` ignores case and Unicode compatibility forms (full-width letters, ligatures):
``Alice``, ``ALICE`` and ``Ａｌｉｃｅ`` fold alike. ``skeleton`` goes further and maps every
character to one representative of its confusables class (Unicode's confusables data, as
shipped by the confusable-homoglyphs package), so Cyrillic ``аlice``, ``alıce`` (dotless i)
and ``alİce`` (dotted capital I) share ``alice``'s skeleton; small capitals (``ᴀʟɪᴄᴇ``),
digits written for letters (``b0b``, ``al1ce``: :func:`alternate`), letter pairs read as one
letter (``rnallory``, ``clave``) and the Cyrillic soft sign (``Ьob``) too, which that
data leaves apart. ``mixed_scripts`` names a name's scripts when it mixes them. Both keys are stored with a
unique constraint (models.UsernameKey), so every database refuses a second holder, SQLite
included. See docs/accounts.md.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs.categories import unique_aliases
from confusable_homoglyphs.confusables import confusables_data

_COMBINING_DOT_ABOVE = "\u0307"
# Look-alikes Unicode's confusables data does not link to the letter a reader sees: digits
# written for letters ("b0b", "bo5s"), and the Cyrillic soft sign read as a b ("ьob").
_READ_AS = {"0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "\u044c": "b", "\u0185": "b"}
# Letter pairs a reader takes for one letter in most fonts (issue 29: "rnallory", "clave").
_PAIRS = (("rn", "m"), ("cl", "d"), ("vv", "w"))
_SMALL_CAPITAL = "SMALL CAPITAL "
# Scripts that may share one name (Unicode's "highly restrictive" profile, UTS #39):
# Japanese, Chinese and Korean writing mix Latin with their own scripts.
_MIXES = (
    {"LATIN", "HAN", "HIRAGANA", "KATAKANA"},
    {"LATIN", "HAN", "BOPOMOFO"},
    {"LATIN", "HAN", "HANGUL"},
)


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


@lru_cache(maxsize=4096)
def _read_as(char: str) -> str:
    """What a reader takes ``char`` for, where the confusables data does not say: a small
    capital ("ᴀ", U+1D00) its letter, a digit written for a letter that letter."""
    if char in _READ_AS:
        return _READ_AS[char]
    name = unicodedata.name(char, "")
    if _SMALL_CAPITAL in name:
        letters = name.split(_SMALL_CAPITAL, 1)[1]
        if letters.isalpha() and letters.isascii() and " " not in letters:
            return letters.lower()
    return char


def _map(text: str) -> str:
    return "".join(_representative(c) for c in "".join(_read_as(c) for c in text))


def mixed_scripts(username: str) -> list[str] | None:
    """The scripts of a name that mixes letters of scripts no language writes together
    ("Ьob": Cyrillic and Latin), sorted, title-cased; None for a name of one script (or
    an allowed mix, such as Japanese's Latin, Han and kana). Digits and punctuation
    belong to every script."""
    scripts = set(unique_aliases(username)) - {"COMMON", "INHERITED"}
    if len(scripts) <= 1 or any(scripts <= allowed for allowed in _MIXES):
        return None
    return sorted(script.title() for script in scripts)


def skeleton(username: str) -> str:
    """A key equal for usernames that look alike: the folded name (so case-blind), the
    dot of a dotted i dropped (İ folds to i + U+0307), each character mapped to its
    confusables representative. Case-blind first means ``Ian`` and ``lan`` stay apart."""
    text = unicodedata.normalize("NFD", fold(username))
    text = "".join(
        c for i, c in enumerate(text) if not (c == _COMBINING_DOT_ABOVE and i and text[i - 1] in "ij")
    )
    text = unicodedata.normalize("NFC", text)
    for pair, letter in _PAIRS:
        text = text.replace(pair, letter)
    return _map(text)


def alternate(username: str) -> str:
    """The skeleton with the digit 1 read as an i ("al1ce" as "alice"), where
    :func:`skeleton` reads it as an l, as the confusables data does ("bi11" as "bill").
    Stored beside the skeleton (models.UsernameKey.alternate) and compared both ways at
    sign-up (adapter.clean_username), so both readings are refused."""
    return skeleton(username.replace("1", "i"))
