"""The Iron & Honor roster document (docs/formats.md).

Names of types, skills, traits and game sizes are kept as the player wrote them and
resolved against the catalogue case-insensitively when the roster is evaluated.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer, model_validator

from rules.names import name_key
from rules.schema import Label, Name, Ref, RosterName, Slug, Strict

MAX_MODELS = 50
# A legal model has at most 6 traits (1 Heroic, 1 Rare, 4 Common, p.17) and 6 skills
# (three kinds, each at most twice); a draft may hold two more, so the checks can
# say what is wrong, but no more: every model must fit on a printed sheet.
MAX_TRAITS = 8
MAX_SKILLS = 8


class SkillPick(Strict):
    """A bought skill, optionally with the item it represents: {"skill": "1H Edged", "label": "Sword"}.

    A bare string ("Shield") is the same as {"skill": "Shield"} and is written back
    as a string.
    """

    skill: Ref
    label: Label | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        return {"skill": data} if isinstance(data, str) else data

    @model_serializer(mode="wrap")
    def _as_text(self, handler: SerializerFunctionWrapHandler) -> Any:
        return self.skill if self.label is None else handler(self)


class TraitPick(Strict):
    """A trait, optionally with its choice: {"name": "Blessed Weapon", "choice": "Sword"}.

    A bare string is the same as {"name": ...} and is written back as a string.
    """

    name: Ref
    choice: Label | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        return {"name": data} if isinstance(data, str) else data

    @model_serializer(mode="wrap")
    def _as_text(self, handler: SerializerFunctionWrapHandler) -> Any:
        return self.name if self.choice is None else handler(self)


class Attributes(Strict):
    """The four primary attributes. The book allows 2..6 (p.12); the schema only
    refuses what no rule could mean (outside 1..10)."""

    MA: int = Field(ge=1, le=10)
    RA: int = Field(ge=1, le=10)
    PD: int = Field(ge=1, le=10)
    WP: int = Field(ge=1, le=10)


class IronHonorModel(Strict):
    """One model: name, character type, attributes, skills and traits."""

    name: Name
    type: Ref
    attributes: Attributes
    skills: list[SkillPick] = Field(default_factory=list, max_length=MAX_SKILLS)
    traits: list[TraitPick] = Field(default_factory=list, max_length=MAX_TRAITS)


class IronHonorOptions(Strict):
    """Game size: small / medium / large, or custom with its own ``exp_limit`` (ExP)."""

    game_size: Ref
    exp_limit: int | None = Field(default=None, ge=1, le=10_000)

    @model_validator(mode="after")
    def _custom_needs_limit(self) -> IronHonorOptions:
        custom = name_key(self.game_size) == "custom"
        if custom and self.exp_limit is None:
            raise ValueError("a custom game size needs exp_limit")
        if not custom and self.exp_limit is not None:
            raise ValueError("exp_limit is only for game_size custom")
        return self


class IronHonorRoster(Strict):
    """A whole Iron & Honor roster document."""

    format: Literal["muster.roster/1"] = "muster.roster/1"
    system: Literal["iron-and-honor"] = "iron-and-honor"
    name: RosterName
    options: IronHonorOptions
    models: list[IronHonorModel] = Field(default_factory=list, max_length=MAX_MODELS)
    # The book example this roster was started from (rules.examples, docs/formats.md).
    example: Slug | None = None
