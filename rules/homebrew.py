"""What every system's homebrew entry shares: a slug made from the name when none is given."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field, model_validator

from rules.schema import NoteText, ShortText, SummaryText

SUPPLEMENT_FORMAT = "muster.supplement/1"
MAX_VALUES = 100
MAX_HOMEBREW = 30
# A homebrew entry's one-line rules: the player's free text, cleaned like every name.
Summary = SummaryText
MAX_ALIASES = 5


def slug_of(name: str) -> str:
    """A slug from a printed name: "Long Gunner" -> "long-gunner" ("homebrew" if nothing is left)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60] or "homebrew"


class HomebrewText(BaseModel):
    """Mixin: the free text every homebrew entry has, under the one text policy
    (rules.text.clean_text, measured after NFC): ``name`` and each of at most five
    ``aliases`` 60 characters, like the book's own entries; ``note`` 1,000."""

    name: ShortText
    aliases: list[ShortText] = Field(default_factory=list, max_length=MAX_ALIASES)
    note: NoteText | None = None


class SlugFromName(BaseModel):
    """Mixin: a homebrew entry without ``slug`` gets one from its ``name``."""

    @model_validator(mode="before")
    @classmethod
    def _slug(cls, data: Any) -> Any:
        if isinstance(data, dict) and "slug" not in data and isinstance(data.get("name"), str):
            return {**data, "slug": slug_of(data["name"])}
        return data
