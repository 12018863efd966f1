"""The trait picker's rows, built in Python.

The picker lists every trait of the catalogue (50 for Iron & Honor) that the model does
not have yet, grouped by category; each row is a button that adds the trait, or a
disabled button with the reason. The fixed part of each row is escaped once per
catalogue entry and cached. Every value is escaped: catalogue text with ``escape``
once, the player's text each time.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe


@lru_cache(maxsize=2048)
def _fixed(
    slug: str, name: str, cost: int, unit: str, summary: str, page: int | None
) -> tuple[str, str, str]:
    label = f'{escape(name)} <span class="cost">{cost} {escape(unit)}</span>'
    page_html = f' <small class="muted">p.{page}</small>' if page is not None else ""
    return label, f'<span class="summary">{escape(summary)}{page_html}</span>', escape(name.casefold())


def trait_row(index: int, trait: Any, reason: str | None, unit: str) -> str:
    """One picker row: a button adding ``trait`` to model ``index`` (disabled, with its
    reason, when the rules forbid it), its cost and summary."""
    slug = escape(trait.slug)
    ident = f"m{index}-pick-{slug}"
    label, summary, key = _fixed(trait.slug, trait.name, trait.cost, unit, trait.summary, trait.page)
    attrs, why = "", ""
    if reason:
        attrs = f' disabled aria-describedby="{ident}-why"'
        why = f'<span class="why" id="{ident}-why">{escape(reason)}</span>'
    return (
        f'<li class="pick{" unavailable" if reason else ""}" data-name="{key}">'
        f'<button type="submit" name="add_trait" value="{slug}" id="{ident}"{attrs}>'
        f'<span class="visually-hidden">Add </span>{label}</button>{why}{summary}</li>'
    )


def trait_groups_html(
    index: int, groups: list[tuple[str, str, list[dict[str, Any]]]], unit: str
) -> SafeString:
    """The picker's groups, one per category: (title, hint, rows of {"trait", "reason"})."""
    parts = []
    for title, hint, rows in groups:
        if not rows:
            continue
        legend = f'{escape(title)} <span class="muted">({escape(hint)})</span>'
        parts.append(f'<fieldset class="pick-group"><legend>{legend}</legend><ul class="picks">')
        parts += [trait_row(index, r["trait"], r["reason"], unit) for r in rows]
        parts.append("</ul></fieldset>")
    return mark_safe("".join(parts))  # every part above is escaped


@lru_cache(maxsize=64)
def _skill_options(skills: tuple[tuple[str, str, int, int | None, int | None], ...]) -> tuple[str, ...]:
    """One <option> per skill (name, slug, cost in ExP, short and long range in inches)."""
    out = []
    for name, _slug, cost, short, long in skills:
        ranges = f', {short}"/{long}"' if short else ""  # numbers: nothing to escape
        out.append(f'<option value="{escape(name)}">{escape(name)} — {cost} ExP{ranges}</option>')
    return tuple(out)


def skill_options_html(skills: list[Any], selected: str | None) -> SafeString:
    """The options of a skill select, the skill with slug ``selected`` chosen."""
    key = tuple((s.name, s.slug, s.cost, s.short_range, s.long_range) for s in skills)
    options = list(_skill_options(key))
    for i, skill in enumerate(skills):
        if skill.slug == selected:
            options[i] = options[i].replace("<option ", "<option selected ", 1)
    return mark_safe("".join(options))  # every part is escaped in _skill_options
