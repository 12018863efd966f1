"""Small template filters for Muster's pages and sheets."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import template
from django.utils.safestring import SafeString

from rules.report import json_number

register = template.Library()


@register.filter
def times(value: Any) -> range:
    """``{% for _ in 5|times %}`` repeats five times; None or garbage repeats zero times (at most 50)."""
    try:
        return range(max(0, min(int(value), 50)))
    except (TypeError, ValueError):
        return range(0)


@register.filter
def number(value: Any) -> Any:
    """An exact cost as players write it: Decimal 5.0 -> 5, 4.5 -> 4.5; other values unchanged."""
    return json_number(value) if isinstance(value, Decimal) else value


@register.filter
def distinct_abilities(models: Any) -> list[dict[str, Any]]:
    """Every ability of a Beestwars warband's models (``derived["abilities"]``) once, in
    the order first met: [{"name", "slug", "summary", "page", "from"}...]. For the
    sheet's list of what the warband's abilities do."""
    seen: dict[str, dict[str, Any]] = {}
    for m in models or []:
        for a in m.derived.get("abilities", []):
            seen.setdefault(a["slug"], a)
    return list(seen.values())


@register.filter
def granted_with(abilities: Any) -> list[dict[str, Any]]:
    """A Beestwars model's abilities with the ones another gives folded into it:
    [{"name": "Hero", "granted": ["Brawler", "Elite"]}, {"name": "Reach", "granted": []}]
    (Hero gives Brawler and Elite, p.8)."""
    out: list[dict[str, Any]] = []
    by_name: dict[str, dict[str, Any]] = {}
    for a in abilities or []:
        giver = by_name.get(a.get("from") or "")
        if giver is not None:
            giver["granted"].append(a["name"])
            continue
        entry = {"name": a["name"], "granted": []}
        by_name[a["name"]] = entry
        out.append(entry)
    return out


@register.simple_tag
def attribute_rows(card: dict[str, Any]) -> SafeString:
    """An Iron & Honor card's attribute rows (roster.systems.card_html), built in Python
    because an edit's answer repeats them for every attribute."""
    from roster.systems.card_html import attribute_rows_html

    return attribute_rows_html(card["index"], card["attributes"], card["report"].derived["attribute_points"])


@register.simple_tag
def type_options(card: dict[str, Any]) -> SafeString:
    """An Iron & Honor card's type options, the model's type selected (roster.systems.card_html)."""
    from roster.systems.card_html import type_options_html

    return type_options_html(card["types"], card["report"].derived.get("type"))


@register.simple_tag
def overview_rows(rows: list[dict[str, Any]], open_index: int | None, unit: str, empty: str) -> SafeString:
    """The warband overview's rows (roster.editor_html), built in Python because every
    edit's answer repeats them for every model."""
    from roster.editor_html import overview_rows_html

    return overview_rows_html(rows, open_index, unit, empty)


@register.simple_tag
def skill_rows(card: dict[str, Any]) -> SafeString:
    """An Iron & Honor card's skill rows (roster.systems.card_html)."""
    from roster.systems.card_html import skill_rows_html

    return skill_rows_html(card["index"], card["skill_rows"])
