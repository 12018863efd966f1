"""The Beestwars supplement schema (docs/supplements.md): the player's Toughness,
Movement, Defense, Skill and points for profiles whose columns the transcription lost,
and homebrew profiles. Bounds as the profile table's (p.3, p.5, p.11).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from rules.beestwars.catalogue import Profile
from rules.beestwars.document import Supplied
from rules.homebrew import MAX_HOMEBREW, MAX_VALUES, HomebrewText, SlugFromName
from rules.schema import Name, Ref, ShortText, Slug, Strict, SummaryText


class HomebrewProfile(SlugFromName, HomebrewText, Profile):
    """A homebrew profile: every value given; ``fighter`` is the name unless given. Its
    text fields under the one text policy (rules.homebrew.HomebrewText)."""

    fighter: ShortText
    skill: int = Field(ge=3, le=18)
    might: int = Field(ge=1, le=6)
    toughness: int = Field(ge=1, le=30)
    movement: int = Field(ge=1, le=24)
    defense: int = Field(ge=-3, le=0)
    equipment: ShortText | None = None
    abilities: list[Slug] = Field(default_factory=list, max_length=10)
    points: int = Field(ge=0, le=1000)
    unique: bool = False
    raw: SummaryText = "homebrew"
    page: int = 0

    @model_validator(mode="before")
    @classmethod
    def _fighter(cls, data: Any) -> Any:
        if isinstance(data, dict) and "fighter" not in data and isinstance(data.get("name"), str):
            return {**data, "fighter": data["name"]}
        return data


class BeestwarsValues(Strict):
    """Values per profile: {"profiles": {"Satyr": {"defense": -1}}}; keys are any name of the profile."""

    profiles: dict[Ref, Supplied] = Field(default_factory=dict, max_length=MAX_VALUES)


class BeestwarsHomebrew(Strict):
    """Homebrew profiles."""

    profiles: list[HomebrewProfile] = Field(default_factory=list, max_length=MAX_HOMEBREW)


class BeestwarsSupplement(Strict):
    """A Beestwars supplement document."""

    format: Literal["muster.supplement/1"]
    system: Literal["beestwars"]
    name: Name
    values: BeestwarsValues = Field(default_factory=BeestwarsValues)
    homebrew: BeestwarsHomebrew = Field(default_factory=BeestwarsHomebrew)
