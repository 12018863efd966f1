"""What changed between two versions of a supplement, in a player's words."""

from __future__ import annotations

from typing import Any

TABLE_TITLES = {
    "classes": "Classes",
    "upgrades": "Upgrades",
    "model_traits": "Model Traits",
    "model_abilities": "Model Abilities",
    "traits": "Traits",
    "profiles": "Profiles",
}
# One entry of each table, in the books' words.
ENTRY_WORDS = {
    "classes": "class",
    "upgrades": "upgrade",
    "model_traits": "Model Trait",
    "model_abilities": "Model Ability",
    "traits": "trait",
    "profiles": "profile",
}
FIELD_WORDS = {
    "Armed": "Armed in Melee",
    "Powers": "Powers known",
    "summary": "rules",
    "for_class": "upgrade of",
    "gives_powers": "Powers it gives",
}


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


def version_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Sentences for every value and homebrew entry that differs: "Ranged (class) FS: 3 ->
    4", "Support (class) Armed in Melee: no (new)", "homebrew class Gunner added". Empty
    when equal."""
    out = []
    before, after = _values(old), _values(new)
    for key in sorted(before.keys() | after.keys()):
        table, entry, field = key
        label = f"{_entry_name(entry)} ({ENTRY_WORDS.get(table, table)}) {FIELD_WORDS.get(field, field)}"
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
        label = f"homebrew {ENTRY_WORDS.get(table, table)} {name}"
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
            out.append(f"{label} changed: {', '.join(FIELD_WORDS.get(f, f) for f in fields)}")
    if old.get("name") != new.get("name"):
        out.append(f"renamed {old.get('name')} -> {new.get('name')}")
    return out
