"""Which rules of play a game uses: the system's PlayRules from rules.play.registry
(written by the rules side), plus any registered here for tests."""

from __future__ import annotations

from rules.play.core import PlayRules

#: Extra rules of play by system id (tests register a small one here).
EXTRA: dict[str, PlayRules] = {}


def play_rules(system_id: str) -> PlayRules:
    """The rules of play of ``system_id``. Raises KeyError for a system without any."""
    if system_id in EXTRA:
        return EXTRA[system_id]
    from rules.play.registry import PLAY_RULES

    return PLAY_RULES[system_id]


def playable(system_id: str) -> bool:
    """True when ``system_id`` has rules of play."""
    try:
        play_rules(system_id)
    except (KeyError, ImportError):
        return False
    return True
