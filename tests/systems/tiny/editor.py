"""Tiny Skirmish's editor parts: its forms and what its card and rows show.

Its templates are found by convention in its own folder,
``tests/systems/tiny/templates/systems/tiny/`` (the sheet too).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import QueryDict
from pydantic import ValidationError

from roster.rosters.evaluation import Evaluation
from roster.rosters.systems.base import FieldErrors, SystemUI, friendly
from roster.rosters.systems.fields import first_errors
from rules.numbers import read_whole
from rules.report import ModelReport, Report
from tests.systems.tiny.rules import TERRAINS, TinyCatalogue, TinyModel, TinyOptions

MODEL_FIELDS: dict[tuple[Any, ...], str] = {("name",): "name", ("kind",): "form"}


class TinyOptionsForm(forms.Form):
    """The points limit, a whole number (kept as typed, with its error, when not), and
    the terrain (open ground when not posted)."""

    points_limit = forms.CharField(required=False, strip=True)
    terrain = forms.CharField(required=False, strip=True)

    def options(self) -> tuple[dict[str, Any], FieldErrors]:
        """(options, errors by field)."""
        self.is_valid()
        raw = self.cleaned_data.get("points_limit", "")
        terrain = self.cleaned_data.get("terrain") or "open"
        limit = read_whole(raw)
        if limit is None:
            return (
                {"points_limit": raw[:20], "terrain": terrain},
                {"points_limit": "enter the points limit as a whole number"},
            )
        return {"points_limit": limit, "terrain": terrain}, {}


class TinyModelForm(forms.Form):
    """A fighter's name."""

    name = forms.CharField(required=False, strip=True)


class TinyUI(SystemUI):
    """Tiny Skirmish's editor: a name per fighter, a kind fixed when it is added."""

    system_id = "tiny"
    model_schema = TinyModel
    model_error_fields = MODEL_FIELDS
    new_model_kinds: list[tuple[str, str]] = []
    blurb = "A made-up game for the test suite: fighters bought for points."
    homebrew_keys = {"kinds": ["name", "points", "terrain"]}
    value_words = {"terrain": "At home on"}

    def value_choices(self, catalogue: TinyCatalogue, key: str) -> tuple[tuple[str, str], ...]:
        """A homebrew kind's terrain."""
        return tuple(TERRAINS.items()) if key == "terrain" else ()

    def model_kinds(self, catalogue: TinyCatalogue) -> list[tuple[str, str]]:
        """One kind per kind of the rules data: (slug, name)."""
        return [(k.slug, k.name) for k in catalogue.kinds]

    def default_options(self, catalogue: TinyCatalogue) -> dict[str, Any]:
        """A 10-point game."""
        return {"points_limit": 10}

    def options_from_post(
        self, post: QueryDict, catalogue: TinyCatalogue
    ) -> tuple[dict[str, Any], FieldErrors]:
        """Read points_limit with TinyOptionsForm, then the schema's bounds."""
        options, errors = TinyOptionsForm(post).options()
        if errors:
            return options, errors
        try:
            TinyOptions.model_validate(options)
        except ValidationError as exc:
            return options, friendly(exc, {("points_limit",): "points_limit", ("terrain",): "terrain"})
        return options, {}

    def new_model(self, kind: str, catalogue: TinyCatalogue, taken_names: set[str]) -> dict[str, Any]:
        """A fighter of ``kind`` named after it ("Scout 2"; ``taken_names`` are casefolded);
        KeyError for an unknown kind."""
        found = catalogue.kind(kind)
        if found is None:
            raise KeyError(kind)
        n = 1
        while f"{found.name} {n}".casefold() in taken_names:
            n += 1
        return {"name": f"{found.name} {n}", "kind": found.name}

    def model_from_post(
        self, post: QueryDict, current: dict[str, Any], catalogue: TinyCatalogue
    ) -> tuple[dict[str, Any], FieldErrors]:
        """Read the name; the kind never changes here."""
        form = TinyModelForm(post)
        form.is_valid()
        model = {"name": form.cleaned_data.get("name", current["name"]), "kind": current["kind"]}
        errors = first_errors(form)
        if errors:
            return model, errors
        try:
            valid = TinyModel.model_validate(model)
        except ValidationError as exc:
            return model, friendly(exc, MODEL_FIELDS)
        return valid.model_dump(mode="json"), {}

    def card_context(
        self,
        evaluation: Evaluation,
        index: int,
        submitted: dict[str, Any] | None,
        errors: FieldErrors,
        picker: str | None = None,
    ) -> dict[str, Any]:
        """The card: the name field, the kind and the cost."""
        stored = evaluation.document_json["models"][index]
        return {"values": submitted or stored, "report": evaluation.report.models[index]}

    def kind_label(self, model: ModelReport) -> str:
        """The fighter's kind ("Scout")."""
        return str(model.derived["kind"])

    def text_summary(self, model: ModelReport) -> str:
        """The fighter's kind."""
        return str(model.derived["kind"])

    def text_totals(self, report: Report) -> str:
        """Nothing beyond cost and limit."""
        return ""

    def describe_change(self, old: dict[str, Any], new: dict[str, Any]) -> str:
        """ "Scout 1 -> Pell" for a new name."""
        return f"{old.get('name')} -> {new.get('name')}" if old.get("name") != new.get("name") else ""
