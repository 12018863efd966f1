"""The editor's overview rows, built in Python.

Every model edit answers with the whole overview (one row per model, up to 50), so
the rows are written here, as the template ``roster/editor.html`` wrote them, byte for
byte. Every value is escaped (``conditional_escape``, as the template engine does).
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from roster.templatetags.muster import number


def _text(value: Any) -> str:
    return str(conditional_escape(value))


def _plural(count: Any) -> str:
    return "" if count == 1 else "s"


def overview_rows_html(
    rows: list[dict[str, Any]], open_index: int | None, unit: str, empty: str
) -> SafeString:
    """The ``<li>`` rows of the warband overview: each model's name, kind, cost (in
    ``unit``, ExP or points; "?" when unknown) and a marker with its error or note
    count; the open model (``open_index``) marked current. ``rows`` are
    roster.views.common.panel_context's; ``empty`` the text shown for no models."""
    if not rows:
        return mark_safe(f'\n    <li class="empty">{_text(empty)}</li>\n  ')  # escaped
    parts = []
    for row in rows:
        is_open = row["index"] == open_index
        cost = number(row["cost"])
        unit_word = "point" if unit == "points" and row["cost"] == 1 else _text(unit)
        errors, warnings = row["errors"], row["warnings"]
        marker = ""
        if errors:
            marker = f'<span class="marker bad">{_text(errors)} error{_plural(errors)}</span>'
        elif warnings:
            marker = f'<span class="marker warn">{_text(warnings)} note{_plural(warnings)}</span>'
        li_class = ' class="open"' if is_open else ""
        current = ' aria-current="page"' if is_open else ""
        parts.append(
            f"\n    <li{li_class}>\n"
            f'      <a href="{_text(row["url"])}" id="row-{_text(row["index"])}"{current}>\n'
            f'        <span class="row-name">{_text(row["name"])}</span>\n'
            f'        <span class="row-kind">{_text(row["kind"])}</span>\n'
            f'        <span class="row-cost">{"?" if cost is None else _text(cost)} {unit_word}</span>\n'
            f"        {marker}\n"
            f"      </a>\n"
            f"    </li>\n  "
        )
    return mark_safe("".join(parts))  # every value above is escaped


def card_actions_html(
    csrf_input: str, roster_pk: int, revision: int, index: int, count: int, label: str, duplicate: bool = True
) -> SafeString:
    """The move up and down, duplicate (unless ``duplicate`` is False) and remove buttons
    under model ``index``'s card (of ``count`` models), named after the model
    (``label``) for screen readers: one form, each button posting to its own action.
    ``csrf_input`` is the CSRF field's HTML, as ``{% csrf_token %}`` writes it."""
    base = reverse("model-open", args=[roster_pk, index])
    move, name = f"{base}move/", _text(label)
    first = " disabled" if index == 0 else ""
    last = " disabled" if index == count - 1 else ""
    copy = ""
    if duplicate:
        copy = (
            f'<button type="submit" formaction="{base}duplicate/" hx-post="{base}duplicate/">'
            f'Duplicate<span class="visually-hidden"> {name}</span></button>'
        )
    return mark_safe(  # every value is escaped or a URL reversed from numbers
        f'\n<form method="post" action="{move}" class="card-actions">\n'
        f'  {csrf_input}<input type="hidden" name="revision" value="{revision}">\n'
        f"  \n"
        f'  <button type="submit" name="direction" value="up" hx-post="{move}"{first}'
        f' aria-label="Move {name} up">↑</button>\n'
        f'  <button type="submit" name="direction" value="down" hx-post="{move}"{last}'
        f' aria-label="Move {name} down">↓</button>\n'
        f"  {copy}\n"
        f'  <button type="submit" formaction="{base}remove/" hx-post="{base}remove/" class="danger">'
        f'Remove<span class="visually-hidden"> {name}</span></button>\n'
        f"</form>\n"
    )
