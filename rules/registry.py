"""The registry of game systems: adding a system means one line here."""

from __future__ import annotations

from rules.beestwars import SYSTEM as BEESTWARS
from rules.brutality import SYSTEM as BRUTALITY
from rules.iron_honor import SYSTEM as IRON_AND_HONOR
from rules.system import GameSystem

SYSTEMS: dict[str, GameSystem] = {s.id: s for s in (IRON_AND_HONOR, BRUTALITY, BEESTWARS)}


def get_system(system_id: str) -> GameSystem:
    """Return the system with this id; raises KeyError naming the known ids."""
    try:
        return SYSTEMS[system_id]
    except KeyError:
        raise KeyError(f"unknown system {system_id!r}; known: {', '.join(SYSTEMS)}") from None
