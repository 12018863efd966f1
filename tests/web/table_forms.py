"""Read the table's forms as a browser without JavaScript would post them: each form's
action, its hidden fields and its submit buttons (name, value, the text read out)."""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Form:
    action: str
    row: str | None  # the id of the row (<li id="m-0-1">) the form is in, if any
    fields: dict[str, str] = field(default_factory=dict)
    buttons: list[tuple[str, str, str]] = field(default_factory=list)  # (name, value, text)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.row: str | None = None
        self.button: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "li" and a.get("id", "").startswith("m-"):
            self.row = a["id"]
        if tag == "form":
            self.form = Form(a.get("action", ""), self.row)
            self.forms.append(self.form)
        if self.form is None:
            return
        if tag == "input" and a.get("type") == "hidden":
            self.form.fields[a.get("name", "")] = a.get("value", "")
        if tag == "button" and a.get("type", "submit") == "submit":
            self.button = [a.get("name", ""), a.get("value", ""), ""]

    def handle_data(self, data: str) -> None:
        if self.button is not None:
            self.button[2] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self.button is not None and self.form is not None:
            name, value, text = self.button
            self.form.buttons.append((name, value, " ".join(text.split())))
            self.button = None
        if tag == "form":
            self.form = None
        if tag == "li":
            self.row = None


def forms(page: str) -> list[Form]:
    """The forms of ``page`` (HTML)."""
    reader = _Reader()
    reader.feed(page)
    return reader.forms


def button(page: str, text: str, row: str | None = None) -> tuple[str, dict[str, str]]:
    """The POST a click on the button whose text read out is ``text`` (exactly; in the row
    ``row`` when given) would send: (action URL, data). AssertionError when none."""
    for f in forms(page):
        if row is not None and f.row != row:
            continue
        for name, value, said in f.buttons:
            if said == text:
                return html_lib.unescape(f.action), {**f.fields, name: html_lib.unescape(value)}
    shown = sorted({b[2] for f in forms(page) if row is None or f.row == row for b in f.buttons})
    raise AssertionError(f"no button {text!r} in {row or 'the page'}: {shown}")


def texts(page: str, row: str) -> list[str]:
    """The buttons' texts of the row ``row``."""
    return [b[2] for f in forms(page) if f.row == row for b in f.buttons]


def words(page: str) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", page)).split())
