"""The Beestwars editor's forms: the fighter card and the roster's points limit.

They only translate the POST into the document's pieces (the rules engine checks the
rules): numbers are read by :mod:`rules.numbers`, and a value that is not a number is
kept as typed (at most 20 characters) with its error, so the card shows it again.
"""

from __future__ import annotations

from typing import Any

from django import forms

from roster.rosters.systems.fields import PostedText
from rules.beestwars.document import MAX_POINTS_LIMIT, Supplied
from rules.numbers import bounds, is_whole, read_whole, whole_error


class BeestwarsOptionsForm(forms.Form):
    """The roster options: ``points_limit``, a whole number of points. Source: Beestwars p.9.

    ``options()`` is ``{"points_limit": int}``, or the typed text (cut to 20 characters)
    when it is not a whole number, with the error at ``points_limit``.
    """

    points_limit = PostedText(strip=False)

    def clean_points_limit(self) -> int | str:
        raw: str = self.cleaned_data["points_limit"] or ""
        limit = read_whole(raw)
        if limit is None and is_whole(raw):
            limit = MAX_POINTS_LIMIT + 1  # more digits than any limit: too big, said below
        if limit is None:
            self.add_error("points_limit", "enter the points limit as a whole number, such as 300")
            return raw[:20]
        if not 1 <= limit <= MAX_POINTS_LIMIT:
            self.add_error(
                "points_limit",
                f"at most {MAX_POINTS_LIMIT}: enter a smaller number (the book recommends 200 to 500, p.9)"
                if limit > 1
                else "at least 1",
            )
            return raw[:20]
        return limit

    def options(self) -> dict[str, Any]:
        """The options dict, the typed text standing in for a value that is not a number."""
        self.is_valid()
        return {"points_limit": self.cleaned_data["points_limit"]}


class BeestwarsModelForm(forms.Form):
    """A fighter card: ``name`` (empty: the fighter goes by its profile's name) and one
    ``supplied_<key>`` whole number per value in ``asked`` (what the rules data lacks).

    ``supplied(before)`` merges the posted values into the stored ones: an empty field
    clears the player's value, a field not posted keeps it, a bad value is kept as typed
    (20 characters) with "enter a whole number" at its field (with the range, from the
    schema, for a number with too many digits to read).
    """

    name = PostedText(strip=False)

    def __init__(self, data: Any, asked: list[str]) -> None:
        super().__init__(data)
        self.asked = asked
        for key in asked:
            self.fields[f"supplied_{key}"] = PostedText()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for key in self.asked:
            field = f"supplied_{key}"
            raw = cleaned.get(field)
            error = whole_error(raw, *bounds(Supplied, key)) if raw else None
            if error:
                self.add_error(field, error)
        return cleaned

    def own_name(self) -> str | None:
        """The posted name, or None when blank."""
        self.is_valid()
        name: str = self.cleaned_data.get("name") or ""
        return name if name.strip() else None

    def supplied(self, before: dict[str, Any]) -> dict[str, Any]:
        """The player's values: ``before`` with the posted fields applied."""
        self.is_valid()
        out = dict(before)
        for key in self.asked:
            field = f"supplied_{key}"
            raw = self[field].value()
            if raw is None:
                continue
            text = str(raw).strip()
            if not text:
                out.pop(key, None)
                continue
            value = read_whole(text)
            out[key] = value if value is not None else text[:20]
        return out
