"""What the editor may offer a Brutality model, each choice with the reason it is unavailable.

Uses the same rules data and helpers as the checks (the trait allowance, the Powers
allowance, the upgrade's class), so the editor and the Report never disagree. A choice
already made is never blocked here: the checks report it instead, so it can be undone.
Source: "Building Your Army List - Simple/Moderate", "Upgrades", "Model Traits",
"Model Abilities", "Powers".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from rules.brutality.catalogue import BrutalityCatalogue, ModelAbility, ModelTrait, Power, Upgrade
from rules.brutality.document import BrutalityRoster
from rules.brutality.stats import power_allowance
from rules.brutality.warband import Fighter, Warband

T = TypeVar("T")
SIMPLE = "Simple mode: Basic classes only"


@dataclass(frozen=True, slots=True)
class Choice(Generic[T]):
    """One catalogue entry as the editor offers it: taken or not, and why it cannot be
    taken now (None: it can)."""

    entry: T
    taken: bool
    reason: str | None


@dataclass(frozen=True, slots=True)
class TraitChoice:
    """A Model Trait with two boxes: the first copy and a second copy.

    ``count`` is how many times the model has it; ``reason`` blocks the first copy,
    ``twice_reason`` the second (None: allowed).
    """

    trait: ModelTrait
    count: int
    reason: str | None
    twice_reason: str | None


@dataclass(frozen=True, slots=True)
class ModelChoices:
    """Everything the editor offers one model, plus its free-trait and Powers allowance
    (``powers_allowed`` None when unknown)."""

    upgrades: list[Choice[Upgrade]]
    traits: list[TraitChoice]
    abilities: list[Choice[ModelAbility]]
    powers: list[Choice[Power]]
    traits_allowed: int
    powers_allowed: int | None
    unknown: list[str]


def upgrade_reason(
    fighter: Fighter, upgrade: Upgrade, catalogue: BrutalityCatalogue, moderate: bool
) -> str | None:
    """Why ``fighter`` may not take ``upgrade``: Simple mode, or an upgrade of another class."""
    if fighter.upgrade is not None and fighter.upgrade.slug == upgrade.slug:
        return None
    if not moderate:
        return SIMPLE
    if fighter.cls is not None and upgrade.for_class != fighter.cls.slug:
        owner = catalogue.class_of(upgrade)
        return f"for {owner.name if owner else upgrade.for_class} models only"
    return None


def _trait_choice(fighter: Fighter, trait: ModelTrait, allowed: int, moderate: bool) -> TraitChoice:
    count = sum(1 for t in fighter.traits_known if t.slug == trait.slug)
    full = len(fighter.model.traits) >= allowed
    limit = f"all {allowed} free Model Traits{' of the Leader' if fighter.leader else ''} are chosen"
    if not moderate:
        first: str | None = "Simple mode: no Model Traits"
        second: str | None = first
    else:
        first = limit if count == 0 and full else None
        if count >= 2:
            second = None
        elif not (fighter.upgraded or fighter.leader):
            second = "twice only on an Upgraded model or the Leader"
        else:
            second = limit if full else None
    return TraitChoice(trait, count, None if count else first, None if count >= 2 else second)


def power_reason(fighter: Fighter, power: Power, allowed: int | None, moderate: bool) -> str | None:
    """Why ``fighter`` may not take ``power`` now: Simple mode, no access, or all its Powers chosen."""
    if any(p is not None and p.slug == power.slug for _, p in fighter.powers):
        return None
    if not moderate:
        return "Simple mode: no Powers"
    if allowed == 0:
        return 'no access to Powers: take A Power (6" Range) first'
    if allowed is not None and len(fighter.model.powers) >= allowed:
        return f"knows {allowed} Power{'s' if allowed != 1 else ''} at most"
    return None


def model_choices(document: BrutalityRoster, index: int, catalogue: BrutalityCatalogue) -> ModelChoices:
    """Every upgrade, Model Trait, Model Ability and Power for the model at ``index``, in
    catalogue order, with reasons; and which values of its line are unknown (to ask for).

    Raises IndexError when there is no such model.
    """
    warband = Warband.resolve(document, catalogue)
    fighter = warband.fighters[index]
    moderate = warband.moderate
    a = catalogue.trait_allowance
    allowed_traits = a.leader if fighter.leader else a.model
    powers_allowed = power_allowance(fighter).allowed
    no_ability = None if moderate else "Simple mode: no Model Abilities"
    chosen_ability = fighter.ability.slug if fighter.ability else None
    return ModelChoices(
        upgrades=[
            Choice(
                u,
                fighter.upgrade is not None and fighter.upgrade.slug == u.slug,
                upgrade_reason(fighter, u, catalogue, moderate),
            )
            for u in catalogue.upgrades
        ],
        traits=[_trait_choice(fighter, t, allowed_traits, moderate) for t in catalogue.model_traits],
        abilities=[
            Choice(x, x.slug == chosen_ability, None if x.slug == chosen_ability else no_ability)
            for x in catalogue.model_abilities
        ],
        powers=[
            Choice(
                p,
                any(q is not None and q.slug == p.slug for _, q in fighter.powers),
                power_reason(fighter, p, powers_allowed, moderate),
            )
            for p in catalogue.powers
        ],
        traits_allowed=allowed_traits,
        powers_allowed=powers_allowed,
        unknown=list(fighter.line.unknown) if fighter.line is not None else [],
    )
