"""Small template filters for Muster's pages and sheets."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import template
from django.template import Context
from django.utils.html import format_html
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
def overview_rows(rows: list[dict[str, Any]], open_index: int | None, unit: str, empty: str) -> SafeString:
    """The warband overview's rows (roster.editor_html), built in Python because every
    edit's answer repeats them for every model."""
    from roster.editor_html import overview_rows_html

    return overview_rows_html(rows, open_index, unit, empty)


def _csrf_input(context: Context) -> str:
    """The CSRF field's HTML, as ``{% csrf_token %}`` writes it."""
    token = context.get("csrf_token")
    if not token or token == "NOTPROVIDED":
        return ""
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)


@register.simple_tag(takes_context=True)
def card_actions(context: Context, card: dict[str, Any], label: str, duplicate: bool = True) -> SafeString:
    """The move, duplicate (unless ``duplicate`` is False) and remove buttons under an
    open model's card (roster.editor_html), named ``label``; built in Python because
    every edit's answer has them."""
    from roster.editor_html import card_actions_html

    roster = card["roster"]
    return card_actions_html(
        _csrf_input(context), roster.pk, roster.revision, card["index"], card["count"], label, duplicate
    )


@register.simple_tag(takes_context=True)
def iron_honor_card(context: Context, card: dict[str, Any]) -> SafeString:
    """The whole Iron & Honor model card (roster.systems.card_html), built in Python
    because every edit of an Iron & Honor model answers with it."""
    from roster.systems.card_html import iron_honor_card_html

    return iron_honor_card_html(card, _csrf_input(context))
