"""A roster resolved against the catalogue: what the checks and costs work on."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.iron_honor.catalogue import (
    CharacterType,
    CustomGame,
    GameSize,
    IronHonorCatalogue,
    Skill,
    Trait,
)
from rules.iron_honor.document import IronHonorModel, IronHonorRoster, SkillPick, TraitPick
from rules.report import CostLine, Issue, Severity, page_source

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
    traits_known: list[Trait] = field(default_factory=list)
    skills_known: list[Skill] = field(default_factory=list)
    attributes: dict[str, int] = field(default_factory=dict)
    cost: int = 0
    lines: list[CostLine] = field(default_factory=list)

    @property
    def type_slug(self) -> str | None:
        """ "hero", "companion", "follower", or None for an unknown type."""
        return self.ctype.slug if self.ctype else None

    def known_traits(self) -> list[Trait]:
        """The traits that resolve, in the order bought."""
        return self.traits_known

    def known_skills(self) -> list[Skill]:
        """The skills that resolve, in the order bought (a skill bought twice appears twice)."""
        return self.skills_known


@dataclass(slots=True)
class Warband:
    """The roster and catalogue together, plus the resolved models and game size."""

    document: IronHonorRoster
    catalogue: IronHonorCatalogue
    fighters: list[Fighter]
    game_size: GameSize | None
    exp_limit: int | None
    by_type: dict[str | None, list[Fighter]]

    @classmethod
    def resolve(cls, document: IronHonorRoster, catalogue: IronHonorCatalogue) -> Warband:
        """Resolve every name in ``document``; unknown names become None, never an exception."""
        fighters = []
        for i, model in enumerate(document.models):
            traits = [(p, catalogue.trait(p.name)) for p in model.traits]
            skills = [(p, catalogue.skill(p.skill)) for p in model.skills]
            known = [t for _, t in traits if t is not None]
            fighters.append(
                Fighter(
                    index=i,
                    model=model,
                    ctype=catalogue.character_type(model.type),
                    skills=skills,
                    traits=traits,
                    trait_slugs={t.slug for t in known},
                    traits_known=known,
                    skills_known=[s for _, s in skills if s is not None],
                    attributes=model.attributes.model_dump(),
                )
            )
        options = document.options
        size = catalogue.game_size(options.game_size)
        limit = options.exp_limit if options.exp_limit is not None else (size.exp_limit if size else None)
        by_type: dict[str | None, list[Fighter]] = {}
        for f in fighters:
            by_type.setdefault(f.type_slug, []).append(f)
        return cls(document, catalogue, fighters, size, limit, by_type)

    @property
    def composition(self) -> GameSize | CustomGame | None:
        """The party shape the checks hold the warband to: its game size's (p.15), a
        custom game's (pp.11, 14), or None when the game size is unknown."""
        if self.document.options.exp_limit is not None:
            return self.catalogue.custom_game
        return self.game_size

    def of_type(self, slug: str) -> list[Fighter]:
        """The fighters of one character type, in roster order."""
        return self.by_type.get(slug, [])

    def issue(
        self,
        severity: Severity,
        code: str,
        message: str,
        page: int | None,
        fighter: Fighter | None = None,
    ) -> Issue:
        """Build an Issue with the namespaced code "iron-and-honor.<code>" and its source."""
        about = (fighter.index, fighter.model.name) if fighter else None
        return Issue.of(SYSTEM_ID, severity, code, message, page_source(self.catalogue.book, page), about)
