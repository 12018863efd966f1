"""What every system's homebrew entry shares: a slug made from the name when none is given."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, StringConstraints, model_validator

from rules.text import clean_text

SUPPLEMENT_FORMAT = "muster.supplement/1"
MAX_VALUES = 100
MAX_HOMEBREW = 30
# A homebrew entry's one-line rules: the player's free text, cleaned like every name.
Summary = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300), AfterValidator(clean_text)
]


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
