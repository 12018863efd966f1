"""The interface each game system's editor parts implement."""

from __future__ import annotations

import types
import typing
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from django import forms
from django.http import QueryDict
from pydantic import BaseModel, ValidationError

from roster.rosters.evaluation import Evaluation
from rules.document import error_words
from rules.registry import SYSTEMS
from rules.report import ModelReport, Report

FieldErrors = dict[str, str]
CONVENTIONAL_TEMPLATES = {
    "card_template": "model_card.html",
    "options_template": "options.html",
    "totals_template": "totals.html",
    "view_template": "model_view.html",
    "summary_template": "summary.html",
}


class SystemUI(ABC):
    """Forms, templates and wording for one system's rosters.

    ``model_from_post`` and ``options_from_post`` translate an HTTP form into
    document pieces and return field errors in words a player understands; they never
    apply game rules (the rules engine does that on the saved document). The POST is
    read by the system's Django forms (``roster/rosters/systems/<system>/forms.py``, shared
    fields in ``roster/rosters/systems/fields.py``), never by hand from the QueryDict.
    """

    system_id: ClassVar[str]
    # Found by convention under templates/systems/<system_id>/ unless a subclass names them.
    card_template: ClassVar[str]
    options_template: ClassVar[str]
    totals_template: ClassVar[str]
    view_template: ClassVar[str]
    summary_template: ClassVar[str]
    model_schema: ClassVar[type[BaseModel]]
    model_error_fields: ClassVar[dict[tuple[Any, ...], str]]
    new_model_kinds: ClassVar[list[tuple[str, str]]]
    add_template: ClassVar[str] = "roster/_add_model.html"
    empty_text: ClassVar[str] = "No models yet."
    # The line under the game's name on the new-roster page.
    blurb: ClassVar[str] = ""
    # The fields of each kind of homebrew entry a supplement may add, by rules data table.
    homebrew_keys: ClassVar[dict[str, list[str]]] = {}
    # A supplement field's label where the book's name for it is not value_label's
    # ("Cost (ExP)" for "cost"), by key.
    value_words: ClassVar[dict[str, str]] = {}
    # The pickers a model card opens (``?pick=<name>``): any other name opens none.
    pickers: ClassVar[tuple[str, ...]] = ()
    # An option in a sentence, by option key ("The event plays game size medium"); a key
    # not here is said in words ("points limit").
    limit_words: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        system_id = cls.__dict__.get("system_id")
        for attr, name in CONVENTIONAL_TEMPLATES.items():
            if system_id and attr not in cls.__dict__:
                setattr(cls, attr, f"systems/{system_id}/{name}")

    def value_label(self, catalogue: Any, key: str) -> str:
        """A rules data value's name as the book prints it, for supplement forms
        ("Fighting Skill"); by default the key in words ("Long range")."""
        return key.replace("_", " ").capitalize()

    def value_choices(self, catalogue: Any, key: str) -> tuple[tuple[str, str], ...]:
        """The values a supplement's homebrew field ``key`` may take, as (value, label)
        pairs for a select; empty (by default) for a field typed freely."""
        return ()

    def homebrew_extra(self, table: str, catalogue: Any) -> list[tuple[str, str, str, int, int]]:
        """Inputs a homebrew entry of ``table`` takes beyond ``homebrew_keys``, as
        (key, label, kind, low, high); by default none."""
        return []

    def limit_word(self, key: str) -> str:
        """An option in a sentence: "game size" in "The event plays game size medium"."""
        return self.limit_words.get(key, key.replace("_", " "))

    def limit_fields(self, catalogue: Any) -> dict[str, forms.Field]:
        """The event form's list limits, by option key: the options every list of an event
        must have (muster.event/1 stores them under these keys, as the roster document
        does), each an optional Django form field; the roster document's schema checks
        them together. By default one field per option of the schema
        (:func:`option_fields`)."""
        return option_fields(self.system_id)

    def homebrew_used(self, model: ModelReport) -> list[str]:
        """Names of the homebrew entries ``model`` uses, for the plain-text export: by
        default every entry among its ``derived`` values (a dict, or a list of them) with a
        ``name`` and a "homebrew" mark, in the report's order; a system whose model itself
        is a homebrew entry (its line, its profile) adds it."""
        out: list[str] = []
        for value in model.derived.values():
            entries = value if isinstance(value, list) else [value]
            out += [
                str(e["name"]) for e in entries if isinstance(e, dict) and e.get("homebrew") and e.get("name")
            ]
        return out

    def model_kinds(self, catalogue: Any) -> list[tuple[str, str]]:
        """What the player may add, as (kind, label) pairs for ``new_model``.

        By default the fixed ``new_model_kinds``; a system whose kinds come from its
        rules data (one per profile) overrides this.
        """
        return list(self.new_model_kinds)

    def model_label(self, model: dict[str, Any]) -> str:
        """What history lines call a stored model ("Added Raensleyar"); by default its name."""
        return str(model.get("name", ""))

    def add_context(self, evaluation: Evaluation) -> dict[str, Any]:
        """Context of the add-a-model form (``add_template``), available there as ``add``.

        By default ``{"kinds": [(kind, label), ...], "default": kind}`` for a plain select.
        """
        kinds = self.model_kinds(evaluation.catalogue)
        return {
            "kinds": kinds,
            "default": self.default_kind(evaluation.document_json, kinds),
        }

    def fill_target(self, catalogue: Any, model: dict[str, Any]) -> tuple[str, str, dict[str, Any]] | None:
        """Where the values a model supplies for its entry's gaps belong in a supplement
        (docs/supplements.md): ``(table, entry name, {field: value})`` of the entry whose
        values the rules data lacks, or None when the model supplies none. None by default
        (a system whose rules data lacks nothing)."""
        return None

    def default_kind(self, document: dict[str, Any], kinds: list[tuple[str, str]]) -> str:
        """The kind the "Add a model" select offers first: the first kind unless overridden."""
        return kinds[0][0] if kinds else ""

    def rename_references(self, document: dict[str, Any], old: str, new: str) -> list[str]:
        """After a model was renamed from ``old`` to ``new``, update what refers to it by
        name in ``document``: a model that changes is replaced in ``document["models"]``
        by a new dict, never changed in place (its other models are shared with the
        stored document). Returns what changed, for the history line.
        By default nothing refers to a model by name."""
        return []

    @abstractmethod
    def default_options(self, catalogue: Any) -> dict[str, Any]:
        """Options for a new roster (e.g. the medium game size)."""

    @abstractmethod
    def options_from_post(self, post: QueryDict, catalogue: Any) -> tuple[dict[str, Any], FieldErrors]:
        """Read the options form: (options dict, errors by field name)."""

    @abstractmethod
    def new_model(self, kind: str, catalogue: Any, taken_names: set[str]) -> dict[str, Any]:
        """A fresh model of ``kind`` (one of ``model_kinds``) with a name not in ``taken_names``.

        Raises KeyError for an unknown kind.
        """

    @abstractmethod
    def model_from_post(
        self, post: QueryDict, current: dict[str, Any], catalogue: Any
    ) -> tuple[dict[str, Any], FieldErrors]:
        """Read a model's form into a model dict; ``current`` is the stored model
        (names already in it may stay even if the rules data dropped them)."""

    @abstractmethod
    def card_context(
        self,
        evaluation: Evaluation,
        index: int,
        submitted: dict[str, Any] | None,
        errors: FieldErrors,
        picker: str | None = None,
    ) -> dict[str, Any]:
        """Template context for one model card; ``submitted`` holds rejected form values to
        show again and ``errors`` their messages by field."""

    @abstractmethod
    def kind_label(self, model: ModelReport) -> str:
        """What kind of model it is, for its overview row ("Companion", "Berserker (Melee)")."""

    @abstractmethod
    def text_summary(self, model: ModelReport) -> str:
        """One line about a model for plain-text export, without its name or cost."""

    @abstractmethod
    def text_totals(self, report: Report) -> str:
        """The system's totals for plain-text export, beyond cost and limit."""

    @abstractmethod
    def describe_change(self, old: dict[str, Any], new: dict[str, Any]) -> str:
        """A short history line for a model edit ("Raensleyar: MA 5 -> 6")."""


def options_model(system_id: str) -> type[BaseModel]:
    """The pydantic model of a roster's ``options`` in ``system_id`` (its document's)."""
    annotation = SYSTEMS[system_id].document_model.model_fields["options"].annotation
    assert isinstance(annotation, type) and issubclass(annotation, BaseModel)
    return annotation


def _types(annotation: Any) -> list[Any]:
    """The plain types and literal values an annotation allows (through Optional, unions,
    Annotated and Literal)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _types(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return [t for a in typing.get_args(annotation) for t in _types(a)]
    if origin is typing.Literal:
        return [("literal", v) for v in typing.get_args(annotation)]
    return [annotation]


def option_fields(system_id: str) -> dict[str, forms.Field]:
    """One optional form field per option of the system's roster documents, read from its
    schema: a choice of the values a ``Literal`` allows, a whole number within the
    schema's bounds, yes or no, or a line of text; labelled with the key in words."""
    model = options_model(system_id)
    out: dict[str, forms.Field] = {}
    for key, info in model.model_fields.items():
        found = _types(info.annotation)
        label = key.replace("_", " ").capitalize()
        literals = [v for t in found if isinstance(t, tuple) for v in t[1:]]
        low = high = None
        for item in info.metadata:
            low = getattr(item, "ge", low)
            high = getattr(item, "le", high)
        if literals:
            choices = [("", "—"), *((str(v), str(v)) for v in literals)]
            out[key] = forms.ChoiceField(required=False, choices=choices, label=label)
        elif bool in found:
            out[key] = forms.NullBooleanField(required=False, label=label)
        elif int in found:
            out[key] = forms.IntegerField(required=False, min_value=low, max_value=high, label=label)
        else:
            out[key] = forms.CharField(required=False, max_length=100, label=label)
    return out


def friendly(exc: ValidationError, fields: dict[tuple[Any, ...], str]) -> FieldErrors:
    """Turn pydantic errors into {form field: message}.

    ``fields`` maps an error location prefix to the form field it belongs to; the
    longest matching prefix wins, and unmatched errors go under "form".
    """
    out: FieldErrors = {}
    for err in exc.errors(include_url=False):
        loc = tuple(err["loc"])
        key = next((fields[loc[:n]] for n in range(len(loc), 0, -1) if loc[:n] in fields), "form")
        out.setdefault(key, error_words(err))
    return out
