"""Evaluating stored roster documents against the catalogue in the database.

Every page, partial, PDF and command gets its numbers from one :class:`Evaluation`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from roster.catalogue import catalogue_and_digest
from rules.document import parse_document
from rules.fingerprint import roster_fingerprint
from rules.registry import SYSTEMS
from rules.report import Report, json_number
from rules.schema import RosterDocument


@dataclass(frozen=True)
class Evaluation:
    """A stored document parsed and evaluated: the pydantic document, its catalogue,
    the Report, and the rules data digest used."""

    document: RosterDocument
    catalogue: Any
    report: Report
    digest: str

    @property
    def fingerprint(self) -> str:
        """12 hex digits naming this exact document with these rules data
        (rules.fingerprint.roster_fingerprint): printed on the sheet and the shared page."""
        return roster_fingerprint(self.document, self.digest)

    @property
    def summary(self) -> dict[str, Any]:
        """What the roster list shows: cost, limit, unit, legal, model count."""
        t = self.report.totals
        return {
            "cost": json_number(t["cost"]),
            "limit": json_number(t.get("limit")),
            "unit": t["unit"],
            "legal": self.report.legal,
            "models": len(self.report.models),
            "errors": len(self.report.errors),
        }


def evaluate_stored(
    data: dict[str, Any], catalogue_for: Callable[[str], tuple[Any, str]] = catalogue_and_digest
) -> Evaluation:
    """Parse a stored document (structure only: names may have left the rules data)
    and evaluate it. ``catalogue_for`` gives (catalogue, digest) of a system id: the
    database's by default; the commands pass roster.catalogue.any_catalogue_and_digest.
    Raises DocumentError if the stored JSON is not a document."""
    document = parse_document(data)
    system = SYSTEMS[document.system]
    catalogue, digest = catalogue_for(system.id)
    return Evaluation(document, catalogue, system.evaluate(document, catalogue), digest)
