"""Builders for Beestwars roster documents in tests.

``roster(300, "Satyr", {"profile": "Satyr", "name": "Pell"})``: a profile name is
the same as {"profile": name}.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from rules.beestwars import SYSTEM
from rules.beestwars.catalogue import BeestwarsCatalogue
from rules.beestwars.document import BeestwarsRoster
from rules.document import parse_document
from rules.report import Report
from tests.ih import EXAMPLES, ROOT

EXAMPLE = EXAMPLES / "beestwars-clovis-300.json"
# Named Clovis Heroes with their points (p.11): five of them cost 213 together.
HEROES = [
    "Chardos the Destroyer",
    "Carnithau the Reborn",
    "Slewdaar Stone Hoof",
    "Narbonensis the Mean",
    "Srekwdaar Iron Hoof",
]


@cache
def catalogue() -> BeestwarsCatalogue:
    """The Beestwars catalogue read straight from fixtures/ (no database)."""
    return SYSTEM.read_catalogue_file(ROOT / "fixtures" / "beestwars.json")


def roster(points_limit: int, *models: str | dict[str, Any]) -> dict[str, Any]:
    """A roster document dict at ``points_limit`` with the given models."""
    return {
        "format": "muster.roster/1",
        "system": "beestwars",
        "name": "Test warband",
        "options": {"points_limit": points_limit},
        "models": [{"profile": m} if isinstance(m, str) else m for m in models],
    }


def evaluate(doc: dict[str, Any]) -> Report:
    """Parse (structure and names) and evaluate a document dict."""
    parsed = parse_document(copy.deepcopy(doc), lambda _: catalogue())
    return SYSTEM.evaluate(parsed, catalogue())


def evaluate_unchecked(doc: dict[str, Any]) -> Report:
    """Evaluate without the reference check, as for a roster stored before the data changed."""
    return SYSTEM.evaluate(BeestwarsRoster.model_validate(doc), catalogue())


def codes(report: Report) -> set[str]:
    """Every issue code of a report."""
    return {i.code for i in report.issues}


def model_codes(report: Report, index: int) -> set[str]:
    """The issue codes about the model at ``index``."""
    return {i.code for i in report.issues if i.model == index}


def example() -> dict[str, Any]:
    """The example warband: Stone Hoof's raiders, 257 of 300 points."""
    data: dict[str, Any] = json.loads(EXAMPLE.read_text())
    return data
