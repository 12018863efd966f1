"""Brutality list-building rules for each model: one small function per rule.

Codes are stable: ``brutality.<area>.<problem>``; sources name the book's section.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rules.brutality.catalogue import STATS, Entry
from rules.brutality.stats import SUPPLEMENT, base_value, effective_stats, power_allowance
from rules.brutality.warband import Fighter, Warband
from rules.report import Issue
from rules.words import yes_no

HOMEBREW = "Homebrew"
Check = Callable[[Warband], list[Issue]]


def _moderate_fighters(w: Warband) -> list[Fighter]:
    """The models the Moderate rules apply to (none in Simple mode, where extras are errors)."""
    return w.fighters if w.moderate else []


def check_upgrade_class(w: Warband) -> list[Issue]:
    """An upgrade belongs to one class (Berserker: Melee). Source: "Upgrades"."""
    out = []
    for f in w.fighters:
        if f.upgrade is None or f.cls is None or f.upgrade.for_class == f.cls.slug:
            continue
        owner = w.catalogue.class_of(f.upgrade)
        message = f"{f.upgrade.name} is an upgrade for {owner.name if owner else f.upgrade.for_class} models."
        out.append(w.issue("error", "upgrades.wrong-class", message, f.upgrade.section, f))
    return out


def check_trait_count(w: Warband) -> list[Issue]:
    """Two free Model Traits per model, three for the Leader: more is an error, fewer
    leaves a free pick unused (warning). Source: "Model Traits"."""
    allowance = w.catalogue.trait_allowance
    out = []
    for f in _moderate_fighters(w):
        allowed = allowance.leader if f.leader else allowance.model
        n = len(f.model.traits)
        if n > allowed:
            message = f"{n} Model Traits; {'the Leader' if f.leader else 'a model'} takes {allowed}."
            out.append(w.issue("error", "traits.too-many", message, allowance.section, f))
        elif n < allowed:
            message = f"{n} of {allowed} free Model Traits chosen."
            out.append(w.issue("warning", "traits.too-few", message, allowance.section, f))
    return out


def check_trait_duplicates(w: Warband) -> list[Issue]:
    """The same Model Trait twice only on an Upgraded model or the Leader. Source: "Model Traits"."""
    out = []
    for f in _moderate_fighters(w):
        if f.upgraded or f.leader:
            continue
        counts = Counter(t.slug for t in f.traits_known)
        for t in f.traits_known:
            if counts.pop(t.slug, 1) > 1:
                message = f"{t.name} is taken twice; only an Upgraded model or the Leader may do that."
                out.append(w.issue("error", "traits.duplicate", message, t.section, f))
    return out


def check_ability_chosen(w: Warband) -> list[Issue]:
    """Each model chooses one free Model Ability; none leaves it unused (warning).
    One at most is the document's shape. Source: "Model Abilities"."""
    return [
        w.issue(
            "warning",
            "abilities.missing",
            "No Model Ability chosen; each model has one free.",
            "Model Abilities",
            f,
        )
        for f in _moderate_fighters(w)
        if f.model.ability is None
    ]


def check_ability_text(w: Warband) -> list[Issue]:
    """An ability whose rules are not transcribed (Clobber) cannot be explained or checked.

    Source: "Warband Creation: Examples of Character Creation".
    """
    out = []
    for f in w.fighters:
        a = f.ability
        if a is not None and a.summary is None:
            message = f"{a.name}'s rules are not in Muster's copy of the book: see your own."
            out.append(w.issue("info", "abilities.unchecked", message, a.section, f))
    return out


def check_power_duplicates(w: Warband) -> list[Issue]:
    """A Power can only be taken once per model. Source: "Powers"."""
    out = []
    for f in w.fighters:
        counts = Counter(p.slug for _, p in f.powers if p is not None)
        for _, p in f.powers:
            if p is not None and counts.pop(p.slug, 1) > 1:
                message = f"{p.name} is taken more than once; a Power is taken once per model."
                out.append(w.issue("error", "powers.duplicate", message, p.section, f))
    return out


def check_power_access(w: Warband) -> list[Issue]:
    """Only a model with access to Powers takes them, as many as its class or upgrade
    and its "A Power (6\" Range)" traits give. Source: "Powers", "Model Traits"."""
    section = w.catalogue.power_rules.section
    out = []
    for f in _moderate_fighters(w):
        n, allowed = len(f.model.powers), power_allowance(f).allowed
        if allowed is None:
            if n:
                message = (
                    f"How many Powers this model may know is not in Muster's copy of the book; {n} taken."
                )
                out.append(w.issue("info", "powers.unchecked", message, section, f))
        elif n and not allowed:
            message = 'This model has no access to Powers: take A Power (6" Range) first.'
            out.append(w.issue("error", "powers.no-access", message, section, f))
        elif n > allowed:
            out.append(
                w.issue("error", "powers.too-many", f"{n} Powers; this model knows {allowed}.", section, f)
            )
        elif n < allowed:
            out.append(w.issue("warning", "powers.too-few", f"{n} of {allowed} Powers chosen.", section, f))
    return out


def check_stat_limits(w: Warband) -> list[Issue]:
    """After all modifiers no stat but Hit Points is below 1 and none but Movement above 8.

    Source: "Model Characteristics" (Stat Minimums & Maximums).
    """
    limits = w.catalogue.stat_limits
    out = []
    for f in w.fighters:
        for s in effective_stats(f, w.catalogue):
            if s.value is None:
                continue
            if s.value > limits.max and s.key not in limits.no_maximum:
                message = (
                    f"{s.name} is {s.value} after modifiers; no stat but Movement may be above {limits.max}."
                )
                out.append(w.issue("error", "stats.above-maximum", message, limits.section, f))
            elif s.value < limits.min and s.key not in limits.no_minimum:
                lowest = limits.min
                message = (
                    f"{s.name} is {s.value} after modifiers; no stat but Hit Points may be below {lowest}."
                )
                out.append(w.issue("error", "stats.below-minimum", message, limits.section, f))
    return out


def check_unknown_values(w: Warband) -> list[Issue]:
    """Values of the model's class or upgrade that the transcription lacks and the player
    has not supplied: they cannot be shown or checked (warning). Source: the line's section."""
    out = []
    for f in w.fighters:
        line = f.line
        if line is None:
            continue
        missing = [k for k in line.unknown if k not in f.supplied()]
        if missing:
            names = ", ".join(w.catalogue.stat_name(k) for k in missing)
            missing_text = f"The {line.name} line's {names} are not in Muster's copy of the book"
            message = f"{missing_text}; supply them from yours."
            out.append(w.issue("warning", "stats.unknown", message, line.section, f))
    return out


def _value(w: Warband, key: str, value: object) -> str:
    """ "Movement 5", "Armed in Melee: yes" (never "Armed True")."""
    if key == "Armed":
        return f"Armed in Melee: {yes_no(value)}"
    return f"{w.catalogue.stat_name(key)} {value}"


def check_supplied(w: Warband) -> list[Issue]:
    """Player-supplied values are used but could not be checked against the book (info);
    a supplied value the book already gives is ignored (warning). Source: the line's section."""
    out = []
    for f in w.fighters:
        supplied = f.supplied()
        if not supplied:
            continue
        line = f.line
        section = line.section if line else "Building Your Army List - Simple"
        known = [
            k
            for k in supplied
            if line is not None and line.value_of(k) is not None and line.supplement_of(k) is None
        ]
        used = {k: v for k, v in supplied.items() if k not in known}
        if used:
            values = ", ".join(_value(w, k, v) for k, v in used.items())
            message = f"{values}: supplied by the player, not checked against the book."
            out.append(w.issue("info", "supplied.unchecked", message, section, f))
        if known and line is not None:
            values = ", ".join(f"{w.catalogue.stat_name(k)} {line.value_of(k)}" for k in known)
            message = f"Supplied values ignored: the book gives {values}."
            out.append(w.issue("warning", "supplied.not-needed", message, section, f))
    return out


def check_supplement(w: Warband) -> list[Issue]:
    """Values and entries from the roster's supplement are used but not checked against
    the book (info): "Movement 5, Hit Points 2: from supplement My book"; a homebrew
    class, upgrade, Model Trait or Ability is named so. Source: the line's section."""
    out = []
    for f in w.fighters:
        line = f.line
        if line is None:
            continue
        used = [(k, base_value(f, k)) for k in (*STATS, "Armed", "Powers")]
        values = [(k, v, o) for k, (v, src, o) in used if src == SUPPLEMENT]
        if values and not line.homebrew:
            words = ", ".join(_value(w, k, v) for k, v, _ in values)
            message = f"{words}: from {values[0][2]}, the player's values, not checked against the book."
            out.append(w.issue("info", "supplement.unchecked", message, line.section, f))
        entries: list[Entry] = [
            e for e in (f.cls, f.upgrade if f.upgraded else None, f.ability) if e is not None
        ]
        entries += f.traits_known
        for entry in entries:
            if entry.homebrew:
                message = f"{entry.name} is homebrew from supplement {entry.homebrew}, not in the book."
                out.append(w.issue("info", "supplement.homebrew", message, HOMEBREW, f))
    return out


CHECKS: list[Check] = [
    check_upgrade_class,
    check_trait_count,
    check_trait_duplicates,
    check_ability_chosen,
    check_ability_text,
    check_power_duplicates,
    check_power_access,
    check_stat_limits,
    check_unknown_values,
    check_supplied,
    check_supplement,
]
