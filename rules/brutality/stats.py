"""Brutality derived values: the effective stat line and the Powers a model may know.

Source: "Model Characteristics", "Upgrades", "Model Traits", "Powers". Every value
records where it came from, so the editor and the sheet can show the player's own
values as the player's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.brutality.catalogue import STATS, BrutalityCatalogue
from rules.brutality.stat_line import EffectiveStat, Modifier
from rules.brutality.warband import Fighter

PLAYER = "player"
PLAYER_ORIGIN = "player-supplied"
SUPPLEMENT = "supplement"


def base_value(fighter: Fighter, key: str) -> tuple[int | bool | None, str | None, str | None]:
    """(value, source, origin) of one base value ("FS", "Armed", "Powers").

    The book's line wins; where it is unknown the model's own supplied value is used
    (source "player"), then the roster's supplement's (source "supplement", origin
    "supplement <name>"); otherwise (None, None, None).
    """
    line = fighter.line
    book = line.value_of(key) if line is not None else None
    by = line.supplement_of(key) if line is not None else None
    if book is not None and line is not None and by is None:
        return book, fighter.line_kind, line.name
    supplied = fighter.supplied().get(key)
    if supplied is not None:
        return supplied, PLAYER, PLAYER_ORIGIN
    if book is not None:
        return book, SUPPLEMENT, f"supplement {by}"
    return None, None, None


def effective_stats(fighter: Fighter, catalogue: BrutalityCatalogue) -> list[EffectiveStat]:
    """The effective stat line: base (upgrade or class line, or the player's) plus each
    trait's modifier, in the book's stat order; computed once per fighter and evaluation.
    Source: "Model Traits", "Upgrades"."""
    if fighter.stats_cache is not None:
        return list(fighter.stats_cache)
    info = {s.key: s for s in catalogue.stats}
    out = []
    for key in STATS:
        base, source, origin = base_value(fighter, key)
        number = base if isinstance(base, int) and not isinstance(base, bool) else None
        modifiers = tuple(
            Modifier("trait", t.name, t.modifiers[key]) for t in fighter.traits_known if key in t.modifiers
        )
        value = None if number is None else number + sum(m.value for m in modifiers)
        out.append(
            EffectiveStat(key, info[key].name, info[key].unit, number, source, origin, modifiers, value)
        )
    fighter.stats_cache = out
    return list(out)


@dataclass(slots=True)
class PowerAllowance:
    """How many Powers a model may know, by source.

    ``allowed`` is None when some source's number is unknown. ``line_access`` is
    True when the class or upgrade itself knows Powers (at their own range),
    False when it knows none, None when unknown. Trait Powers are used at the
    trait's range (6"). Source: "Powers", "Model Traits".
    """

    allowed: int | None
    line_access: bool | None
    trait_range: int | None
    sources: list[dict[str, Any]] = field(default_factory=list)


def power_allowance(fighter: Fighter) -> PowerAllowance:
    """Count the Powers a model may take: its line's (book or supplied) plus one per Power trait."""
    line = fighter.line
    count, source, origin = base_value(fighter, "Powers")
    line_count = count if isinstance(count, int) and not isinstance(count, bool) else None
    if line is not None and line.power_access is False:
        access: bool | None = False
    elif line_count is not None:
        access = line_count > 0
    else:
        access = line.power_access if line is not None else None
    sources: list[dict[str, Any]] = [
        {
            "kind": source or fighter.line_kind,
            "origin": origin or (line.name if line else None),
            "count": line_count,
            "range": None,
        }
    ]
    trait_range = None
    for t in fighter.traits_known:
        if t.gives_powers:
            sources.append(
                {"kind": "trait", "origin": t.name, "count": t.gives_powers, "range": t.power_range}
            )
            trait_range = t.power_range
    known = [s["count"] for s in sources]
    allowed = None if None in known else sum(known)
    return PowerAllowance(allowed, access, trait_range, sources)


def power_range(allowance: PowerAllowance, own_range: int) -> int | None:
    """Range in inches of a Power the model knows: its own range (12") when the class or
    upgrade knows Powers, the trait's range (6") when only a trait gives them."""
    if allowance.line_access or allowance.trait_range is None:
        return own_range
    return min(own_range, allowance.trait_range)
