"""Parts of a page for the snapshot tests (syrupy, docs/testing.md): one element cut out
of the HTML (a model card, a table row, the totals bar), written one block or button a
line so that a change reads as a short diff."""

from __future__ import annotations

import re
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Finder(HTMLParser):
    """Finds where the first element with ``attrs`` starts and where it ends, as offsets."""

    def __init__(self, html: str, attrs: dict[str, str]) -> None:
        super().__init__(convert_charrefs=False)
        self.html = html
        self.wanted = attrs
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", html)]
        self.start: int | None = None
        self.end: int | None = None
        self.depth = 0

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.end is not None:
            return
        if self.start is None:
            found = dict(attrs)
            if all(found.get(k) == v for k, v in self.wanted.items()):
                self.start = self._offset()
                if tag in VOID:
                    self.end = self.start + len(self.get_starttag_text() or "")
                else:
                    self.depth = 1
        elif tag not in VOID:
            self.depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.start is None and all(dict(attrs).get(k) == v for k, v in self.wanted.items()):
            self.start = self._offset()
            self.end = self.start + len(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        if self.start is None or self.end is not None or tag in VOID:
            return
        self.depth -= 1
        if self.depth == 0:
            self.end = self.html.index(">", self._offset()) + 1


def part(html: str, **attrs: str) -> str:
    """The outer HTML of the first element whose attributes include ``attrs`` (``id="x"``;
    ``class_`` for ``class``). Raises AssertionError when there is none, naming it."""
    wanted = {k.rstrip("_").replace("_", "-") if k != "class_" else "class": v for k, v in attrs.items()}
    finder = _Finder(html, wanted)
    finder.feed(html)
    finder.close()
    assert finder.start is not None and finder.end is not None, f"no element with {wanted} in the page"
    return html[finder.start : finder.end]


def lines(html: str) -> str:
    """Whitespace runs collapsed to one space (the templates' layout is not what a player
    meets), one line per block or button."""
    text = re.sub(r"\s+", " ", html).strip()
    blocks = r" ?(<(?:li|form|section|details|div|p|button|h[123]|ol|ul|dl|fieldset|label)[ >])"
    return re.sub(blocks, r"\n\1", text).lstrip("\n")
