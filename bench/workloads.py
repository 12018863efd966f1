"""The rosters and requests the benchmarks measure: nine models for each system."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "fixtures" / "examples"


def example(name: str) -> dict[str, Any]:
    """An example roster document from fixtures/examples."""
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def iron_and_honor_nine() -> dict[str, Any]:
    """A nine-model Large Iron & Honor party with non-ASCII names (not legal: 293 of 275 ExP)."""
    sword = {"skill": "1H Edged", "label": "Sword"}

    def model(kind: str, name: str, skills: list[Any], traits: list[str]) -> dict[str, Any]:
        attributes = {
            "hero": {"MA": 6, "RA": 3, "PD": 5, "WP": 4},
            "companion": {"MA": 5, "RA": 2, "PD": 3, "WP": 3},
            "follower": {"MA": 4, "RA": 2, "PD": 3, "WP": 3},
        }[kind]
        return {
            "name": name,
            "type": kind,
            "attributes": dict(attributes),
            "skills": skills,
            "traits": traits,
        }

    names = ["Åsa Stormdóttir", "Müller", "Ægir", "Łucja", "Siobhán", "Þórr", "Zoë", "Ørjan", "Ğöktürk"]
    models = [model("hero", names[0], [sword, "Shield"], ["Inspiring", "Slayer", "Tough", "Agile"])]
    models += [model("companion", n, [sword], ["Sorcery", "Good Karma", "Veteran"]) for n in names[1:3]]
    models += [
        model("follower", n, [sword, "Thrown Weapon"], ["Tough", "Veteran", "Ranger", "Swift"])
        for n in names[3:]
    ]
    return {
        "format": "muster.roster/1",
        "system": "iron-and-honor",
        "name": "Nine of the North",
        "options": {"game_size": "large"},
        "models": models,
    }


def brutality_nine() -> dict[str, Any]:
    """The Brutality example grown to nine models (one Leader)."""
    document = example("brutality-moderate-points")
    extra = [m for m in document["models"] if not m.get("leader")]
    while len(document["models"]) < 9:
        clone = copy.deepcopy(extra[len(document["models"]) % len(extra)])
        clone["name"] = f"{clone['name']} {len(document['models'])}"
        document["models"].append(clone)
    document["options"] = {"mode": "moderate", "points_limit": 12}
    return document


NINE_MODEL_ROSTERS = {
    "iron-and-honor": iron_and_honor_nine(),
    "brutality": brutality_nine(),
    "beestwars": example("beestwars-clovis-300"),
}


def parsed(system_id: str, document: dict[str, Any]) -> tuple[Any, Any, Any]:
    """(system, parsed document, catalogue read from fixtures/) without a database."""
    from rules.document import parse_document
    from rules.registry import SYSTEMS

    system = SYSTEMS[system_id]
    catalogue = system.read_catalogue_file(ROOT / "fixtures" / system.fixture_name())
    return system, parse_document(copy.deepcopy(document), lambda _: catalogue), catalogue
