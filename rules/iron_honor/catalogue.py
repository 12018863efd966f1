"""Iron & Honor rules data: the schema of ``fixtures/iron-and-honor.json``.

Source: Iron & Honor pp.11-29 (character types, game sizes, skills, traits) and
pp.51-52 (summary tables), with the decisions of docs/rules-decisions.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from pydantic import Field, model_validator

from rules.names import name_key
from rules.schema import Marked, Slug, Strict, index_entries

Category = Literal["heroic", "rare", "common"]
TypeSlug = Literal["hero", "companion", "follower"]
Requirement = Literal["ranged", "two-handed-ranged", "shield", "two-one-handed"]
ATTRIBUTES = ("MA", "RA", "PD", "WP")


class Entry(Marked):
    """Anything a document names: slug, printed name, other printed forms."""

    slug: Slug
    name: str = Field(min_length=1, max_length=60)
    aliases: list[str] = []


class Quality(Strict):
    """An inherent quality (Fearless, Terror...) with a one-line summary. Source: p.11."""

    slug: Slug
    name: str
    page: int
    summary: str


class CharacterType(Entry):
    """Hero, companion or follower. Costs in ExP; attributes as base / points / maximum.

    Source: Iron & Honor p.16 (table), p.12 (wounds), p.17 (Fate).
    """

    slug: TypeSlug
    cost: int = Field(ge=0)
    attribute_base: int
    attribute_points: int
    attribute_maximum: int
    wounds: int = Field(ge=1)
    fate: int = Field(ge=0)
    qualities: list[Slug]
    page: int


class GameSize(Entry):
    """Small / Medium / Large: ExP budget and composition. Source: Iron & Honor p.15."""

    exp_limit: int = Field(gt=0)
    companions_min: int = Field(ge=0)
    companions_max: int = Field(ge=0)
    followers_min: int = Field(ge=0)
    page: int


class CustomGame(Strict):
    """What a custom game (its own ExP limit) keeps of the party's shape: one hero,
    ``companions_min``-``companions_max`` companions, at least ``followers_min`` followers.

    Source: Iron & Honor p.11 and p.14 ("joined by one or two close companions, and
    various followers"); p.15 for the one hero.
    """

    name: str = Field(min_length=1, max_length=60)
    companions_min: int = Field(ge=0)
    companions_max: int = Field(ge=0)
    followers_min: int = Field(ge=0)
    page: int


class Skill(Entry):
    """A weapon or gear skill: cost in ExP, ranges in inches (None for melee and shield).

    ``example_cost`` is a different price one of the book's worked examples pays
    (on ``example_page``); Muster always charges ``cost``, the table's.

    Source: Iron & Honor p.21.
    """

    category: Literal["melee", "ranged", "shield"]
    hands: Literal[1, 2] | None
    black_powder: bool
    short_range: int | None
    long_range: int | None
    cost: int
    examples: list[str]
    page: int
    note: str | None = None
    example_cost: int | None = None
    example_page: int | None = None


class Trait(Entry):
    """A trait: category, cost in ExP (negative refunds), page, our one-line summary.

    The optional fields encode what the trait's entry requires or grants, so the
    checks stay generic. ``source`` names where a trait comes from when it is not in
    the book (the publisher's trait pages published after it); None: the book, ``page``.
    Source: Iron & Honor pp.22-29.
    """

    category: Category
    cost: int
    page: int | None
    summary: str = Field(min_length=1, max_length=300)
    allowed_types: list[TypeSlug] | None = None
    requires_skill: Requirement | None = None
    excludes: list[Slug] = []
    redundant_with: list[Slug] = []
    choice: Literal["weapon", "model"] | None = None
    attribute_points: int = 0
    extra_at_maximum: int = 0
    wounds: int = 0
    fate: int = 0
    grants: list[Slug] = []
    note: str | None = None
    source: str | None = Field(default=None, min_length=1, max_length=300)


class Range(Strict):
    """An inclusive range of numbers with its page."""

    min: int
    max: int
    page: int


class TraitLimit(Strict):
    """Which character types may take a trait category, and how many each. Source: p.22."""

    category: Category
    types: list[TypeSlug]
    max: int
    page: int


class Decision(Strict):
    """A place where the book is garbled or contradicts itself, and what Muster does."""

    topic: str
    page: int
    decision: str


class IronHonorCatalogue(Strict):
    """All Iron & Honor rules data Muster uses for list building."""

    system: Literal["iron-and-honor"]
    title: str
    book: str
    publisher: str
    unit: Literal["ExP"]
    attribute_names: dict[str, str]
    attribute_range: Range
    max_skill_kinds: int
    max_skill_kinds_page: int
    followers_per_fate: int = Field(gt=0)
    fate_page: int
    model_guideline: Range
    trait_limits: list[TraitLimit]
    qualities: list[Quality]
    character_types: list[CharacterType]
    game_sizes: list[GameSize]
    custom_game: CustomGame
    skills: list[Skill]
    traits: list[Trait]
    decisions: list[Decision]

    @model_validator(mode="after")
    def _check_references(self) -> IronHonorCatalogue:
        if sorted(t.slug for t in self.character_types) != ["companion", "follower", "hero"]:
            raise ValueError("character_types must be exactly hero, companion and follower")
        _ = self._lookup  # builds the indexes; raises on a name shared by two entries
        quality_slugs = {q.slug for q in self.qualities}
        trait_slugs = {t.slug for t in self.traits}
        for ctype in self.character_types:
            if unknown := set(ctype.qualities) - quality_slugs:
                raise ValueError(f"character type {ctype.slug}: unknown qualities {sorted(unknown)}")
        for trait in self.traits:
            if unknown := (set(trait.excludes) | set(trait.redundant_with)) - trait_slugs:
                raise ValueError(f"trait {trait.slug}: unknown traits {sorted(unknown)}")
            if unknown := set(trait.grants) - quality_slugs:
                raise ValueError(f"trait {trait.slug}: unknown qualities {sorted(unknown)}")
        return self

    @cached_property
    def _lookup(self) -> _Lookup:
        return _Lookup(
            types=index_entries("character_types", self.character_types),
            sizes=index_entries("game_sizes", self.game_sizes),
            skills=index_entries("skills", self.skills),
            traits=index_entries("traits", self.traits),
            qualities={q.slug: q for q in self.qualities},
            limits={t.category: t for t in self.trait_limits},
        )

    def character_type(self, name: str) -> CharacterType | None:
        """Resolve "Hero", "hero", "Followers"...; None when unknown."""
        return self._lookup.types.get(name_key(name))

    def game_size(self, name: str) -> GameSize | None:
        """Resolve "Medium", "medium"...; None when unknown."""
        return self._lookup.sizes.get(name_key(name))

    def skill(self, name: str) -> Skill | None:
        """Resolve any printed form of a skill ("1 Handed Edged", "1H Edged", "1h-edged")."""
        return self._lookup.skills.get(name_key(name))

    def trait(self, name: str) -> Trait | None:
        """Resolve a trait by name, alias or slug ("Quick-Fire", "quick fire")."""
        return self._lookup.traits.get(name_key(name))

    def quality(self, slug: str) -> Quality | None:
        """Return the inherent quality with this slug, or None."""
        return self._lookup.qualities.get(slug)

    def trait_limit(self, category: str) -> TraitLimit | None:
        """Return the limit for a trait category (heroic / rare / common), or None."""
        return self._lookup.limits.get(category)


@dataclass(frozen=True, slots=True)
class _Lookup:
    """Name-key indexes of a catalogue, built once per catalogue object."""

    types: dict[str, CharacterType]
    sizes: dict[str, GameSize]
    skills: dict[str, Skill]
    traits: dict[str, Trait]
    qualities: dict[str, Quality]
    limits: dict[str, TraitLimit]
