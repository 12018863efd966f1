"""The supplement form: one field per value the rules data lacks, and an "add homebrew"
section per kind of entry. The form translates HTTP; bounds and structure are the
supplement schema's (rules.supplement), whose errors come back at their fields.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, field, replace
from typing import Any

from django import forms
from pydantic import BaseModel

from roster.rosters.systems import ui_for
from rules.registry import SYSTEMS
from rules.supplement import gaps, supplement_models

YES_NO = [("", "unknown"), ("yes", "yes"), ("no", "no")]


@dataclass
class Input:
    """One form input: its HTML name, the document key, label, kind ("int", "bool",
    "text", "choice") and the schema's bounds (shown as min / max; checked by the schema)."""

    name: str
    key: str
    label: str
    kind: str
    low: int | None = None
    high: int | None = None
    choices: tuple[tuple[str, str], ...] = ()


@dataclass
class Group:
    """A fieldset: an entry's missing values, or one kind of homebrew entry."""

    legend: str
    table: str
    inputs: list[Input] = field(default_factory=list)
    slug: str | None = None
    kind: str = ""


def _bounds(model: type[BaseModel], key: str) -> tuple[int | None, int | None]:
    info = model.model_fields.get(key)
    low = high = None
    for item in info.metadata if info else []:
        low = getattr(item, "ge", low)
        high = getattr(item, "le", high)
    return low, high


def _types(annotation: Any) -> set[Any]:
    """The plain types an annotation allows (through Optional, unions and Annotated)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _types(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return set().union(*(_types(a) for a in typing.get_args(annotation)))
    return {annotation} if isinstance(annotation, type) else set()


def _kind(model: type[BaseModel], key: str) -> str:
    found = _types(model.model_fields[key].annotation)
    return "bool" if bool in found else "int" if int in found else "text"


def label_of(system_id: str, catalogue: Any, key: str) -> str:
    """A value's name as the book prints it ("Fighting Skill", "Toughness (T)"): the
    system's words (SystemUI.value_words, else SystemUI.value_label)."""
    if key in WORDS:
        return WORDS[key]
    ui = ui_for(system_id)
    return ui.value_words.get(key) or ui.value_label(catalogue, key)


#: The words of the homebrew fields every system's supplements share.
WORDS = {"summary": "Rules (one line)"}


def gap_groups(system_id: str, catalogue: Any) -> list[Group]:
    """One fieldset per entry with values the rules data lacks, one input per value."""
    values_model = supplement_models()[system_id].model_fields["values"].annotation
    assert isinstance(values_model, type) and issubclass(values_model, BaseModel)
    groups: dict[tuple[str, str], Group] = {}
    system = SYSTEMS[system_id]
    for gap in gaps(system_id, catalogue):
        args: tuple[Any, ...] = getattr(values_model.model_fields[gap.table].annotation, "__args__", ())
        entry_model = args[-1]
        assert isinstance(entry_model, type) and issubclass(entry_model, BaseModel)
        group = groups.setdefault(
            (gap.table, gap.slug),
            Group(f"{gap.name} ({system.entry_word(gap.table)})", gap.table, slug=gap.slug),
        )
        low, high = _bounds(entry_model, gap.field)
        kind = _kind(entry_model, gap.field)
        name = f"v__{gap.table}__{gap.slug}__{gap.field}"
        group.inputs.append(
            Input(name, gap.field, label_of(system_id, catalogue, gap.field), kind, low, high)
        )
    return list(groups.values())


def _homebrew_inputs(
    system_id: str, table: str, model: type[BaseModel], catalogue: Any, keys: list[str]
) -> list[Input]:
    out = []
    for key in keys:
        low, high = _bounds(model, key)
        label = "Name" if key == "name" else label_of(system_id, catalogue, key)
        out.append(Input(f"h__{table}__{key}", key, label, _kind(model, key), low, high))
    return out


def homebrew_groups(system_id: str, catalogue: Any) -> list[Group]:
    """One "add homebrew" fieldset per kind of entry the system's supplements may add."""
    homebrew_model = supplement_models()[system_id].model_fields["homebrew"].annotation
    assert isinstance(homebrew_model, type) and issubclass(homebrew_model, BaseModel)
    out = []
    ui = ui_for(system_id)
    for table, info in homebrew_model.model_fields.items():
        model = getattr(info.annotation, "__args__", (None,))[0]
        assert isinstance(model, type) and issubclass(model, BaseModel)
        kind = SYSTEMS[system_id].entry_word(table)
        group = Group(f"A homebrew {kind}", table, kind=kind)
        group.inputs = _homebrew_inputs(system_id, table, model, catalogue, ui.homebrew_keys[table])
        for i in group.inputs:
            if choices := ui.value_choices(catalogue, i.key):
                i.kind, i.choices = "choice", choices
        group.inputs += [
            Input(f"h__{table}__{key}", key, label, kind, low, high)
            for key, label, kind, low, high in ui.homebrew_extra(table, catalogue)
        ]
        out.append(group)
    return out


def existing_groups(system_id: str, catalogue: Any, current: dict[str, Any]) -> list[Group]:
    """One fieldset per homebrew entry already in the supplement (``current``, its
    stored dict), with the inputs of its kind named ``e__<table>__<n>__<key>``, so an
    entry is changed in place. ``Group.slug`` is the entry's index in its table."""
    kinds = {g.table: g for g in homebrew_groups(system_id, catalogue)}
    out = []
    for table, entries in current.get("homebrew", {}).items():
        kind = kinds.get(table)
        if kind is None:
            continue
        for n, entry in enumerate(entries):
            group = Group(
                f"{entry.get('name', '?')} (homebrew {kind.kind})", table, slug=str(n), kind=kind.kind
            )
            group.inputs = [replace(i, name=f"e__{table}__{n}__{i.key}") for i in kind.inputs]
            out.append(group)
    return out


def existing_initial(current: dict[str, Any]) -> dict[str, Any]:
    """The ``e__`` inputs' values from the stored homebrew entries (yes/no for true and
    false, an entry's ``modifiers`` one ``mod_<stat>`` input each)."""
    initial: dict[str, Any] = {}
    for table, entries in current.get("homebrew", {}).items():
        for n, entry in enumerate(entries):
            values = {k: v for k, v in entry.items() if k != "modifiers"}
            values.update({f"mod_{k}": v for k, v in (entry.get("modifiers") or {}).items()})
            for key, value in values.items():
                text = {True: "yes", False: "no"}.get(value, value) if isinstance(value, bool) else value
                initial[f"e__{table}__{n}__{key}"] = text
    return initial


class SupplementForm(forms.Form):
    """The name, every gap input and every homebrew input, plus a remove box per homebrew
    entry already in the supplement (``existing``: (table, index, name))."""

    name = forms.CharField(max_length=100, label="Name of the supplement")

    def __init__(
        self, *args: Any, groups: list[Group], existing: list[tuple[str, int, str]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        for group in groups:
            for i in group.inputs:
                self.fields[i.name] = _django_field(i)
        for table, index, name in existing:
            self.fields[f"remove__{table}__{index}"] = forms.BooleanField(
                required=False, label=f"Remove {name}"
            )


def _django_field(i: Input) -> forms.Field:
    if i.kind == "int":
        attrs = {"inputmode": "numeric", "size": "3"}
        attrs.update({k: str(v) for k, v in (("min", i.low), ("max", i.high)) if v is not None})
        return forms.IntegerField(required=False, label=i.label, widget=forms.NumberInput(attrs=attrs))
    if i.kind == "bool":
        return forms.ChoiceField(required=False, choices=YES_NO, label=i.label)
    if i.kind == "choice":
        return forms.ChoiceField(required=False, choices=[("", "choose"), *i.choices], label=i.label)
    return forms.CharField(required=False, max_length=300, label=i.label)


def _value(i: Input, raw: Any) -> Any:
    if i.kind == "bool":
        return {"yes": True, "no": False}.get(raw)
    if raw in ("", None):
        return None
    return raw


def _entry(group: Group, cleaned: dict[str, Any]) -> dict[str, Any]:
    """A homebrew entry from its fieldset's inputs; the ``mod_<stat>`` inputs a system
    adds (SystemUI.homebrew_extra) gathered into its ``modifiers``."""
    entry = {i.key: v for i in group.inputs if (v := _value(i, cleaned.get(i.name))) is not None}
    modifiers = {k[4:]: entry.pop(k) for k in list(entry) if k.startswith("mod_")}
    if any(i.key.startswith("mod_") for i in group.inputs):
        entry["modifiers"] = {k: v for k, v in modifiers.items() if v}
    return entry


def document_from_form(
    system_id: str,
    cleaned: dict[str, Any],
    gap_list: list[Group],
    homebrew: list[Group],
    current: dict[str, Any],
    edits: list[Group] | None = None,
    posted: Any = (),
) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The supplement dict the form describes, and where each homebrew entry came from.

    Its values; the current homebrew less the removed entries, each changed by its
    ``edits`` fieldset when that was posted (``posted``: the POST's keys; a POST without
    an entry's fields keeps it as stored, and keys the form does not show are kept);
    then each new entry whose name is filled in. The second value gives, per table and
    in the document's order, the input prefix of each entry ("e__classes__0", or
    "h__classes" for the new one), for :func:`error_field`."""
    values: dict[str, dict[str, dict[str, Any]]] = {}
    for group in gap_list:
        given = {i.key: v for i in group.inputs if (v := _value(i, cleaned.get(i.name))) is not None}
        if given and group.slug:
            values.setdefault(group.table, {})[group.slug] = given
    by_entry = {(g.table, g.slug): g for g in edits or []}
    added: dict[str, list[dict[str, Any]]] = {}
    origins: dict[str, list[str]] = {}
    for table, entries in current.get("homebrew", {}).items():
        for n, stored in enumerate(entries):
            if cleaned.get(f"remove__{table}__{n}"):
                continue
            entry = stored
            edit = by_entry.get((table, str(n)))
            if edit is not None and f"e__{table}__{n}__name" in posted:
                shown = {i.key for i in edit.inputs} | {"modifiers"}
                kept = {k: v for k, v in stored.items() if k not in shown and not k.startswith("mod_")}
                entry = {**kept, **_entry(edit, cleaned)}
            added.setdefault(table, []).append(entry)
            origins.setdefault(table, []).append(f"e__{table}__{n}")
    for group in homebrew:
        entry = _entry(group, cleaned)
        if not entry.get("name"):
            continue
        added.setdefault(group.table, []).append(entry)
        origins.setdefault(group.table, []).append(f"h__{group.table}")
    document = {
        "format": "muster.supplement/1",
        "system": system_id,
        "name": cleaned.get("name", ""),
        "values": values,
        "homebrew": added,
    }
    return document, origins


def error_field(path: str, origins: dict[str, list[str]]) -> str | None:
    """The form input a supplement error belongs to ("$.values.classes.ranged.FS" ->
    "v__classes__ranged__FS"; a homebrew entry's field -> its fieldset's input, by
    ``origins`` from :func:`document_from_form`), None for the form as a whole."""
    parts = path.removeprefix("$.").replace("[", ".").replace("]", "").split(".")
    if parts[0] == "name":
        return "name"
    if parts[0] == "values" and len(parts) >= 4:
        return f"v__{parts[1]}__{parts[2]}__{parts[3]}"
    if parts[0] == "homebrew" and len(parts) >= 4 and parts[2].isdigit():
        table, index, key = parts[1], int(parts[2]), parts[3]
        prefixes = origins.get(table, [])
        if index < len(prefixes):
            return f"{prefixes[index]}__{'mod_' + parts[4] if key == 'modifiers' and len(parts) > 4 else key}"
    return None
