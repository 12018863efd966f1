"""What evaluating a roster produces: issues, per-model values, totals, legality.

One :class:`Report` feeds the editor, the shared page, the PDF sheet, the CLI and the
JSON export, so none of them computes a cost on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Literal

Severity = Literal["error", "warning", "info"]
Number = int | Decimal
SEVERITY_ORDER: dict[str, int] = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True, slots=True)
class Issue:
    """One rule finding.

    ``severity`` "error" makes the roster not legal, "warning" is advice, "info"
    explains. ``code`` is stable and namespaced (``iron-and-honor.traits.too-many-rare``);
    ``model`` is the 0-based index of the model it concerns, or None for the warband;
    ``source`` names the book and page ("Iron & Honor p.22").
    """

    severity: Severity
    code: str
    message: str
    source: str
    model: int | None = None
    model_name: str | None = None

    @classmethod
    def of(
        cls,
        system_id: str,
        severity: Severity,
        code: str,
        message: str,
        source: str,
        model: tuple[int, str] | None = None,
    ) -> Issue:
        """An issue with the code namespaced by system ("<system_id>.<code>") about the
        model ``(index, name)``, or about the warband when ``model`` is None."""
        index, name = model if model is not None else (None, None)
        return cls(severity, f"{system_id}.{code}", message, source, index, name)

    def as_json(self) -> dict[str, Any]:
        """Return the CLI / API shape: severity, code, message, model, model_index, source."""
        return {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "model": self.model_name,
            "model_index": self.model,
            "source": self.source,
        }


@dataclass(frozen=True, slots=True)
class CostLine:
    """One priced part of a model: what was bought and what it cost (None if unknown)."""

    label: str
    cost: Number | None


@dataclass(slots=True)
class ModelReport:
    """Costs and derived values of one model.

    ``cost`` is in the system's unit (ExP or points); None when some part of it is
    unknown. ``derived`` holds the system's own values (wounds, effective stats...).
    """

    index: int
    name: str
    cost: Number | None
    lines: list[CostLine] = field(default_factory=list)
    derived: dict[str, Any] = field(default_factory=dict)
    issues: list[Issue] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """Return the CLI / API shape of this model."""
        return {
            "name": self.name,
            "cost": json_number(self.cost),
            "lines": [{"label": x.label, "cost": json_number(x.cost)} for x in self.lines],
            **{k: _jsonable(v) for k, v in self.derived.items()},
        }


@dataclass(slots=True)
class Report:
    """The evaluation of a whole roster.

    ``totals`` always has ``cost``, ``limit`` (None when there is none) and ``unit``;
    systems add their own (Iron & Honor: ``fate_pool``, ``fate_breakdown``).
    ``legal`` is True when no issue is an error.
    """

    system: str
    name: str
    models: list[ModelReport]
    totals: dict[str, Any]
    issues: list[Issue]

    @property
    def legal(self) -> bool:
        """True when no issue has severity "error"."""
        return not any(i.severity == "error" for i in self.issues)

    @property
    def errors(self) -> list[Issue]:
        """The issues that make the roster not legal."""
        return [i for i in self.issues if i.severity == "error"]

    def issues_for(self, index: int | None) -> list[Issue]:
        """Issues about the model at ``index`` (None: about the warband as a whole)."""
        return [i for i in self.issues if i.model == index]

    def as_json(self) -> dict[str, Any]:
        """Return the contract shape of docs/formats.md, section 2."""
        return {
            "system": self.system,
            "name": self.name,
            "legal": self.legal,
            "totals": {k: _jsonable(v) for k, v in self.totals.items()},
            "models": [m.as_json() for m in self.models],
            "issues": [i.as_json() for i in self.issues],
        }


def json_number(value: Number | None) -> int | float | None:
    """Return an exact cost as a JSON number: ints stay ints, halves become 6.5."""
    if value is None or isinstance(value, int):
        return value
    return int(value) if value == value.to_integral_value() else float(value)


def _jsonable(value: Any) -> Any:
    if isinstance(value, Decimal):
        return json_number(value)
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def sort_issues(issues: list[Issue]) -> list[Issue]:
    """Errors first, then warnings, then info; stable within a severity."""
    return sorted(issues, key=lambda i: SEVERITY_ORDER[i.severity])


def page_source(book: str, page: int | None) -> str:
    """Where a rule comes from: "Iron & Honor p.17", or the book alone when the page is unknown."""
    return f"{book} p.{page}" if page is not None else book
