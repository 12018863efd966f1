"""Supplement fixtures shared by the rules, web and browser tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.registry import SYSTEMS

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

RANGED = {"Move": 5, "FS": 3, "Dex": 4, "HP": 2, "Will": 3, "Atk": 1, "Save": 4, "Armed": True, "Powers": 0}
SUPPORT = {"Move": 5, "FS": 2, "Dex": 3, "HP": 2, "Will": 5, "Atk": 1, "Save": 4, "Armed": False, "Powers": 2}


def book(system_id: str) -> Any:
    """The system's rules data as read from fixtures/."""
    return SYSTEMS[system_id].read_catalogue_file(FIXTURES / f"{system_id}.json")


def brutality_supplement(name: str = "My Brutality book", **extra: Any) -> dict[str, Any]:
    """A Brutality supplement with the Ranged and Support stat lines."""
    return {
        "format": "muster.supplement/1",
        "system": "brutality",
        "name": name,
        "values": {"classes": {"Ranged": dict(RANGED), "Support": dict(SUPPORT)}},
        **extra,
    }


def brutality_roster(models: list[dict[str, Any]], limit: float = 4) -> dict[str, Any]:
    """A Moderate points game of ``models``."""
    return {
        "format": "muster.roster/1",
        "system": "brutality",
        "name": "Posse",
        "options": {"mode": "moderate", "points_limit": limit},
        "models": models,
    }
