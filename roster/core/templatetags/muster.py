"""Small template filters for Muster's pages and sheets."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import template
from django.template import Context, NodeList, TemplateSyntaxError
from django.template.base import FilterExpression, Parser, Token, token_kwargs
from django.utils.dateformat import format as date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import is_aware, localtime
from markupsafe import Markup

from roster.core.jinja_env import macro, number, render
from rules.play.registry import PLAY_RULES

register = template.Library()


@register.filter
def times(value: Any) -> range:
    """``{% for _ in 5|times %}`` repeats five times; None or garbage repeats zero times (at most 50)."""
    try:
        return range(max(0, min(int(value), 50)))
    except (TypeError, ValueError):
        return range(0)


register.filter("number", number)


@register.filter
def when(value: Any) -> SafeString:
    """A date and time with its time zone, for people: ``<time datetime="2026-12-05T18:00:00+00:00">5
    Dec 2026, 18:00 UTC</time>`` (in the site's time zone, TIME_ZONE); "" for None."""
    if not isinstance(value, datetime):
        return SafeString("")
    shown = localtime(value) if is_aware(value) else value
    return format_html('<time datetime="{}">{}</time>', shown.isoformat(), date_format(shown, "j M Y, H:i T"))


@register.filter
def playable(system_id: str) -> bool:
    """``{% if roster.system|playable %}``: the system has rules of play at the table
    (its ``GameSystem.play``; docs/play.md), so its rosters get a Play button."""
    return system_id in PLAY_RULES


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


@register.simple_tag(takes_context=True)
def jinja(context: Context, name: str, **values: Any) -> SafeString:
    """``{% jinja "roster/_rows.jinja" rows=rows ... %}``: a Jinja2 partial (roster.core.jinja_env)
    rendered with ``values`` and the request's CSRF token, for the editor's hot partials."""
    return render(name, {**values, "csrf_token": context.get("csrf_token")})


@register.tag("field")
def field(parser: Parser, token: Token) -> FieldNode:
    """One form field: ``{% field "m" i "-name" label="Name" error=e.name prefix="Name" %}``
    ``<input id="m{{ i }}-name" ...{{ invalid }}>{% endfield %}``, written by the macro
    ``field`` of ``templates/_field.jinja``, the markup the Jinja2 partials use too.
    The control's id comes first, in parts that are joined; the other arguments are the
    macro's (label, error, prefix, hint, title, also, invalid, error_id). Inside the
    block, ``invalid`` holds the attributes that mark the control invalid and tie it to
    its error. Raises TemplateSyntaxError without an id or a label."""
    bits = token.split_contents()[1:]
    parts = []
    while bits and "=" not in bits[0]:
        parts.append(parser.compile_filter(bits.pop(0)))
    values = token_kwargs(bits, parser)
    if bits or not parts or "label" not in values:
        raise TemplateSyntaxError("{% field %} takes the id's parts, then name=value arguments with a label")
    nodelist = parser.parse(("endfield",))
    parser.delete_first_token()
    return FieldNode(parts, values, nodelist)


class FieldNode(template.Node):
    """The ``{% field %}`` block: the control inside it, wrapped by the field macro."""

    def __init__(
        self, parts: list[FilterExpression], values: dict[str, FilterExpression], nodelist: NodeList
    ) -> None:
        self.parts, self.values, self.nodelist = parts, values, nodelist

    def render(self, context: Context) -> str:
        values = {key: value.resolve(context) for key, value in self.values.items()}
        values["id"] = "".join(str(part.resolve(context)) for part in self.parts)

        def control(invalid: str) -> Markup:
            with context.push(invalid=mark_safe(invalid)):
                return Markup(self.nodelist.render(context))

        return str(macro("_field.jinja", "field")(**values, caller=control))
