"""The Brutality supplement schema (docs/supplements.md): the player's stat lines for
classes and upgrades the transcription lacks (Ranged, Support, Ambusher, Pistolier),
Model Ability rules (Clobber), and homebrew classes, upgrades, Model Traits and Abilities.

Values use the bounds of a model's ``supplied`` values (rules.brutality.document);
homebrew entries the rules data schema with full stat lines. Source: "Building Your
Army List - Simple/Moderate", "Upgrades", "Model Traits", "Model Abilities".
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.brutality.catalogue import ModelAbility, ModelClass, ModelTrait, StatKey, Upgrade
from rules.brutality.document import MOVE_MAX, STAT_MAX, Supplied
from rules.homebrew import MAX_HOMEBREW, MAX_VALUES, HomebrewText, SlugFromName, Summary
from rules.schema import Name, Ref, SectionText, Strict

HOMEBREW = "Homebrew"


class AbilityValues(Strict):
    """The rules of a Model Ability the transcription names but does not give (Clobber)."""

    summary: Summary | None = None


class _FullLine(SlugFromName, HomebrewText):
    """A homebrew stat line: every value given, within the bounds of supplied values."""

    section: SectionText = HOMEBREW
    Move: int = Field(ge=1, le=MOVE_MAX)
    FS: int = Field(ge=1, le=STAT_MAX)
    Dex: int = Field(ge=1, le=STAT_MAX)
    HP: int = Field(ge=1, le=STAT_MAX)
    Will: int = Field(ge=1, le=STAT_MAX)
    Atk: int = Field(ge=1, le=STAT_MAX)
    Save: int = Field(ge=1, le=STAT_MAX)
    Armed: bool
    power_access: bool | None = None
    Powers: int = Field(ge=0, le=10)
    summary: Summary | None = None


class HomebrewClass(_FullLine, ModelClass):
    """A homebrew class with its Basic stat line (costs the book's Basic / Upgraded points)."""


class HomebrewUpgrade(_FullLine, Upgrade):
    """A homebrew upgrade of a class (``for_class``: a book or homebrew class slug)."""


class HomebrewTrait(SlugFromName, HomebrewText, ModelTrait):
    """A homebrew Model Trait: stat ``modifiers`` (-3..3 each), Powers it gives."""

    section: SectionText = HOMEBREW
    modifiers: dict[StatKey, Annotated[int, Field(ge=-3, le=3)]] = Field(default_factory=dict)
    gives_powers: int = Field(default=0, ge=0, le=3)
    power_range: int | None = Field(default=None, ge=1, le=MOVE_MAX)
    summary: Summary


class HomebrewAbility(SlugFromName, HomebrewText, ModelAbility):
    """A homebrew Model Ability with its rules in one line."""

    section: SectionText = HOMEBREW
    summary: Summary


class BrutalityValues(Strict):
    """Values per entry: {"classes": {"ranged": {"Move": 5, ...}}}; keys are any name of the entry."""

    classes: dict[Ref, Supplied] = Field(default_factory=dict, max_length=MAX_VALUES)
    upgrades: dict[Ref, Supplied] = Field(default_factory=dict, max_length=MAX_VALUES)
    model_abilities: dict[Ref, AbilityValues] = Field(default_factory=dict, max_length=MAX_VALUES)


class BrutalityHomebrew(Strict):
    """Homebrew entries per table."""

    classes: list[HomebrewClass] = Field(default_factory=list, max_length=MAX_HOMEBREW)
    upgrades: list[HomebrewUpgrade] = Field(default_factory=list, max_length=MAX_HOMEBREW)
    model_traits: list[HomebrewTrait] = Field(default_factory=list, max_length=MAX_HOMEBREW)
    model_abilities: list[HomebrewAbility] = Field(default_factory=list, max_length=MAX_HOMEBREW)


class BrutalitySupplement(Strict):
    """A Brutality supplement document."""

    format: Literal["muster.supplement/1"]
    system: Literal["brutality"]
    name: Name
    values: BrutalityValues = Field(default_factory=BrutalityValues)
    homebrew: BrutalityHomebrew = Field(default_factory=BrutalityHomebrew)
