"""Builders for Brutality roster documents in tests.

Defaults are legal in a Moderate points game: every model has a class, its free
Model Traits and a Model Ability; ``warband()`` is a Leader and three more models
(two Melee, two Fast) at 10 points. Override any key.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from rules.brutality import SYSTEM
from rules.brutality.catalogue import BrutalityCatalogue
from rules.brutality.document import BrutalityRoster
from rules.document import parse_document
from rules.report import Report

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "fixtures" / "examples"
FIXTURE = ROOT / "fixtures" / "brutality.json"
TWO_TRAITS = ["+1 Fighting Skill", "+1 Save"]
LEADER_TRAITS = ["+1 Fighting Skill", "+1 Save", '+2" Movement']


@cache
def catalogue() -> BrutalityCatalogue:
    """The Brutality catalogue read straight from fixtures/ (no database)."""
    return SYSTEM.read_catalogue_file(FIXTURE)


def catalogue_data() -> dict[str, Any]:
    """The rules data file as a dict, to change in a test."""
    return json.loads(FIXTURE.read_text())


def model(class_: str = "Melee", name: str | None = None, **overrides: Any) -> dict[str, Any]:
    """A legal Moderate model dict: two free traits, one ability, no Powers."""
    out: dict[str, Any] = {
        "name": name or class_,
        "class": class_,
        "traits": list(TWO_TRAITS),
        "ability": "Sturdy",
        "powers": [],
    }
    out.update(overrides)
    return out


def leader(class_: str = "Melee", name: str = "Leader", **overrides: Any) -> dict[str, Any]:
    """A legal Leader: three free traits."""
    return model(class_, name, leader=True, **{"traits": list(LEADER_TRAITS), **overrides})


def roster(models: list[dict[str, Any]], mode: str = "moderate", **options: Any) -> dict[str, Any]:
    """A roster document dict; a points game of 10 points unless options say otherwise."""
    return {
        "format": "muster.roster/1",
        "system": "brutality",
        "name": "Test warband",
        "options": {"mode": mode, **(options or {"points_limit": 10})},
        "models": models,
    }


def warband(*extra: dict[str, Any], **options: Any) -> dict[str, Any]:
    """A legal Moderate warband: a Melee Leader, a Melee and two Fast, plus ``extra``."""
    base = [leader("Melee"), model("Melee"), model("Fast", "Fast 1"), model("Fast", "Fast 2")]
    return roster(base + list(extra), **options)


def balanced(extra: dict[str, Any], **options: Any) -> dict[str, Any]:
    """``warband()`` plus ``extra`` (index 4) and a model of the other class (index 5),
    so a Melee or Fast ``extra`` keeps within the half-class limit."""
    other = "Fast" if extra["class"] == "Melee" else "Melee"
    return warband(extra, model(other, "Balance"), **options)


def simple(*classes: str, **options: Any) -> dict[str, Any]:
    """A Simple-mode roster of Basic models of the given classes, nothing else."""
    models = [{"name": f"{c} {i}", "class": c} for i, c in enumerate(classes)]
    return roster(models, mode="simple", **options)


def parse(doc: dict[str, Any]) -> BrutalityRoster:
    """Parse a document dict (structure and catalogue names)."""
    parsed = parse_document(copy.deepcopy(doc), lambda _: catalogue())
    assert isinstance(parsed, BrutalityRoster)
    return parsed


def evaluate(doc: dict[str, Any], cat: BrutalityCatalogue | None = None) -> Report:
    """Parse and evaluate a document dict (against ``cat`` if given; names are then not pre-checked)."""
    if cat is not None:
        return SYSTEM.evaluate(BrutalityRoster.model_validate(copy.deepcopy(doc)), cat)
    return SYSTEM.evaluate(parse(doc), catalogue())


def codes(report: Report) -> set[str]:
    """Every issue code of a report."""
    return {i.code for i in report.issues}


def model_codes(report: Report, index: int) -> set[str]:
    """The issue codes about the model at ``index``."""
    return {i.code for i in report.issues if i.model == index}


def stats(report: Report, index: int) -> dict[str, Any]:
    """The effective stat line of one model as {key: value}."""
    return {s["key"]: s["value"] for s in report.models[index].derived["stats"]}


def stat(report: Report, index: int, key: str) -> dict[str, Any]:
    """One stat of one model's effective line, with base, source, origin and modifiers."""
    return next(s for s in report.models[index].derived["stats"] if s["key"] == key)


def example(name: str) -> dict[str, Any]:
    """An example roster from fixtures/examples by file stem."""
    return json.loads((EXAMPLES / f"{name}.json").read_text())
