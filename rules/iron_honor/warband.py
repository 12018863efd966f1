"""A roster resolved against the catalogue: what the checks and costs work on."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.iron_honor.catalogue import (
    CharacterType,
    GameSize,
    IronHonorCatalogue,
    Skill,
    Trait,
)
from rules.iron_honor.document import IronHonorModel, IronHonorRoster, SkillPick, TraitPick
from rules.report import CostLine, Issue, Severity

SYSTEM_ID = "iron-and-honor"


@dataclass(slots=True)
class Fighter:
    """One model with its catalogue entries (None where a name does not resolve)."""

    index: int
    model: IronHonorModel
    ctype: CharacterType | None
    skills: list[tuple[SkillPick, Skill | None]]
    traits: list[tuple[TraitPick, Trait | None]]
    trait_slugs: set[str] = field(default_factory=set)
    cost: int = 0
    lines: list[CostLine] = field(default_factory=list)

    @property
    def type_slug(self) -> str | None:
        """ "hero", "companion", "follower", or None for an unknown type."""
        return self.ctype.slug if self.ctype else None

    def known_traits(self) -> list[Trait]:
        """The traits that resolve, in the order bought."""
        return [t for _, t in self.traits if t is not None]

    def known_skills(self) -> list[Skill]:
        """The skills that resolve, in the order bought (a skill bought twice appears twice)."""
        return [s for _, s in self.skills if s is not None]


@dataclass(slots=True)
class Warband:
    """The roster and catalogue together, plus the resolved models and game size."""

    document: IronHonorRoster
    catalogue: IronHonorCatalogue
    fighters: list[Fighter]
    game_size: GameSize | None
    exp_limit: int | None

    @classmethod
    def resolve(cls, document: IronHonorRoster, catalogue: IronHonorCatalogue) -> Warband:
        """Resolve every name in ``document``; unknown names become None, never an exception."""
        fighters = []
        for i, model in enumerate(document.models):
            traits = [(p, catalogue.trait(p.name)) for p in model.traits]
            fighters.append(
                Fighter(
                    index=i,
                    model=model,
                    ctype=catalogue.character_type(model.type),
                    skills=[(p, catalogue.skill(p.skill)) for p in model.skills],
                    traits=traits,
                    trait_slugs={t.slug for _, t in traits if t is not None},
                )
            )
        options = document.options
        size = catalogue.game_size(options.game_size)
        limit = options.exp_limit if options.exp_limit is not None else (size.exp_limit if size else None)
        return cls(document, catalogue, fighters, size, limit)

    def of_type(self, slug: str) -> list[Fighter]:
        """The fighters of one character type."""
        return [f for f in self.fighters if f.type_slug == slug]

    def issue(
        self,
        severity: Severity,
        code: str,
        message: str,
        page: int | None,
        fighter: Fighter | None = None,
    ) -> Issue:
        """Build an Issue with the namespaced code "iron-and-honor.<code>" and its source."""
        book = self.catalogue.book
        return Issue(
            severity=severity,
            code=f"{SYSTEM_ID}.{code}",
            message=message,
            source=f"{book} p.{page}" if page is not None else book,
            model=fighter.index if fighter else None,
            model_name=fighter.model.name if fighter else None,
        )
