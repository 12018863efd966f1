"""Builders for Iron & Honor roster documents in tests.

Defaults are legal: a hero (6 points spent), companions (5) and followers (4) with
no skills or traits. Override any key.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from rules.document import parse_document
from rules.iron_honor import SYSTEM
from rules.iron_honor.catalogue import IronHonorCatalogue
from rules.report import Report

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "fixtures" / "examples"

DEFAULT_ATTRIBUTES = {
    "hero": {"MA": 6, "RA": 3, "PD": 5, "WP": 4},
    "companion": {"MA": 5, "RA": 2, "PD": 3, "WP": 3},
    "follower": {"MA": 4, "RA": 2, "PD": 3, "WP": 3},
}


@cache
def catalogue() -> IronHonorCatalogue:
    """The Iron & Honor catalogue read straight from fixtures/ (no database)."""
    return SYSTEM.read_catalogue_file(ROOT / "fixtures" / "iron-and-honor.json")


def model(type_: str = "follower", name: str | None = None, **overrides: Any) -> dict[str, Any]:
    """A model dict of the given type with legal default attributes."""
    out: dict[str, Any] = {
        "name": name or type_.title(),
        "type": type_,
        "attributes": dict(DEFAULT_ATTRIBUTES[type_]),
        "skills": [],
        "traits": [],
    }
    out.update(overrides)
    return out


def roster(models: list[dict[str, Any]], game_size: str = "medium", **options: Any) -> dict[str, Any]:
    """A roster document dict."""
    return {
        "format": "muster.roster/1",
        "system": "iron-and-honor",
        "name": "Test warband",
        "options": {"game_size": game_size, **options},
        "models": models,
    }


def medium(*extra: dict[str, Any]) -> dict[str, Any]:
    """A legal Medium warband (hero, companion, three followers) plus ``extra`` models."""
    base = [model("hero"), model("companion"), model("follower"), model("follower"), model("follower")]
    return roster(base + list(extra))


def evaluate(doc: dict[str, Any]) -> Report:
    """Parse (structure and names) and evaluate a document dict."""
    parsed = parse_document(copy.deepcopy(doc), lambda _: catalogue())
    return SYSTEM.evaluate(parsed, catalogue())


def codes(report: Report) -> set[str]:
    """Every issue code of a report."""
    return {i.code for i in report.issues}


def model_codes(report: Report, index: int) -> set[str]:
    """The issue codes about the model at ``index``."""
    return {i.code for i in report.issues if i.model == index}


def example(name: str) -> dict[str, Any]:
    """An example roster from fixtures/examples by file stem."""
    return json.loads((EXAMPLES / f"{name}.json").read_text())
