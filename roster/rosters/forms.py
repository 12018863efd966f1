"""Django forms that translate the editor's POSTs into the typed input of
:mod:`roster.rosters.operations`.

The fields every edit shares (the revision it was made against) are one form; the
per-system model and options forms live with each system (``roster/rosters/systems/``) and are
read here into a :class:`roster.rosters.operations.ModelEdit` that never loses a good value
because of a bad one.
"""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.http import QueryDict
from pydantic import ValidationError

from roster.rosters.operations import ModelEdit
from roster.rosters.systems import FieldErrors, SystemUI
from roster.rosters.systems.base import friendly
from rules.numbers import read_whole


class RevisionForm(forms.Form):
    """The revision an edit was made against; a missing or garbled one reads as 0,
    which never matches a roster and so is reported as a conflict."""

    # Text read by rules.numbers, so no posted value reaches int() unbounded.
    revision = forms.CharField(max_length=12, required=False)

    def value(self) -> int:
        """The posted revision, 0 when missing or not a short whole number."""
        if not self.is_valid():
            return 0
        return max(read_whole(self.cleaned_data["revision"]) or 0, 0)


class AddModelForm(RevisionForm):
    """ "Add a model": ``kind`` is one of the system's model kinds (checked by the
    operation); ``count`` how many of it (1 to 50, 1 when left out)."""

    kind = forms.CharField(max_length=120, required=False)
    count = forms.IntegerField(required=False, min_value=1, max_value=50)

    def count_value(self) -> int:
        """How many to add (``count``, 1 when left out). Raises ValueError with the
        player's words for a count that is not a whole number from 1 to 50."""
        if self.is_valid():
            return self.cleaned_data.get("count") or 1
        if "count" in self.errors:
            raise ValueError("How many: a whole number from 1 to 50.")
        return 1


class MoveForm(RevisionForm):
    """Move a model one place ``up`` or ``down``."""

    direction = forms.ChoiceField(choices=[("up", "up"), ("down", "down")])


def posted_revision(post: QueryDict) -> int:
    """The revision posted with any edit (see RevisionForm)."""
    return RevisionForm(post).value()


def _path(field: str, current: dict[str, Any]) -> tuple[str, ...]:
    """Where a form field's value sits in a stored model ("MA" -> attributes.MA)."""
    for prefix in ("supplied__", "supplied_"):
        if field.startswith(prefix):
            return ("supplied", field[len(prefix) :])
    if field in (current.get("attributes") or {}):
        return ("attributes", field)
    return (field,)


def _keep_stored(model: dict[str, Any], current: dict[str, Any], field: str) -> None:
    """Put the stored value of ``field`` back into ``model`` (in place)."""
    *parents, last = _path(field, current)
    source: Any = current
    target = model
    for key in parents:
        source = source.get(key) or {}
        if not isinstance(target.get(key), dict):
            target[key] = {}
        target = target[key]
    if last in source:
        target[last] = copy.deepcopy(source[last])
    else:
        target.pop(last, None)
    if parents and not target:
        model.pop(parents[0], None)


def read_model(ui: SystemUI, post: QueryDict, current: dict[str, Any], catalogue: Any) -> ModelEdit:
    """Read a model form. A field with a bad value keeps its stored value and reports
    why; every other field is taken, so one bad value never holds back the rest.

    Only the editor's own form (which posts every field and the "card" marker) is
    saved in part; any other POST with an error changes nothing, since a field it
    left out would read as emptied. Errors that cannot be pinned to one field
    ("form") keep the whole stored model.
    """
    shown, errors = ui.model_from_post(post, current, catalogue)
    if not errors:
        return ModelEdit(shown, shown, {})
    if post.get("card") != "whole":
        return ModelEdit(copy.deepcopy(current), shown, errors)
    errors = dict(errors)
    saved = copy.deepcopy(shown)
    for _ in range(4):
        if "form" in errors:
            break
        for field in errors:
            _keep_stored(saved, current, field)
        try:
            valid = ui.model_schema.model_validate(saved)
        except ValidationError as exc:
            more = {k: v for k, v in friendly(exc, ui.model_error_fields).items() if k not in errors}
            if not more:
                break
            errors.update(more)
            continue
        return ModelEdit(valid.model_dump(mode="json", exclude_none=True), shown, _not_saved(errors))
    return ModelEdit(copy.deepcopy(current), shown, _not_saved(errors))


def _not_saved(errors: FieldErrors) -> FieldErrors:
    return {k: f"{v} (not saved: the stored value is kept)" for k, v in errors.items()}
