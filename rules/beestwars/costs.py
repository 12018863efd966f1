"""Beestwars calculations: a fighter's points and profile values, the Hero allowance.

Costs are whole points from the profile table (p.11). Where the transcription lost a
value, the player's supplied value is used and marked as theirs (docs/rules-decisions.md).
"""

from __future__ import annotations

from typing import Any, Literal

from rules.beestwars.catalogue import STATS, BeestwarsCatalogue
from rules.beestwars.warband import Fighter
from rules.report import CostLine

Origin = Literal["book", "player", "supplement"]


def value_of(fighter: Fighter, key: str) -> tuple[int | None, Origin | None]:
    """Return (value, origin) of "points" or one of STATS for a fighter.

    The book's value wins; where it is unknown the model's own supplied value is used
    ("player"), then the roster's supplement's ("supplement"; every value of a homebrew
    profile is the supplement's).
    (None, None) when neither gives it or the profile is unknown. Source: p.11.
    """
    if fighter.profile is None:
        return None, None
    book: int | None = fighter.profile.points if key == "points" else fighter.profile.stat(key)
    if book is not None and fighter.profile.supplement_of(key) is None:
        return book, "book"
    supplied = fighter.supplied(key)
    if supplied is not None:
        return supplied, "player"
    return (book, "supplement") if book is not None else (None, None)


def model_cost(fighter: Fighter) -> tuple[int | None, list[CostLine]]:
    """Return (points, priced lines): one line, the profile's points.

    None when the profile is unknown, or its points are unknown and not supplied.
    Source: The Denizens of the Beestwars p.9, p.11.
    """
    points, origin = value_of(fighter, "points")
    label = fighter.profile.name if fighter.profile else fighter.model.profile
    if origin == "player":
        label += " (points supplied by the player)"
    elif fighter.profile is not None and fighter.profile.homebrew:
        label += f" (homebrew, supplement {fighter.profile.homebrew})"
    elif origin == "supplement" and fighter.profile is not None:
        label += f" (points from supplement {fighter.profile.supplement_of('points')})"
    return points, [CostLine(label, points)]


def stat_values(fighter: Fighter, catalogue: BeestwarsCatalogue) -> dict[str, dict[str, Any]]:
    """Every stat as {"value", "text", "from", "reading"}: "from" is "book", "player",
    "supplement" (the model's report names it) or None (unknown);
    "reading" is the text of an uncertain reading of a garbled row ("15") while the
    value is unknown, else None: shown as uncertain, never used.

    ``text`` is what a sheet prints: Might as dice ("2d6"), Movement in inches ('4"').
    Source: The Denizens of the Beestwars p.3, p.11.
    """
    out: dict[str, dict[str, Any]] = {}
    for key in STATS:
        value, origin = value_of(fighter, key)
        out[key] = {
            "value": value,
            "text": _text(key, value, catalogue.might_die),
            "from": origin,
            "reading": None if value is not None else uncertain_reading(fighter, key, catalogue.might_die),
        }
    return out


def uncertain_reading(fighter: Fighter, key: str, die: int = 6) -> str | None:
    """The text of what a garbled row may give ``key`` ("points" or one of STATS), or
    None. Never a value: it is shown as uncertain beside the unknown. Source: p.11."""
    if fighter.profile is None or key not in fighter.profile.uncertain_values:
        return None
    return _text(key, fighter.profile.uncertain_values[key], die)


def _text(key: str, value: int | None, die: int) -> str | None:
    if value is None:
        return None
    if key == "might":
        return f"{value}d{die}"
    if key == "movement":
        return f'{value}"'
    return str(value)
