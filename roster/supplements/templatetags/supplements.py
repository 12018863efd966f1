"""``{% roster_supplement roster %}``: the editor's one line about the roster's supplement."""

from __future__ import annotations

from typing import Any

from django import template

from roster.supplements.changes import value_words
from roster.supplements.pins import pinned_version
from rules.registry import SYSTEMS

register = template.Library()


@register.inclusion_tag("supplements/_roster_line.html")
def roster_supplement(roster: Any) -> dict[str, Any]:
    """The pinned supplement and version (None), and whether a newer version waits."""
    current = pinned_version(roster)
    newer = current.supplement.latest if current is not None else None
    return {
        "roster": roster,
        "current": current,
        "newer": newer
        if newer is not None and current is not None and newer.number > current.number
        else None,
    }


@register.inclusion_tag("supplements/_pinned.html")
def pinned_supplement_contents(roster: Any) -> dict[str, Any]:
    """The supplement values a roster uses, at its pinned version (frozen: a newer
    version changes nothing here until the owner accepts it)."""
    return {"current": pinned_version(roster)}


@register.filter
def words(value: Any) -> str:
    """A stored value as a player reads it: true -> yes, false -> no, a dict as "k v, ..."."""
    return value_words(value)


@register.filter
def table_title(table: str, system_id: str) -> str:
    """A supplement table's heading in its system's words: "model_traits" -> "Model
    Traits" (GameSystem.table_title)."""
    system = SYSTEMS.get(system_id)
    return system.table_title(table) if system else table.replace("_", " ").capitalize()


@register.filter
def bound(form: Any, name: str) -> Any:
    """The form's bound field called ``name`` (the supplement form's names are built)."""
    return form[name]
