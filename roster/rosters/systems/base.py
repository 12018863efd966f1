"""The interface each game system's editor parts implement."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from django.http import QueryDict
from pydantic import BaseModel, ValidationError

from roster.rosters.evaluation import Evaluation
from rules.document import error_words
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

    def homebrew_extra(self, table: str, catalogue: Any) -> list[tuple[str, str, str, int, int]]:
        """Inputs a homebrew entry of ``table`` takes beyond ``homebrew_keys``, as
        (key, label, kind, low, high); by default none."""
        return []

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
