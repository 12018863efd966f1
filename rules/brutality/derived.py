"""The per-model part of a Brutality Report: cost line and derived values.

Source: "Building Your Army List - Moderate" (costs), "Upgrades", "Model Traits",
"Model Abilities", "Powers".
"""

from __future__ import annotations

from typing import Any

from rules.brutality.catalogue import BrutalityCatalogue
from rules.brutality.stats import (
    PLAYER,
    PLAYER_ORIGIN,
    SUPPLEMENT,
    base_value,
    effective_stats,
    power_allowance,
    power_range,
)
from rules.brutality.warband import Fighter
from rules.report import CostLine, ModelReport
from rules.words import labelled_value


def cost_line(f: Fighter) -> CostLine:
    """The model's one priced line, "Basic Melee" or "Upgraded: Berserker (Melee)", at the
    rules data's price (``points``)."""
    class_name = f.cls.name if f.cls else f.model.class_
    homebrew = " (homebrew)" if any(e is not None and e.homebrew for e in (f.cls, f.upgrade)) else ""
    if f.upgraded:
        upgrade = f.upgrade.name if f.upgrade else f.model.upgrade
        return CostLine(f"Upgraded: {upgrade} ({class_name}){homebrew}", f.cost)
    return CostLine(f"Basic {class_name}{homebrew}", f.cost)


def _armed(f: Fighter) -> dict[str, Any]:
    value, source, origin = base_value(f, "Armed")
    return {"value": value, "source": source, "origin": origin}


def _traits(f: Fighter) -> list[dict[str, Any]]:
    return [
        {
            "name": t.name if t else name,
            "slug": t.slug if t else None,
            "known": t is not None,
            "modifiers": dict(t.modifiers) if t else {},
            "summary": t.summary if t else None,
            "section": t.section if t else None,
            "homebrew": t.homebrew if t else None,
        }
        for name, t in f.traits
    ]


def _ability(f: Fighter) -> dict[str, Any] | None:
    name = f.model.ability
    if name is None:
        return None
    a = f.ability
    return {
        "name": a.name if a else name,
        "slug": a.slug if a else None,
        "known": a is not None,
        "summary": a.summary if a else None,
        "section": a.section if a else None,
        "homebrew": a.homebrew if a else None,
    }


def _powers(f: Fighter) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    allowance = power_allowance(f)
    powers = [
        {
            "name": p.name if p else name,
            "slug": p.slug if p else None,
            "known": p is not None,
            "number": p.number if p else None,
            "range": power_range(allowance, p.range) if p else None,
            "summary": p.summary if p else None,
            "options": [o.model_dump() for o in p.options] if p else [],
        }
        for name, p in f.powers
    ]
    access = {
        "allowed": allowance.allowed,
        "line_access": allowance.line_access,
        "sources": allowance.sources,
    }
    return powers, access


def supplied_words(used: dict[str, Any], catalogue: BrutalityCatalogue) -> list[str]:
    """The player's values as the book names them: 'Movement: 6"', "Hit Points: 2",
    "Armed in Melee: yes", "Powers: 4". Source: "Model Characteristics"."""
    names: dict[str, tuple[str, str]] = {
        s.key: (s.name, '"' if s.unit == "inches" else "") for s in catalogue.stats
    }
    names.update({"Armed": ("Armed in Melee", ""), "Powers": ("Powers", "")})
    out = []
    for key, value in used.items():
        label, unit = names.get(key, (key, ""))
        out.append(labelled_value(label, value if isinstance(value, bool) else f"{value}{unit}"))
    return out


def model_report(f: Fighter, catalogue: BrutalityCatalogue) -> ModelReport:
    """Costs and derived values of one model.

    ``derived``: class, upgrade, upgraded, leader, stats (the effective stat line,
    each stat with base, source, origin, modifiers and value; None where unknown),
    armed, traits, ability, powers (with range in inches), power_access, supplied
    (the player's values that are used), player_values (the keys shown as the player's)
    and supplied_words (those values in the book's words, "Armed in Melee: yes");
    supplement (the name of the roster's supplement that gave values, or None),
    supplement_values and supplement_words (the values it gave), homebrew (the
    supplement a homebrew class or upgrade comes from).
    """
    stats = [s.as_json() for s in effective_stats(f, catalogue)]
    armed = _armed(f)
    powers, access = _powers(f)
    used = {k: v for k, v in f.supplied().items() if base_value(f, k)[1] == PLAYER}
    keys = (*(s["key"] for s in stats), "Armed", "Powers")
    from_supplement = {k: base_value(f, k) for k in keys}
    supplement = {k: v[0] for k, v in from_supplement.items() if v[1] == SUPPLEMENT}
    supplement_name = f.line.supplement_of(next(iter(supplement))) if supplement and f.line else None
    derived = {
        "class": f.cls.name if f.cls else f.model.class_,
        "class_known": f.cls is not None,
        "upgrade": (f.upgrade.name if f.upgrade else f.model.upgrade) if f.upgraded else None,
        "upgraded": f.upgraded,
        "leader": f.leader,
        "line": f.line.name if f.line else None,
        "stats": stats,
        "armed": armed,
        "traits": _traits(f),
        "ability": _ability(f),
        "powers": powers,
        "power_access": access,
        "supplied": used,
        "player_values": sorted(used),
        "supplied_words": supplied_words(used, catalogue),
        "player_origin": PLAYER_ORIGIN,
        "supplement": supplement_name,
        "supplement_values": supplement,
        "supplement_words": supplied_words(supplement, catalogue),
        "homebrew": {
            "class": f.cls.homebrew if f.cls else None,
            "upgrade": f.upgrade.homebrew if f.upgrade and f.upgraded else None,
        },
    }
    return ModelReport(f.index, f.name, f.cost, [cost_line(f)], derived)
