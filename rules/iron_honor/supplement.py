"""The Iron & Honor supplement schema (docs/supplements.md): homebrew traits with their
ExP costs. The transcription lacks no value a roster needs, so ``values`` is empty.
Source: Iron & Honor pp.22-29 (traits).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.homebrew import MAX_HOMEBREW, HomebrewText, SlugFromName, Summary
from rules.iron_honor.catalogue import Trait
from rules.schema import Name, Strict, SummaryText


class HomebrewTrait(SlugFromName, HomebrewText, Trait):
    """A homebrew trait: category (heroic, rare, common), cost in ExP (-20..50), summary;
    its text fields under the one text policy (rules.homebrew.HomebrewText)."""

    cost: int = Field(ge=-20, le=50)
    page: int | None = None
    summary: Summary
    source: SummaryText | None = None


class IronHonorValues(Strict):
    """Nothing the rules data lacks can be filled: every field a roster needs is known."""


class IronHonorHomebrew(Strict):
    """Homebrew traits."""

    traits: list[HomebrewTrait] = Field(default_factory=list, max_length=MAX_HOMEBREW)


class IronHonorSupplement(Strict):
    """An Iron & Honor supplement document."""

    format: Literal["muster.supplement/1"]
    system: Literal["iron-and-honor"]
    name: Name
    values: IronHonorValues = Field(default_factory=IronHonorValues)
    homebrew: IronHonorHomebrew = Field(default_factory=IronHonorHomebrew)
