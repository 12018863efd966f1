"""Hot parts of the Iron & Honor model card, built in Python.

A model edit answers with the open model's card; its attribute steppers and type
options are the card's most repeated template parts (four attributes of some twenty
values each, one option per character type), so they are written here, as the
template wrote them, byte for byte. Every value is escaped (``conditional_escape``,
as the template engine does). Source of the steppers' rules: Iron & Honor p.16.
"""

from __future__ import annotations

from typing import Any

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe


def _text(value: Any) -> str:
    return str(conditional_escape(value))


def _blank_if_none(value: Any) -> str:
    return "" if value is None else _text(value)


def attribute_rows_html(index: int, attributes: list[dict[str, Any]], points: dict[str, Any]) -> SafeString:
    """The attribute rows of model ``index``'s card: label, − stepper, field, + stepper
    and the field's error. ``attributes``: {"key", "name", "value", "error", "at_floor",
    "at_ceiling"} each (attribute points); ``points``: the model's attribute_points
    ({"base", "maximum"}: the type's floor and ceiling, None when unknown)."""
    low, high = _blank_if_none(points.get("base")), _blank_if_none(points.get("maximum"))
    parts = []
    for a in attributes:
        key, ident = _text(a["key"]), f"m{index}-{_text(a['key'])}"
        name = _text(a["name"])
        error = a.get("error")
        invalid = f' aria-invalid="true" aria-describedby="{ident}-error"' if error else ""
        message = ""
        if error:
            message = f'<p class="field-error" id="{ident}-error" role="alert">{key}: {_text(error)}</p>'
        parts.append(
            f'\n      <div class="attr">\n'
            f'        <label for="{ident}">{key}</label>\n'
            f'        <button type="submit" name="bump" value="{key}:-1" class="step" id="{ident}-down"'
            f' aria-label="Lower {name}"{" disabled" if a["at_floor"] else ""}>−</button>\n'
            f'        <input id="{ident}" name="{key}" value="{_text(a["value"])}" inputmode="numeric"'
            f' maxlength="4" data-min="{low}" data-max="{high}"{invalid}>\n'
            f'        <button type="submit" name="bump" value="{key}:1" class="step" id="{ident}-up"'
            f' aria-label="Raise {name}"{" disabled" if a["at_ceiling"] else ""}>+</button>\n'
            f"        {message}\n"
            f"      </div>\n    "
        )
    return mark_safe("".join(parts))  # every value above is escaped


def type_options_html(types: Any, selected: Any) -> SafeString:
    """The type select's options: one per character type ({slug, name, cost} in ExP),
    ``selected`` (a type slug) marked."""
    parts = [
        f'<option value="{_text(t.slug)}"{" selected" if t.slug == selected else ""}>'
        f"{_text(t.name)} — {_text(t.cost)} ExP</option>"
        for t in types
    ]
    return mark_safe("".join(parts))  # every value above is escaped


def skill_rows_html(index: int, rows: list[dict[str, Any]]) -> SafeString:
    """The skill rows of model ``index``'s card: each a skill select (its options
    already built, ``row["options_html"]``), the item field and a remove button; the
    last row adds a skill. A skill no longer in the rules data (``skill`` without
    ``slug``) stays chosen, marked so."""
    parts = []
    for n, row in enumerate(rows):
        last = n == len(rows) - 1
        skill, label = row.get("skill"), row.get("label")
        unknown = ""
        if skill and not row.get("slug"):
            name = _text(skill)
            unknown = f'<option value="{name}" selected>{name} (not in the rules data)</option>'
        remove = ""
        if not last:
            remove = (
                f'<button type="submit" name="remove_skill" value="{n}" class="icon"'
                f' aria-label="Remove skill {n + 1}">✕</button>'
            )
        parts.append(
            f'\n      <div class="skill-row">\n'
            f'        <select name="skill" id="m{index}-skill-{n}"'
            f' aria-label="{"Add a skill" if last else f"Skill {n + 1}"}">\n'
            f'          <option value="">{"Add a skill…" if last else "(none)"}</option>\n'
            f"          {_text(row.get('options_html', ''))}\n"
            f"          {unknown}\n"
            f"        </select>\n"
            f'        <input name="label" id="m{index}-label-{n}" value="{_text(label) if label else ""}"'
            f' maxlength="100" placeholder="Item, e.g. Sword"'
            f' aria-label="Item for {"the new skill" if last else f"skill {n + 1}"}">\n'
            f"        {remove}\n"
            f"      </div>\n    "
        )
    return mark_safe("".join(parts))  # every value above is escaped
