"""The interface each game system's editor parts implement."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from django.http import QueryDict
from pydantic import ValidationError

from roster.evaluation import Evaluation
from rules.report import ModelReport, Report

FieldErrors = dict[str, str]


class SystemUI(ABC):
    """Forms, templates and wording for one system's rosters.

    ``model_from_post`` and ``options_from_post`` translate an HTTP form into
    document pieces and return field errors in words a player understands; they never
    apply game rules (the rules engine does that on the saved document).
    """

    system_id: ClassVar[str]
    card_template: ClassVar[str]
    options_template: ClassVar[str]
    totals_template: ClassVar[str]
    view_template: ClassVar[str]
    new_model_kinds: ClassVar[list[tuple[str, str]]]
    # What the editor says while the roster has no models yet.
    empty_text: ClassVar[str] = "No models yet."

    @abstractmethod
    def default_options(self, catalogue: Any) -> dict[str, Any]:
        """Options for a new roster (e.g. the medium game size)."""

    @abstractmethod
    def options_from_post(self, post: QueryDict, catalogue: Any) -> tuple[dict[str, Any], FieldErrors]:
        """Read the options form: (options dict, errors by field name)."""

    @abstractmethod
    def new_model(self, kind: str, catalogue: Any, taken_names: set[str]) -> dict[str, Any]:
        """A fresh model of ``kind`` (one of ``new_model_kinds``) with a name not in ``taken_names``.

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
        self, evaluation: Evaluation, index: int, submitted: dict[str, Any] | None, errors: FieldErrors
    ) -> dict[str, Any]:
        """Template context for one model card; ``submitted`` holds rejected form values to
        show again and ``errors`` their messages by field."""

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
        out.setdefault(key, _words(err))
    return out


def _words(err: Any) -> str:
    ctx = err.get("ctx") or {}
    kind = err["type"]
    if kind == "string_too_long":
        return f"at most {ctx.get('max_length')} characters"
    if kind in ("string_too_short", "missing"):
        return "required"
    if kind == "less_than_equal":
        return f"at most {ctx.get('le')}"
    if kind == "greater_than_equal":
        return f"at least {ctx.get('ge')}"
    if kind == "too_long":
        return f"at most {ctx.get('max_length')} entries"
    return str(err["msg"])
