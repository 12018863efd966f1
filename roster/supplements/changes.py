"""What changed between two versions of a supplement, in a player's words."""

from __future__ import annotations

from typing import Any


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


def version_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Sentences for every value and homebrew entry that differs: "classes ranged FS: 3 -> 4",
    "classes ranged Move: 5 (new)", "homebrew classes Gunner added". Empty when equal."""
    out = []
    before, after = _values(old), _values(new)
    for key in sorted(before.keys() | after.keys()):
        table, entry, field = key
        label = f"{table.replace('_', ' ')} {entry} {field}"
        if key not in before:
            out.append(f"{label}: {after[key]} (new)")
        elif key not in after:
            out.append(f"{label}: {before[key]} removed")
        elif before[key] != after[key]:
            out.append(f"{label}: {before[key]} -> {after[key]}")
    brew_before, brew_after = _homebrew(old), _homebrew(new)
    for brew in sorted(brew_before.keys() | brew_after.keys()):
        table, slug = brew
        name = (brew_after.get(brew) or brew_before[brew]).get("name", slug)
        label = f"homebrew {table.replace('_', ' ')} {name}"
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
            out.append(f"{label} changed: {', '.join(fields)}")
    if old.get("name") != new.get("name"):
        out.append(f"renamed {old.get('name')} -> {new.get('name')}")
    return out
