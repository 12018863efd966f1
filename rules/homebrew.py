"""What every system's homebrew entry shares: a slug made from the name when none is given."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, model_validator

SUPPLEMENT_FORMAT = "muster.supplement/1"
MAX_VALUES = 100
MAX_HOMEBREW = 30


def slug_of(name: str) -> str:
    """A slug from a printed name: "Long Gunner" -> "long-gunner" ("homebrew" if nothing is left)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60] or "homebrew"


class SlugFromName(BaseModel):
    """Mixin: a homebrew entry without ``slug`` gets one from its ``name``."""

    @model_validator(mode="before")
    @classmethod
    def _slug(cls, data: Any) -> Any:
        if isinstance(data, dict) and "slug" not in data and isinstance(data.get("name"), str):
            return {**data, "slug": slug_of(data["name"])}
        return data
