"""The Iron & Honor editor's forms: the model card (with a formset for its skill rows)
and the roster's game size.

They only translate the POST (the rules engine checks the rules, the editor matches
names against the rules data). Numbers are read by :mod:`rules.numbers`; a value that
is not a number is kept as typed, so the card shows it again with its error.
"""

from __future__ import annotations

from typing import Any

from django import forms

from roster.rosters.systems.fields import PostedList, PostedText
from rules.iron_honor.catalogue import ATTRIBUTES
from rules.numbers import read_whole, whole_error


class _TextForm(forms.Form):
    def text(self, field: str) -> str:
        """A posted text field, cleaned by its field ("" when not posted)."""
        value = self[field].value()
        return "" if value is None else str(self.fields[field].clean(value))


class IronHonorOptionsForm(_TextForm):
    """The roster options: ``game_size`` (small, medium, large or custom), the ExP
    limit typed in ``exp_limit`` and the one the form showed, ``exp_limit_shown``
    (whole numbers of ExP, or None when not one). Source: Iron & Honor p.15."""

    game_size = PostedText()
    exp_limit = PostedText()
    exp_limit_shown = PostedText()

    def number(self, field: str) -> int | None:
        """``exp_limit`` or ``exp_limit_shown`` as a whole number of ExP, else None."""
        return read_whole(self.text(field))


class SkillRowForm(forms.Form):
    """One skill row of a model card: the ``skill`` (a name or slug) and the player's
    own ``label`` for it (e.g. the weapon's name), both stripped. Source: Iron & Honor p.20."""

    skill = PostedText()
    label = PostedText()


SkillRowFormSet = forms.formset_factory(SkillRowForm, extra=0)


class IronHonorModelForm(_TextForm):
    """A model card: ``name``, ``type`` (hero, companion or follower), the attributes
    MA/RA/PD/WP (whole numbers; a bad one kept as typed with "enter a whole number", and
    the model type's ``attribute_range`` (lowest, highest) for one with too many digits),
    the stepper's ``bump`` ("MA:1", "RA:-1"), the skill rows (``skill``/``label`` pairs;
    the row ``remove_skill`` is dropped), the ``trait`` boxes with the picker's
    ``add_trait`` button and ``choice__<slug>`` for traits that take a choice.
    Source: Iron & Honor p.16-20.
    """

    name = PostedText(strip=False)
    type = PostedText(strip=False)
    bump = PostedText(strip=False)
    skill = PostedList()
    label = PostedList()
    remove_skill = PostedText(strip=False)
    trait = PostedList()
    add_trait = PostedText(strip=False)

    # The model type's attribute range (Iron & Honor p.16), set by the editor before
    # is_valid() once it knows the type.
    attribute_range: tuple[int, int] = (2, 6)

    def __init__(self, data: Any, choice_slugs: list[str]) -> None:
        super().__init__(data)
        for a in ATTRIBUTES:
            self.fields[a] = PostedText(strip=False)
        for slug in choice_slugs:
            self.fields[f"choice__{slug}"] = PostedText()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for a in ATTRIBUTES:
            if error := whole_error(cleaned.get(a) or "", *self.attribute_range):
                self.add_error(a, error)
        return cleaned

    def attributes(self) -> dict[str, Any]:
        """{attribute: whole number, or the text as typed when it is not one}."""
        out: dict[str, Any] = {}
        for a in ATTRIBUTES:
            raw = self.text(a)
            value = read_whole(raw)
            out[a] = value if value is not None else raw
        return out

    def bump_step(self) -> tuple[str, int] | None:
        """The stepper's (attribute, +1 or -1), None without a well-formed bump."""
        attr, colon, delta = self.text("bump").partition(":")
        if not colon or attr not in ATTRIBUTES or delta not in ("1", "-1"):
            return None
        return attr, (1 if delta == "1" else -1)

    def skill_rows(self) -> list[dict[str, str]]:
        """The posted skill rows in order ({"skill", "label"}, stripped), without the
        removed row and the empty ones, read by a SkillRowFormSet."""
        pairs = list(zip(self["skill"].value(), self["label"].value(), strict=False))
        data: dict[str, Any] = {"skills-TOTAL_FORMS": len(pairs), "skills-INITIAL_FORMS": 0}
        for i, (skill, label) in enumerate(pairs):
            data[f"skills-{i}-skill"] = skill
            data[f"skills-{i}-label"] = label
        formset = SkillRowFormSet(data, prefix="skills")
        formset.is_valid()
        remove = read_whole(self.text("remove_skill") or "x")
        rows = []
        for i, row in enumerate(formset.forms):
            skill, label = row.cleaned_data.get("skill") or "", row.cleaned_data.get("label") or ""
            if i == remove or (not skill and not label):
                continue
            rows.append({"skill": skill, "label": label})
        return rows

    def picked_traits(self) -> list[str]:
        """The trait boxes ticked and the picker's button, stripped, empty ones left out."""
        return [t.strip() for t in [*self["trait"].value(), self.text("add_trait")] if t.strip()]

    def choice(self, slug: str) -> str:
        """The choice posted for the trait ``slug`` ("" when none)."""
        field = f"choice__{slug}"
        return self.text(field) if field in self.fields else ""
