"""Small template filters for Muster's pages and sheets."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def times(value: Any) -> range:
    """``{% for _ in 5|times %}`` repeats five times; None or garbage repeats zero times (at most 50)."""
    try:
        return range(max(0, min(int(value), 50)))
    except (TypeError, ValueError):
        return range(0)
