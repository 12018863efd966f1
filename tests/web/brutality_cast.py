"""Brutality rosters and forms for web tests: Alice's copy of the example warband."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from tests.brutality import catalogue, example

EXAMPLE = "brutality-moderate-points"


def reavers(owner: User) -> Roster:
    """Alice's copy of the Ashen Reavers (4.5 of 5 points, legal)."""
    return create_roster(owner, example(EXAMPLE))


def brutality_post(roster: Roster, index: int, **changes: Any) -> dict[str, Any]:
    """The form a browser would post for model ``index`` as stored, with ``changes`` applied.

    A trait taken twice posts its slug twice (both boxes ticked).
    """
    model = roster.document["models"][index]
    cat = catalogue()
    data: dict[str, Any] = {
        "revision": roster.revision,
        "name": model["name"],
        "class": model["class"],
        "upgrade": model.get("upgrade", ""),
        "trait": [t.slug if (t := cat.trait(n)) else n for n in model.get("traits", [])],
        "ability": model.get("ability", ""),
        "power": [p.slug if (p := cat.power(n)) else n for n in model.get("powers", [])],
    }
    if model.get("leader"):
        data["leader"] = "1"
    for key, value in (model.get("supplied") or {}).items():
        data[f"supplied__{key}"] = ("yes" if value else "no") if isinstance(value, bool) else str(value)
    data.update(changes)
    return data
