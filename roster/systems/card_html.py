"""The Iron & Honor model card, built in Python.

Every edit of an Iron & Honor model answers with its card, so the whole card (head,
issues, form with its attribute steppers, type options, skill rows and trait chips, the
derived details and the card actions) is written here, as the template wrote it, byte
for byte. Every value is escaped (``conditional_escape``, as the template engine does).
Source of the card's rules: Iron & Honor pp.15-20 (steppers p.16, Pets p.27).
"""

from __future__ import annotations

from typing import Any

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify

from roster.editor_html import card_actions_html


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


def chosen_traits_html(index: int, chosen: list[dict[str, Any]]) -> SafeString:
    """The chips of model ``index``'s chosen traits: a ticked box each (untick to remove),
    the cost in ExP or a note when the trait has left the rules data, and the trait's
    choice when it takes one: the Pet's master (a select of the hero and companions,
    p.27) or the weapon (a text field). ``chosen``: card_context's "chosen_traits"."""
    if not chosen:
        return mark_safe('\n        <li class="muted">None yet.</li>\n      ')
    parts = []
    for t in chosen:
        value, trait = _text(t["value"]), t["trait"]
        box = f"m{index}-t-{_text(slugify(t['value']))}"
        if trait:
            note = f'<span class="cost">{_text(trait.cost)} ExP</span>'
        else:
            note = '<span class="why">no longer in the rules data: untick to remove</span>'
        choice = ""
        if trait and trait.choice:
            field = f'id="m{index}-choice-{value}" name="choice__{value}"'
            label = f'<label class="choice-label" for="m{index}-choice-{value}">'
            if trait.choice == "model":
                masters = "".join(
                    f'<option value="{_text(name)}"{" selected" if name == t["choice"] else ""}>'
                    f"{_text(name)}</option>"
                    for name in t["masters"]
                )
                unknown = ""
                if t["choice"] and not t["master_known"]:
                    mine = _text(t["choice"])
                    unknown = f'<option value="{mine}" selected>{mine} (not the hero or a companion)</option>'
                choice = (
                    f"\n            \n              {label}Whose Pet?</label>\n"
                    f"              <select {field}>\n"
                    f'                <option value="">Choose its master</option>\n'
                    f"                {masters}\n"
                    f"                {unknown}\n"
                    f"              </select>\n            \n          "
                )
            else:
                choice = (
                    f"\n            \n              {label}Which weapon?</label>\n"
                    f'              <input {field} value="{_text(t["choice"])}" maxlength="100">\n'
                    f"            \n          "
                )
        parts.append(
            f'\n        <li class="chip">\n'
            f'          <input type="checkbox" id="{box}" name="trait" value="{value}" checked>\n'
            f'          <label for="{box}">{_text(t["name"])} {note}</label>\n'
            f"          {choice}\n"
            f"        </li>\n      "
        )
    return mark_safe("".join(parts))  # every value above is escaped


def derived_details_html(index: int, report: Any) -> SafeString:
    """The folded "Cost, qualities and ranges" of model ``index``: the cost lines (ExP;
    "?" when unknown), the qualities its skills and traits give (each with its summary
    as a tooltip) and each ranged skill's short and long range in inches.
    ``report``: the model's ModelReport."""
    lines = "".join(
        f'<li>{_text(line.label)} <span class="cost">'
        f"{'?' if line.cost is None else _text(line.cost)}</span></li>"
        for line in report.lines
    )
    derived = report.derived
    qualities = ""
    if derived.get("qualities"):
        names = ", ".join(
            f'<span title="{_text(q["summary"])}">{_text(q["name"])}</span>' for q in derived["qualities"]
        )
        qualities = f"<p><strong>Qualities:</strong> {names}</p>"
    ranges = "".join(
        f'<p>{_text(s["label"] or s["name"])}: short {_text(s["short_range"])}",'
        f' long {_text(s["long_range"])}"'
        f"{', black powder' if s.get('black_powder') else ''}</p>"
        for s in derived.get("skills", [])
        if s.get("short_range")
    )
    return mark_safe(  # every value above is escaped
        f'<details class="derived" id="m{index}-derived">\n'
        f"  <summary>Cost, qualities and ranges</summary>\n"
        f'  <ul class="lines">{lines}</ul>\n'
        f"  {qualities}\n"
        f"  {ranges}\n"
        f"</details>"
    )


def _error_attrs(ident: str, error: Any) -> str:
    return f' aria-invalid="true" aria-describedby="{ident}-error"' if error else ""


def _field_error(ident: str, label: str, error: Any) -> str:
    if not error:
        return ""
    return f'<p class="field-error" id="{ident}-error" role="alert">{label}: {_text(error)}</p>'


def iron_honor_card_html(card: dict[str, Any], csrf_input: str) -> SafeString:
    """The whole Iron & Honor model card: its head (name, cost in ExP, type, Wounds and
    Fate), the model's issues, the form (name, type, attribute steppers, skill rows,
    chosen traits, the trait picker when open) and, below it, the derived details and
    the card's actions. ``card`` is roster.views.common.card's context; ``csrf_input``
    the CSRF field's HTML. Built in Python because every edit answers with it.
    Source: Iron & Honor pp.15-20."""
    i, values, r, errors = card["index"], card["values"], card["report"], card["errors"]
    d = r.derived
    url = _text(card["url"])
    fate = f" · Fate {_text(d['fate'])}" if d.get("fate") else ""
    wounds = _blank_if_none(d.get("wounds")) or "?"
    issues = ""
    if r.issues:
        items = "".join(
            f'<li class="sev-{_text(x.severity)}">{_text(x.message)}'
            f' <small class="muted">{_text(x.source)}</small></li>'
            for x in r.issues
        )
        issues = f'\n  <ul class="card-issues">{items}</ul>\n'
    form_error = (
        f'<p class="field-error" role="alert">{_text(errors["form"])}</p>' if errors.get("form") else ""
    )
    points = d["attribute_points"]
    left = card["points_left"]
    points_left, data_left = "", ""
    if left is not None:
        data_left = f' data-left="{_text(left)}"'  # muster.js's steppers stop at 0
        over = -left
        if over > 0:
            points_left = (
                f"{_text(over)} point{'' if over == 1 else 's'} over the {_text(points['available'])}"
            )
        else:
            points_left = (
                f"{_text(left)} point{'' if left == 1 else 's'} left of {_text(points['available'])}"
            )
    skills_error = (
        f'<p class="field-error" role="alert">Skills: {_text(errors["skills"])}</p>'
        if errors.get("skills")
        else ""
    )
    traits_error = (
        f'<p class="field-error" role="alert">Traits: {_text(errors["traits"])}</p>'
        if errors.get("traits")
        else ""
    )
    pick_link = ""
    if card["picker"] != "traits":
        pick_link = (
            f'\n      <a class="button" id="m{i}-pick-traits" href="{url}?pick=traits#m{i}-picker"'
            f' hx-get="{url}?pick=traits" hx-push-url="true">Add a trait…</a>\n    '
        )
    picker = ""
    if card["picker_html"]:
        picker = (
            f'\n    <section class="picker" id="m{i}-picker" aria-labelledby="m{i}-picker-title">\n'
            f'      <input type="hidden" name="pick" value="traits">\n'
            f'      <h3 id="m{i}-picker-title">Add a trait</h3>\n'
            f'      <label for="m{i}-pick-search">Find a trait by name</label>\n'
            f'      <input type="search" id="m{i}-pick-search" class="pick-search" data-filter="m{i}-picker"'
            f' autocomplete="off" data-no-save>\n'
            f"      {_text(card['picker_html'])}\n"
            f'      <p><a class="button picker-done" href="{url}" hx-get="{url}" hx-push-url="true">'
            f"Done: close the picker</a></p>\n"
            f"    </section>\n  "
        )
    name_id, type_id = f"m{i}-name", f"m{i}-type"
    roster = card["roster"]
    return mark_safe(  # every value is escaped, or HTML built (and escaped) by the helpers
        f'\n<header class="card-head">\n'
        f'  <h2 id="model-{i}-title" tabindex="-1">{_text(r.name)}</h2>\n'
        f'  <span class="cost">{_text(r.cost)} ExP</span>\n'
        f'  <span class="muted">{_text(d["type_name"])} · WO {wounds}{fate}</span>\n'
        f"</header>\n"
        f"{issues}\n"
        f'<form method="post" action="{url}" hx-post="{url}" id="model-form"'
        f' hx-trigger="submit" hx-target="#model-open" class="model-form"'
        f' data-submit-only="bump remove_skill add_trait" novalidate>\n'
        f'  {csrf_input}<input type="hidden" name="revision" value="{_text(roster.revision)}">'
        f'<input type="hidden" name="card" value="whole">\n'
        f"  \n"
        f"  <button hidden>Save</button>\n"
        f"  {form_error}\n"
        f'  <div class="grid-2">\n'
        f"    <div>\n"
        f'      <label for="{name_id}">Name</label>\n'
        f'      <input id="{name_id}" name="name" value="{_text(values.get("name", ""))}" maxlength="100"'
        f" required{_error_attrs(name_id, errors.get('name'))}>\n"
        f"      {_field_error(name_id, 'Name', errors.get('name'))}\n"
        f"    </div>\n"
        f"    <div>\n"
        f'      <label for="{type_id}">Type</label>\n'
        f'      <select id="{type_id}" name="type"{_error_attrs(type_id, errors.get("type"))}>\n'
        f"        {type_options_html(card['types'], d.get('type'))}\n"
        f"      </select>\n"
        f"      {_field_error(type_id, 'Type', errors.get('type'))}\n"
        f"    </div>\n"
        f"  </div>\n\n"
        f'  <fieldset class="attributes"{data_left}>\n'
        f"    <legend>Attributes\n"
        f'      <span class="points" id="m{i}-points">{points_left} · type maximum'
        f" {_blank_if_none(points.get('maximum')) or '?'}</span>\n"
        f"    </legend>\n"
        f"    {attribute_rows_html(i, card['attributes'], points)}\n"
        f"  </fieldset>\n\n"
        f'  <fieldset class="skills">\n'
        f'    <legend>Skills <span class="muted">(up to three kinds; the item is what the model'
        f" carries)</span></legend>\n"
        f"    {skills_error}\n"
        f"    {skill_rows_html(i, card['skill_rows'])}\n"
        f"  </fieldset>\n\n"
        f'  <fieldset class="chosen" id="m{i}-traits">\n'
        f'    <legend>Traits <span class="muted">({len(card["chosen_traits"])} chosen)</span></legend>\n'
        f"    {traits_error}\n"
        f'    <ul class="chips" id="m{i}-chosen">\n'
        f"      {chosen_traits_html(i, card['chosen_traits'])}\n"
        f"    </ul>\n"
        f"    {pick_link}\n"
        f"  </fieldset>\n"
        f"  {picker}\n"
        f'  <noscript><button type="submit">Save {_text(r.name)}</button></noscript>\n'
        f"</form>\n\n"
        f"{derived_details_html(i, r)}\n\n"
        f"{card_actions_html(csrf_input, roster.pk, roster.revision, i, card['count'], r.name)}\n"
    )
