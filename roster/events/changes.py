"""What a list submitted again changed (issue 41 item 5, docs/events.md "Running one"):
the contents of two muster.roster/1 documents compared, for the organiser who accepted
or sent back the earlier one. Plain Python over the documents' JSON and the costs their
evaluation gave; no system knowledge (every system's models are JSON objects with a
``name``).

Models are matched by name (rules.names.name_key: case and spacing aside), two models of
one name in the order they come. A model in both is compared field by field: a nested
object by its keys ("attributes MA 6 → 5"), a list as a multiset ("traits -Slayer
+Stealthy"), anything else by value; then its cost.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules.names import name_key

#: At most this many lines are kept (a list rebuilt from scratch says so in its first lines).
MAX_LINES = 40


def words(value: Any) -> str:
    """A JSON value in a few words: text as it is, a number, "yes"/"no", an object's
    values joined ("1H Edged Sword"), a list's items joined by commas, "none" for null
    or empty."""
    if value is None or value == [] or value == {} or value == "":
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return " ".join(words(v) for v in value.values() if v not in (None, "", [], {}))
    if isinstance(value, list):
        return ", ".join(words(v) for v in value)
    return str(value)


def _field_changes(key: str, before: Any, after: Any) -> list[str]:
    """How one field of a model changed, in words ([] when it did not)."""
    if before == after:
        return []
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for sub in [*before, *(k for k in after if k not in before)]:
            out += _field_changes(f"{key} {sub}", before.get(sub), after.get(sub))
        return out
    if isinstance(before, list) and isinstance(after, list):
        was = Counter(words(v) for v in before)
        now = Counter(words(v) for v in after)
        removed = list((was - now).elements())
        added = list((now - was).elements())
        if not removed and not added:
            return [f"{key} reordered"]
        parts = [f"-{w}" for w in removed] + [f"+{w}" for w in added]
        return [f"{key} {' '.join(parts)}"]
    return [f"{key} {words(before)} → {words(after)}"]


def _keyed(models: Sequence[Any]) -> dict[tuple[str, int], tuple[int, dict[str, Any]]]:
    """Each model by (its name's key, its rank among models of that name), with its index."""
    seen: Counter[str] = Counter()
    out = {}
    for index, model in enumerate(models):
        model = model if isinstance(model, dict) else {}
        key = name_key(str(model.get("name", "")))
        out[(key, seen[key])] = (index, model)
        seen[key] += 1
    return out


def _cost(costs: Sequence[Any] | None, index: int) -> Any:
    return costs[index] if costs is not None and index < len(costs) else None


def list_changes(
    before: dict[str, Any],
    after: dict[str, Any],
    before_costs: Sequence[Any] | None = None,
    after_costs: Sequence[Any] | None = None,
    unit: str = "",
) -> list[str]:
    """What ``after`` (a roster document as submitted now) changed against ``before``
    (the submission before it), one line each: the list's name and options, the models
    added and removed (by name, with their cost), and each model in both whose fields or
    cost changed ("Bjorn: traits -Slayer +Stealthy; cost 52 → 48 ExP"). ``*_costs``: each
    model's cost by index as its evaluation gave it (None: unknown), ``unit`` their unit.
    Empty when nothing changed; at most MAX_LINES lines (the last then says how many
    more)."""
    lines: list[str] = []
    if before.get("name") != after.get("name"):
        lines.append(f"list name {words(before.get('name'))} → {words(after.get('name'))}")
    for change in _field_changes("options", before.get("options") or {}, after.get("options") or {}):
        lines.append(change)
    old = _keyed(before.get("models") or [])
    new = _keyed(after.get("models") or [])
    suffix = f" {unit}" if unit else ""

    def named(index: int, model: dict[str, Any], costs: Sequence[Any] | None) -> str:
        cost = _cost(costs, index)
        return f"{model.get('name') or 'a model without a name'}" + (
            f" ({cost}{suffix})" if cost is not None else ""
        )

    added = [named(i, m, after_costs) for k, (i, m) in new.items() if k not in old]
    removed = [named(i, m, before_costs) for k, (i, m) in old.items() if k not in new]
    if added:
        lines.append(f"added {', '.join(added)}")
    if removed:
        lines.append(f"removed {', '.join(removed)}")
    for key, (index, model) in new.items():
        if key not in old:
            continue
        was_index, was = old[key]
        parts: list[str] = []
        for field in [*was, *(k for k in model if k not in was)]:
            if field != "name":
                parts += _field_changes(field, was.get(field), model.get(field))
        cost_was, cost_now = _cost(before_costs, was_index), _cost(after_costs, index)
        if cost_was != cost_now and (cost_was is not None or cost_now is not None):
            parts.append(f"cost {words(cost_was)} → {words(cost_now)}{suffix}")
        if parts:
            lines.append(f"{model.get('name') or 'a model without a name'}: {'; '.join(parts)}")
    if not added and not removed and list(old) != list(new):
        lines.append("the models in another order")
    if len(lines) > MAX_LINES:
        lines = [*lines[: MAX_LINES - 1], f"and {len(lines) - MAX_LINES + 1} more changes"]
    return lines
