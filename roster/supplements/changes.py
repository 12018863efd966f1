"""What changed between two versions of a supplement, in a player's words."""

from __future__ import annotations

from typing import Any

from rules.registry import SYSTEMS
from rules.system import GameSystem

#: The words of the fields every system's supplements share.
FIELD_WORDS = {"summary": "rules"}


def value_words(value: Any) -> str:
    """A stored value as a player reads it: true -> yes, false -> no, a dict as "k v, ..."."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "unknown"
    if isinstance(value, dict):
        return ", ".join(f"{k} {value_words(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list):
        return ", ".join(value_words(v) for v in value) or "none"
    return str(value)


def _entry_name(slug: str) -> str:
    return slug.replace("-", " ").title() if slug.islower() else slug


def _values(data: dict[str, Any]) -> dict[tuple[str, str, str], Any]:
    return {
        (table, entry, key): value
        for table, entries in data.get("values", {}).items()
        for entry, fields in entries.items()
        for key, value in fields.items()
    }


def _homebrew(data: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {
        (table, str(e.get("slug") or e.get("name"))): e
        for table, entries in data.get("homebrew", {}).items()
        for e in entries
    }


def _field(system: GameSystem | None, key: str) -> str:
    return FIELD_WORDS.get(key) or (system.field_word(key) if system else key)


def _entry(system: GameSystem | None, table: str) -> str:
    return system.entry_word(table) if system else table


def version_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Sentences for every value and homebrew entry that differs: "Ranged (class) FS: 3 ->
    4", "Support (class) Armed in Melee: no (new)", "homebrew class Gunner added", in the
    words of the supplement's system (GameSystem.entry_word, field_word). Empty when equal."""
    system = SYSTEMS.get(str(new.get("system")))
    out = []
    before, after = _values(old), _values(new)
    for key in sorted(before.keys() | after.keys()):
        table, entry, field = key
        label = f"{_entry_name(entry)} ({_entry(system, table)}) {_field(system, field)}"
        if key not in before:
            out.append(f"{label}: {value_words(after[key])} (new)")
        elif key not in after:
            out.append(f"{label}: {value_words(before[key])} removed")
        elif before[key] != after[key]:
            out.append(f"{label}: {value_words(before[key])} -> {value_words(after[key])}")
    brew_before, brew_after = _homebrew(old), _homebrew(new)
    for brew in sorted(brew_before.keys() | brew_after.keys()):
        table, slug = brew
        name = (brew_after.get(brew) or brew_before[brew]).get("name", slug)
        label = f"homebrew {_entry(system, table)} {name}"
        if brew not in brew_before:
            out.append(f"{label} added")
        elif brew not in brew_after:
            out.append(f"{label} removed")
        elif brew_before[brew] != brew_after[brew]:
            fields = sorted(
                k
                for k in brew_before[brew].keys() | brew_after[brew].keys()
                if brew_before[brew].get(k) != brew_after[brew].get(k)
            )
            out.append(f"{label} changed: {', '.join(_field(system, f) for f in fields)}")
    if old.get("name") != new.get("name"):
        out.append(f"renamed {old.get('name')} -> {new.get('name')}")
    return out
