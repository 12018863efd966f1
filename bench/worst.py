"""The heaviest rosters the document schema accepts, for bounded-rendering tests and benches.

Each system's worst case has the most models (50), the longest names (100 characters)
and labels, and every list at its maximum length, in a chosen script: Latin, wide CJK
glyphs (which the sheet fonts lack), or Arabic (right-to-left, joined letters).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules.brutality import document as brutality_document
from rules.iron_honor import document as ih_document
from rules.schema import LABEL_MAX, NAME_MAX

ROOT = Path(__file__).resolve().parent.parent
MODELS = 50
NAME = NAME_MAX
LABEL = LABEL_MAX
SCRIPTS = {
    "latin": "Wulfgar Stormborn the Unyielding of the Northern Reaches ",
    "wide": "北方の嵐生まれの不屈のウルフガル王国戦士団長",
    "arabic": "مرحبا بالعالم الفارس الشجاع من الشمال البعيد ",
}


def text(script: str, length: int, n: int) -> str:
    """``length`` characters of ``script``, varied by ``n`` so that no two are equal."""
    base = f"{n} {SCRIPTS[script]}"
    return (base * (length // len(base) + 1))[:length].strip() or "x"


def _rules(system: str) -> dict[str, Any]:
    return dict(json.loads((ROOT / "fixtures" / f"{system}.json").read_text(encoding="utf-8")))


def iron_and_honor(script: str = "latin") -> dict[str, Any]:
    """50 models with the most labelled skills and traits (choices only where a trait takes one)."""
    data = _rules("iron-and-honor")
    skills = [s["name"] for s in data["skills"]]
    traits = data["traits"]
    models = []
    for i in range(MODELS):
        picks: list[Any] = []
        for t in traits[: ih_document.MAX_TRAITS]:
            if t.get("choice") == "weapon":
                picks.append({"name": t["name"], "choice": text(script, LABEL, i)})
            elif t.get("choice") == "model":
                picks.append({"name": t["name"], "choice": text(script, NAME, 0)})
            else:
                picks.append(t["name"])
        models.append(
            {
                "name": text(script, NAME, i),
                "type": "hero" if i == 0 else "follower",
                "attributes": {"MA": 6, "RA": 6, "PD": 6, "WP": 6},
                "skills": [
                    {"skill": skills[j % len(skills)], "label": text(script, LABEL, j)}
                    for j in range(ih_document.MAX_SKILLS)
                ],
                "traits": picks,
            }
        )
    return {
        "format": "muster.roster/1",
        "system": "iron-and-honor",
        "name": text(script, 200, 0),
        "options": {"game_size": "large"},
        "models": models,
    }


def brutality(script: str = "latin") -> dict[str, Any]:
    """50 Upgraded models with the most Model Traits and Powers, every value supplied."""
    data = _rules("brutality")
    traits = [t["name"] for t in data["model_traits"]]
    powers = [p["name"] for p in data["powers"]]
    models = [
        {
            "name": text(script, NAME, i),
            "class": "Support",
            "upgrade": "Berserker",
            "leader": i == 0,
            "traits": [traits[j % len(traits)] for j in range(brutality_document.MAX_TRAITS)],
            "ability": "Clobber",
            "powers": [powers[j % len(powers)] for j in range(brutality_document.MAX_POWERS)],
            "supplied": {
                "Move": 36,
                "FS": 8,
                "Dex": 8,
                "HP": 8,
                "Will": 8,
                "Atk": 8,
                "Save": 8,
                "Powers": 10,
            },
        }
        for i in range(MODELS)
    ]
    return {
        "format": "muster.roster/1",
        "system": "brutality",
        "name": text(script, 200, 0),
        "options": {"mode": "moderate", "points_limit": 1000},
        "models": models,
    }


def beestwars(script: str = "latin") -> dict[str, Any]:
    """50 fighters with their own 100-character names and every value supplied."""
    data = _rules("beestwars")
    profiles = [p["name"] for p in data["profiles"]]
    supplied = {"points": 1000, "skill": 18, "might": 6, "toughness": 30, "movement": 24, "defense": -3}
    models = [
        {"profile": profiles[i % len(profiles)], "name": text(script, NAME, i), "supplied": supplied}
        for i in range(MODELS)
    ]
    return {
        "format": "muster.roster/1",
        "system": "beestwars",
        "name": text(script, 200, 0),
        "options": {"points_limit": 10_000},
        "models": models,
    }


WORST = {"iron-and-honor": iron_and_honor, "brutality": brutality, "beestwars": beestwars}
