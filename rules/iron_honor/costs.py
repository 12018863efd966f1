"""Iron & Honor calculations: model cost, wounds, attribute points, Fate Pool.

All costs are ExP (integers; negative trait costs refund). Source: Iron & Honor
pp.13-17 (steps to recruit a party), p.21 (skill costs), pp.23-29 (trait costs).
"""

from __future__ import annotations

from math import ceil

from rules.iron_honor.warband import Fighter, Warband
from rules.report import CostLine


def model_cost(fighter: Fighter) -> tuple[int, list[CostLine]]:
    """Return (ExP, priced lines): type cost + every skill bought + every trait.

    A skill bought twice is paid twice (p.19). Names that do not resolve are priced
    None and add nothing; the checks report them. Source: Iron & Honor p.13, p.15.
    """
    lines: list[CostLine] = []
    if fighter.ctype is not None:
        lines.append(CostLine(fighter.ctype.name, fighter.ctype.cost))
    for pick, skill in fighter.skills:
        label = f"{pick.label} ({skill.name})" if skill and pick.label else pick.skill
        lines.append(CostLine(label, skill.cost if skill else None))
    for tpick, trait in fighter.traits:
        label = trait.name if trait else tpick.name
        if trait is not None and trait.homebrew:
            label += " (homebrew)"
        lines.append(CostLine(label, trait.cost if trait else None))
    return sum(x.cost for x in lines if isinstance(x.cost, int)), lines


def wounds(fighter: Fighter) -> int | None:
    """Wounds (WO): 5 hero, 3 companion, 2 follower, plus trait bonuses
    (Large +1, Mounted +1, Gargantuan +2). None for an unknown type. Source: p.12, pp.24-27."""
    if fighter.ctype is None:
        return None
    return fighter.ctype.wounds + sum(t.wounds for t in fighter.known_traits())


def attribute_points_available(fighter: Fighter) -> int | None:
    """Points to distribute: 6 hero, 5 companion, 4 follower; Natural Aptitude +1,
    Ineptitude -1. None for an unknown type. Source: p.16, p.26, p.27."""
    if fighter.ctype is None:
        return None
    return fighter.ctype.attribute_points + sum(t.attribute_points for t in fighter.known_traits())


def attribute_points_spent(fighter: Fighter) -> int | None:
    """Points spent raising attributes above the type's base (3 hero, 2 others). Source: p.16."""
    if fighter.ctype is None:
        return None
    base = fighter.ctype.attribute_base
    return sum(max(0, v - base) for v in fighter.attributes.values())


def attributes_at_maximum_allowed(fighter: Fighter) -> int:
    """How many attributes may sit at the type maximum: 1, or 2 with Natural Aptitude. Source: p.16, p.27."""
    return 1 + sum(t.extra_at_maximum for t in fighter.known_traits())


def fate_breakdown(warband: Warband) -> dict[str, int]:
    """The Fate Pool by source: hero 3, 1 per companion, 1 per Good Karma, and
    followers 1-3 -> 1, 4-6 -> 2, 7-9 -> 3 (one per started three). Source: p.17."""
    followers = len(warband.of_type("follower"))
    return {
        "hero": sum(f.ctype.fate for f in warband.of_type("hero") if f.ctype),
        "companions": sum(f.ctype.fate for f in warband.of_type("companion") if f.ctype),
        "good_karma": sum(t.fate for f in warband.fighters for t in f.known_traits()),
        "followers": ceil(followers / warband.catalogue.followers_per_fate),
    }
