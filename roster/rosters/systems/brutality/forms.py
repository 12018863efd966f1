"""The Brutality editor's forms: the model card and the roster options.

They only translate the POST (the rules engine checks the rules, the editor matches
names against the rules data): numbers are read by :mod:`rules.numbers`, the points
limit takes a decimal comma, and a value that is not a number is kept as typed with
its error, so the card shows it again.
"""

from __future__ import annotations

from typing import Any

from django import forms

from roster.rosters.systems.fields import PostedList, PostedText
from rules.brutality.catalogue import STATS
from rules.brutality.document import BrutalityOptions, Supplied
from rules.numbers import bounds, read_points, read_whole, whole_error

# What the player may supply for a model when the rules data lacks it (Brutality p.6).
SUPPLIED_KEYS = [*STATS, "Armed", "Powers"]


def read_limit(raw: str) -> int | float | None:
    """ "5" -> 5, "4.5" -> 4.5, "6,5" (a decimal comma) -> 6.5 points; None for anything
    that is not a short plain number (rules.numbers.read_points)."""
    return read_points(raw.replace(",", "."))


class BrutalityOptionsForm(forms.Form):
    """The roster options: ``mode`` ("simple" or "moderate") and the game, ``game=count``
    with ``model_count`` and ``upgraded_count`` (models), else ``points_limit`` (points,
    a decimal comma allowed). Source: Brutality p.4.

    ``options()`` is the options dict; a count field not posted (the game was just
    switched) starts at 6 models, 0 upgraded.
    """

    mode = PostedText()
    game = PostedText(strip=False)
    model_count = PostedText(strip=False)
    upgraded_count = PostedText(strip=False)
    points_limit = PostedText(strip=False)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.counted():
            for key in ("model_count", "upgraded_count"):
                raw = cleaned.get(key)
                error = whole_error(raw, *bounds(BrutalityOptions, key)) if raw is not None else None
                if error:
                    self.add_error(key, error)
        elif read_limit(self._limit_text()) is None:
            self.add_error("points_limit", "enter the points limit, e.g. 5 or 6.5")
        if cleaned.get("mode") not in ("simple", "moderate"):
            self.add_error("mode", "choose simple or moderate")
        return cleaned

    def counted(self) -> bool:
        """Whether the game is by model count rather than points."""
        return (self["game"].value() or "points") == "count"

    def _limit_text(self) -> str:
        raw = self["points_limit"].value()
        return "5" if raw is None else str(raw)

    def options(self) -> dict[str, Any]:
        """The options dict, the typed text standing in for a value that is not a number."""
        self.is_valid()
        options: dict[str, Any] = {"mode": (self["mode"].value() or "").strip()}
        if self.counted():
            for key in ("model_count", "upgraded_count"):
                raw = self[key].value()
                if raw is None:
                    options[key] = 0 if key == "upgraded_count" else 6
                    continue
                value = read_whole(str(raw))
                options[key] = raw if value is None else value
        else:
            raw = self._limit_text()
            limit = read_limit(raw)
            options["points_limit"] = raw if limit is None else limit
        return options


class BrutalityModelForm(forms.Form):
    """A model card: ``name``, ``class``, ``upgrade``, ``ability`` (names or slugs, matched
    to the rules data by the editor), ``leader`` (a box), the ``trait`` and ``power`` boxes
    (a name posted twice is taken twice) with the pickers' ``add_trait``/``add_power``
    buttons, and ``supplied__<key>`` for values the rules data lacks (whole numbers;
    ``Armed`` is "yes" or "no"). Source: Brutality p.6.
    """

    name = PostedText(strip=False)
    upgrade = PostedText()
    ability = PostedText()
    leader = PostedText(strip=False)
    trait = PostedList()
    add_trait = PostedText(strip=False)
    power = PostedList()
    add_power = PostedText(strip=False)

    def __init__(self, data: Any) -> None:
        super().__init__(data)
        # "class" is a Python keyword: the field is added by name.
        self.fields["class"] = PostedText()
        for key in SUPPLIED_KEYS:
            self.fields[f"supplied__{key}"] = PostedText()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for key in SUPPLIED_KEYS:
            field = f"supplied__{key}"
            raw = cleaned.get(field)
            if not raw:
                continue
            if key == "Armed":
                if raw not in ("yes", "no"):
                    self.add_error(field, "choose yes or no")
            elif error := whole_error(raw, *bounds(Supplied, key)):
                self.add_error(field, error)
        return cleaned

    def text(self, field: str) -> str:
        """A posted text field ("" when not posted)."""
        value = self[field].value()
        return "" if value is None else str(self.fields[field].clean(value))

    def picked(self, field: str) -> list[str]:
        """The boxes ticked for ``field`` ("trait" or "power") and the picker's button last."""
        return [*self[field].value(), self.text(f"add_{field}")]

    def supplied(self) -> dict[str, Any]:
        """The posted values for the stats the rules data lacks: whole numbers, ``Armed``
        True/False; a bad value as typed."""
        out: dict[str, Any] = {}
        for key in SUPPLIED_KEYS:
            raw = self.text(f"supplied__{key}")
            if not raw:
                continue
            if key == "Armed":
                out[key] = raw == "yes"
                continue
            value = read_whole(raw)
            out[key] = raw if value is None else value
        return out
