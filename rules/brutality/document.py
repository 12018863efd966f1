"""The Brutality roster document (docs/formats.md).

Names of classes, upgrades, Model Traits, Model Abilities and Powers are kept as the
player wrote them and resolved against the catalogue case-insensitively when the
roster is evaluated. ``supplied`` holds values the player copied from their own book
where the transcription lacks them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from rules.schema import Name, Ref, RosterName, Slug, Strict

MAX_MODELS = 50
# Ten Powers exist and each is known at most once. A model takes two free Model Traits
# (the Leader three); a draft may list up to twice that, so the checks can say what is
# wrong, but no more: every model must fit on a printed sheet.
MAX_TRAITS = 6
MAX_POWERS = 10
# Bounds of a supplied value: the stat limits ("Model Characteristics": 1..8, Hit Points
# at least 1 as a model with none is slain). Movement has no maximum in the book; 36"
# (the width of the 3' board, "The Game") only refuses what no rule could mean.
STAT_MAX = 8
MOVE_MAX = 36


class Supplied(Strict):
    """Values supplied by the player where the rules data is unknown: {"HP": 3, "Armed": true}.

    Keys are the book's stat abbreviations (Move in inches), "Armed" (in Melee) and
    "Powers" (how many Powers the class or upgrade knows). Values are used only where
    the catalogue has none, and are always shown as the player's.
    """

    Move: int | None = Field(default=None, ge=1, le=MOVE_MAX)
    FS: int | None = Field(default=None, ge=1, le=STAT_MAX)
    Dex: int | None = Field(default=None, ge=1, le=STAT_MAX)
    HP: int | None = Field(default=None, ge=1, le=STAT_MAX)
    Will: int | None = Field(default=None, ge=1, le=STAT_MAX)
    Atk: int | None = Field(default=None, ge=1, le=STAT_MAX)
    Save: int | None = Field(default=None, ge=1, le=STAT_MAX)
    Armed: bool | None = None
    Powers: int | None = Field(default=None, ge=0, le=10)

    def given(self) -> dict[str, int | bool]:
        """The supplied values only, in key order."""
        return {k: v for k, v in self.model_dump().items() if v is not None}


class BrutalityModel(Strict):
    """One model: name, class, optional upgrade, Leader flag, traits, ability, Powers, supplied values.

    A trait taken twice is listed twice. ``leader`` is written only when true.
    """

    model_config = ConfigDict(validate_by_alias=True, validate_by_name=False, serialize_by_alias=True)

    name: Name
    class_: Ref = Field(alias="class")
    upgrade: Ref | None = None
    leader: bool = False
    traits: list[Ref] = Field(default_factory=list, max_length=MAX_TRAITS)
    ability: Ref | None = None
    powers: list[Ref] = Field(default_factory=list, max_length=MAX_POWERS)
    supplied: Supplied | None = None

    @model_serializer(mode="wrap")
    def _leader_only_when_true(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and data.get("leader") is False:
            del data["leader"]
        return data

    @property
    def upgraded(self) -> bool:
        """True when the model names an upgrade (it then costs the Upgraded price)."""
        return self.upgrade is not None


class BrutalityOptions(Strict):
    """Mode (simple | moderate) and the game: ``points_limit`` (points game) or
    ``model_count`` + ``upgraded_count`` (points-free game), never both.

    Raises a validation error when neither or both shapes are used, or when
    ``upgraded_count`` exceeds ``model_count``. Source: "Building Your Army List - Moderate".
    """

    mode: Literal["simple", "moderate"]
    # Whole or half points from one Basic model up: a tiny limit (1e-320) means nothing.
    points_limit: int | float | None = Field(
        default=None, ge=1, le=1000, multiple_of=0.5, allow_inf_nan=False
    )
    model_count: int | None = Field(default=None, ge=1, le=MAX_MODELS)
    upgraded_count: int | None = Field(default=None, ge=0, le=MAX_MODELS)

    @model_validator(mode="after")
    def _one_game_shape(self) -> BrutalityOptions:
        counts = (self.model_count is not None, self.upgraded_count is not None)
        if self.points_limit is not None and any(counts):
            raise ValueError("use either points_limit or model_count + upgraded_count, not both")
        if self.points_limit is None and not all(counts):
            raise ValueError(
                "a points game needs points_limit; a points-free game model_count and upgraded_count"
            )
        if (
            self.model_count is not None
            and self.upgraded_count is not None
            and (self.upgraded_count > self.model_count)
        ):
            raise ValueError("upgraded_count cannot be more than model_count")
        return self

    @property
    def points_game(self) -> bool:
        """True for a points game, False for a points-free game."""
        return self.points_limit is not None


class BrutalityRoster(Strict):
    """A whole Brutality roster document."""

    format: Literal["muster.roster/1"] = "muster.roster/1"
    system: Literal["brutality"] = "brutality"
    name: RosterName
    options: BrutalityOptions
    models: list[BrutalityModel] = Field(default_factory=list, max_length=MAX_MODELS)
    # The book example this roster was started from (rules.examples, docs/formats.md).
    example: Slug | None = None
