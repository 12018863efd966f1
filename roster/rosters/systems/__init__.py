"""The per-system parts of the editor behind one small interface.

The editor's core (views, history, sharing) never looks inside a model; it asks the
system's :class:`SystemUI` for forms, templates and the words describing a change.
Each registered game system names its editor parts (``GameSystem.editor``,
"module:Class"); they are imported the first time they are asked for. Adding a system
is one line in ``rules/registry.py`` (docs/new-system.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from roster.rosters.systems.base import FieldErrors, SystemUI
from rules.registry import SYSTEMS

_loaded: dict[str, SystemUI] = {}


def ui_for(system_id: str) -> SystemUI:
    """The editor interface of a registered system; raises KeyError for an unknown id or
    a system without editor parts (its rules work; Muster cannot edit its rosters)."""
    editor = SYSTEMS[system_id].editor
    if editor is None:
        raise KeyError(f"{system_id} has no editor")
    ui = _loaded.get(system_id)
    if ui is None:
        module, _, name = editor.partition(":")
        ui = _loaded[system_id] = getattr(import_module(module), name)()
    return ui


class _Editors(Mapping[str, SystemUI]):
    """The editor interface of every registered system that has one, by id, in registry order."""

    def __getitem__(self, system_id: str) -> SystemUI:
        return ui_for(system_id)

    def __iter__(self) -> Iterator[str]:
        return iter([sid for sid, system in SYSTEMS.items() if system.editor is not None])

    def __len__(self) -> int:
        return sum(1 for _ in self)


UIS: Mapping[str, SystemUI] = _Editors()

__all__ = ["UIS", "FieldErrors", "SystemUI", "ui_for"]
