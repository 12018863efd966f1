"""Which rules of play a game uses: the system's own ``GameSystem.play``, read through
rules.play.registry (one registry, rules.registry.SYSTEMS; docs/new-system.md)."""

from __future__ import annotations

from rules.play.core import PlayRules
from rules.play.registry import PLAY_RULES, get_rules


def play_rules(system_id: str) -> PlayRules:
    """The rules of play of ``system_id``. Raises KeyError for an unknown system or one
    without rules of play."""
    return get_rules(system_id)


def playable(system_id: str) -> bool:
    """True when ``system_id`` is registered and has rules of play (its ``play`` is not None)."""
    return system_id in PLAY_RULES
