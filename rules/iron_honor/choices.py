"""What the editor may offer a model: each trait with the reason it is unavailable.

Uses the same rules data and predicates as the checks, so the editor and the
Report never disagree. Source: Iron & Honor pp.22-29.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.iron_honor.catalogue import IronHonorCatalogue, Skill, Trait
from rules.iron_honor.document import IronHonorRoster
from rules.iron_honor.warband import Fighter, Warband

REQUIREMENT_TEXT = {
    "ranged": "needs a ranged weapon skill",
    "two-handed-ranged": "needs a 2-handed ranged weapon skill",
    "shield": "needs the Shield skill",
    "two-one-handed": "needs two 1-handed weapons",
}


def meets_requirement(requirement: str, skills: list[Skill]) -> bool:
    """True when ``skills`` satisfy a trait's skill requirement
    ("ranged", "two-handed-ranged", "shield" or "two-one-handed"). Source: pp.23-28."""
    if requirement == "ranged":
        return any(s.category == "ranged" for s in skills)
    if requirement == "two-handed-ranged":
        return any(s.category == "ranged" and s.hands == 2 for s in skills)
    if requirement == "shield":
        return any(s.category == "shield" for s in skills)
    return sum(1 for s in skills if s.category != "shield" and s.hands == 1) >= 2


@dataclass(frozen=True, slots=True)
class TraitOption:
    """A trait as the editor shows it: taken or not, and why it cannot be taken (None: it can)."""

    trait: Trait
    taken: bool
    reason: str | None


def _who(types: list[str]) -> str:
    names = {"hero": "the hero", "companion": "companions", "follower": "followers"}
    return " and ".join(names[t] for t in types) + " only"


def unavailable_reason(fighter: Fighter, trait: Trait, catalogue: IronHonorCatalogue) -> str | None:
    """Why ``fighter`` may not take ``trait`` now (None when it may). A trait already
    taken is never blocked here: the checks report it instead, so it can be removed."""
    if trait.slug in fighter.trait_slugs:
        return None
    limit = catalogue.trait_limit(trait.category)
    kind = fighter.type_slug
    if limit and kind and kind not in limit.types:
        return _who(list(limit.types))
    if trait.allowed_types and kind and kind not in trait.allowed_types:
        return _who(list(trait.allowed_types))
    if limit and sum(1 for t in fighter.known_traits() if t.category == trait.category) >= limit.max:
        return f"{limit.max} {trait.category.title()} trait{'s' if limit.max > 1 else ''} at most"
    if trait.requires_skill and not meets_requirement(trait.requires_skill, fighter.known_skills()):
        return REQUIREMENT_TEXT[trait.requires_skill]
    clash = [t.name for t in fighter.known_traits() if trait.slug in t.excludes or t.slug in trait.excludes]
    if clash:
        return f"cannot be combined with {clash[0]}"
    return None


def trait_options(document: IronHonorRoster, index: int, catalogue: IronHonorCatalogue) -> list[TraitOption]:
    """Every catalogue trait for the model at ``index``, in catalogue order.

    Raises IndexError when there is no such model.
    """
    fighter = Warband.resolve(document, catalogue).fighters[index]
    return [
        TraitOption(t, t.slug in fighter.trait_slugs, unavailable_reason(fighter, t, catalogue))
        for t in catalogue.traits
    ]
