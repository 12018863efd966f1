"""The value types of a Brutality model's effective stat line (rules.brutality.stats
computes them; rules.brutality.warband keeps them per model).

Source: Brutality, "Model Characteristics".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.brutality.catalogue import StatKey


@dataclass(frozen=True, slots=True)
class Modifier:
    """One change to a stat: its value and its origin (a trait's printed name)."""

    kind: str
    origin: str
    value: int

    def as_json(self) -> dict[str, Any]:
        """{"kind": "trait", "origin": "+1 Fighting Skill", "value": 1}."""
        return {"kind": self.kind, "origin": self.origin, "value": self.value}


@dataclass(frozen=True, slots=True)
class EffectiveStat:
    """One stat of a model's effective line.

    ``base`` comes from ``source`` ("class", "upgrade", "player", "supplement" or None
    when unknown) named by ``origin`` ("Melee", "Berserker", "player-supplied",
    "supplement <name>"); ``value`` is base
    plus every modifier, None when the base is unknown. Move is in inches.
    """

    key: StatKey
    name: str
    unit: str | None
    base: int | None
    source: str | None
    origin: str | None
    modifiers: tuple[Modifier, ...]
    value: int | None

    def as_json(self) -> dict[str, Any]:
        """The shape the editor, the sheet and the CLI show."""
        return {
            "key": self.key,
            "name": self.name,
            "unit": self.unit,
            "base": self.base,
            "source": self.source,
            "origin": self.origin,
            "modifiers": [m.as_json() for m in self.modifiers],
            "value": self.value,
        }
