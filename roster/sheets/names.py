"""What a downloaded roster sheet is called: after the roster, safe in any browser."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

from django.utils.text import slugify

# Characters no file name should carry: path separators, Windows' reserved ones, quotes,
# control and format characters (bidi overrides among them).
_UNSAFE = re.compile(r'[\\/:*?"<>|;\x00-\x1f\x7f]')


def sheet_filename(roster_name: str, paper: str = "a4", compact: bool = False) -> tuple[str, str]:
    """(ASCII fallback, UTF-8 name) of a roster's sheet, both ending in ".pdf":
    ("stone-hoofs-raiders.pdf", "Stone Hoof's raiders.pdf"); "-compact" and "-letter"
    mark the variants. Names are cut at 80 characters; an empty result is "roster"."""
    suffix = ("-compact" if compact else "") + ("-letter" if paper == "letter" else "")
    ascii_stem = slugify(roster_name)[:80].strip("-") or "roster"
    text = unicodedata.normalize("NFC", roster_name)
    text = "".join(c for c in text if unicodedata.category(c) not in ("Cc", "Cf"))
    utf8_stem = " ".join(_UNSAFE.sub(" ", text).split())[:80].strip(" .") or "roster"
    return f"{ascii_stem}{suffix}.pdf", f"{utf8_stem}{suffix}.pdf"


def sheet_disposition(roster_name: str, paper: str = "a4", compact: bool = False) -> str:
    """The Content-Disposition of a sheet shown in the browser and saved under the
    roster's name: ``inline; filename="<ascii>"; filename*=UTF-8''<percent-encoded>``
    (RFC 6266: browsers that read filename* use it, the others the ASCII fallback)."""
    fallback, name = sheet_filename(roster_name, paper, compact)
    return f"inline; filename=\"{fallback}\"; filename*=UTF-8''{quote(name, safe='')}"
