"""The trait picker's rows, built in Python.

A model card offers every trait of the catalogue (50 for Iron & Honor), and the card
is re-rendered on every htmx edit; the template engine spent most of an edit's time
here. The fixed part of each row is escaped once per catalogue entry and cached.
Every value is escaped: catalogue text with ``escape`` once, the player's text each time.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe


@lru_cache(maxsize=2048)
def _fixed(slug: str, name: str, cost: int, unit: str, summary: str, page: int | None) -> tuple[str, str]:
    label = f'{escape(name)} <span class="cost">{cost} {escape(unit)}</span></label>'
    page_html = f' <small class="muted">p.{page}</small>' if page is not None else ""
    return label, f'<span class="summary">{escape(summary)}{page_html}</span>'


def trait_row(index: int, trait: Any, checked: bool, reason: str | None, choice: str, unit: str) -> str:
    """One row: checkbox (disabled with its reason when unavailable), name, cost, summary,
    and a text input when the trait names a weapon or a model."""
    slug = escape(trait.slug)
    ident = f"m{index}-t-{slug}"
    label, summary = _fixed(trait.slug, trait.name, trait.cost, unit, trait.summary, trait.page)
    attrs = " checked" if checked else ""
    why = ""
    if reason:
        attrs += f' disabled aria-describedby="{ident}-why"'
        why = f'<span class="why" id="{ident}-why">{escape(reason)}</span>'
    extra = ""
    if trait.choice:
        hint = "Which weapon?" if trait.choice == "weapon" else "Which hero or companion?"
        extra = (
            f'<label class="visually-hidden" for="m{index}-choice-{slug}">{hint}</label>'
            f'<input id="m{index}-choice-{slug}" name="choice__{slug}" value="{escape(choice)}" '
            f'maxlength="100" placeholder="{hint}">'
        )
    return (
        f'<div class="trait{" unavailable" if reason else ""}">'
        f'<input type="checkbox" id="{ident}" name="trait" value="{slug}"{attrs}>'
        f'<label for="{ident}">{label}{why}{summary}{extra}</div>'
    )


def trait_groups_html(
    index: int, groups: list[tuple[str, str, list[dict[str, Any]]]], unit: str
) -> SafeString:
    """Fieldsets of trait rows, one per category: (title, hint, rows)."""
    parts = []
    for title, hint, rows in groups:
        legend = f'{escape(title)} <span class="muted">({escape(hint)})</span>'
        parts.append(f'<fieldset class="trait-group"><legend>{legend}</legend>')
        parts += [trait_row(index, r["trait"], r["checked"], r["reason"], r["choice"], unit) for r in rows]
        parts.append("</fieldset>")
    return mark_safe("".join(parts))  # every part above is escaped
