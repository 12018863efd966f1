"""The Denizens of the Beestwars rules data: the schema of ``fixtures/beestwars.json``.

Source: The Denizens of the Beestwars p.3 (profile terms), p.4 (Froth, activation
deck), pp.6-9 (special abilities), p.8 (Hero limit), p.9 (warband building) and
p.11 (fighter profiles), with the decisions of docs/rules-decisions.md. ``None`` means
the transcription lost the value: it is unknown, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from pydantic import Field, model_validator

from rules.names import name_key
from rules.schema import Marked, Slug, Strict, index_entries

Faction = Literal["Clovis", "Geladan"]
STATS = ("skill", "might", "toughness", "movement", "defense")


class Ability(Marked):
    """A special ability (or a Profiles-column entry) with our one-sentence summary.

    Source: The Denizens of the Beestwars pp.6-9.
    """

    slug: Slug
    name: str = Field(min_length=1, max_length=60)
    aliases: list[str] = []
    page: int | None
    summary: str = Field(min_length=1, max_length=300)
    note: str | None = None
    grants: list[Slug] = []
    """Abilities this one gives (Hero gives Brawler and Elite, p.8)."""


class Profile(Marked):
    """One row of the profile table (p.11).

    ``name`` is the printed name, with the equipment in brackets where names repeat
    ("Minotaur Warrior (Two Weapons)"); ``fighter`` is the name as printed. Skill is
    the 3d6 target number, ``might`` the number of six-sided dice rolled for damage,
    ``movement`` the Movement Allowance in inches, ``defense`` the modifier against
    attacks (0 to -3, p.5), ``points`` the cost. None: lost in the transcription.
    ``unique`` marks named fighters (p.9); ``uncertain`` a row whose values cannot be
    told apart from another's; ``uncertain_values`` what such a row may give this
    profile ({"skill": 15}: shown as uncertain, never used as the book's value);
    ``raw`` keeps the row as transcribed.
    """

    slug: Slug
    name: str = Field(min_length=1, max_length=60)
    aliases: list[str] = []
    fighter: str = Field(min_length=1, max_length=60)
    faction: Faction
    skill: int | None = Field(ge=3, le=18)
    might: int | None = Field(ge=1, le=6)
    toughness: int | None = Field(ge=1, le=30)
    movement: int | None = Field(ge=1, le=24)
    defense: int | None = Field(ge=-3, le=0)
    equipment: str | None = Field(min_length=1, max_length=60)
    abilities: list[Slug]
    points: int | None = Field(ge=0, le=1000)
    unique: bool
    uncertain: bool = False
    uncertain_values: dict[Literal["points", "skill", "might", "toughness", "movement", "defense"], int] = {}
    raw: str = Field(min_length=1, max_length=300)
    page: int
    note: str | None = None

    def stat(self, key: str) -> int | None:
        """The value of one of STATS ("skill", "might"...), None when unknown."""
        value: int | None = getattr(self, key)
        return value


class Range(Strict):
    """An inclusive range of points with its page."""

    min: int
    max: int
    page: int


class HeroLimit(Strict):
    """One fighter with the ``ability`` per full ``per_points`` of the limit, ``max`` at most.

    Source: The Denizens of the Beestwars p.8.
    """

    ability: Slug
    per_points: int = Field(gt=0)
    max: int = Field(ge=0)
    page: int


class FrothGain(Strict):
    """An event that gains a commander Froth."""

    event: str
    froth: int
    page: int


class FrothUse(Strict):
    """Something a commander may spend Froth on."""

    use: str
    froth: int
    page: int


class Froth(Strict):
    """Froth: each commander's starting amount, how it is gained and spent. Source: p.4."""

    starting: int = Field(ge=0)
    page: int
    gains: list[FrothGain]
    uses: list[FrothUse]


class ActivationCard(Strict):
    """``count`` cards that each give ``actions`` actions."""

    actions: int = Field(ge=1)
    count: int = Field(ge=1)


class ActivationDeck(Strict):
    """The activation deck (three each of 3, 4 and 5). Source: p.4."""

    cards: list[ActivationCard]
    page: int
    summary: str


class Decision(Strict):
    """A place where the book is garbled or silent, and what Muster does."""

    topic: str
    page: int
    decision: str


class BeestwarsCatalogue(Strict):
    """All Beestwars rules data Muster uses for warband building."""

    system: Literal["beestwars"]
    title: str
    book: str
    publisher: str
    unit: Literal["points"]
    stat_names: dict[str, str]
    stats_page: int
    might_die: int = Field(ge=2)
    recommended_points: Range
    hero_limit: HeroLimit
    unique_page: int
    froth: Froth
    activation_deck: ActivationDeck
    abilities: list[Ability]
    profiles: list[Profile]
    decisions: list[Decision]

    @model_validator(mode="after")
    def _check_references(self) -> BeestwarsCatalogue:
        if set(self.stat_names) != set(STATS):
            raise ValueError(f"stat_names must name exactly {', '.join(STATS)}")
        _ = self._lookup  # builds the indexes; raises on a name shared by two entries
        slugs = {a.slug for a in self.abilities}
        if self.hero_limit.ability not in slugs:
            raise ValueError(f"hero_limit: unknown ability {self.hero_limit.ability!r}")
        for profile in self.profiles:
            if unknown := set(profile.abilities) - slugs:
                raise ValueError(f"profile {profile.slug}: unknown abilities {sorted(unknown)}")
            if profile.uncertain_values and not profile.uncertain:
                raise ValueError(f"profile {profile.slug}: uncertain_values on a row not marked uncertain")
        for ability in self.abilities:
            if unknown := set(ability.grants) - slugs:
                raise ValueError(f"ability {ability.slug}: grants unknown abilities {sorted(unknown)}")
        return self

    @cached_property
    def _lookup(self) -> _Lookup:
        printed: dict[str, list[Profile]] = {}
        for p in self.profiles:
            printed.setdefault(name_key(p.fighter), []).append(p)
        return _Lookup(
            profiles=index_entries("profiles", self.profiles),
            abilities=index_entries("abilities", self.abilities),
            printed=printed,
        )

    def profile(self, name: str) -> Profile | None:
        """Resolve a profile by name, alias or slug ("Minotaur Warrior (Two Weapons)",
        "minotaur-warrior-two-weapons"); None when unknown or ambiguous."""
        return self._lookup.profiles.get(name_key(name))

    def profiles_printed_as(self, name: str) -> list[Profile]:
        """The profiles whose printed name is ``name`` ("Minotaur Warrior": three of them)."""
        return self._lookup.printed.get(name_key(name), [])

    def ability(self, name: str) -> Ability | None:
        """Resolve a special ability by name, alias or slug; None when unknown."""
        return self._lookup.abilities.get(name_key(name))

    def abilities_of(self, profile: Profile) -> list[tuple[Ability, Ability | None]]:
        """The profile's abilities in printed order, each followed by those it grants:
        [(ability, None), (granted, by ability)...]. Hero brings Brawler and Elite
        (p.8) unless the row lists them itself. Unknown slugs are left out."""
        out: list[tuple[Ability, Ability | None]] = []
        listed = set(profile.abilities)
        for slug in profile.abilities:
            ability = self.ability(slug)
            if ability is None:
                continue
            out.append((ability, None))
            for granted in ability.grants:
                extra = self.ability(granted)
                if extra is not None and granted not in listed:
                    listed.add(granted)
                    out.append((extra, ability))
        return out

    def is_hero(self, profile: Profile) -> bool:
        """True when the profile has the ability the Hero limit counts (Hero, p.8)."""
        return self.hero_limit.ability in profile.abilities

    def heroes_allowed(self, points_limit: int) -> int:
        """Heroes allowed at a points limit: one per full 100 points, four at most.

        300 -> 3, 250 -> 2, 500 -> 4. Source: The Denizens of the Beestwars p.8.
        """
        return min(self.hero_limit.max, points_limit // self.hero_limit.per_points)


@dataclass(frozen=True, slots=True)
class _Lookup:
    """Name-key indexes of a catalogue, built once per catalogue object."""

    profiles: dict[str, Profile]
    abilities: dict[str, Ability]
    printed: dict[str, list[Profile]]
