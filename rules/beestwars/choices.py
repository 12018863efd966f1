"""What a player may add or supply: the fighter picker and the bounds of supplied values.

Pure functions over the document and catalogue, so the editor shows availability
without deciding it in a template.
"""

from __future__ import annotations

from dataclasses import dataclass

from annotated_types import Ge, Le

from rules.beestwars.catalogue import STATS, BeestwarsCatalogue, Profile
from rules.beestwars.document import BeestwarsRoster, Supplied

NAMED_TAKEN = "already in the warband: named fighters are unique"
SUPPLIABLE = ("points", *STATS)


@dataclass(frozen=True, slots=True)
class ProfileChoice:
    """One profile in the picker: ``reason`` says why it cannot be added (None: it can)."""

    profile: Profile
    hero: bool
    reason: str | None


@dataclass(frozen=True, slots=True)
class FactionChoices:
    """The profiles of one faction ("Clovis", "Geladan"), in the order of the table on p.11."""

    faction: str
    choices: list[ProfileChoice]


def profile_choices(document: BeestwarsRoster, catalogue: BeestwarsCatalogue) -> list[FactionChoices]:
    """Every profile of the catalogue grouped by faction, with the reason a named
    fighter already in ``document`` cannot be added again.

    Unknown profile names in the document are ignored. Source: The Denizens of the
    Beestwars p.9 (named fighters), p.11 (profiles).
    """
    taken = {p.slug for m in document.models if (p := catalogue.profile(m.profile)) is not None and p.unique}
    groups: dict[str, list[ProfileChoice]] = {}
    for p in catalogue.profiles:
        reason = NAMED_TAKEN if p.slug in taken else None
        groups.setdefault(p.faction, []).append(ProfileChoice(p, catalogue.is_hero(p), reason))
    return [FactionChoices(faction, choices) for faction, choices in groups.items()]


def supplied_bounds() -> dict[str, tuple[int, int]]:
    """The smallest and largest value a player may supply, by key ("points", "skill"...).

    Read from the :class:`Supplied` schema, so the form's bounds and the document's
    check cannot disagree: points 0-1000, Skill 3-18, Might 1-6 dice, Toughness 1-30,
    Movement 1-24 inches, Defense -3 to 3.
    """
    out: dict[str, tuple[int, int]] = {}
    for key in SUPPLIABLE:
        meta = Supplied.model_fields[key].metadata
        low = next(m.ge for m in meta if isinstance(m, Ge))
        high = next(m.le for m in meta if isinstance(m, Le))
        if not isinstance(low, int) or not isinstance(high, int):
            raise TypeError(f"Supplied.{key} must be bounded by whole numbers")
        out[key] = (low, high)
    return out
