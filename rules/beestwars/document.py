"""The Beestwars roster document (docs/rules-decisions.md).

``{"options": {"points_limit": 300}, "models": [{"profile": "Satyr", "name": "Pell"}]}``.
Profile names are kept as the player wrote them and resolved against the catalogue
case-insensitively when the roster is evaluated.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.schema import Name, Ref, RosterName, Slug, Strict

MAX_MODELS = 50
MAX_POINTS_LIMIT = 10_000  # the largest points limit a roster may agree (docs/security.md)


class Supplied(Strict):
    """Values the player copied from their own book where the rules data has none.

    Points in points, Skill as the 3d6 target, Might as a number of dice, Movement
    in inches, Defense as a modifier. They are used and shown as the player's,
    never as checked (docs/rules-decisions.md).
    """

    points: int | None = Field(default=None, ge=0, le=1000)
    skill: int | None = Field(default=None, ge=3, le=18)
    might: int | None = Field(default=None, ge=1, le=6)
    toughness: int | None = Field(default=None, ge=1, le=30)
    movement: int | None = Field(default=None, ge=1, le=24)
    defense: int | None = Field(default=None, ge=-3, le=0)  # 0 to -3, p.5


class BeestwarsModel(Strict):
    """One fighter: its profile (name, alias or slug), an optional own name, supplied values."""

    profile: Ref
    name: Name | None = None
    supplied: Supplied | None = None


class BeestwarsOptions(Strict):
    """The points limit the commanders agreed (200 to 500 recommended, p.9)."""

    points_limit: int = Field(ge=1, le=MAX_POINTS_LIMIT)


class BeestwarsRoster(Strict):
    """A whole Beestwars roster document."""

    format: Literal["muster.roster/1"] = "muster.roster/1"
    system: Literal["beestwars"] = "beestwars"
    name: RosterName
    options: BeestwarsOptions
    models: list[BeestwarsModel] = Field(default_factory=list, max_length=MAX_MODELS)
    # The book example this roster was started from (rules.examples, docs/formats.md).
    example: Slug | None = None
